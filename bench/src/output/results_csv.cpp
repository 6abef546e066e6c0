#include <fstream>
#include <vector>

#include "output/format.hpp"
#include "output/result_files.hpp"
#include "graphrun/error.hpp"

namespace graphrun::bench {
namespace {

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (const char c : text) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

std::string number(double value) { return format_number(value, 9, ""); }

}  // namespace

void write_results_csv(const std::string& path, std::span<const ResultRow> rows) {
  std::ofstream out(path);
  if (!out) throw RuntimeError("cannot write " + path);
  out << "graph,vertices,entries,directed,operation,backend,kernel,resolved_kernel,threads,width,status,"
         "median_ms,min_ms,max_ms,q1_ms,q3_ms,repetitions,upload_ms,first_call_ms,iterations,per_iteration_ms,"
         "model_bytes,gbps,gflops,copy_percent,speedup_vs_cusparse,gteps_median,gteps_min,gteps_max,"
         "check_error,check_detail,note\n";
  for (const ResultRow& row : rows) {
    const bool timed = row.timed();
    const std::vector<std::string> fields = {
        csv_field(row.graph), std::to_string(row.vertices), std::to_string(row.entries),
        row.directed ? "true" : "false", row.operation, row.backend, csv_field(row.kernel),
        csv_field(row.resolved_kernel), std::to_string(row.threads), std::to_string(row.width), row.status(),
        timed ? number(row.time_ms.median) : "", timed ? number(row.time_ms.min) : "",
        timed ? number(row.time_ms.max) : "", timed ? number(row.time_ms.q1) : "",
        timed ? number(row.time_ms.q3) : "", std::to_string(row.time_ms.count), number(row.upload_ms),
        number(row.first_call_ms), std::to_string(row.iterations), number(row.per_iteration_ms), number(row.bytes),
        number(row.gbps), number(row.gflops), number(row.copy_percent), number(row.speedup_vs_cusparse),
        row.gteps.count ? number(row.gteps.median) : "", row.gteps.count ? number(row.gteps.min) : "",
        row.gteps.count ? number(row.gteps.max) : "", number(row.check.error), csv_field(row.check.detail),
        csv_field(row.note)};
    for (std::size_t i = 0; i < fields.size(); ++i) out << (i ? "," : "") << fields[i];
    out << '\n';
  }
  if (!out) throw RuntimeError("error while writing " + path);
}

}  // namespace graphrun::bench
