#include "graphrun/io/adopt_csr.hpp"

#include <utility>

#include "graphrun/internal/csr_validation.hpp"
#include "graphrun/error.hpp"

namespace graphrun::io {

Graph adopt_csr(Csr csr, bool directed, const std::string& what) {
  if (csr.offsets.empty()) csr.offsets.push_back(0);
  if (csr.offsets.size() - 1 > static_cast<std::size_t>(max_vertices))
    throw UsageError(what + ": " + std::to_string(csr.offsets.size() - 1) + " rows; a graph has at most " +
                     std::to_string(max_vertices) + " vertices");
  const vertex_t n = csr.num_rows();
  if (const graphrun::detail::CsrProblem problem = graphrun::detail::find_first_csr_problem(csr, n, !directed);
      problem.kind != graphrun::detail::CsrProblem::Kind::none)
    throw UsageError(what + ": " + problem.what);
  BuildStats stats;
  stats.file_entries = static_cast<std::uint64_t>(csr.num_entries());
  for (vertex_t r = 0; r < n; ++r)
    for (edge_t e = csr.offsets[r]; e < csr.offsets[r + 1]; ++e) stats.self_loops += csr.indices[e] == r;
  IdMap ids;
  ids.base = 0;
  return Graph::from_csr(std::move(csr), directed, std::move(ids), stats);
}

}  // namespace graphrun::io
