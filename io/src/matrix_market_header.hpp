#pragma once
// The banner and size line of a Matrix Market coordinate file.
#include <cstdint>
#include <string>

#include "graphrun/edge_list.hpp"
#include "line_blocks.hpp"

namespace graphrun::io::detail {

enum class ValueField : std::uint8_t { pattern, real, integer };

struct MatrixMarketHeader {
  ValueField field = ValueField::pattern;
  Symmetry symmetry = Symmetry::general;
  std::int64_t vertices = 0;  // rows = columns
  std::uint64_t entries = 0;  // as stored (one triangle for symmetric files)
  std::uint64_t size_line = 0;
};

// Reads the banner, the comment and blank lines after it and the size line;
// `lines` is left just after the size line. Refuses every format graphrun
// cannot read as a graph (array, complex, hermitian, non-square, too large)
// with an InputError saying so.
MatrixMarketHeader read_matrix_market_header(SequentialLines& lines, const std::string& path);

}  // namespace graphrun::io::detail
