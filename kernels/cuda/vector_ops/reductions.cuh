#pragma once
// Reductions of the primitive interface: each runs one CUB reduction on
// context.stream and reads back one scalar (synchronous), except
// count_changes, whose result stays on the device. Float inputs are
// summed in double so long vectors (PageRank residuals over millions of
// vertices) keep their precision.
#include <cstddef>
#include <cstdint>
#include <span>

#include "graphrun/label_rounds.hpp"
#include "graphrun/semiring.hpp"
#include "graphrun/types.hpp"
#include "cuda/runtime/context.cuh"
#include "cuda/spmv/spmv.cuh"

namespace graphrun::cuda {

// Sum of the entries the mask selects (every entry when mask.flags is null).
double sum(const DeviceContext& context, std::span<const float> x, VertexMask mask);
double l1_distance(const DeviceContext& context, std::span<const float> x, std::span<const float> y);
std::size_t count_nonzero(const DeviceContext& context, std::span<const std::uint8_t> x);
std::size_t count_different(const DeviceContext& context, std::span<const vertex_t> x, std::span<const vertex_t> y);
// Entries with x[i] != y[i] (NaN differs from everything; +inf equals +inf).
std::size_t count_different(const DeviceContext& context, std::span<const float> x, std::span<const float> y);
// Two device words count_changes adds up in; zero between its launches (it
// zeroes them again itself), so a caller allocates and zeroes them once.
struct ChangeCounters {
  unsigned long long* changes;
  unsigned int* finished;  // blocks that have added their count
};

// *rounds = after_round(*rounds, entries with before[i] != after[i]), in one
// launch on the stream (label_rounds.hpp); before and after have the same
// size.
void count_changes(const DeviceContext& context, std::span<const vertex_t> before, std::span<const vertex_t> after,
                   LabelRounds* rounds, ChangeCounters counters);
// Sum over the listed rows of their entry counts in `csr`.
edge_t degree_sum(const DeviceContext& context, const CsrView& csr, std::span<const vertex_t> rows);

}  // namespace graphrun::cuda
