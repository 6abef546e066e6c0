#pragma once
// The steps of near-far delta-stepping on the host (contract: SsspKernels in
// graphrun/algorithms/kernels/sssp_kernels.hpp; sizes checked there).
// Relaxations lower distances with a compare-and-swap loop; each thread lists
// its vertices in a buffer of its own and the buffers are copied into the
// shared lists at the end, so the lists cost no contended counter per vertex.
#include <cstdint>
#include <span>

#include "graphrun/algorithms/kernels/sssp_kernels.hpp"
#include "cpu/cpu_graph.hpp"

namespace graphrun::cpu {

SsspWeights sssp_weights(const CpuGraph& graph, int threads);

// False when a frontier id is outside the graph (the step then stops early;
// distances and lists are unspecified).
bool sssp_relax(const CpuGraph& graph, std::span<const vertex_t> frontier, float limit, std::int32_t round,
                std::span<float> distance, SsspMarks marks, std::span<vertex_t> near, std::span<vertex_t> far,
                std::size_t far_size, int threads, SsspListed& listed);

// The whole search in one OpenMP team (GAP's delta-stepping, Beamer, Asanovic
// and Patterson's benchmark suite): each thread files the vertices it
// improves in bins of its own, indexed by distance / delta; the team takes
// the least non-empty bin of all threads as the next frontier, and a vertex
// whose distance fell below that bin since it was filed is skipped. A thread
// whose own part of the current bin stays small keeps relaxing it alone
// before the team meets (bucket fusion): on a road map most rounds then need
// no barrier. Every order reaches the same least fixed point.
// distance: +inf but distance[source] = 0.
void sssp_run(const CpuGraph& graph, vertex_t source, float delta, std::span<float> distance, int threads,
              SsspWork& work);

// False when a far id is outside the graph.
bool sssp_split(std::span<const vertex_t> far, float lower, float limit, std::int32_t round,
                std::span<const float> distance, SsspMarks marks, std::span<vertex_t> near, std::span<vertex_t> kept,
                int threads, SsspListed& listed);

}  // namespace graphrun::cpu
