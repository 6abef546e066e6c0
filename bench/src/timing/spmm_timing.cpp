// Quick timings of the native SpMM kernels against cuSPARSE SpMM, through the
// Backend interface (CUDA events on the backend's stream, warm-up first,
// median of the measured runs). Not a test: run by hand on a GPU machine.
//   graphrun-spmm-timing [num_vertices]
// Also reports whether cuSPARSE accepts CSR with 64-bit row offsets next to
// 32-bit column indices (the reason the cusparse backend keeps 32-bit copies).
#include <cusparse.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "graphrun/backend.hpp"
#include "graphrun/error.hpp"
#include "backends.hpp"
#include "cusparse/cusparse_resources.hpp"
#include "random_csr.hpp"

namespace {

using graphrun::Backend;
using graphrun::DeviceVector;

constexpr int warmup_runs = 3;
constexpr int measured_runs = 20;

struct Contender {
  std::string label;
  graphrun::BackendKind kind;
  std::string spmm_kernel;
  std::vector<std::size_t> widths;
};

std::shared_ptr<Backend> make_backend(const Contender& contender) {
  graphrun::BackendOptions options;
  options.spmm_kernel = contender.spmm_kernel;
  return contender.kind == graphrun::BackendKind::cusparse ? graphrun::make_cusparse_backend(options)
                                                           : graphrun::make_cuda_backend(options);
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const std::size_t middle = values.size() / 2;
  return values.size() % 2 ? values[middle] : 0.5 * (values[middle - 1] + values[middle]);
}

void time_contender(const Contender& contender, const std::string& graph_name, const graphrun::Graph& graph) {
  const auto backend = make_backend(contender);
  const auto device_graph = backend->upload(graph);
  const auto n = static_cast<std::size_t>(graph.num_vertices());
  const auto entries = static_cast<double>(graph.num_entries());
  for (std::size_t width : contender.widths) {
    DeviceVector<float> x(backend->memory(), n * width);
    DeviceVector<float> y(backend->memory(), n * width);
    backend->fill(x.span(), 0.5f);
    const auto work = [&] { backend->spmm(*device_graph, graphrun::SpmvDescriptor{}, x.span(), y.span(), width); };
    try {
      work();  // first call: plan, workspace, preprocessing (not timed)
      backend->synchronize();
      const double ms = median(backend->time_runs(work, {}, warmup_runs, measured_runs));
      // Minimum bytes: A once (8-byte offsets, 4-byte index + value), X and Y once.
      const double bytes = entries * 8.0 + (static_cast<double>(n) + 1) * 8.0 + 2.0 * n * width * 4.0;
      std::printf("%-10s %-22s F=%-4zu %9.3f ms  %8.1f GFLOP/s  %7.1f GB/s(min-bytes)\n", graph_name.c_str(),
                  contender.label.c_str(), width, ms, 2.0 * entries * width / ms * 1e-6, bytes / ms * 1e-6);
    } catch (const graphrun::Error& error) {
      std::printf("%-10s %-22s F=%-4zu failed: %s\n", graph_name.c_str(), contender.label.c_str(), width, error.what());
    }
  }
  for (const std::string& note : backend->notes()) std::printf("  note: %s\n", note.c_str());
}

void probe_mixed_index_csr() {
  const auto backend = graphrun::make_cuda_backend(graphrun::BackendOptions{});
  auto& memory = backend->memory();
  const std::vector<graphrun::edge_t> offsets_host = {0, 1, 2};
  const std::vector<std::int32_t> columns_host = {1, 0};
  const std::vector<float> ones = {1.0f, 1.0f};
  DeviceVector<graphrun::edge_t> offsets(memory, std::span<const graphrun::edge_t>(offsets_host));
  DeviceVector<std::int32_t> columns(memory, std::span<const std::int32_t>(columns_host));
  DeviceVector<float> values(memory, std::span<const float>(ones));
  DeviceVector<float> x(memory, std::span<const float>(ones));
  DeviceVector<float> y(memory, 2);
  backend->synchronize();

  const graphrun::cusparse::Handle handle = graphrun::cusparse::make_handle(nullptr);
  cusparseConstSpMatDescr_t raw = nullptr;
  const cusparseStatus_t created =
      cusparseCreateConstCsr(&raw, 2, 2, 2, offsets.data(), columns.data(), values.data(), CUSPARSE_INDEX_64I,
                             CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F);
  std::printf("probe: cusparseCreateConstCsr(64-bit offsets, 32-bit columns): %s\n", cusparseGetErrorName(created));
  if (created != CUSPARSE_STATUS_SUCCESS) return;
  const graphrun::cusparse::SparseMatrix matrix(raw);
  const auto x_vector = graphrun::cusparse::make_input_vector(2, x.data());
  const auto y_vector = graphrun::cusparse::make_output_vector(2, y.data());
  const float alpha = 1.0f, beta = 0.0f;
  std::size_t bytes = 0;
  const cusparseStatus_t sized =
      cusparseSpMV_bufferSize(handle.get(), CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, matrix.get(), x_vector.get(),
                              &beta, y_vector.get(), CUDA_R_32F, CUSPARSE_SPMV_CSR_ALG1, &bytes);
  std::printf("probe: cusparseSpMV_bufferSize on it: %s\n", cusparseGetErrorName(sized));
  if (sized != CUSPARSE_STATUS_SUCCESS) return;
  DeviceVector<std::byte> workspace(memory, bytes);
  const cusparseStatus_t ran =
      cusparseSpMV(handle.get(), CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, matrix.get(), x_vector.get(), &beta,
                   y_vector.get(), CUDA_R_32F, CUSPARSE_SPMV_CSR_ALG1, workspace.data());
  cudaDeviceSynchronize();
  const std::vector<float> result = y.to_host();
  std::printf("probe: cusparseSpMV on it: %s, y = (%g, %g), expected (1, 1)\n", cusparseGetErrorName(ran), result[0],
              result[1]);
}

}  // namespace

int main(int argc, char** argv) {
  if (graphrun::cuda_device_count() == 0) {
    std::puts("SKIPPED: no CUDA device visible");
    return 77;
  }
  const graphrun::vertex_t n =
      argc > 1 ? static_cast<graphrun::vertex_t>(std::strtoul(argv[1], nullptr, 10)) : graphrun::vertex_t{1} << 20;
  constexpr double mean_length = 16;
  std::printf("%s\n", graphrun::make_cusparse_backend(graphrun::BackendOptions{})->device_name().c_str());
  probe_mixed_index_csr();

  const std::vector<std::size_t> sweep = {1, 4, 16, 32, 64, 80, 96, 112, 128, 192, 256};
  const std::vector<std::size_t> compared = {32, 64, 96, 128, 256};
  const std::vector<Contender> contenders = {
      {"native row-cache", graphrun::BackendKind::cuda, "row-cache", sweep},
      {"native row-group", graphrun::BackendKind::cuda, "row-group", sweep},
      {"native nnz-split", graphrun::BackendKind::cuda, "nnz-split", sweep},
      {"native auto", graphrun::BackendKind::cuda, "auto", compared},
      {"cusparse csr-alg1", graphrun::BackendKind::cusparse, "csr-alg1", compared},
      {"cusparse csr-alg2", graphrun::BackendKind::cusparse, "csr-alg2", compared},
      {"cusparse csr-alg3", graphrun::BackendKind::cusparse, "csr-alg3", compared},
  };
  std::mt19937_64 random(2026);
  for (const auto shape : {graphrun::test::RowShape::power_law, graphrun::test::RowShape::banded}) {
    const graphrun::test::HostCsr matrix = graphrun::test::random_csr(random, n, n, shape, mean_length);
    const graphrun::Graph graph = graphrun::test::as_graph(matrix, true);
    std::printf("graph %s: n = %u, nnz = %lld, longest row = %lld\n", graphrun::test::to_string(shape), n,
                static_cast<long long>(matrix.entries()), [&] {
                  long long longest = 0;
                  for (std::size_t r = 0; r + 1 < matrix.offsets.size(); ++r)
                    longest = std::max<long long>(longest, matrix.offsets[r + 1] - matrix.offsets[r]);
                  return longest;
                }());
    for (const Contender& contender : contenders) time_contender(contender, graphrun::test::to_string(shape), graph);
  }
  return 0;
}
