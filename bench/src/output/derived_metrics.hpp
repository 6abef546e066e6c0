#pragma once
// Columns computed across rows once a graph is done.
#include <span>

#include "result_row.hpp"

namespace graphrun::bench {

// speedup_vs_cusparse of each row = median of the fastest passing cusparse
// row of the same graph, operation and width / this row's median. Left NaN
// when the run has no such cusparse row.
void add_speedups_vs_cusparse(std::span<ResultRow> rows);

}  // namespace graphrun::bench
