#pragma once
// results.csv (one line per row, every column) and results.json (run info,
// graphs, rows): the machine-readable outputs report.py and CI read.
#include <span>
#include <string>

#include "output/run_info.hpp"
#include "result_row.hpp"

namespace graphrun::bench {

void write_results_csv(const std::string& path, std::span<const ResultRow> rows);
void write_results_json(const std::string& path, const RunInfo& info, std::span<const GraphRecord> graphs,
                        std::span<const ResultRow> rows);

}  // namespace graphrun::bench
