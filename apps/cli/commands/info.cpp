#include <algorithm>
#include <cstdio>
#include <optional>

#include "commands/commands.hpp"
#include "options.hpp"

namespace graphrun::cli {
namespace {

struct DegreeStats {
  vertex_t min = 0, max = 0;
  double mean = 0.0;
  std::vector<std::uint64_t> histogram;  // bucket 0: degree 0; bucket k: [2^(k-1), 2^k)
};

DegreeStats degree_stats(const std::vector<vertex_t>& degree) {
  DegreeStats s;
  if (degree.empty()) return s;
  s.min = *std::min_element(degree.begin(), degree.end());
  s.max = *std::max_element(degree.begin(), degree.end());
  double total = 0.0;
  for (const vertex_t d : degree) {
    total += d;
    std::size_t bucket = 0;
    for (vertex_t x = d; x > 0; x >>= 1) ++bucket;
    if (s.histogram.size() <= bucket) s.histogram.resize(bucket + 1, 0);
    ++s.histogram[bucket];
  }
  s.mean = total / static_cast<double>(degree.size());
  return s;
}

std::string bucket_label(std::size_t k) {
  if (k == 0) return "0";
  if (k == 1) return "1";
  return std::to_string(1LL << (k - 1)) + "-" + std::to_string((1LL << k) - 1);
}

std::string mib(std::size_t bytes) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f MiB", static_cast<double>(bytes) / (1024.0 * 1024.0));
  return buf;
}

void describe_degrees(const std::string& name, const DegreeStats& s, JsonObject& json, std::vector<std::string>& lines) {
  char line[160];
  std::snprintf(line, sizeof line, "%s degree: min %u, mean %.3f, max %u", name.c_str(), s.min, s.mean, s.max);
  lines.emplace_back(line);
  JsonObject histogram;
  for (std::size_t k = 0; k < s.histogram.size(); ++k) {
    if (s.histogram[k] == 0) continue;
    lines.push_back("  " + bucket_label(k) + ": " + std::to_string(s.histogram[k]));
    histogram.add(bucket_label(k), s.histogram[k]);
  }
  json.add(name + "_degree", JsonObject()
                                 .add("min", static_cast<std::uint64_t>(s.min))
                                 .add("mean", s.mean)
                                 .add("max", static_cast<std::uint64_t>(s.max))
                                 .add("histogram", histogram));
}

}  // namespace

int run_info(const Arguments& args) {
  GraphOptions graph_options;
  BackendChoice backend;
  po::options_description options("info options");
  po::positional_options_description positional;
  graph_options.add_to(options, positional);
  backend.add_to(options, BackendChoice::DeviceOption::upload_flag);
  po::variables_map values;
  if (!parse_command_line("info", "FILE [options]", args, options, positional, values)) return 0;

  PhaseTimer timer;
  std::optional<EngineStart> starting;
  if (values.count("device")) starting.emplace(backend.engine_options());
  const Graph graph = graph_options.load(timer, Weights::ignored);
  const BuildStats& stats = graph.stats();
  const auto entries = static_cast<std::uint64_t>(graph.num_entries());
  const std::uint64_t edges = graph.directed() ? entries : (entries - stats.self_loops) / 2 + stats.self_loops;

  JsonObject summary;
  summary.add("file", graph_options.file)
      .add("vertices", static_cast<std::int64_t>(graph.num_vertices()))
      .add("edges", edges)
      .add("stored_entries", entries)
      .add("directed", graph.directed())
      .add("file_entries", stats.file_entries)
      .add("self_loops", stats.self_loops)
      .add("self_loops_dropped", stats.self_loops_dropped)
      .add("duplicates_merged", stats.duplicates_merged);
  std::vector<std::string> lines = {
      "file: " + graph_options.file,
      "vertices: " + std::to_string(graph.num_vertices()),
      "edges: " + std::to_string(edges) + (graph.directed() ? " (directed)" : " (undirected)") + ", " +
          std::to_string(entries) + " stored entries",
      "file entries: " + std::to_string(stats.file_entries) + ", duplicates merged: " +
          std::to_string(stats.duplicates_merged) + ", self-loops: " + std::to_string(stats.self_loops) +
          " (dropped: " + std::to_string(stats.self_loops_dropped) + ")"};

  describe_degrees("out", degree_stats(graph.out_degrees()), summary, lines);
  if (graph.directed()) describe_degrees("in", degree_stats(graph.in_degrees()), summary, lines);

  const std::size_t csr = graph.out_edges().bytes();
  const std::size_t csc = graph.directed() ? csr : 0;  // same arrays, transposed; shared when undirected
  const std::size_t coo = static_cast<std::size_t>(entries) * (2 * sizeof(vertex_t) + sizeof(float));
  // A pattern graph stores no weights, on the host or on the device; the
  // cusparse backend makes the ones cuSPARSE multiplies by on its first
  // product (they count in device_bytes_with_spmv_format).
  summary.add("weighted", graph.out_edges().weighted());
  summary.add("memory_bytes", JsonObject()
                                  .add("csr", static_cast<std::uint64_t>(csr))
                                  .add("csc", static_cast<std::uint64_t>(csc))
                                  .add("coo", static_cast<std::uint64_t>(coo)));
  lines.push_back("memory: CSR " + mib(csr) + ", CSC " + (graph.directed() ? mib(csc) : std::string("shared with CSR")) +
                  ", COO " + mib(coo));

  if (values.count("device")) {
    Engine engine = starting->wait(timer);
    Backend& device = engine.backend();
    const auto resident = timer.time("upload", [&] { return engine.upload(graph); });
    const std::size_t bytes = resident->bytes();
    // A kernel's format (ELL, COO, column parts) is built on its first use:
    // one SpMV with the kernel auto (or --spmv-kernel) picks adds it, so the
    // second figure is what an SpMV-based run keeps resident.
    const std::string kernel = device.spmv_kernel_for(*resident, Edges::out);
    timer.time("spmv", [&] {
      const auto n = static_cast<std::size_t>(graph.num_vertices());
      DeviceVector<float> x(device.memory(), n), y(device.memory(), n);
      device.fill(x.span(), 1.0f);
      device.spmv(*resident, PlusTimes<float>{}, SpmvDescriptor{.edges = Edges::out}, x, y);
      device.synchronize();
    });
    const std::size_t with_format = resident->bytes();
    summary.add("device", device.device_name())
        .add("device_bytes", static_cast<std::uint64_t>(bytes))
        .add("spmv_kernel", kernel)
        .add("device_bytes_with_spmv_format", static_cast<std::uint64_t>(with_format));
    const auto ratio = [&](std::size_t amount) {
      char text[32];
      std::snprintf(text, sizeof text, "%.3fx", static_cast<double>(amount) / static_cast<double>(csr + csc));
      return std::string(text);
    };
    lines.push_back("device: " + device.device_name() + ", graph footprint " + mib(bytes) + " (" + ratio(bytes) +
                    " the CSR" + (graph.directed() ? "+CSC" : "") + " arrays); with the format of SpMV kernel " +
                    kernel + " " + mib(with_format) + " (" + ratio(with_format) + ")");
  }
  print_summary(summary, lines, &timer);
  return 0;
}

}  // namespace graphrun::cli
