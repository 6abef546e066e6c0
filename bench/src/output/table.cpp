#include "output/table.hpp"

#include <algorithm>
#include <iomanip>
#include <string>
#include <vector>

#include "output/format.hpp"

namespace graphrun::bench {
namespace {

std::string kernel_column(const ResultRow& row) {
  if (row.resolved_kernel.empty() || row.resolved_kernel == row.kernel) return row.kernel;
  return row.kernel + ">" + row.resolved_kernel;
}

// "graph operation backend kernel F=.." without the parts a row lacks.
std::string row_label(const ResultRow& row) {
  std::string label = row.graph + ' ' + row.operation;
  if (!row.backend.empty()) label += ' ' + row.backend + ' ' + kernel_column(row);
  if (row.width) label += " F=" + std::to_string(row.width);
  return label;
}

std::string backend_column(const ResultRow& row) {
  return row.threads > 0 ? row.backend + "/" + std::to_string(row.threads) + "t" : row.backend;
}

// Algorithm-specific figures: iterations, per-iteration time, GTEPS; for
// kernels the one-off costs (upload, first call building formats).
std::string extra_column(const ResultRow& row) {
  if (row.operation == "upload") return "upload " + format_number(row.upload_ms, 4) + " ms";
  if (row.operation == "spmv" || row.operation == "spmm")
    return "upload " + format_number(row.upload_ms, 3) + ", 1st call " + format_number(row.first_call_ms, 3) + " ms";
  if (row.operation == "bfs" && row.gteps.count)
    return "GTEPS " + format_number(row.gteps.median, 3) + " (" + format_number(row.gteps.min, 3) + "-" +
           format_number(row.gteps.max, 3) + ")";
  if (row.iterations > 0 && !std::isnan(row.per_iteration_ms))
    return std::to_string(row.iterations) + " it, " + format_number(row.per_iteration_ms, 3) + " ms/it";
  return "";
}

struct Column {
  const char* title;
  int width;
};

const std::vector<Column>& columns() {
  static const std::vector<Column> list = {
      {"operation", 19}, {"backend", 12}, {"kernel", 22}, {"F", 4},      {"median ms", 10}, {"min-max ms", 19},
      {"GB/s", 8},       {"GFLOP/s", 8},  {"%copy", 6},   {"vs cuSP", 8}, {"algorithm", 30}, {"check", 0}};
  return list;
}

void print_cells(std::ostream& out, const std::vector<std::string>& cells) {
  for (std::size_t i = 0; i < cells.size(); ++i) {
    out << std::left << std::setw(columns()[i].width) << cells[i];
    if (i + 1 < cells.size()) out << ' ';
  }
  out << '\n';
}

}  // namespace

void print_run_header(std::ostream& out, const RunInfo& info) {
  out << "graphrun-bench " << info.graphrun_version << "  " << info.date_utc << "  host " << info.host << '\n'
      << "command: " << info.command_line << '\n'
      << "build: " << info.compiler << "; CUDA toolkit " << info.cuda_toolkit << "; driver " << info.cuda_driver
      << '\n';
  for (const BackendSetup& backend : info.backends)
    out << "device [" << to_string(backend.kind) << "]: " << backend.device_name << "; copy bandwidth "
        << format_number(backend.copy.gbps, 4) << " GB/s (" << (backend.copy.buffer_bytes >> 20)
        << " MiB backend-to-backend copy, read + write); cache flush " << (backend.flush_bytes >> 20)
        << " MiB; call floor " << format_number(backend.call_floor.median, 4)
        << " ms (a fill of one float, flushed and timed like every row)\n";
  out << "bytes: " << info.byte_model << '\n'
      << "timing: " << info.timing << '\n'
      << "check: " << info.tolerances << '\n';
  for (const std::string& missing : info.missing) out << "note: " << missing << '\n';
  out << '\n';
}

void print_graph_table(std::ostream& out, const GraphRecord& graph, std::span<const ResultRow> rows) {
  out << "== " << graph.name << "  (" << graph.origin << "): " << graph.vertices << " vertices, " << graph.entries
      << " stored entries, " << (graph.directed ? "directed" : "undirected") << "; load "
      << format_number(graph.load_ms, 4) << " ms, build " << format_number(graph.build_ms, 4) << " ms\n";
  std::vector<std::string> titles;
  for (const Column& column : columns()) titles.push_back(column.title);
  print_cells(out, titles);
  for (const ResultRow& row : rows) {
    std::vector<std::string> cells = {row.operation, backend_column(row), kernel_column(row),
                                      row.width ? std::to_string(row.width) : ""};
    if (row.skipped) {
      cells.insert(cells.end(), {"skipped", "", "", "", "", "", "", row.note});
    } else if (!row.check.passed) {
      // A wrong result has no speed worth printing.
      cells.insert(cells.end(), {"FAIL", "", "", "", "", "", "", "FAIL: " + row.check.detail});
    } else {
      cells.insert(cells.end(),
                   {row.timed() ? format_number(row.time_ms.median, 4) : "-",
                    row.timed() ? format_number(row.time_ms.min, 3) + "-" + format_number(row.time_ms.max, 3) : "-",
                    format_number(row.gbps, 4), format_number(row.gflops, 4), format_number(row.copy_percent, 3),
                    format_number(row.speedup_vs_cusparse, 3), extra_column(row), row.check.detail.empty() ? "ok" : "ok: " + row.check.detail});
    }
    print_cells(out, cells);
  }
  out << '\n';
}

void print_summary(std::ostream& out, std::span<const ResultRow> rows) {
  const auto failures = std::count_if(rows.begin(), rows.end(), [](const ResultRow& r) { return !r.check.passed; });
  const auto skipped = std::count_if(rows.begin(), rows.end(), [](const ResultRow& r) { return r.skipped; });
  out << rows.size() << " rows: " << (static_cast<long>(rows.size()) - failures - skipped) << " ok, " << failures
      << " FAIL, " << skipped << " skipped\n";
  for (const ResultRow& row : rows)
    if (row.skipped) out << "skipped " << row_label(row) << ": " << row.note << '\n';
  for (const ResultRow& row : rows)
    if (!row.check.passed) out << "FAIL " << row_label(row) << ": " << row.check.detail << '\n';
}

}  // namespace graphrun::bench
