#pragma once
// Upper bounds of the device bytes each algorithm allocates beside the
// resident graph on a backend with a device, for the memory plan before the
// upload (memory_plan.hpp). Each bound counts the algorithm's vectors and
// what its kernels allocate per call (frontiers, set-aside row lists, CUB's
// scratch), as bytes per vertex plus a fixed scratch allowance; the GPU
// tests hold each one to the peak the memory resource records.
//
// Not counted: SpMV formats that copy the matrix (auto falls back to a
// copy-free kernel when they do not fit), and label propagation's staging
// of rows longer than a block's chunk (about 24 bytes per entry of such
// rows, allocated per round; it fails as an ordinary out-of-memory error).
#include <cstddef>

#include "graphrun/memory_plan.hpp"
#include "graphrun/types.hpp"

namespace graphrun {

// Fixed allowance for CUB's temporary storage and small per-call buffers.
inline constexpr std::size_t workspace_scratch_bytes = std::size_t{64} << 20;

// The carried ranks (two), out-share, the unfused step's y (or, in the
// set-up, the degrees or weight sums and the dangling flags); a personalized
// run adds the teleport vector.
MemoryNeed pagerank_workspace(vertex_t n, bool personalized);
// Levels, parents, both frontiers, the push candidates, the push step's
// edge starts, the pull bitmap and the set-aside long rows.
MemoryNeed bfs_workspace(vertex_t n);
// Distances, the near/far buckets and their flags, the relax step's edge
// starts and the reached count's scratch.
MemoryNeed sssp_workspace(vertex_t n);
// Parents and the long-row lists of union-find's link pass.
MemoryNeed wcc_workspace(vertex_t n);
// Labels (two) and the row pass's class lists.
MemoryNeed label_propagation_workspace(vertex_t n);

}  // namespace graphrun
