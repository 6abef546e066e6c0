// Experiment driver (session 38): one weighted plus-times SpMV through
// csr-hub-split on a graph file, between cudaProfilerStart and
// cudaProfilerStop after three warm-up calls, for ncu's range replay: the
// overlapped hub passes and rest pass measured together, as they run.
#include <cuda_profiler_api.h>
#include <cuda_runtime.h>

#include <cstdio>
#include <vector>

#include "graphrun/engine.hpp"
#include "graphrun/io/read.hpp"
using namespace graphrun;
int main(int argc, char** argv) {
  if (argc < 2) return 2;
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
  for (int warm = 0; warm < 3; ++warm) backend->spmv(*a, PlusTimes<float>{}, d, x.span(), y.span());
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  cudaProfilerStart();
  backend->spmv(*a, PlusTimes<float>{}, d, x.span(), y.span());
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  cudaProfilerStop();
  std::printf("one call profiled on %s\n", backend->device_name().c_str());
  return 0;
}
