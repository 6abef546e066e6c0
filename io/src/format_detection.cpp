#include <algorithm>
#include <array>
#include <cctype>
#include <cstring>

#include "graphrun/error.hpp"
#include "graphrun/io/stream_scope.hpp"
#include "graphrun/io/file_names.hpp"
#include "graphrun/io/read.hpp"
#include "posix_file.hpp"
#include "snapshot_format.hpp"
#include "text_source.hpp"

namespace graphrun::io {
namespace {

bool starts_with_snapshot_magic(const std::string& path) {
  try {
    detail::InputFile file(path);
    std::array<char, detail::snapshot_magic.size()> magic{};
    return file.read_some(magic) == magic.size() &&
           std::memcmp(magic.data(), detail::snapshot_magic.data(), magic.size()) == 0;
  } catch (const InputError&) {
    return false;  // the reader that follows reports the problem
  }
}

// A DIMACS file opens with a comment 'c ...' or its problem line 'p sp ...'.
bool starts_like_dimacs(const std::string& path) {
  const std::string start = detail::peek_text(path, 5);
  return start.starts_with("c ") || start.starts_with("p sp ");
}

bool starts_with_matrix_market_banner(const std::string& path) {
  static const std::string banner = "%%matrixmarket";
  std::string start = detail::peek_text(path, banner.size());
  std::transform(start.begin(), start.end(), start.begin(), [](unsigned char c) { return std::tolower(c); });
  return start == banner;
}

}  // namespace

// Known extensions decide; any other name is recognised by its first bytes
// (snapshot magic, Matrix Market banner), and is an edge list otherwise.
Format detect_format(const std::string& path) {
  const auto [extension, gzipped] = file_name_parts(path);
  if (!gzipped && extension == ".grb") return Format::snapshot;
  if (extension == ".mtx" || extension == ".mm") return Format::matrix_market;
  if (extension == ".gr") return Format::dimacs;
  if (extension == ".graph" || extension == ".metis") return Format::metis;
  if (!gzipped && is_ldbc_pair(path)) return Format::ldbc;
  if (!gzipped && extension == ".el64") return Format::binary64;
  if (!gzipped && extension == ".el32") return Format::binary32;
  const StreamScope input(path);  // a stream: the sniffs below share one copy
  if (starts_with_snapshot_magic(path)) return Format::snapshot;
  if (starts_with_matrix_market_banner(path)) return Format::matrix_market;
  if (starts_like_dimacs(path)) return Format::dimacs;
  return Format::edge_list;
}

Format parse_format(const std::string& name) {
  if (name == "auto") return Format::automatic;
  if (name == "mtx") return Format::matrix_market;
  if (name == "el") return Format::edge_list;
  if (name == "gr") return Format::dimacs;
  if (name == "metis") return Format::metis;
  if (name == "ldbc") return Format::ldbc;
  if (name == "el64") return Format::binary64;
  if (name == "el32") return Format::binary32;
  if (name == "grb") return Format::snapshot;
  throw UsageError("unknown --format '" + name + "' (expected auto, mtx, el, gr, metis, ldbc, el64, el32 or grb)");
}

}  // namespace graphrun::io
