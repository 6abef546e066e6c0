#pragma once
// What a path's file name says about its format: its last extension in lower
// case, and whether a ".gz" followed it. Format detection, the writers and
// the CLI read names through this one function.
#include <string>

namespace graphrun::io {

struct FileNameParts {
  std::string extension;  // ".mtx", with the dot; empty when the name has none
  bool gzipped = false;   // the name ended in ".gz" (not part of `extension`)
};

// "dir/G.MTX.gz" -> {".mtx", true}; "dir/edges" -> {"", false}.
FileNameParts file_name_parts(const std::string& path);

}  // namespace graphrun::io
