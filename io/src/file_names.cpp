#include "graphrun/io/file_names.hpp"

#include <algorithm>
#include <cctype>

namespace graphrun::io {

FileNameParts file_name_parts(const std::string& path) {
  std::string name = path.substr(path.find_last_of('/') + 1);
  std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::tolower(c); });
  FileNameParts parts;
  parts.gzipped = name.ends_with(".gz");
  if (parts.gzipped) name.resize(name.size() - 3);
  const std::size_t dot = name.find_last_of('.');
  if (dot != std::string::npos) parts.extension = name.substr(dot);
  return parts;
}

}  // namespace graphrun::io
