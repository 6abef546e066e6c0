// label_mode (the CDLP step) of the CUDA backend against the CPU backend,
// exact: Edges out / in / both; labels from a small range (ties are common,
// so the smallest-label rule is exercised), from the full id range, and
// extreme values (2^31 is the shared hash tables' free-slot pattern); rows
// of exactly each class limit of the CUDA kernels and one more (thread rows,
// staged short and wide rows, warp table, block table, huge rows cut into
// chunks), more rows of each listed class than their grids take at once
// (the shared-table kernels' groups then claim rows dynamically), hubs of
// many chunks; a label spread thinly over a hub's chunks against one
// concentrated in a chunk (the cross-chunk merge); and labels chosen so that
// every one hashes to the same slot (longest probe chains, wrap-around);
// distinct labels over the whole int range with LabelSet::distinct (the
// CUDA kernels then take the maximum key without counting on a single
// adjacency, and count on Edges::both, where a neighbour may repeat),
// against the CPU's counting; graphs on few diagonals read through a stencil copy's masks (one
// per network width and mask size), with the edge cases; and the classes
// run beside the huge rows on a second stream, and without one; and
// count_changes, the stopping record of a run until stable.
#include <algorithm>
#include <cstdint>
#include <iterator>
#include <limits>
#include <numeric>
#include <random>
#include <string>
#include <utility>

#include "cuda_test_support.hpp"
#include "kernels/cuda/cuda_backend.cuh"
#include "kernels/cuda/label_mode/label_mode.cuh"
#include "kernels/cuda/label_mode/row_classes.hpp"
#include "graphrun/algorithms/kernels/label_kernels.hpp"

namespace graphrun::test {

namespace {

using cuda::label_mode_detail::block_chunk_entries;
using cuda::label_mode_detail::medium_row_limit;
using cuda::label_mode_detail::short_row_limit;
using cuda::label_mode_detail::thread_row_limit;
using cuda::label_mode_detail::wide_row_limit;

enum class LabelKind { few, some, vertex_ids, extreme_ints };

const char* name_of(LabelKind kind) {
  switch (kind) {
    case LabelKind::few: return "labels in 0..2 and no_vertex";
    case LabelKind::some: return "labels in 0..39 and no_vertex";
    case LabelKind::vertex_ids: return "labels in 0..n-1 and no_vertex";
    case LabelKind::extreme_ints: return "labels from {0, 5, 2^30, 2^31-1, 2^31, 2^31+1, 2^32-2, no_vertex}";
  }
  return "?";
}

// Labels 0..largest, with `largest + 1` drawn as no_vertex (any 32-bit
// pattern is a label).
std::vector<vertex_t> labels_up_to(std::mt19937_64& rng, std::size_t size, vertex_t largest) {
  std::vector<vertex_t> labels = random_vector<vertex_t>(rng, size, 0, largest + 1);
  for (vertex_t& label : labels)
    if (label == largest + 1) label = no_vertex;
  return labels;
}

std::vector<vertex_t> random_labels(std::mt19937_64& rng, LabelKind kind, vertex_t n) {
  const auto size = static_cast<std::size_t>(n);
  switch (kind) {
    case LabelKind::few: return labels_up_to(rng, size, 2);
    case LabelKind::some: return labels_up_to(rng, size, 39);
    case LabelKind::vertex_ids: return labels_up_to(rng, size, n > 0 ? n - 1 : 0);
    case LabelKind::extreme_ints: {
      // 2^31 is the shared tables' free-slot pattern.
      const vertex_t choices[] = {0, 5, 1u << 30, 0x7fffffffu, 0x80000000u, 0x80000001u, no_vertex - 1, no_vertex};
      std::vector<vertex_t> labels(size);
      std::uniform_int_distribution<int> pick(0, 7);
      for (vertex_t& label : labels) label = choices[pick(rng)];
      return labels;
    }
  }
  return {};
}

// n distinct labels spread over the whole 32-bit range (2^31, the shared
// tables' free-slot pattern, among them), in random order.
std::vector<vertex_t> distinct_labels(std::mt19937_64& rng, vertex_t n) {
  const std::uint64_t step = n > 0 ? (std::uint64_t{1} << 32) / static_cast<std::uint64_t>(n) : 1;
  std::vector<vertex_t> labels(static_cast<std::size_t>(n));
  for (std::size_t k = 0; k < labels.size(); ++k)
    labels[k] = static_cast<vertex_t>(static_cast<std::uint32_t>(0x80000000u + k * step));
  std::shuffle(labels.begin(), labels.end(), rng);
  return labels;
}

std::vector<vertex_t> run_label_mode(Backend& backend, const DeviceGraph& graph, Edges edges,
                                     const std::vector<vertex_t>& labels, LabelSet labels_are = LabelSet::any) {
  auto in = to_backend(backend, labels);
  auto out = to_backend(backend, poisoned<vertex_t>(labels.size()));
  label_kernels(backend).label_mode(graph, edges, in, out, labels_are);
  return out.to_host();
}

const char* name_of(Edges edges) {
  return edges == Edges::out ? "out" : edges == Edges::in ? "in" : "both";
}

// `options`: the CUDA backend's; its SpMV kernel decides whether label_mode
// reads a stencil copy's diagonal masks (stencil, stencil-packed, or auto
// resolving to one) or the CSR.
void check_label_mode(const std::vector<NamedGraph>& graphs, std::mt19937_64& rng,
                      const BackendOptions& options = {}) {
  const auto cpu = cpu_backend();
  const auto gpu = cuda_backend(options);
  for (const NamedGraph& g : graphs) {
    const auto on_cpu = cpu->upload(g.graph);
    const auto on_gpu = gpu->upload(g.graph);
    const vertex_t n = g.graph.num_vertices();
    const auto size = static_cast<std::size_t>(n);
    for (const Edges edges : {Edges::out, Edges::in, Edges::both}) {
      for (const LabelKind kind : {LabelKind::few, LabelKind::some, LabelKind::vertex_ids, LabelKind::extreme_ints}) {
        INFO("graph " << g.name << ", Edges " << name_of(edges) << ", " << name_of(kind));
        const auto labels = random_labels(rng, kind, n);
        CHECK_SAME(compare_exact(run_label_mode(*cpu, *on_cpu, edges, labels),
                                 run_label_mode(*gpu, *on_gpu, edges, labels)));
      }
      INFO("graph " << g.name << ", Edges " << name_of(edges) << ", distinct labels, LabelSet::distinct");
      const auto labels = distinct_labels(rng, n);
      CHECK_SAME(compare_exact(run_label_mode(*cpu, *on_cpu, edges, labels),
                               run_label_mode(*gpu, *on_gpu, edges, labels, LabelSet::distinct)));
    }
    {
      INFO("graph " << g.name << ", three synchronous CDLP rounds from iota");
      std::vector<vertex_t> expected, actual;
      for (Backend* backend : {cpu.get(), gpu.get()}) {
        const DeviceGraph& graph = backend == cpu.get() ? *on_cpu : *on_gpu;
        DeviceVector<vertex_t> a(backend->memory(), size), b(backend->memory(), size);
        backend->iota(a);
        for (int round = 0; round < 3; ++round) {
          label_kernels(*backend).label_mode(graph, Edges::both, a, b, round == 0 ? LabelSet::distinct : LabelSet::any);
          std::swap(a, b);
        }
        (backend == cpu.get() ? expected : actual) = a.to_host();
      }
      CHECK_SAME(compare_exact(expected, actual));
    }
  }
}

// Appends a row `v` -> `length` distinct random targets in [first_target, n).
void add_row(std::mt19937_64& rng, vertex_t v, vertex_t length, vertex_t n, std::vector<vertex_t>& src,
             std::vector<vertex_t>& dst, vertex_t first_target = 0) {
  std::vector<vertex_t> targets(static_cast<std::size_t>(n - first_target));
  std::iota(targets.begin(), targets.end(), first_target);
  std::shuffle(targets.begin(), targets.end(), rng);
  for (vertex_t k = 0; k < length; ++k) {
    src.push_back(v);
    dst.push_back(targets[static_cast<std::size_t>(k)]);
  }
}

// Out-rows of exactly each length where the CUDA kernels change shape and
// one more (rows 0, 1, ... in this order; the rest of the rows are empty).
NamedGraph class_boundary_rows(std::mt19937_64& rng) {
  constexpr auto thread = static_cast<vertex_t>(thread_row_limit);
  constexpr auto shorter = static_cast<vertex_t>(short_row_limit);
  constexpr auto wide = static_cast<vertex_t>(wide_row_limit);
  constexpr auto medium = static_cast<vertex_t>(medium_row_limit);
  constexpr auto chunk = static_cast<vertex_t>(block_chunk_entries);
  const vertex_t lengths[] = {1,          2,           3,          4,          5,         thread,    thread + 1,
                              16,         17,          shorter,    shorter + 1, wide,     wide + 1,  medium,
                              medium + 1, chunk - 1,   chunk,      chunk + 1,  2 * chunk, 2 * chunk + 1,
                              3 * chunk + 1, 9 * chunk + 77};
  const vertex_t n = 9 * chunk + 500;
  std::vector<vertex_t> src, dst;
  vertex_t row = 0;
  for (const vertex_t length : lengths) add_row(rng, row++, length, n, src, dst);
  return {"rows of exactly 1..9*2048+77 entries at class boundaries",
          graph_from_edges(n, src, dst, std::vector<float>(src.size(), 1.0f), false)};
}

// Rows of thread_row_limit + 1 .. `widest` neighbours: the short-rows
// kernel sorts each warp's rows with the narrowest network that fits its
// widest row (16 or 32), so widest 16 and 32 run each network on full
// warps; widest = wide_row_limit mixes short rows with wide ones (the
// 64-wide kernel). Among them rows of <= thread_row_limit and of
// wide_row_limit + 1 (other kernels), and empty rows.
NamedGraph short_rows_up_to(std::mt19937_64& rng, vertex_t widest) {
  constexpr auto thread = static_cast<vertex_t>(thread_row_limit);
  const vertex_t rows = 300;
  const vertex_t n = rows + 100;
  std::uniform_int_distribution<vertex_t> short_length(thread + 1, widest);
  std::uniform_int_distribution<vertex_t> other_length(0, thread);
  std::vector<vertex_t> src, dst;
  for (vertex_t v = 0; v < rows; ++v) {
    vertex_t length = v % 5 == 4 ? other_length(rng) : short_length(rng);
    if (v == 0) length = widest;
    if (v == 1) length = thread + 1;
    if (v == rows - 1) length = static_cast<vertex_t>(wide_row_limit) + 1;
    add_row(rng, v, length, n, src, dst);
  }
  return {"rows of " + std::to_string(thread + 1) + ".." + std::to_string(widest) + " neighbours among others",
          graph_from_edges(n, src, dst, std::vector<float>(src.size(), 1.0f), false)};
}

// `rows` rows of each length band (short rows, wide rows) in turn, targets
// distinct within a row and drawn from all n = 4 x rows vertices: more
// listed rows than the short and wide kernels' grids take at once (132 SMs
// x 32 or 20 warps x 32 rows on an H100), so their warps walk on.
NamedGraph many_listed_rows(std::mt19937_64& rng, vertex_t rows) {
  const std::pair<vertex_t, vertex_t> bands[] = {{static_cast<vertex_t>(thread_row_limit) + 1, 16},
                                                 {static_cast<vertex_t>(short_row_limit) + 1, 40}};
  const vertex_t n = 2 * rows * static_cast<vertex_t>(std::size(bands));
  std::uniform_int_distribution<vertex_t> target(0, n - 1);
  std::vector<vertex_t> src, dst, row_targets;
  for (vertex_t v = 0; v < n / 2; ++v) {
    const auto [low, high] = bands[static_cast<std::size_t>(v % static_cast<vertex_t>(std::size(bands)))];
    const vertex_t length = std::uniform_int_distribution<vertex_t>(low, high)(rng);
    row_targets.clear();
    while (static_cast<vertex_t>(row_targets.size()) < length) {
      const vertex_t t = target(rng);
      if (std::find(row_targets.begin(), row_targets.end(), t) == row_targets.end()) row_targets.push_back(t);
    }
    for (const vertex_t t : row_targets) {
      src.push_back(v);
      dst.push_back(t);
    }
  }
  return {std::to_string(rows) + " rows of 9..16 and of 33..40 neighbours, interleaved",
          graph_from_edges(n, src, dst, std::vector<float>(src.size(), 1.0f), false)};
}

// Vertex 0 -> 1..degree and nothing else, on the CPU and the CUDA
// backend: row 0's entry k is neighbour k + 1, so a test places labels at
// entry positions by vertex id.
struct HubOnBoth {
  explicit HubOnBoth(vertex_t degree) : graph(hub_graph(degree)) {}

  std::shared_ptr<Backend> cpu = cpu_backend();
  std::shared_ptr<Backend> gpu = cuda_backend();
  Graph graph;
  std::unique_ptr<DeviceGraph> on_cpu = cpu->upload(graph);
  std::unique_ptr<DeviceGraph> on_gpu = gpu->upload(graph);

  static Graph hub_graph(vertex_t degree) {
    std::vector<vertex_t> src(static_cast<std::size_t>(degree), 0), dst(static_cast<std::size_t>(degree));
    std::iota(dst.begin(), dst.end(), 1);
    return graph_from_edges(degree + 1, src, dst, std::vector<float>(src.size(), 1.0f), false);
  }
};

// More medium rows, block rows and huge rows' chunks than three times the
// warps or blocks their kernels launch (132 SMs x 4 x 8 warps, 132 x 5
// blocks on an H100), so the groups claim items from the cursors past the
// three each takes without: 20000 rows of 65..128 neighbours, 4000 of
// 257..600, and 80 rows of 30 chunks (2400 chunks). Targets within a row
// are distinct: start + k x stride modulo a prime n.
NamedGraph many_table_rows(std::mt19937_64& rng) {
  const vertex_t n = 200003;  // prime: every stride is coprime to it
  const auto chunk = static_cast<vertex_t>(block_chunk_entries);
  std::uniform_int_distribution<vertex_t> start(0, n - 1), stride(1, n - 1);
  std::uniform_int_distribution<vertex_t> medium_length(static_cast<vertex_t>(wide_row_limit) + 1, 128);
  std::uniform_int_distribution<vertex_t> block_length(static_cast<vertex_t>(medium_row_limit) + 1, 600);
  std::vector<vertex_t> src, dst;
  const auto add = [&](vertex_t v, vertex_t length) {
    const std::int64_t first = start(rng), step = stride(rng);
    for (std::int64_t k = 0; k < length; ++k) {
      src.push_back(v);
      dst.push_back(static_cast<vertex_t>((first + k * step) % n));
    }
  };
  vertex_t v = 0;
  for (; v < 20000; ++v) add(v, medium_length(rng));
  for (; v < 24000; ++v) add(v, block_length(rng));
  for (; v < 24080; ++v) add(v, 30 * chunk - 7);
  return {"20000 medium rows, 4000 block rows, 80 huge rows of 30 chunks",
          graph_from_edges(n, src, dst, std::vector<float>(src.size(), 1.0f), false)};
}

// Vertex r -> r + d for each d of `diagonals` that stays in [0, n), kept
// with probability `keep` (so rows miss some diagonals, and some miss all).
// Undirected: each edge is stored both ways, so the diagonals are +-d.
NamedGraph diagonal_graph(std::mt19937_64& rng, std::string name, vertex_t n,
                          const std::vector<std::int64_t>& diagonals, double keep, bool undirected) {
  std::bernoulli_distribution kept(keep);
  std::vector<vertex_t> src, dst;
  for (vertex_t r = 0; r < n; ++r)
    for (const std::int64_t d : diagonals)
      if (r + d >= 0 && r + d < n && kept(rng)) {
        src.push_back(r);
        dst.push_back(static_cast<vertex_t>(r + d));
      }
  return {std::move(name), graph_from_edges(n, src, dst, std::vector<float>(src.size(), 1.0f), undirected)};
}

// The 26 neighbours of a 27-point stencil on an nx x ny x nz grid, as
// column - row offsets (the self-loop left out, as in a mesh graph).
std::vector<std::int64_t> mesh_27_diagonals(std::int64_t nx, std::int64_t ny) {
  std::vector<std::int64_t> diagonals;
  for (std::int64_t dz = -1; dz <= 1; ++dz)
    for (std::int64_t dy = -1; dy <= 1; ++dy)
      for (std::int64_t dx = -1; dx <= 1; ++dx)
        if (dx != 0 || dy != 0 || dz != 0) diagonals.push_back(dz * nx * ny + dy * nx + dx);
  return diagonals;
}

// Graphs whose entries lie on at most 32 diagonals, one for each network
// width of the diagonal-rows kernel (8, 16, 32) and each mask size of
// stencil-packed (1, 2, 4 bytes), each with rows missing diagonals and
// empty rows. The meshes and the road-like grid have more rows than the
// kernel's grid takes at once on an H100 (132 SMs x 8 or 16 blocks x 128
// threads), so its threads walk on.
std::vector<NamedGraph> diagonal_graphs(std::mt19937_64& rng) {
  const std::int64_t road_width = 600;
  std::vector<std::int64_t> wide_band;
  for (std::int64_t d = -16; d < 16; ++d) wide_band.push_back(3 * d);
  return {
      diagonal_graph(rng, "undirected 27-point mesh 12x12x12, 85 % of its edges", 12 * 12 * 12,
                     mesh_27_diagonals(12, 12), 0.92, true),
      diagonal_graph(rng, "undirected 27-point mesh 64x64x40, 90 % of its edges", 64 * 64 * 40,
                     mesh_27_diagonals(64, 64), 0.95, true),
      diagonal_graph(rng, "undirected road-like grid 600x600 (6 diagonals), 60 % of its edges",
                     road_width * road_width, {1, road_width, road_width + 1}, 0.77, true),
      diagonal_graph(rng, "directed band of 12 diagonals with self-loops, 50 % of its entries", 5000,
                     {-40, -9, -5, -3, -1, 0, 1, 2, 4, 8, 30, 41}, 0.5, false),
      diagonal_graph(rng, "directed band of 32 diagonals (a full mask)", 4000, wide_band, 1.0, false),
      diagonal_graph(rng, "directed, 3 diagonals, 30 % of the entries (a third of the rows empty)", 3000,
                     {-7, 0, 7}, 0.3, false),
      diagonal_graph(rng, "n = 1 with a self-loop", 1, {0}, 1.0, false),
  };
}

// The inverse of an odd number modulo 2^32 (Newton's iteration doubles the
// correct low bits each step: 3 -> 6 -> 12 -> 24 -> 48 >= 32).
std::uint32_t inverse_mod_2_32(std::uint32_t odd) {
  std::uint32_t inverse = odd;  // correct to 3 bits for any odd number
  for (int step = 0; step < 5; ++step) inverse *= 2u - odd * inverse;
  return inverse;
}

// `count` distinct labels x with x * 0x9E3779B1 = 2^32 - 1 - j (mod 2^32)
// for j = 0, 1, ...: the CUDA tables' Fibonacci hash puts every one of them
// in the LAST slot of any table of up to 2^20 slots, so each insert probes
// past all earlier ones and wraps around to slot 0.
std::vector<vertex_t> same_slot_labels(std::size_t count) {
  const std::uint32_t inverse = inverse_mod_2_32(0x9E3779B1u);
  std::vector<vertex_t> labels;
  for (std::uint32_t j = 0; labels.size() < count; ++j)
    labels.push_back(static_cast<vertex_t>((0xffffffffu - j) * inverse));
  return labels;
}

}  // namespace

TEST_CASE("label_mode matches the CPU backend, edge cases and real graphs", "[label]") {
  SEED_INFO();
  auto rng = seeded_rng(40);
  std::vector<NamedGraph> graphs = edge_case_graphs(rng);
  graphs.push_back(class_boundary_rows(rng));
  for (const vertex_t widest :
       {vertex_t{16}, static_cast<vertex_t>(short_row_limit), static_cast<vertex_t>(wide_row_limit)})
    graphs.push_back(short_rows_up_to(rng, widest));
  graphs.push_back({"undirected, one row holds most entries (40000 of 46000)",
                    random_graph(rng, {.vertices = 50000, .edges = 23000, .undirected = true, .hub_share = 0.87})});
  for (NamedGraph& g : real_graphs()) graphs.push_back(std::move(g));
  check_label_mode(graphs, rng);
}

// Forced to a stencil SpMV kernel, the backend's label_mode reads that
// copy's diagonal masks instead of the CSR (for a single adjacency; a
// directed graph's Edges::both still takes the CSR path). The test first
// checks each graph is one the kernel takes, so the masks' path is the one
// compared.
TEST_CASE("label_mode over a stencil copy's diagonal masks matches the CPU backend", "[label]") {
  SEED_INFO();
  auto rng = seeded_rng(45);
  const std::vector<NamedGraph> graphs = diagonal_graphs(rng);
  for (const std::string kernel : {"stencil", "stencil-packed"}) {
    INFO("SpMV kernel " << kernel);
    const auto gpu = cuda_backend({.spmv_kernel = kernel});
    for (const NamedGraph& g : graphs) {
      INFO("graph " << g.name);
      const auto on_gpu = gpu->upload(g.graph);
      CHECK(gpu->spmv_kernel_for(*on_gpu, Edges::out) == kernel);
      CHECK(gpu->spmv_kernel_for(*on_gpu, Edges::in) == kernel);
    }
    check_label_mode(graphs, rng, {.spmv_kernel = kernel});
    // Where the kernel refuses a graph label_mode reads the CSR; where it
    // takes one (n = 1, nnz = 0: no diagonals at all), the masks.
    check_label_mode(edge_case_graphs(rng), rng, {.spmv_kernel = kernel});
  }
}

// Hub 0 -> 1..d over several chunks of the huge-row kernel: label `spread`
// once in every chunk, label `packed` in one chunk only, every other label
// distinct. The hub's answer follows from the counts (computed here without
// a backend): spread wins with more occurrences, packed wins a tie when it
// is the smaller label; either needs the chunks' counts merged exactly.
TEST_CASE("label_mode, a huge row's counts merge across its chunks", "[label]") {
  SEED_INFO();
  auto rng = seeded_rng(43);
  constexpr auto chunk = static_cast<vertex_t>(block_chunk_entries);
  const vertex_t chunks = 6;
  const vertex_t hub_degree = (chunks - 1) * chunk + 100;  // the last chunk is short
  const vertex_t n = hub_degree + 1;
  const HubOnBoth hub(hub_degree);
  const auto& [cpu, gpu, graph, on_cpu, on_gpu] = hub;

  for (const vertex_t packed_count : {chunks - 1, chunks}) {
    for (const bool packed_is_smaller : {true, false}) {
      // Row 0's entry k (0-based) is neighbour k + 1: entry positions are ids.
      std::vector<vertex_t> labels(static_cast<std::size_t>(n));
      std::iota(labels.begin(), labels.end(), 1000);  // distinct: count 1 each
      // 2^31 as the packed label: the shared tables' free-slot pattern,
      // staged from its own counter and merged in the global table.
      const vertex_t spread = packed_is_smaller ? 0x80000001u : 10;
      const vertex_t packed = packed_is_smaller ? 0x80000000u : 20;
      std::uniform_int_distribution<vertex_t> in_last(0, hub_degree - (chunks - 1) * chunk - 1);
      std::uniform_int_distribution<vertex_t> in_full(0, chunk - 1);
      for (vertex_t c = 0; c < chunks; ++c) {
        const vertex_t offset = c + 1 < chunks ? in_full(rng) : in_last(rng);
        labels[static_cast<std::size_t>(c * chunk + offset + 1)] = spread;
      }
      std::uniform_int_distribution<vertex_t> pick_chunk(0, chunks - 2);
      const vertex_t packed_chunk = pick_chunk(rng);
      vertex_t placed = 0;
      while (placed < packed_count) {
        const auto at = static_cast<std::size_t>(packed_chunk * chunk + in_full(rng) + 1);
        if (labels[at] == spread || labels[at] == packed) continue;
        labels[at] = packed;
        ++placed;
      }
      const vertex_t expected_hub =
          packed_count > chunks || (packed_count == chunks && packed_is_smaller) ? packed : spread;
      INFO("packed label " << packed << " x" << packed_count << " in chunk " << packed_chunk << ", spread label "
                           << spread << " x" << chunks);
      const auto expected = run_label_mode(*cpu, *on_cpu, Edges::out, labels);
      CHECK(expected[0] == expected_hub);
      for (const Edges edges : {Edges::out, Edges::both}) {
        INFO("Edges " << name_of(edges));
        CHECK_SAME(compare_exact(run_label_mode(*cpu, *on_cpu, edges, labels),
                                 run_label_mode(*gpu, *on_gpu, edges, labels)));
      }
    }
  }
}

// Hub 0 -> 1..d of 3 chunks whose chunks hold 1000, 948 and 100 + extra
// distinct labels: with extra = 0 the row stages 2048 pairs and is merged
// in one block's shared table, with extra = 1 it stages 2049 and takes a
// global table. Labels repeat within a chunk and across chunks (chunk 1's
// overlap chunk 0's), so the merge has counts to add.
TEST_CASE("label_mode, huge rows just within and just beyond the shared merge", "[label]") {
  SEED_INFO();
  auto rng = seeded_rng(46);
  static_assert(block_chunk_entries == 2048, "the label sets below stage 2048 pairs: one block's shared merge");
  constexpr auto chunk = static_cast<vertex_t>(block_chunk_entries);
  const vertex_t hub_degree = 2 * chunk + 300;
  const vertex_t n = hub_degree + 1;
  const HubOnBoth hub(hub_degree);
  const auto& [cpu, gpu, graph, on_cpu, on_gpu] = hub;
  for (const vertex_t extra : {0, 1}) {
    // Entry k of row 0 is neighbour k + 1. Each chunk's first entries take
    // every label of its set once, the rest draw from the set at random.
    std::vector<vertex_t> labels(static_cast<std::size_t>(n), 0);
    const std::pair<vertex_t, vertex_t> sets[] = {{0, 1000}, {500, 948}, {5000, 100 + extra}};
    for (vertex_t c = 0; c < 3; ++c) {
      const auto [first, size] = sets[c];
      const vertex_t begin = c * chunk, end = std::min(begin + chunk, hub_degree);
      std::uniform_int_distribution<vertex_t> draw(first, first + size - 1);
      for (vertex_t k = begin; k < end; ++k)
        labels[static_cast<std::size_t>(k + 1)] = k - begin < size ? first + (k - begin) : draw(rng);
    }
    INFO("pairs staged: " << 2048 + extra);
    for (const Edges edges : {Edges::out, Edges::both}) {
      INFO("Edges " << name_of(edges));
      CHECK_SAME(compare_exact(run_label_mode(*cpu, *on_cpu, edges, labels),
                               run_label_mode(*gpu, *on_gpu, edges, labels)));
    }
  }
}

// Rows of every kernel (medium, block, huge of 4 chunks, short rows,
// thread rows) whose neighbours carry labels that all hash to one slot,
// drawn at random from 4000 such labels: the longest probe chains and the wrap from the last
// slot to the first, in the shared and the global tables.
TEST_CASE("label_mode, labels that all hash to the same table slot", "[label]") {
  SEED_INFO();
  auto rng = seeded_rng(44);
  const vertex_t lengths[] = {7000, 1500, 200, 40, 12, 6};
  const vertex_t n = 7500;
  std::vector<vertex_t> src, dst;
  vertex_t row = 0;
  for (const vertex_t length : lengths) add_row(rng, row++, length, n, src, dst, 1);
  const std::vector<float> weights(src.size(), 1.0f);
  const std::vector<NamedGraph> graphs = {{"directed", graph_from_edges(n, src, dst, weights, false)},
                                          {"undirected", graph_from_edges(n, src, dst, weights, true)}};
  const std::vector<vertex_t> special = same_slot_labels(4000);
  const auto cpu = cpu_backend();
  const auto gpu = cuda_backend();
  for (const NamedGraph& g : graphs) {
    const auto on_cpu = cpu->upload(g.graph);
    const auto on_gpu = gpu->upload(g.graph);
    std::vector<vertex_t> labels(static_cast<std::size_t>(n));
    std::uniform_int_distribution<std::size_t> pick(0, special.size() - 1);
    for (vertex_t& label : labels) label = special[pick(rng)];
    for (const Edges edges : {Edges::out, Edges::in, Edges::both}) {
      INFO("graph " << g.name << ", Edges " << name_of(edges));
      CHECK_SAME(compare_exact(run_label_mode(*cpu, *on_cpu, edges, labels),
                               run_label_mode(*gpu, *on_gpu, edges, labels)));
    }
  }
}

TEST_CASE("label_mode, a 2^20-row random graph (deterministic run to run), 300k listed rows and many table rows",
          "[label][large]") {
  SEED_INFO();
  auto rng = seeded_rng(41);
  const NamedGraph g = large_random_graph(rng);
  check_label_mode({g, many_listed_rows(rng, 150000), many_table_rows(rng)}, rng);
  const auto gpu = cuda_backend();
  const auto on_gpu = gpu->upload(g.graph);
  const auto labels = random_labels(rng, LabelKind::some, g.graph.num_vertices());
  const auto first = run_label_mode(*gpu, *on_gpu, Edges::both, labels);
  CHECK_SAME(compare_exact(first, run_label_mode(*gpu, *on_gpu, Edges::both, labels)));
}

// The CUDA backend with its dispatch context and device views in reach.
struct CudaBackendInternals : cuda::CudaBackend {
  using cuda::CudaBackend::CudaBackend;
  using cuda::CudaBackend::context;
  using cuda::CudaBackend::csr_view;
};

// Where a row may be huge, the backend's label_mode runs the other classes
// on its stream beside the huge rows (DeviceContext::beside); a context
// without one runs every class on its own stream, in turn. Both paths
// against the CPU, on rows of every class with huge ones, counted
// (LabelSet::any) and counted once (distinct labels).
TEST_CASE("label_mode with and without a stream beside the huge rows", "[label]") {
  SEED_INFO();
  auto rng = seeded_rng(48);
  const auto cpu = cpu_backend();
  const auto gpu = std::make_shared<CudaBackendInternals>(BackendOptions{});
  std::vector<NamedGraph> graphs;
  graphs.push_back(class_boundary_rows(rng));
  graphs.push_back(many_table_rows(rng));
  for (const NamedGraph& g : graphs) {
    INFO(g.name);
    const auto on_cpu = cpu->upload(g.graph);
    const auto on_gpu = gpu->upload(g.graph);
    const cuda::CsrView rows = CudaBackendInternals::csr_view(*on_gpu, Edges::out);
    for (const LabelSet labels_are : {LabelSet::any, LabelSet::distinct}) {
      INFO((labels_are == LabelSet::any ? "labels in -1..39" : "distinct labels"));
      const vertex_t n = g.graph.num_vertices();
      const std::vector<vertex_t> labels =
          labels_are == LabelSet::any ? random_labels(rng, LabelKind::some, n) : distinct_labels(rng, n);
      const std::vector<vertex_t> expected = run_label_mode(*cpu, *on_cpu, Edges::out, labels);
      CHECK_SAME(compare_exact(expected, run_label_mode(*gpu, *on_gpu, Edges::out, labels, labels_are)));
      cuda::DeviceContext one_stream = gpu->context();
      REQUIRE(one_stream.beside != nullptr);
      one_stream.beside = nullptr;
      const auto in = to_backend(*gpu, labels);
      auto out = to_backend(*gpu, poisoned<vertex_t>(labels.size()));
      // The stored entries bound every row's length.
      cuda::label_mode(one_stream, rows, nullptr, rows.num_entries, in, out, labels_are);
      CHECK_SAME(compare_exact(expected, out.to_host()));
    }
  }
}

// count_changes (label_rounds.hpp) against the CPU backend's: lengths around
// the kernel's quads, a misaligned view (no quad loads), several rounds in a
// row (the counters zero themselves between launches), a record already
// stable left as it is.
void check_count_changes(std::mt19937_64& rng) {
  const auto cpu = cpu_backend();
  const auto gpu = std::make_shared<CudaBackendInternals>(BackendOptions{});
  const auto run = [](Backend& backend, const std::vector<vertex_t>& before, const std::vector<vertex_t>& after,
                      std::size_t offset, const std::vector<LabelRounds>& start) {
    const auto b = to_backend(backend, before);
    const auto a = to_backend(backend, after);
    auto record = to_backend(backend, start);
    for (int round = 0; round < 3; ++round)  // three rounds over the same pair
      label_kernels(backend).count_changes(b.span().subspan(offset), a.span().subspan(offset), record.span());
    return record.to_host().front();
  };
  for (const std::size_t n : {std::size_t{1}, std::size_t{3}, std::size_t{4}, std::size_t{5}, std::size_t{1023},
                              std::size_t{1} << 20}) {
    for (const std::size_t offset : {std::size_t{0}, std::size_t{1}}) {
      if (offset >= n) continue;
      for (const int share : {0, 1, 50}) {  // percent of entries changed
        INFO("n = " << n << ", offset = " << offset << ", " << share << "% changed");
        const std::vector<vertex_t> before = labels_up_to(rng, n, 9);
        std::vector<vertex_t> after = before;
        std::bernoulli_distribution changed(share / 100.0);
        for (vertex_t& label : after)
          if (changed(rng)) label += 1;
        const LabelRounds started{.changes = 7, .previous_changes = 9, .rounds = 4, .stable = 0};
        const LabelRounds expected = run(*cpu, before, after, offset, {started});
        const LabelRounds actual = run(*gpu, before, after, offset, {started});
        CHECK(actual.changes == expected.changes);
        CHECK(actual.previous_changes == expected.previous_changes);
        CHECK(actual.rounds == expected.rounds);
        CHECK(actual.stable == expected.stable);
        const LabelRounds stable{.changes = 0, .previous_changes = 3, .rounds = 2, .stable = 1};
        const LabelRounds held = run(*gpu, before, after, offset, {stable});
        CHECK((held.rounds == 2 && held.changes == 0 && held.previous_changes == 3 && held.stable == 1));
      }
    }
  }
}

TEST_CASE("count_changes matches the CPU backend", "[label]") {
  SEED_INFO();
  auto rng = seeded_rng(61);
  check_count_changes(rng);
}

TEST_CASE("label_mode, sanitizer subset", "[label][sanitize]") {
  SEED_INFO();
  auto rng = seeded_rng(42);
  check_count_changes(rng);
  std::vector<NamedGraph> graphs = sanitizer_graphs(rng);
  graphs.push_back(real_graph("karate.mtx"));
  graphs.push_back(class_boundary_rows(rng));
  graphs.push_back(short_rows_up_to(rng, static_cast<vertex_t>(wide_row_limit)));
  check_label_mode(graphs, rng);
  // The diagonal-rows kernel at network widths 28 (a mesh), 12/16 and 32,
  // over 4-byte (stencil) and 1..4-byte (stencil-packed) masks.
  std::vector<NamedGraph> diagonal;
  for (NamedGraph& g : diagonal_graphs(rng))
    if (g.graph.num_vertices() <= 5000) diagonal.push_back(std::move(g));
  for (const std::string kernel : {"stencil", "stencil-packed"})
    check_label_mode(diagonal, rng, {.spmv_kernel = kernel});
}

}  // namespace graphrun::test
