#include <iostream>

#include "engine/cli/commands/commands.hpp"
#include "engine/cli/options.hpp"

namespace graphrun::cli {

// Lists the kernels each available backend accepts for --spmv-kernel and
// --spmm-kernel.
int run_kernels(const Arguments& args) {
  po::options_description options("kernels options");
  po::positional_options_description positional;
  po::variables_map values;
  if (!parse_command_line("kernels", "", args, options, positional, values)) return 0;
  std::vector<BackendKind> kinds = {BackendKind::cpu};
  if (cuda_available()) kinds.insert(kinds.end(), {BackendKind::cuda, BackendKind::cusparse});
  for (const BackendKind kind : kinds) {
    const auto backend = make_backend(kind, {});
    std::cout << to_string(kind) << " (" << backend->device_name() << ")\n  spmv: auto";
    for (const auto& name : backend->spmv_kernels()) std::cout << " " << name;
    std::cout << "\n  spmm: auto";
    for (const auto& name : backend->spmm_kernels()) std::cout << " " << name;
    std::cout << "\n";
  }
  if (!cuda_available()) std::cout << "cuda, cusparse: no CUDA device visible\n";
  return 0;
}

}  // namespace graphrun::cli
