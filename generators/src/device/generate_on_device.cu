// generate_on_device: one GPU thread per edge draws kronecker_edge or
// uniform_edge (the host generators' formulas), then the backend builds the
// CSR from the drawn arrays in place.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <string>

#include "graphrun/error.hpp"
#include "graphrun/generators/edge_draws.hpp"
#include "graphrun/generators/on_device.hpp"
#include "graphrun/memory.hpp"

namespace graphrun {
namespace {

// Launch shape of the drawing kernel: a grid-stride loop, so the grid is
// capped and every thread draws edges e, e + stride, ...
struct DrawPolicy {
  static constexpr int threads = 256;
  static constexpr std::uint64_t max_blocks = 1ULL << 20;
};

void check_cuda(cudaError_t status, const char* what) {
  if (status != cudaSuccess)
    throw RuntimeError(std::string("generate on device: ") + what + " failed: " + cudaGetErrorString(status));
}

struct KroneckerDraw {
  std::uint64_t seed;
  int scale;
  generators::VertexPermutation relabel;
  __device__ generators::DrawnEdge operator()(std::uint64_t e) const {
    return generators::kronecker_edge(seed, scale, relabel, e);
  }
};

// uniform (directed) or urand (the same endpoints, one triangle).
struct UniformDraw {
  std::uint64_t seed;
  std::uint64_t vertices;
  bool undirected;
  __device__ generators::DrawnEdge operator()(std::uint64_t e) const {
    return undirected ? generators::urand_edge(seed, vertices, e) : generators::uniform_edge(seed, vertices, e);
  }
};

template <class Draw>
__global__ void __launch_bounds__(DrawPolicy::threads)
    draw_edges(Draw draw, std::uint64_t seed, std::uint64_t count, vertex_t* src, vertex_t* dst, float* weight) {
  const std::uint64_t stride = static_cast<std::uint64_t>(gridDim.x) * blockDim.x;
  for (std::uint64_t e = static_cast<std::uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x; e < count; e += stride) {
    const generators::DrawnEdge edge = draw(e);
    src[e] = edge.src;
    dst[e] = edge.dst;
    if (weight != nullptr) weight[e] = generators::edge_weight(seed, e);
  }
}

// Runs the kernel on the device that holds `src` (the backend's), on the
// legacy stream, and waits for it: the backend's own stream reads the
// arrays next.
template <class Draw>
void draw_on_device(const Draw& draw, std::uint64_t seed, std::uint64_t count, vertex_t* src, vertex_t* dst,
                    float* weight) {
  if (count == 0) return;
  cudaPointerAttributes where{};
  check_cuda(cudaPointerGetAttributes(&where, src), "cudaPointerGetAttributes");
  int previous = 0;
  check_cuda(cudaGetDevice(&previous), "cudaGetDevice");
  check_cuda(cudaSetDevice(where.device), "cudaSetDevice");
  const std::uint64_t blocks =
      std::min<std::uint64_t>((count + DrawPolicy::threads - 1) / DrawPolicy::threads, DrawPolicy::max_blocks);
  draw_edges<<<static_cast<unsigned>(blocks), DrawPolicy::threads>>>(draw, seed, count, src, dst, weight);
  check_cuda(cudaGetLastError(), "launching the edge-drawing kernel");
  check_cuda(cudaStreamSynchronize(nullptr), "drawing the edges");
  check_cuda(cudaSetDevice(previous), "cudaSetDevice");
}

}  // namespace

DeviceBuild generate_on_device(Backend& backend, const GeneratorSpec& spec) {
  check_generator_spec(spec);
  if (!has_device_generator(spec.kind))
    throw UsageError(std::string("generator ") + to_string(spec.kind) +
                     " has no device generator (kron, uniform and urand have one): generate it on the host");
  if (backend.kind() == BackendKind::cpu)
    throw UsageError("generating on the device needs a GPU backend (cuda or cusparse), not cpu");
  const std::uint64_t vertices = 1ULL << spec.scale;
  const std::uint64_t count = vertices * static_cast<std::uint64_t>(spec.edge_factor);

  DeviceVector<vertex_t> src(backend.memory(), count), dst(backend.memory(), count);
  DeviceVector<float> weight(backend.memory(), spec.weighted ? count : 0);
  backend.synchronize();  // the stream-ordered allocations are usable from the legacy stream
  float* weights = spec.weighted ? weight.data() : nullptr;
  if (spec.kind == GeneratorKind::kron)
    draw_on_device(KroneckerDraw{spec.seed, spec.scale, generators::VertexPermutation(spec.seed, spec.scale)},
                   spec.seed, count, src.data(), dst.data(), weights);
  else
    draw_on_device(UniformDraw{spec.seed, vertices, spec.kind == GeneratorKind::urand}, spec.seed, count, src.data(),
                   dst.data(), weights);

  DeviceEdgeArrays edges;
  edges.src = src.data();
  edges.dst = dst.data();
  edges.weights = weights;
  edges.count = count;
  edges.num_vertices = static_cast<std::int64_t>(vertices);
  BuildOptions options;  // as Graph::build reads the host list: kron's and urand's are one triangle of a symmetric graph
  options.undirected = spec.kind == GeneratorKind::kron || spec.kind == GeneratorKind::urand;
  options.source = generator_name(spec);
  return backend.build_device_graph(edges, options);
}

}  // namespace graphrun
