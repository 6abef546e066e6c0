#include "workload.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <filesystem>

#include "graphrun/engine.hpp"
#include "graphrun/error.hpp"
#include "graphrun/generators/on_device.hpp"
#include "graphrun/io/read.hpp"
#include "graphrun/reorder.hpp"

namespace graphrun::bench {
namespace fs = std::filesystem;
namespace {

std::string without_suffix(std::string name, const std::string& suffix) {
  if (name.size() > suffix.size() && name.ends_with(suffix)) name.resize(name.size() - suffix.size());
  return name;
}

// The graph's display name: the file name without its graph extensions.
std::string graph_name(const fs::path& path) {
  std::string name = without_suffix(path.filename().string(), ".gz");
  return fs::path(name).stem().string();
}

std::vector<fs::path> graph_files_in(const std::string& directory) {
  std::error_code error;
  if (!fs::is_directory(directory, error))
    throw InputError(directory, 0, "not a directory of graphs");
  std::vector<fs::path> files;
  for (const fs::directory_entry& entry : fs::directory_iterator(directory))
    if (entry.is_regular_file() && is_graph_file(entry.path().filename().string())) files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

double milliseconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

bool is_graph_file(const std::string& file_name) {
  static constexpr std::array extensions = {".mtx", ".mm", ".grb", ".txt", ".el", ".edges", ".tsv", ".snap"};
  const std::string name = without_suffix(file_name, ".gz");
  return std::any_of(extensions.begin(), extensions.end(), [&](const char* e) { return name.ends_with(e); });
}

std::vector<Workload> collect_workloads(const BenchOptions& options) {
  std::vector<Workload> workloads;
  auto add_directory = [&](const std::string& directory, const std::string& origin) {
    for (const fs::path& file : graph_files_in(directory))
      workloads.push_back({graph_name(file), origin.empty() ? file.string() : origin, file.string(), std::nullopt});
  };
  if (options.bundled) {
    std::error_code error;
    if (fs::is_directory(options.bundled_dir, error)) add_directory(options.bundled_dir, "bundled");
  }
  for (const std::string& directory : options.graph_dirs) add_directory(directory, "");
  for (const GeneratorSpec& spec : options.generated)
    workloads.push_back({generator_name(spec),
                         "generated " + std::string(to_string(spec.kind)) + ":" + std::to_string(spec.scale) +
                             " seed " + std::to_string(spec.seed) + (spec.weighted ? "" : ", pattern"),
                         std::nullopt, spec});
  if (options.reorder_by_degree)
    for (Workload& workload : workloads) {
      // A different graph (another numbering): its own name, so its rows never
      // mix with those of the input order.
      workload.name += "-deg";
      workload.origin += ", degree-sorted";
      workload.reorder_by_degree = true;
    }
  return workloads;
}

LoadedWorkload load_workload(const Workload& workload, const BackendOptions* gpu) {
  const auto start = std::chrono::steady_clock::now();
  LoadedWorkload loaded;
  if (workload.path) {
    io::ReadOptions read;
    read.progress = false;
    loaded.graph = io::load_graph(*workload.path, BuildOptions{}, read);
  } else if (gpu != nullptr && has_device_generator(workload.generator->kind)) {
    Engine engine(EngineOptions{BackendKind::cuda, *gpu});
    DeviceBuild built = generate_on_device(engine.backend(), *workload.generator);
    loaded.graph = engine.backend().download_graph(*built.graph, built.stats, 1);  // ids from 1, as the host list's
    loaded.drawn_on_device = true;
  } else {
    const EdgeList edges = generate(*workload.generator);
    loaded.graph = Graph::build(edges);
  }
  loaded.load_ms = milliseconds_since(start);
  loaded.build_ms = loaded.graph.stats().build_seconds * 1e3;
  if (workload.reorder_by_degree) {
    const auto reorder_start = std::chrono::steady_clock::now();
    loaded.graph = reorder_by_degree(loaded.graph).graph;
    loaded.reorder_ms = milliseconds_since(reorder_start);
  }
  (void)loaded.graph.in_edges();
  return loaded;
}

}  // namespace graphrun::bench
