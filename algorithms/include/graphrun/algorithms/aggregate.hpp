#pragma once
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "graphrun/algorithms/block_exchange.hpp"
#include "graphrun/engine.hpp"

namespace graphrun {

enum class AggregateNorm : std::uint8_t {
  sum,   // H' = A^T H          : h'_v = sum over in-edges u->v of h_u
  mean,  // H' = D^-1 A^T H     : divided by in-degree (0 rows stay 0)
  gcn,   // H' = D^-1/2 (A^T + I) D^-1/2 H, D = in-degree + 1 (Kipf & Welling)
};

struct AggregateParams {
  AggregateNorm norm = AggregateNorm::sum;
  bool weighted = false;  // use edge weights instead of 1 per edge (sum only; else UsageError)
};

// features: row-major n x width (n = graph vertices; a size mismatch is a
// UsageError). Returns row-major n x width. A self-loop is an in-edge like any
// other; gcn adds I on top of it, and its D counts it (D = row sums of A^T + I).
std::vector<float> aggregate(Engine& engine, const DeviceGraph& graph, std::span<const float> features,
                             std::size_t width, const AggregateParams& params = {});

// The same on vectors already in the engine's backend memory (a GPU tensor
// handed over by a framework, say): features is read only, output (n x width,
// not overlapping features) receives the result, nothing crosses the host
// link. gcn takes one n x width scratch vector for the scaled features.
void aggregate_into(Engine& engine, const DeviceGraph& graph, std::span<const float> features,
                    std::span<float> output, std::size_t width, const AggregateParams& params = {});

// One process's part of a run by several (block_exchange.hpp): `graph`
// holds the in-edges of this process's block, `features` every vertex's
// row; `output` receives every block's rows. The in-degrees gcn scales the
// features by are shared first (each process counts its block's only).
void aggregate_into(Engine& engine, const DeviceGraph& graph, std::span<const float> features,
                    std::span<float> output, std::size_t width, const AggregateParams& params,
                    BlockExchange& exchange);

}  // namespace graphrun
