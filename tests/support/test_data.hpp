#pragma once
#include <cstdlib>
#include <string>

namespace graphrun::test {

// Absolute path of a file in tests/data. The environment variable
// GRAPHRUN_TEST_DATA_DIR overrides the source-tree path compiled in, so test
// binaries built here also run from a copy of the tree elsewhere (the GPU machine).
inline std::string data_dir() {
  const char* overridden = std::getenv("GRAPHRUN_TEST_DATA_DIR");
  return overridden && *overridden ? overridden : GRAPHRUN_TEST_DATA_DIR;
}
inline std::string data_path(const std::string& name) { return data_dir() + "/" + name; }

}  // namespace graphrun::test
