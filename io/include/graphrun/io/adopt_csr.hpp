#pragma once
// Graphs over CSR arrays that come from outside graphrun (scipy's canonical
// CSR, another library's export): adopted as they are, without a build, once
// they pass the checks a snapshot passes.
#include <string>

#include "graphrun/graph.hpp"

namespace graphrun::io {

// `csr` must be an n x n CSR whose rows hold strictly increasing columns in
// 0..n-1 and finite values; an undirected graph's CSR must hold both
// directions of every edge with equal values. Otherwise a UsageError naming
// `what` and the first bad row or entry. Vertex v's id is v.
Graph adopt_csr(Csr csr, bool directed, const std::string& what = "the CSR arrays");

}  // namespace graphrun::io
