#include <fstream>

#include "graphrun/io/json_writer.hpp"
#include "output/result_files.hpp"
#include "graphrun/error.hpp"

namespace graphrun::bench {
namespace {

using io::JsonWriter;

void write_summary(JsonWriter& json, const std::string& name, const Summary& summary) {
  json.key(name);
  json.begin_object();
  json.field("count", static_cast<long long>(summary.count));
  json.field("median", summary.median);
  json.field("min", summary.min);
  json.field("max", summary.max);
  json.field("q1", summary.q1);
  json.field("q3", summary.q3);
  json.end_object();
}

void write_run(JsonWriter& json, const RunInfo& info) {
  json.key("run");
  json.begin_object();
  json.field("command_line", info.command_line);
  json.field("date_utc", info.date_utc);
  json.field("host", info.host);
  json.field("graphrun_version", info.graphrun_version);
  json.field("compiler", info.compiler);
  json.field("cuda_toolkit", info.cuda_toolkit);
  json.field("cuda_driver", info.cuda_driver);
  json.field("byte_model", info.byte_model);
  json.field("tolerances", info.tolerances);
  json.field("timing", info.timing);
  json.key("backends");
  json.begin_array();
  for (const BackendSetup& backend : info.backends) {
    json.begin_object();
    json.field("backend", to_string(backend.kind));
    json.field("device_name", backend.device_name);
    json.field("threads", static_cast<long long>(backend.threads));
    json.field("copy_gbps", backend.copy.gbps);
    json.field("copy_buffer_bytes", static_cast<long long>(backend.copy.buffer_bytes));
    json.field("flush_bytes", static_cast<long long>(backend.flush_bytes));
    json.field("call_floor_ms", backend.call_floor.median);
    json.end_object();
  }
  json.end_array();
  json.key("missing");
  json.begin_array();
  for (const std::string& missing : info.missing) json.value(missing);
  json.end_array();
  json.end_object();
}

void write_row(JsonWriter& json, const ResultRow& row) {
  json.begin_object();
  json.field("graph", row.graph);
  json.field("vertices", static_cast<long long>(row.vertices));
  json.field("entries", static_cast<long long>(row.entries));
  json.field("directed", row.directed);
  json.field("operation", row.operation);
  json.field("backend", row.backend);
  json.field("kernel", row.kernel);
  json.field("resolved_kernel", row.resolved_kernel);
  json.field("threads", static_cast<long long>(row.threads));
  json.field("width", static_cast<long long>(row.width));
  json.field("status", row.status());
  if (row.timed()) write_summary(json, "time_ms", row.time_ms);
  json.field("upload_ms", row.upload_ms);
  json.field("first_call_ms", row.first_call_ms);
  json.field("iterations", static_cast<long long>(row.iterations));
  json.field("per_iteration_ms", row.per_iteration_ms);
  json.field("model_bytes", row.bytes);
  json.field("gbps", row.gbps);
  json.field("gflops", row.gflops);
  json.field("copy_percent", row.copy_percent);
  json.field("speedup_vs_cusparse", row.speedup_vs_cusparse);
  if (row.gteps.count) write_summary(json, "gteps", row.gteps);
  json.field("check_error", row.check.error);
  json.field("check_detail", row.check.detail);
  json.field("note", row.note);
  json.end_object();
}

}  // namespace

void write_results_json(const std::string& path, const RunInfo& info, std::span<const GraphRecord> graphs,
                        std::span<const ResultRow> rows) {
  std::ofstream out(path);
  if (!out) throw RuntimeError("cannot write " + path);
  JsonWriter json(out);
  json.begin_object();
  write_run(json, info);
  json.key("graphs");
  json.begin_array();
  for (const GraphRecord& graph : graphs) {
    json.begin_object();
    json.field("name", graph.name);
    json.field("origin", graph.origin);
    json.field("vertices", static_cast<long long>(graph.vertices));
    json.field("entries", static_cast<long long>(graph.entries));
    json.field("directed", graph.directed);
    json.field("load_ms", graph.load_ms);
    json.field("build_ms", graph.build_ms);
    json.end_object();
  }
  json.end_array();
  json.key("rows");
  json.begin_array();
  for (const ResultRow& row : rows) write_row(json, row);
  json.end_array();
  json.end_object();
  out << '\n';
  if (!out) throw RuntimeError("error while writing " + path);
}

}  // namespace graphrun::bench
