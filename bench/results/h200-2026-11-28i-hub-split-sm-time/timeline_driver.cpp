// Experiment driver (session 37): weighted plus-times SpMV with csr-hub-split
// on a graph file, timed by the backend (CUDA events); the experiment patch
// prints each call's timeline (GRAPHRUN_EXP_TIMELINE) and takes the hub SMs
// from GRAPHRUN_EXP_HUB_SMS.
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <algorithm>
#include "graphrun/engine.hpp"
#include "graphrun/io/read.hpp"
using namespace graphrun;
int main(int argc, char** argv) {
  const int reps = argc > 2 ? std::atoi(argv[2]) : 10;
  Graph g = io::load_graph(argv[1]);
  BackendOptions options;
  options.spmv_kernel = "csr-hub-split";
  auto backend = make_backend(BackendKind::cuda, options);
  auto a = backend->upload(g);
  const std::size_t n = static_cast<std::size_t>(a->num_vertices());
  std::vector<float> host_x(n);
  for (std::size_t i = 0; i < n; ++i) host_x[i] = 0.5f + static_cast<float>((i * 2654435761u) % 1000) / 2000.0f;
  DeviceVector<float> x(backend->memory(), std::span<const float>(host_x));
  DeviceVector<float> y(backend->memory(), n);
  SpmvDescriptor d;
  const auto call = [&] { backend->spmv(*a, PlusTimes<float>{}, d, x.span(), y.span()); };
  auto times = backend->time_runs(call, {}, 2, reps);
  std::sort(times.begin(), times.end());
  std::printf("csr-hub-split weighted spmv: median %.4f ms (min %.4f max %.4f) over %d on %s\n", times[times.size() / 2],
              times.front(), times.back(), reps, backend->device_name().c_str());
  return 0;
}
