#pragma once
// The human-readable output on stdout: run header, then one block per graph.
#include <ostream>
#include <span>

#include "output/run_info.hpp"
#include "result_row.hpp"

namespace graphrun::bench {

void print_run_header(std::ostream& out, const RunInfo& info);
void print_graph_table(std::ostream& out, const GraphRecord& graph, std::span<const ResultRow> rows);
// Totals at the end: rows, failures (listed with their reasons), skipped.
void print_summary(std::ostream& out, std::span<const ResultRow> rows);

}  // namespace graphrun::bench
