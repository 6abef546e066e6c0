#pragma once
// The primitive interface: everything an algorithm may ask of a backend.
// Algorithms (algorithms/) are written once against this class; cpu, cuda and
// cusparse implement it (kernels/). All spans point into the backend's memory
// (see memory.hpp); scalars returned to the host are the only reads back.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "graphrun/forest_state.hpp"
#include "graphrun/graph.hpp"
#include "graphrun/memory.hpp"
#include "graphrun/rank_update.hpp"
#include "graphrun/semiring.hpp"
#include "graphrun/types.hpp"

namespace graphrun {

enum class BackendKind : std::uint8_t { cpu, cuda, cusparse };

const char* to_string(BackendKind kind);
BackendKind parse_backend(const std::string& name);  // throws UsageError

// Run-time configuration of a backend.
struct BackendOptions {
  int device = 0;                    // CUDA device ordinal
  std::string spmv_kernel = "auto";  // an SpMV kernel name of the backend, or "auto"
  std::string spmm_kernel = "auto";  // an SpMM kernel name of the backend, or "auto"
  int threads = 0;                   // cpu: OpenMP threads (0 = OpenMP's default)
};

// A graph resident in a backend's memory: uploaded once, reused by every call.
// Each backend derives its own type holding its formats (CSR, CSC, ELL, ...).
class DeviceGraph {
 public:
  DeviceGraph(vertex_t num_vertices, edge_t num_entries, bool directed)
      : num_vertices_(num_vertices), num_entries_(num_entries), directed_(directed) {}
  virtual ~DeviceGraph() = default;
  DeviceGraph(const DeviceGraph&) = delete;
  DeviceGraph& operator=(const DeviceGraph&) = delete;

  vertex_t num_vertices() const { return num_vertices_; }
  edge_t num_entries() const { return num_entries_; }
  bool directed() const { return directed_; }
  // Bytes this graph holds in backend memory now (formats built so far).
  virtual std::size_t bytes() const = 0;

 private:
  vertex_t num_vertices_;
  edge_t num_entries_;
  bool directed_;
};

class Backend {
 public:
  virtual ~Backend() = default;

  virtual BackendKind kind() const = 0;
  // e.g. "cpu (OpenMP, 16 threads)" or "NVIDIA H100 80GB HBM3 (device 0)".
  virtual std::string device_name() const = 0;
  virtual MemoryResource& memory() = 0;
  // Waits until every queued primitive finished (timing, host reads).
  virtual void synchronize() = 0;
  // Things the user should know about how their request ran, e.g. "cusparse:
  // min-plus SpMV ran on the native cuda kernel". Never silent fallbacks.
  virtual std::vector<std::string> notes() const = 0;

  virtual std::unique_ptr<DeviceGraph> upload(const Graph& graph) = 0;

  // SpMV kernel names BackendOptions::spmv_kernel accepts (besides "auto").
  virtual std::vector<std::string> spmv_kernels() const = 0;
  // The kernel "auto" (or the forced name) picks for this graph and edge
  // direction: benchmark rows and run summaries print it.
  virtual std::string spmv_kernel_for(const DeviceGraph& a, Edges edges) const = 0;
  // SpMM kernel names BackendOptions::spmm_kernel accepts (besides "auto");
  // empty for a backend with a single SpMM kernel.
  virtual std::vector<std::string> spmm_kernels() const = 0;
  // The SpMM kernel "auto" (or the forced name) picks for this graph's
  // out-edges at this width.
  virtual std::string spmm_kernel_for(const DeviceGraph& a, std::size_t width) const = 0;

  // Times `work` on the backend's own clock (CUDA events on a GPU, a steady
  // clock on the CPU): `warmup` unmeasured runs, then `repetitions` measured
  // ones, each preceded by an unmeasured call of `between` (cache flush or
  // input rotation; may be empty). Returns milliseconds per measured run.
  virtual std::vector<double> time_runs(const std::function<void()>& work, const std::function<void()>& between,
                                        int warmup, int repetitions) = 0;

  // ---- SpMV: y<mask> = A (+.x) x, A = the descriptor's adjacency ----------
  // x and y have num_vertices entries; y may not alias x.
  virtual void spmv(const DeviceGraph& a, PlusTimes<float>, const SpmvDescriptor& d,
                    std::span<const float> x, std::span<float> y) = 0;
  virtual void spmv(const DeviceGraph& a, PlusTimes<double>, const SpmvDescriptor& d,
                    std::span<const double> x, std::span<double> y) = 0;
  virtual void spmv(const DeviceGraph& a, MinPlus, const SpmvDescriptor& d,
                    std::span<const float> x, std::span<float> y) = 0;
  virtual void spmv(const DeviceGraph& a, OrAnd, const SpmvDescriptor& d,
                    std::span<const std::uint8_t> x, std::span<std::uint8_t> y) = 0;
  virtual void spmv(const DeviceGraph& a, MinSecond, const SpmvDescriptor& d,
                    std::span<const vertex_t> x, std::span<vertex_t> y) = 0;

  // ---- SpMM: Y = A X (plus-times), X and Y row-major n x width ------------
  // d.mask and d.accumulate must be default (not supported for SpMM).
  virtual void spmm(const DeviceGraph& a, const SpmvDescriptor& d, std::span<const float> x,
                    std::span<float> y, std::size_t width) = 0;

  // ---- Push step of BFS: sparse frontier expansion (SpMSpV, MIN_SECOND) ----
  // For every u in frontier and out-edge u->v with level[v] == no_vertex:
  // v joins the next frontier with level[v] = depth and parent[v] = the
  // smallest such u (deterministic). Returns the next frontier's size; its ids
  // are written to next_frontier (capacity num_vertices), in any order.
  virtual std::size_t bfs_push(const DeviceGraph& a, std::span<const vertex_t> frontier,
                               vertex_t depth, std::span<vertex_t> level,
                               std::span<vertex_t> parent, std::span<vertex_t> next_frontier) = 0;
  // ---- Pull step of BFS (bottom-up; Beamer, Asanovic, Patterson SC'12) ------
  // Every vertex v with level[v] == no_vertex scans its in-neighbours (rows
  // of A^T, stored in increasing id order) and stops at the first one that is
  // in `frontier`: v's smallest-id parent on the previous level, the same
  // parent a push step picks, so a BFS result does not depend on the
  // directions taken. Reached vertices get level = depth and that parent and
  // are written to next_frontier (capacity num_vertices, any order). Returns
  // how many were reached.
  virtual std::size_t bfs_pull(const DeviceGraph& a, std::span<const vertex_t> frontier, vertex_t depth,
                               std::span<vertex_t> level, std::span<vertex_t> parent,
                               std::span<vertex_t> next_frontier) = 0;
  // Sum of degrees (per `edges`, out or in) of the listed vertices: the edges
  // a push step would touch (direction-optimizing heuristic).
  virtual edge_t degree_sum(const DeviceGraph& a, Edges edges, std::span<const vertex_t> vertices) = 0;
  // degree[v] = number of stored entries in row v of the chosen adjacency.
  virtual void degrees(const DeviceGraph& a, Edges edges, std::span<vertex_t> degree) = 0;

  // ---- Connected components by union-find (Afforest; Sutton et al. 2018) ---
  // `parent` is a forest over the vertices in which every root is the
  // smallest vertex of its tree (start: parent[v] = v). `state` is one
  // ForestState in backend memory (forest_state.hpp) that the three
  // primitives read and write on the device: none of them reads back, so a
  // whole WCC waits for the device once, at its end.
  // link_neighbours: for every vertex u with parent[u] != state.skip and
  // every entry k in [first, first + count) of u's row of the `edges`
  // adjacency (shorter rows give what they have; count may be
  // std::numeric_limits<edge_t>::max() for "the rest of the row"), unite the
  // trees of u and that neighbour by hooking the larger root under the
  // smaller, so roots stay the smallest id of their tree. parent[u] ==
  // state.skip is tested while others link, so a root hooked under skip
  // during the call may be skipped as well (it then lies in skip's tree, all
  // Afforest relies on).
  // Both link_neighbours and compress require 0 <= parent[v] <= v for every
  // v (what iota, linking and compression maintain: no id out of range, no
  // cycle). A parent that breaks it raises state.broken, and parent's
  // contents are then unspecified: the cpu backend checks every entry first
  // and changes nothing; the cuda backend checks each parent value its
  // kernels follow (compress follows every vertex, link_neighbours those it
  // links) and ends the walks that meet a violation, which saves a pass and
  // a read-back per call. Reading state is the caller's check. Bad sizes,
  // windows or a `state` that is not one element are UsageErrors, thrown
  // before anything runs.
  virtual void link_neighbours(const DeviceGraph& a, Edges edges, edge_t first, edge_t count,
                               std::span<vertex_t> parent, std::span<ForestState> state) = 0;
  // parent[v] = the root of v's tree (full path compression), and
  // state.roots = the number of trees (vertices with parent[v] == v).
  virtual void compress(std::span<vertex_t> parent, std::span<ForestState> state) = 0;
  // state.skip = the value held by the most of parent[sampled_vertex(i, n)],
  // i < samples (forest_state.hpp), the smallest on a tie; values outside
  // 0..n-1 (a broken forest) are not counted, and no_vertex is picked when
  // nothing is (parent empty). After a compress that is the root of the largest tree
  // with high probability (Afforest's giant component). samples in
  // 1..max_root_samples, else a UsageError.
  virtual void pick_skip_root(std::span<const vertex_t> parent, std::uint32_t samples,
                              std::span<ForestState> state) = 0;

  // ---- Connected components block by block -------------------------------
  // For graphs whose ids follow their locality (road maps, grids: most edges
  // join vertices a few thousand ids apart), components are found inside
  // blocks of block_vertices consecutive ids first (blocks [b * block_vertices,
  // (b + 1) * block_vertices)), then across them: every edge is read twice in
  // all, and no vertex of a block waits on another block's hooks.
  // local_block_vertices: the block size this backend takes for the `edges`
  // adjacency of `a`, or 0 when the graph's ids lack that locality (or the
  // backend has no block-local pass); weakly_connected_components then uses
  // Afforest's sampling instead.
  virtual vertex_t local_block_vertices(const DeviceGraph& a, Edges edges) const = 0;
  // local_forest: parent[v] = the smallest vertex of v's component in the
  // subgraph of the `edges` entries u -> w with u and w both in v's block
  // (direction ignored). parent is overwritten, whatever it held; the result
  // meets link_neighbours' precondition. block_vertices must be positive and
  // at most the backend's limit (cuda: LocalForestPolicy::max_block_vertices,
  // 16384, one block's shared memory), else a UsageError.
  virtual void local_forest(const DeviceGraph& a, Edges edges, vertex_t block_vertices,
                            std::span<vertex_t> parent) = 0;
  // link_across_blocks: link_neighbours over whole rows, restricted to the
  // entries u -> w whose w lies in another block than u; the same
  // precondition, skip test and state. block_vertices must be positive. On
  // an undirected graph without a skip vertex a backend may link each such
  // edge from one of its two entries only (the cuda backend takes the lower):
  // the trees joined are the same.
  virtual void link_across_blocks(const DeviceGraph& a, Edges edges, vertex_t block_vertices,
                                  std::span<vertex_t> parent, std::span<ForestState> state) = 0;

  // ---- Label propagation (CDLP) --------------------------------------------
  // out[v] = the most frequent label among labels[u] over v's neighbours per
  // `edges`; the smallest such label on a tie; labels[v] if v has none.
  // `labels_are`: what the caller promises of the labels (LabelSet).
  virtual void label_mode(const DeviceGraph& a, Edges edges, std::span<const vertex_t> labels,
                          std::span<vertex_t> out, LabelSet labels_are) = 0;
  void label_mode(const DeviceGraph& a, Edges edges, std::span<const vertex_t> labels, std::span<vertex_t> out) {
    label_mode(a, edges, labels, out, LabelSet::any);
  }

  // ---- Vector maps --------------------------------------------------------
  virtual void fill(std::span<float> v, float value) = 0;
  virtual void fill(std::span<double> v, double value) = 0;
  virtual void fill(std::span<vertex_t> v, vertex_t value) = 0;
  virtual void fill(std::span<std::uint8_t> v, std::uint8_t value) = 0;
  // out[i] = i (vertex ids, initial labels).
  virtual void iota(std::span<vertex_t> out) = 0;
  // y = a*x + b*y
  virtual void axpby(float a, std::span<const float> x, float b, std::span<float> y) = 0;
  // out = x .* y
  virtual void multiply(std::span<const float> x, std::span<const float> y, std::span<float> out) = 0;
  // out[i] = (degree[i] + add)^exponent, or 0 where degree[i] + add == 0
  // (1/deg for mean aggregation and PageRank, 1/sqrt(deg+1) for GCN).
  virtual void degree_power(std::span<const vertex_t> degree, vertex_t add, float exponent,
                            std::span<float> out) = 0;
  // flags[i] = (values[i] == 0)
  virtual void flag_zero(std::span<const float> values, std::span<std::uint8_t> flags) = 0;
  // out[i] = 1 / x[i], or 0 where x[i] == 0 (weighted PageRank: inverse
  // out-weight sums; degree_power's float counterpart).
  virtual void reciprocal(std::span<const float> x, std::span<float> out) = 0;
  // Row-major rows x width matrix: x[i, :] *= scale[i]
  virtual void scale_rows(std::span<float> x, std::size_t width, std::span<const float> scale) = 0;
  // out[i] = values[indices[i]]  (pointer jumping)
  virtual void gather(std::span<const vertex_t> values, std::span<const vertex_t> indices,
                      std::span<vertex_t> out) = 0;
  // Element-wise min: y = min(x, y)
  virtual void minimum(std::span<const vertex_t> x, std::span<vertex_t> y) = 0;

  // ---- PageRank's per-iteration vector pass, fused (no read-back) ----------
  // With y = A^T contribution just computed and d = damping:
  //   w       = (1 - d) + d * sums[0].dangling_mass   (the mass of the old rank)
  //   next_rank = w * teleport + d * y
  //   contribution = next_rank .* share               the next SpMV's input
  //   sums[0] = {L1 distance between rank and next_rank, next_rank's mass
  //              on the dangling vertices (share == 0)}
  // (rank_update.hpp has the arithmetic.) `sums` is one element in backend
  // memory, read and then replaced, so consecutive iterations chain on the
  // device and the host reads it only when it wants the residual. An empty
  // `teleport` is the uniform distribution 1/n, which then costs no reads.
  // The new rank goes to its own vector (the caller swaps the two): a pass
  // that rewrites the rank entries it has just read stalls on them and no
  // longer streams at memory bandwidth.
  virtual void pagerank_update(std::span<const float> y, std::span<const float> teleport, float damping,
                               std::span<const float> share, std::span<const float> rank,
                               std::span<float> next_rank, std::span<float> contribution,
                               std::span<RankSums> sums) = 0;

  // ---- One PageRank iteration: the pull SpMV and the rank update -----------
  // y = A^T contribution (plus-times with the `pull` descriptor), then
  // pagerank_update(y, teleport, damping, share, rank, next_rank,
  // next_contribution, sums): the same ranks and contributions, bit for bit,
  // as those two calls on this backend with its SpMV kernel, and the same
  // sums up to the order of their double additions. The default is exactly
  // those two calls (y lives for the call). cuda instead updates each rank
  // inside the row kernel of its SpMV, so y is never stored and read back and
  // the update costs no second pass (notes() says when the graph's kernel has
  // no such form and the two passes ran). Other rows still gather
  // `contribution` while `next_contribution` is written, so the two must be
  // distinct buffers: the caller swaps them, as it swaps rank and next_rank.
  // UsageError for Edges::both, a masked or accumulating descriptor, a vector
  // whose size is not num_vertices (teleport may be empty: uniform), or an
  // output (next_rank, next_contribution, sums) that overlaps an input or
  // another output.
  virtual void pagerank_step(const DeviceGraph& a, const SpmvDescriptor& pull, std::span<const float> contribution,
                             std::span<const float> teleport, float damping, std::span<const float> share,
                             std::span<const float> rank, std::span<float> next_rank,
                             std::span<float> next_contribution, std::span<RankSums> sums);

  // ---- Reductions (read back one scalar) -----------------------------------
  virtual double sum(std::span<const float> x) = 0;
  virtual double sum(std::span<const float> x, VertexMask mask) = 0;
  virtual double l1_distance(std::span<const float> x, std::span<const float> y) = 0;
  virtual std::size_t count_nonzero(std::span<const std::uint8_t> x) = 0;
  virtual std::size_t count_different(std::span<const vertex_t> x, std::span<const vertex_t> y) = 0;
};

}  // namespace graphrun
