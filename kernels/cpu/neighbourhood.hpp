#pragma once
// The rows a per-vertex primitive walks for an Edges value: out -> rows of A,
// in -> rows of A^T, both -> both (a vertex linked both ways appears twice).
// On an undirected graph in == out, and both means out.
#include "graphrun/semiring.hpp"
#include "cpu/cpu_graph.hpp"

namespace graphrun::cpu {

struct Neighbourhood {
  const Csr* first = nullptr;
  const Csr* second = nullptr;  // only for both on a directed graph

  Neighbourhood(const CpuGraph& a, Edges edges)
      : first(&a.rows(edges == Edges::in ? Edges::in : Edges::out)),
        second(edges == Edges::both && a.has_distinct_in_rows() ? &a.rows(Edges::in) : nullptr) {}

  // Neighbours of vertices [0, v): prefix work for balanced_row_splits.
  edge_t entries_before(vertex_t v) const { return first->offsets[v] + (second ? second->offsets[v] : 0); }
  edge_t count(vertex_t v) const { return entries_before(v + 1) - entries_before(v); }

  // visit(u) for every neighbour u of v, out-row (or in-row) first.
  template <class Visit>
  void for_each(vertex_t v, Visit&& visit) const {
    for (const Csr* matrix : {first, second}) {
      if (matrix == nullptr) continue;
      for (edge_t k = matrix->offsets[v]; k < matrix->offsets[v + 1]; ++k) visit(matrix->indices[k]);
    }
  }
};

}  // namespace graphrun::cpu
