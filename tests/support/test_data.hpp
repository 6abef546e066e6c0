#pragma once
#include <string>

namespace graphrun::test {

// Absolute path of a file in tests/data.
inline std::string data_path(const std::string& name) { return std::string(GRAPHRUN_TEST_DATA_DIR) + "/" + name; }

}  // namespace graphrun::test
