#include <algorithm>
#include <iostream>
#include <string>

#include "commands/commands.hpp"
#include "options.hpp"

namespace graphrun::cli {

namespace {

void print_kernels(const char* primitive, const std::vector<KernelInfo>& kernels) {
  std::cout << "  " << primitive << ":\n";
  std::size_t width = 4;  // "auto"
  for (const KernelInfo& kernel : kernels) width = std::max(width, kernel.name.size());
  std::cout << "    " << std::string("auto") + std::string(width - 4 + 2, ' ') << "chosen per graph\n";
  for (const KernelInfo& kernel : kernels)
    std::cout << "    " << kernel.name << std::string(width - kernel.name.size() + 2, ' ') << "[" << kernel.family
              << "] " << kernel.summary << "\n";
}

// {"NAME": {"family": ..., "summary": ...}, ...} in the backend's order.
JsonObject kernels_json(const std::vector<KernelInfo>& kernels) {
  JsonObject listing;
  for (const KernelInfo& kernel : kernels)
    listing.add(kernel.name, JsonObject().add("family", kernel.family).add("summary", kernel.summary));
  return listing;
}

}  // namespace

// Lists the kernels of every backend this build has for --spmv-kernel and
// --spmm-kernel, whether or not a GPU is visible. --json: {"backends":
// {"cpu": {"runnable": true, "spmv": {...}, "spmm": {...}}, ...}}.
int run_kernels(const Arguments& args) {
  po::options_description options("kernels options");
  po::positional_options_description positional;
  po::variables_map values;
  if (!parse_command_line("kernels", "[--json]", args, options, positional, values)) return 0;
  const bool gpu = cuda_available();
  const auto backends = compiled_kernels();
  if (presentation().json) {
    JsonObject listing;
    for (const auto& [kind, kernels] : backends)
      listing.add(to_string(kind), JsonObject()
                                       .add("runnable", kind == BackendKind::cpu || gpu)
                                       .add("spmv", kernels_json(kernels.spmv))
                                       .add("spmm", kernels_json(kernels.spmm)));
    std::cout << JsonObject().add("backends", listing).str() << "\n";
    return 0;
  }
  if (presentation().quiet) return 0;
  for (const auto& [kind, listing] : backends) {
    std::cout << to_string(kind);
    if (kind != BackendKind::cpu && !gpu) std::cout << " (compiled; no CUDA device visible to run it)";
    std::cout << "\n";
    print_kernels("spmv", listing.spmv);
    if (!listing.spmm.empty()) print_kernels("spmm", listing.spmm);
  }
  if (backends.size() == 1) std::cout << "cuda, cusparse: not compiled (graphrun was built without CUDA)\n";
  return 0;
}

}  // namespace graphrun::cli
