// Quick timings of every native SpMV kernel (not a test; run by hand on a
// GPU): plus-times<float>, no mask, on a 2^24-row tridiagonal matrix and an
// R-MAT power-law graph. Per kernel: 3 warm-up runs (the first builds any
// derived format), then the median of 20 runs timed with CUDA events.
// Bandwidth uses the minimum-byte model: offsets + indices + values + x + y,
// each read or written once. Every kernel's result is also compared with
// csr-scalar's.
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "graphrun/error.hpp"
#include "graphrun/semiring.hpp"
#include "host_graphs.hpp"
#include "cuda/runtime/check.cuh"
#include "cuda/spmv/spmv.cuh"
#include "device_test_support.hpp"

namespace {

using graphrun::PlusTimes;
using graphrun::cuda::SpmvArgs;
using graphrun::cuda::SpmvPlan;
using graphrun::test::HostCsr;

constexpr int warmup_runs = 3;
constexpr int timed_runs = 20;

double minimum_bytes(const HostCsr& a) {
  return static_cast<double>(a.rows + 1) * sizeof(graphrun::edge_t) +
         static_cast<double>(a.entries()) * (sizeof(graphrun::vertex_t) + sizeof(float)) +
         static_cast<double>(a.cols) * sizeof(float) + static_cast<double>(a.rows) * sizeof(float);
}

// Largest |y - reference| relative to the largest |reference|.
double deviation(const std::vector<float>& y, const std::vector<float>& reference) {
  double largest_difference = 0.0, largest_value = 1e-30;
  for (std::size_t i = 0; i < y.size(); ++i) {
    const double difference = std::fabs(static_cast<double>(y[i]) - reference[i]);
    largest_difference = std::isnan(difference) ? INFINITY : std::max(largest_difference, difference);
    largest_value = std::max(largest_value, std::fabs(static_cast<double>(reference[i])));
  }
  return largest_difference / largest_value;
}

void time_graph(const std::string& name, const HostCsr& a) {
  auto& device = graphrun::test::test_device();
  const cudaStream_t stream = device.stream.get();
  const graphrun::test::DeviceCsr csr(device.memory, a);
  SpmvPlan plan(csr.view, device.memory, stream);
  std::printf("\n== %s: %lld rows, %lld entries, auto -> %s; min-byte model %.1f MB per SpMV\n", name.c_str(),
              static_cast<long long>(a.rows), static_cast<long long>(a.entries()), plan.choose("auto").c_str(),
              minimum_bytes(a) / 1e6);

  std::vector<float> x_host(static_cast<std::size_t>(a.cols));
  std::mt19937_64 random(42);
  std::uniform_real_distribution<float> value(-1.0f, 1.0f);
  for (float& v : x_host) v = value(random);
  const auto x = graphrun::test::upload(x_host);
  auto y = graphrun::test::upload(std::vector<float>(static_cast<std::size_t>(a.rows), 0.0f));
  plan.run<PlusTimes<float>>("csr-scalar", SpmvArgs{}, x.data(), y.data());
  const std::vector<float> reference = y.to_host();

  graphrun::cuda::Event start, stop;
  std::vector<std::string> kernels = graphrun::cuda::spmv_kernel_names();
  kernels.emplace_back("auto");
  std::printf("%-20s %10s %10s %12s %12s %12s\n", "kernel", "median ms", "GB/s", "first ms", "plan MB", "max rel dev");
  for (const std::string& kernel : kernels) {
    try {
      plan.choose(kernel);
    } catch (const graphrun::UsageError& refusal) {
      std::printf("%-20s refused: %s\n", kernel.c_str(), refusal.what());
      continue;
    }
    const auto first_start = std::chrono::steady_clock::now();
    plan.run<PlusTimes<float>>(kernel, SpmvArgs{}, x.data(), y.data());
    GRAPHRUN_CUDA_CHECK(cudaStreamSynchronize(stream));
    const double first_ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - first_start).count();
    for (int run = 1; run < warmup_runs; ++run) plan.run<PlusTimes<float>>(kernel, SpmvArgs{}, x.data(), y.data());
    std::vector<double> times;
    for (int run = 0; run < timed_runs; ++run) {
      start.record(stream);
      plan.run<PlusTimes<float>>(kernel, SpmvArgs{}, x.data(), y.data());
      stop.record(stream);
      stop.synchronize();
      times.push_back(graphrun::cuda::Event::elapsed_ms(start, stop));
    }
    std::sort(times.begin(), times.end());
    const double median_ms = (times[timed_runs / 2 - 1] + times[timed_runs / 2]) / 2.0;
    std::printf("%-20s %10.3f %10.1f %12.1f %12.1f %12.2e\n", kernel.c_str(), median_ms,
                minimum_bytes(a) / (median_ms * 1e6), first_ms, static_cast<double>(plan.bytes()) / 1e6,
                deviation(y.to_host(), reference));
  }
}

}  // namespace

int main(int argc, char** argv) {
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    std::puts("SKIPPED: no CUDA device visible");
    return 77;
  }
  // Optional arguments: log2 rows of the banded matrix, R-MAT scale.
  const int banded_log_rows = argc > 1 ? std::atoi(argv[1]) : 24;
  const int rmat_scale = argc > 2 ? std::atoi(argv[2]) : 22;
  try {
    cudaDeviceProp properties{};
    GRAPHRUN_CUDA_CHECK(cudaGetDeviceProperties(&properties, 0));
    std::printf("device: %s (%d SMs)\n", properties.name, properties.multiProcessorCount);
    std::mt19937_64 random(7);
    time_graph("tridiagonal, 2^" + std::to_string(banded_log_rows) + " rows",
               graphrun::test::banded_csr(random, std::int64_t{1} << banded_log_rows, 1));
    time_graph("R-MAT scale " + std::to_string(rmat_scale) + ", edge factor 16",
               graphrun::test::rmat_csr(2024, rmat_scale, 16));
  } catch (const std::exception& error) {
    std::fprintf(stderr, "spmv timing failed: %s\n", error.what());
    return 1;
  }
  return 0;
}
