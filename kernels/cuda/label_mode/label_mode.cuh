#pragma once
// Label mode (the CDLP step) on the device: out[v] = the most frequent label
// among v's neighbours, the smallest on a tie, labels[v] when v has none.
#include <span>

#include "graphrun/semiring.hpp"  // LabelSet
#include "graphrun/types.hpp"
#include "cuda/runtime/context.cuh"
#include "cuda/spmv/spmv.cuh"

namespace graphrun::cuda {

// Neighbours of v are row v of `first` followed, when `second` is given, by
// row v of `second` (Edges::both on a directed graph: out- then in-row, so a
// vertex linked both ways counts twice). `longest` bounds every v's
// neighbour count from above: the classes it rules out cost nothing.
//
// Exact counts, no sort of the entries: rows are classed by neighbour
// count; rows of <= 8 are finished by one thread each in registers, rows
// of <= 32 and of <= 64 by one thread each from labels its warp stages in
// shared memory (both with a sorting network), rows of <= 256 in a warp's
// shared-memory hash table, rows of <= 2048 in a block's, and longer rows
// are cut into 2048-entry chunks counted by a block each and merged into a
// global hash table per row, so one row holding most entries is spread
// over the GPU and read once. A host round trip (the huge rows' tables are
// sized by their count) happens only when `longest` exceeds 2048; the other
// classes then run on context.beside, where given, beside the huge rows.
// Deterministic: every count is exact and candidates combine by max of a
// packed (count, smallest label) key. With LabelSet::distinct on a single
// adjacency every count is 1: the rows past 64 neighbours take the maximum
// key without a table, and the huge rows' chunks offer theirs to the row's
// key directly (no staging, no merge, no tables).
void label_mode(const DeviceContext& context, const CsrView& first, const CsrView* second, edge_t longest,
                std::span<const vertex_t> labels, std::span<vertex_t> out, LabelSet labels_are);

// The same over a stencil copy's diagonal masks (a single adjacency whose
// SpMV kernel is stencil or stencil-packed): one kernel, a thread per row
// sorting its labels with a network as wide as the diagonals' count
// (rounded up to a multiple of 4, at least 8), loaded diagonal by diagonal
// from consecutive addresses.
void label_mode(const DeviceContext& context, const DiagonalRows& rows, std::span<const vertex_t> labels,
                std::span<vertex_t> out);

}  // namespace graphrun::cuda
