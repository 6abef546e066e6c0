#pragma once
// Graph: the built, immutable adjacency structure on the host.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "graphrun/edge_list.hpp"
#include "graphrun/error.hpp"
#include "graphrun/semiring.hpp"  // GRAPHRUN_HOST_DEVICE
#include "graphrun/types.hpp"

namespace graphrun {

// Which weight survives when the same (u, v) appears more than once.
enum class DuplicatePolicy : std::uint8_t {
  keep_first,  // one edge kept, with the weight of its first occurrence (default)
  sum,
  min,
  max,
};

// "first", "sum", "min" or "max" (the CLI's --duplicates, the Python
// package's duplicates=); UsageError otherwise.
DuplicatePolicy parse_duplicate_policy(const std::string& name);

// The weight kept when an entry repeats: `kept` so far, `next` the repeat in
// file order. std::min/std::max's choices on ties and signed zeros (the
// first wins), and one rounded add. The host and device builds both merge by
// this function, so they give the same CSR.
GRAPHRUN_HOST_DEVICE float merge_duplicate_weight(DuplicatePolicy policy, float kept, float next) {
  switch (policy) {
    case DuplicatePolicy::keep_first: return kept;
    case DuplicatePolicy::sum: return kept + next;
    case DuplicatePolicy::min: return next < kept ? next : kept;
    case DuplicatePolicy::max: return kept < next ? next : kept;
  }
  return kept;
}

struct BuildOptions {
  // Unset: undirected exactly when the file says symmetric / skew-symmetric.
  // true: symmetrize a general file. false on a symmetric file is refused
  // (the file has only one triangle; a directed reading would drop edges).
  std::optional<bool> undirected;
  bool drop_self_loops = false;
  DuplicatePolicy duplicates = DuplicatePolicy::keep_first;
  // Names the input (its path) in errors; empty: "the edge list".
  std::string source;
  // How errors name the input: `source`, or "the edge list".
  std::string input_name() const { return source.empty() ? std::string("the edge list") : source; }
};

// Compressed rows: row r's entries are indices[offsets[r] .. offsets[r+1]),
// sorted by column, no duplicates. `values` holds one weight per entry, or
// is empty for a pattern graph: every weight is then 1, and no bytes are
// spent saying so (kernels take their unweighted path; a backend that needs
// the ones, such as cuSPARSE, makes them on its device).
struct Csr {
  std::vector<edge_t> offsets;
  std::vector<vertex_t> indices;
  std::vector<float> values;

  vertex_t num_rows() const { return offsets.empty() ? 0 : static_cast<vertex_t>(offsets.size() - 1); }
  edge_t num_entries() const { return static_cast<edge_t>(indices.size()); }
  bool weighted() const { return !values.empty(); }
  // Entry k's weight: values[k], or 1 for a pattern graph.
  float value(edge_t k) const { return values.empty() ? 1.0f : values[static_cast<std::size_t>(k)]; }
  vertex_t degree(vertex_t r) const { return static_cast<vertex_t>(offsets[r + 1] - offsets[r]); }
  std::size_t bytes() const;
};

// What building did to the file's entries; `graphrun info` reports it.
struct BuildStats {
  std::uint64_t file_entries = 0;      // entries as stored in the file
  std::uint64_t self_loops = 0;        // self-loops in the built graph (or dropped, see below)
  std::uint64_t self_loops_dropped = 0;
  std::uint64_t duplicates_merged = 0; // stored (u, v) entries removed as duplicates
  double build_seconds = 0.0;
};

// The checked front of every build of `edges` with `options`, shared by
// the host build (Graph::build) and a backend's device build so that both
// refuse the same input with the same error and read it the same way.
struct BuildPlan {
  vertex_t vertices = 0;
  bool undirected = false;       // every entry u != v is stored as u->v and v->u
  float mirror_sign = 1.0f;      // -1 for skew-symmetric files
  bool drop_self_loops = false;
  DuplicatePolicy duplicates = DuplicatePolicy::keep_first;
  std::uint64_t file_self_loops = 0;  // entries with u == v in the list
};
// Throws UsageError for inconsistent arrays, ids outside 0..n-1 and a
// symmetric file asked to be read as directed.
BuildPlan plan_build(const EdgeList& edges, const BuildOptions& options);
// The error of a `sum` merge whose finite weights overflow to infinity at
// the compact edge (u, v): names the input and the file's ids.
InputError sum_overflow_error(const BuildOptions& options, const IdMap& ids, vertex_t u, vertex_t v);

class Graph {
 public:
  // Builds CSR of out-edges (row u holds u's out-neighbours) in parallel
  // (stable counting sort by source, then per-row sort and merge of
  // duplicates). The rvalue overload frees the edge list's arrays as soon
  // as the scatter no longer needs them, lowering the peak memory.
  static Graph build(const EdgeList& edges, const BuildOptions& options = {});
  static Graph build(EdgeList&& edges, const BuildOptions& options = {});
  // Adopts an already valid CSR (sorted, duplicate-free rows; symmetric when
  // !directed, as build makes it: an undirected graph's CSR serves as its
  // own transpose, in_edges() and the GPU's column counts included):
  // snapshot reload.
  static Graph from_csr(Csr out, bool directed, IdMap ids, BuildStats stats = {});
  // A directed graph whose transpose is known: `in` must be transpose(out)
  // (rows sorted, values in step), which in_edges() then returns instead of
  // building it. For graphs assembled from parts (a process's row block).
  static Graph from_csr_and_transpose(Csr out, Csr in, IdMap ids);

  vertex_t num_vertices() const { return out_->num_rows(); }
  // Stored entries of the out-CSR: an undirected edge {u, v} counts twice
  // (u->v and v->u), a self-loop once.
  edge_t num_entries() const { return out_->num_entries(); }
  bool directed() const { return directed_; }

  const Csr& out_edges() const { return *out_; }
  // In-edges (CSR of the transpose, i.e. CSC of A). Built once, by the first
  // caller on any thread (others wait for it; copies of the Graph share it);
  // for an undirected graph this is the out-CSR itself, no copy.
  const Csr& in_edges() const { return *in_edges_shared(); }

  // The same arrays with shared ownership, for backends that keep them
  // (the CPU backend) instead of copying: a Graph is immutable.
  std::shared_ptr<const Csr> out_edges_shared() const { return out_; }
  std::shared_ptr<const Csr> in_edges_shared() const;

  std::vector<vertex_t> out_degrees() const;
  std::vector<vertex_t> in_degrees() const;

  const IdMap& ids() const { return ids_; }
  const BuildStats& stats() const { return stats_; }

 private:
  // The transpose of a directed graph, built on first use.
  struct LazyTranspose {
    std::once_flag built;
    std::shared_ptr<const Csr> csr;
  };
  std::shared_ptr<const Csr> out_ = std::make_shared<const Csr>();
  std::shared_ptr<LazyTranspose> in_ = std::make_shared<LazyTranspose>();
  bool directed_ = true;
  IdMap ids_;
  BuildStats stats_;
};

// Transpose of a CSR with `num_cols` columns, parallel counting sort; rows of
// the result stay sorted.
Csr transpose(const Csr& matrix, vertex_t num_cols);

}  // namespace graphrun
