#pragma once
// The core primitive interface: SpMV, SpMM, maps, reductions and memory, the
// calls every algorithm may ask of a backend. Algorithms (algorithms/) are
// written once against this class and, for the steps no semiring product
// expresses (BFS steps, union-find, the label mode, PageRank's step), against
// the kernel interfaces of their family (algorithms/include/graphrun/
// algorithms/kernels/); cpu, cuda and cusparse implement both (kernels/).
// All spans point into the backend's memory (see memory.hpp); scalars
// returned to the host are the only reads back.
//
// Non-virtual interface: every public primitive is non-virtual, checks its
// arguments once for all backends (sizes, aliasing, adjacencies, descriptor
// flags; engine/src/backend.cpp) and then calls a protected virtual do_...
// that a backend implements. A do_ function may therefore assume the
// contract stated here; it checks only what depends on the backend (a graph
// of another backend, its own limits) or on the data (ids out of range).
// Vectors of several element types reach one virtual as RawSpans
// (raw_span.hpp) and semirings as a SemiringId: the public calls stay typed,
// and primitive_dispatch.hpp turns the tags back into types for kernels.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "graphrun/device_input.hpp"
#include "graphrun/graph.hpp"
#include "graphrun/memory.hpp"
#include "graphrun/raw_span.hpp"
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

class Backend;

// A graph resident in a backend's memory: uploaded once, reused by every call.
// Each backend derives its own type holding its formats (CSR, CSC, ELL, ...).
// A graph keeps the backend that uploaded it alive (Backend::upload), so it
// may outlive its Engine: its memory goes back to a live pool.
class DeviceGraph {
 public:
  DeviceGraph(vertex_t num_vertices, edge_t num_entries, bool directed, bool weighted)
      : num_vertices_(num_vertices), num_entries_(num_entries), directed_(directed), weighted_(weighted) {}
  virtual ~DeviceGraph() = default;
  DeviceGraph(const DeviceGraph&) = delete;
  DeviceGraph& operator=(const DeviceGraph&) = delete;

  vertex_t num_vertices() const { return num_vertices_; }
  edge_t num_entries() const { return num_entries_; }
  bool directed() const { return directed_; }
  // False for a pattern graph (every weight 1), even where the backend
  // stores the ones.
  bool weighted() const { return weighted_; }
  // Bytes this graph holds in backend memory now (formats built so far);
  // arrays it borrows (Backend::adopt_device_csr) are not counted.
  virtual std::size_t bytes() const = 0;
  // The out-CSR's arrays in backend memory, read-only: for interop (a
  // framework's view of them) and Backend::download_graph. `values` is null
  // for a pattern graph.
  virtual DeviceCsrArrays out_csr() const = 0;

 private:
  friend class Backend;
  vertex_t num_vertices_;
  edge_t num_entries_;
  bool directed_;
  bool weighted_;
  // A base-class member: released after the derived graph's arrays.
  std::shared_ptr<const Backend> uploaded_by_;
};

// Which product a kernel name list is for (Backend::spmv_kernels, spmm_kernels).
enum class Product : std::uint8_t { spmv, spmm };

// The element-wise maps behind Backend's map primitives (do_map); their
// operands, typed by the public call, travel in MapOperands.
enum class MapOp : std::uint8_t { axpby, multiply, minimum, degree_power, flag_zero, reciprocal, scale_rows };

// Operands of a map, as each public map fills them (the others stay default):
//   axpby         out = a*x + b*out                    x, out: float
//   multiply      out = x .* y                         x, y, out: float
//   minimum       out = min(x, out)                    x, out: vertex
//   degree_power  out = (x + add)^a, 0 where x+add==0  x: vertex, out: float
//   flag_zero     out = (x == 0)                       x: float, out: byte
//   reciprocal    out = 1/x, 0 where x == 0            x, out: float
//   scale_rows    out[i, :] *= x[i], `width` columns   x, out: float
struct MapOperands {
  ConstRawSpan x;
  ConstRawSpan y;
  RawSpan out;
  float a = 0.0f;
  float b = 0.0f;
  vertex_t add = 0;
  std::size_t width = 0;
};

// The reductions behind do_reduce. sum and masked_sum read x (masked_sum
// under the mask), l1_distance and count_different x and y (count_different:
// vertex or float elements), count_nonzero x.
enum class ReduceOp : std::uint8_t { sum, masked_sum, l1_distance, count_nonzero, count_different };

// A reduction's host result: `value` for the sums, `count` for the counts.
struct Reduction {
  double value = 0.0;
  std::size_t count = 0;
};

// Where Backend::build_graph built a graph, and why there.
struct BuildReport {
  std::string where = "host";  // "host" or "device"
  std::string why;             // the reason, in words
};

// Which build a caller asks for: auto (the device when the backend has one
// and the build fits its free memory, else the host), or one of them.
enum class BuildPlace : std::uint8_t { automatic, host, device };

// A graph a backend made in its own memory from arrays already there
// (build_device_graph, adopt_device_csr), with what a host build reports.
// Its vertex ids are positions.
struct DeviceBuild {
  std::unique_ptr<DeviceGraph> graph;
  BuildStats stats;
};

// What do_device_graph makes a graph from, as the public call fills it:
//   edges  build_device_graph: `edges` built with `options`
//   csr    adopt_device_csr: `csr` read in place, `directed`, `owner`
struct DeviceGraphSource {
  enum class Kind : std::uint8_t { edges, csr } kind = Kind::edges;
  DeviceEdgeArrays edges;
  BuildOptions options;
  DeviceCsrArrays csr;
  bool directed = true;
  std::shared_ptr<const void> owner;
};

// Backends are owned by std::shared_ptr (make_backend, Engine): each graph
// they upload shares that ownership.
class Backend : public std::enable_shared_from_this<Backend> {
 public:
  virtual ~Backend() = default;

  BackendKind kind() const { return do_kind(); }
  // e.g. "cpu (OpenMP, 16 threads)" or "NVIDIA H100 80GB HBM3 (device 0)".
  std::string device_name() const { return do_device_name(); }
  MemoryResource& memory() { return do_memory(); }
  // Waits until every queued primitive finished (timing, host reads).
  void synchronize() { do_synchronize(); }
  // Waits until all work on the device finished, other code's included (a
  // framework's stream that used memory this backend handed out): before
  // such memory is freed or reused.
  void synchronize_device() { do_synchronize_device(); }
  // Things the user should know about how their request ran, e.g. "cusparse:
  // min-plus SpMV ran on the native cuda kernel". Never silent fallbacks.
  std::vector<std::string> notes() const { return notes_; }

  // The graph shares ownership of this backend; UsageError when no
  // std::shared_ptr owns it.
  std::unique_ptr<DeviceGraph> upload(const Graph& graph);
  // Graph::build's result, built where `place` says: a device build gives
  // exactly the host build's CSR (ids, order, merged values, statistics) and
  // throws the same errors. BuildPlace::device on a backend without a
  // device, or a build that does not fit, is a UsageError; automatic falls
  // back to the host and says why in `report`.
  Graph build_graph(EdgeList&& edges, const BuildOptions& options, BuildPlace place = BuildPlace::automatic,
                    BuildReport* report = nullptr);

  // Graph::build's CSR of an edge list that is already in this backend's
  // memory, built there without copying the list anywhere: the same CSR
  // entry for entry, the same statistics and the same errors as the host
  // build of that list with `options` (ids: positions; an id outside
  // 0..n-1 is a UsageError naming the edge). A directed graph gets its
  // transpose built there too. UsageError on a backend without a device,
  // or when the build does not fit the free memory.
  DeviceBuild build_device_graph(const DeviceEdgeArrays& edges, const BuildOptions& options);
  // A graph that reads `csr` in place for its whole life (no copy; the
  // out-CSR's arrays are csr's, see DeviceGraph::out_csr), `owner` keeping
  // them alive; a pattern CSR stays without values, a directed one gets
  // its transpose. io::adopt_csr's checks run on the device (canonical
  // rows, finite values, symmetric when !directed); when one fails, the
  // arrays are copied to the host once to name the problem in adopt_csr's
  // words: a UsageError "what: ...". UsageError on a backend without a device.
  DeviceBuild adopt_device_csr(const DeviceCsrArrays& csr, bool directed, std::shared_ptr<const void> owner,
                               const std::string& what = "the CSR arrays");
  // The host Graph of a graph this backend holds: its out-CSR copied back,
  // `stats` as given (a device build's own), vertex v's id v + id_base
  // (0: positions; 1: what a generated edge list's Graph::build numbers).
  Graph download_graph(const DeviceGraph& graph, const BuildStats& stats = {}, std::int64_t id_base = 0);

  // SpMV kernel names BackendOptions::spmv_kernel accepts (besides "auto").
  std::vector<std::string> spmv_kernels() const { return do_kernel_names(Product::spmv); }
  // The kernel "auto" (or the forced name) picks for this graph and edge
  // direction: benchmark rows and run summaries print it.
  std::string spmv_kernel_for(const DeviceGraph& a, Edges edges) const { return do_spmv_kernel_for(a, edges); }
  // SpMM kernel names BackendOptions::spmm_kernel accepts (besides "auto");
  // empty for a backend with a single SpMM kernel.
  std::vector<std::string> spmm_kernels() const { return do_kernel_names(Product::spmm); }
  // The SpMM kernel "auto" (or the forced name) picks for this graph's
  // out-edges at this width.
  std::string spmm_kernel_for(const DeviceGraph& a, std::size_t width) const { return do_spmm_kernel_for(a, width); }

  // Times `work` on the backend's own clock (CUDA events on a GPU, a steady
  // clock on the CPU): `warmup` unmeasured runs, then `repetitions` measured
  // ones, each preceded by an unmeasured call of `between` (cache flush or
  // input rotation; may be empty). Returns milliseconds per measured run.
  std::vector<double> time_runs(const std::function<void()>& work, const std::function<void()>& between, int warmup,
                                int repetitions) {
    return do_time_runs(work, between, warmup, repetitions);
  }

  // ---- SpMV: y<mask> = A (+.x) x, A = the descriptor's adjacency ----------
  // x and y have num_vertices entries; y may not alias x; d.edges is out or
  // in (Edges::both is two adjacencies). UsageError otherwise.
  void spmv(const DeviceGraph& a, PlusTimes<float>, const SpmvDescriptor& d, std::span<const float> x,
            std::span<float> y);
  void spmv(const DeviceGraph& a, PlusTimes<double>, const SpmvDescriptor& d, std::span<const double> x,
            std::span<double> y);
  void spmv(const DeviceGraph& a, MinPlus, const SpmvDescriptor& d, std::span<const float> x, std::span<float> y);
  void spmv(const DeviceGraph& a, OrAnd, const SpmvDescriptor& d, std::span<const std::uint8_t> x,
            std::span<std::uint8_t> y);
  void spmv(const DeviceGraph& a, MinSecond, const SpmvDescriptor& d, std::span<const vertex_t> x,
            std::span<vertex_t> y);

  // ---- SpMM: Y = A X (plus-times), X and Y row-major n x width ------------
  // d.mask and d.accumulate must be default (not supported for SpMM); Y may
  // not alias X; d.edges is out or in.
  void spmm(const DeviceGraph& a, const SpmvDescriptor& d, std::span<const float> x, std::span<float> y,
            std::size_t width);

  // degree[v] = number of stored entries in row v of the chosen adjacency;
  // degree has num_vertices entries. Edges::both: the cpu backend counts both
  // adjacencies, the cuda backends refuse it (UsageError).
  void degrees(const DeviceGraph& a, Edges edges, std::span<vertex_t> degree);

  // ---- Vector maps --------------------------------------------------------
  void fill(std::span<float> v, float value) { do_fill(RawSpan(v), Scalar::of(value)); }
  void fill(std::span<double> v, double value) { do_fill(RawSpan(v), Scalar::of(value)); }
  void fill(std::span<vertex_t> v, vertex_t value) { do_fill(RawSpan(v), Scalar::of(value)); }
  // Levels (and other signed 32-bit words: rounds) are filled through the
  // vertex ids' primitive, with the same bits.
  void fill(std::span<level_t> v, level_t value) {
    static_assert(sizeof(level_t) == sizeof(vertex_t) && !std::is_same_v<level_t, vertex_t>);
    fill(std::span<vertex_t>(reinterpret_cast<vertex_t*>(v.data()), v.size()), static_cast<vertex_t>(value));
  }
  void fill(std::span<std::uint8_t> v, std::uint8_t value) { do_fill(RawSpan(v), Scalar::of(value)); }
  // out[i] = i (vertex ids, initial labels); at most max_vertices entries.
  void iota(std::span<vertex_t> out);
  // y = a*x + b*y
  void axpby(float a, std::span<const float> x, float b, std::span<float> y);
  // out = x .* y
  void multiply(std::span<const float> x, std::span<const float> y, std::span<float> out);
  // out[i] = (degree[i] + add)^exponent, or 0 where degree[i] + add == 0
  // (1/deg for mean aggregation and PageRank, 1/sqrt(deg+1) for GCN).
  void degree_power(std::span<const vertex_t> degree, vertex_t add, float exponent, std::span<float> out);
  // flags[i] = (values[i] == 0)
  void flag_zero(std::span<const float> values, std::span<std::uint8_t> flags);
  // out[i] = 1 / x[i], or 0 where x[i] == 0 (weighted PageRank: inverse
  // out-weight sums; degree_power's float counterpart).
  void reciprocal(std::span<const float> x, std::span<float> out);
  // Row-major rows x width matrix: x[i, :] *= scale[i]
  void scale_rows(std::span<float> x, std::size_t width, std::span<const float> scale);
  // out[i] = values[indices[i]]  (pointer jumping); out may alias neither
  // input; an index outside values is a UsageError.
  void gather(std::span<const vertex_t> values, std::span<const vertex_t> indices, std::span<vertex_t> out);
  // Element-wise min: y = min(x, y)
  void minimum(std::span<const vertex_t> x, std::span<vertex_t> y);

  // ---- Reductions (read back one scalar) -----------------------------------
  double sum(std::span<const float> x);
  double sum(std::span<const float> x, VertexMask mask);
  double l1_distance(std::span<const float> x, std::span<const float> y);
  std::size_t count_nonzero(std::span<const std::uint8_t> x);
  std::size_t count_different(std::span<const vertex_t> x, std::span<const vertex_t> y);
  // Float entries compare by value: NaN differs from everything, +inf == +inf.
  std::size_t count_different(std::span<const float> x, std::span<const float> y);

 protected:
  // ---- What a backend implements (20 virtual functions) --------------------
  // Each is called by the public primitive of the same name after its checks.
  virtual BackendKind do_kind() const = 0;
  virtual std::string do_device_name() const = 0;
  virtual MemoryResource& do_memory() = 0;
  virtual void do_synchronize() = 0;
  // Default: synchronize() (a backend whose work all runs in its own calls).
  virtual void do_synchronize_device() { do_synchronize(); }
  virtual std::unique_ptr<DeviceGraph> do_upload(const Graph& graph) = 0;
  // The device build, or nullopt with `why` filled when this backend cannot
  // build there (no device, too little free memory). Default: no device.
  virtual std::optional<Graph> do_build_on_device(EdgeList& edges, const BuildOptions& options, std::string& why);
  // build_device_graph and adopt_device_csr after the shared argument
  // checks (arrays present, counts in range); a CSR that fails its checks
  // gives a null graph. Default: UsageError (no device).
  virtual DeviceBuild do_device_graph(const DeviceGraphSource& source);
  virtual std::vector<std::string> do_kernel_names(Product product) const = 0;
  virtual std::string do_spmv_kernel_for(const DeviceGraph& a, Edges edges) const = 0;
  virtual std::string do_spmm_kernel_for(const DeviceGraph& a, std::size_t width) const = 0;
  virtual std::vector<double> do_time_runs(const std::function<void()>& work, const std::function<void()>& between,
                                           int warmup, int repetitions) = 0;
  // x and y hold the semiring's value type, num_vertices entries each.
  virtual void do_spmv(const DeviceGraph& a, SemiringId semiring, const SpmvDescriptor& d, ConstRawSpan x,
                       RawSpan y) = 0;
  // x and y are num_vertices x width (either may be 0); no mask, no accumulate.
  virtual void do_spmm(const DeviceGraph& a, const SpmvDescriptor& d, std::span<const float> x, std::span<float> y,
                       std::size_t width) = 0;
  virtual void do_degrees(const DeviceGraph& a, Edges edges, std::span<vertex_t> degree) = 0;
  // value has v's element type.
  virtual void do_fill(RawSpan v, Scalar value) = 0;
  virtual void do_iota(std::span<vertex_t> out) = 0;
  // Sizes as MapOperands' table states (scale_rows: width > 0).
  virtual void do_map(MapOp op, const MapOperands& operands) = 0;
  // False when an index lies outside values (out's contents are then
  // unspecified); the public gather reports it.
  virtual bool do_gather(std::span<const vertex_t> values, std::span<const vertex_t> indices,
                         std::span<vertex_t> out) = 0;
  // x and y (when read) have equal sizes.
  virtual Reduction do_reduce(ReduceOp op, ConstRawSpan x, ConstRawSpan y, VertexMask mask) = 0;

  // Records a note for notes(); repeated notes are kept once, so a fallback
  // taken in every iteration reports once.
  void add_note(std::string note);

 private:
  template <class Semiring>
  void checked_spmv(const DeviceGraph& a, const SpmvDescriptor& d, std::span<const typename Semiring::value_type> x,
                    std::span<typename Semiring::value_type> y);

  std::vector<std::string> notes_;
};

}  // namespace graphrun
