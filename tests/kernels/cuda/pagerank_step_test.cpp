// PageRank's step (Backend::pagerank_step) on the cuda backend, with each
// row kernel forced by name (csr-scalar*, csr-vector*, csr-stream, ell,
// ell-compact, csr-compact: they update the ranks inside the SpMV, fused),
// with "auto", and with two kernels that fall back to spmv + pagerank_update
// (coo-segmented, csr-merge). A forced ell refuses graphs that would pad too
// much, the compact kernels graphs beyond their 8-bit lengths or 16-bit
// column offsets, as the SpMV does, and the step must refuse them the same way. Each call gets fresh
// random inputs and poisoned (NaN) outputs, and is checked against:
//  - the unfused spmv + pagerank_update on the same backend and kernel: the
//    same row sums and the same explicitly rounded update, so the next
//    carried ranks bit for bit, residual and dangling mass within 1e-12
//    relative (only the order of the double sums differs);
//  - itself, run again: bit for bit, sums included (deterministic);
//  - the cpu backend: within the SpMV's float rounding bound (see
//    cpu_bounds), and bit for bit for unweighted csr-scalar, whose row sums
//    add exactly the CPU's terms in the CPU's order.
// Which path ran shows in notes(): the fallback records one, the fused path
// none, so a dispatch that silently never fuses fails.
#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <numeric>
#include <string>
#include <vector>

#include "cuda_test_support.hpp"
#include "graphrun/algorithms/kernels/pagerank_kernels.hpp"
#include "graphrun/algorithms/pagerank.hpp"
#include "graphrun/engine.hpp"
#include "graphrun/error.hpp"
#include "kernels/backends.hpp"

namespace graphrun::test {

namespace {

constexpr float damping = 0.85f;

// Kernels with the fused epilogue, and kernels without it (the step falls
// back to spmv + pagerank_update there).
const std::vector<std::string> fused_kernels = {"csr-scalar",   "csr-scalar-unroll4", "csr-vector:2",
                                                "csr-vector:4", "csr-vector:8",       "csr-vector:16",
                                                "csr-vector",   "csr-stream",         "ell",
                                                "ell-compact",  "csr-compact",        "stencil",
                                                "stencil-packed"};
const std::vector<std::string> unfused_kernels = {"coo-segmented", "csr-merge", "csr-hub-split"};

std::vector<std::string> every_kernel() {
  std::vector<std::string> kernels = fused_kernels;
  kernels.push_back("auto");
  kernels.insert(kernels.end(), unfused_kernels.begin(), unfused_kernels.end());
  return kernels;
}

bool is_fused(const std::string& kernel) {
  return std::find(fused_kernels.begin(), fused_kernels.end(), kernel) != fused_kernels.end();
}

// Whether the backend's kernel refuses this graph's pull adjacency (only a
// forced ell or compact kernel does, beyond its bounds).
bool kernel_refuses(const Backend& gpu, const DeviceGraph& graph) {
  try {
    gpu.spmv_kernel_for(graph, Edges::in);
    return false;
  } catch (const UsageError&) {
    return true;
  }
}

bool has_two_pass_note(const Backend& backend) {
  const std::vector<std::string> notes = backend.notes();
  return std::any_of(notes.begin(), notes.end(),
                     [](const std::string& note) { return note.find("no fused rank update") != std::string::npos; });
}

// One step's inputs on the host, drawn fresh for every call. An empty
// teleport is the uniform distribution; `carried` is the state
// (PageRankKernels): rank * share, or the rank where share is 0.
struct StepInputs {
  std::vector<float> carried, teleport, share;
  double previous_dangling_mass = 0.0;
  double stop_below = -1.0;  // the stopping rule in the sums (RankSums)
  bool stopped = false;
};

StepInputs random_step_inputs(std::mt19937_64& rng, std::size_t n, bool uniform) {
  StepInputs in;
  std::uniform_real_distribution<float> unit(0.0f, 1.0f);
  const float scale = 2.0f / static_cast<float>(n);
  in.share.resize(n);
  in.carried.resize(n);
  for (std::size_t v = 0; v < n; ++v) {
    const float rank = scale * unit(rng);
    // About a fifth of the vertices dangle (share exactly 0).
    in.share[v] = unit(rng) < 0.2f ? 0.0f : 1.0f / static_cast<float>(1 + rng() % 40);
    in.carried[v] = in.share[v] == 0.0f ? rank : rank * in.share[v];
  }
  if (!uniform) {
    // Personalized: uniform on a random ~10 % of the vertices (vertex 0 always).
    std::vector<bool> member(n);
    member[0] = true;
    for (std::size_t v = 1; v < n; ++v) member[v] = unit(rng) < 0.1f;
    const auto members = static_cast<float>(std::count(member.begin(), member.end(), true));
    in.teleport.resize(n);
    for (std::size_t v = 0; v < n; ++v) in.teleport[v] = member[v] ? 1.0f / members : 0.0f;
  }
  in.previous_dangling_mass = 0.5 * unit(rng);
  return in;
}

SpmvDescriptor pull_descriptor(bool weighted) { return {.edges = Edges::in, .use_weights = weighted}; }

struct StepOutputs {
  RankSums sums;
  std::vector<float> next_carried;
};

// Runs `step` on freshly uploaded inputs and poisoned outputs; checks that
// the inputs were left alone.
template <class Step>
StepOutputs with_buffers(Backend& backend, const StepInputs& in, Step&& step) {
  const std::size_t n = in.carried.size();
  auto carried = to_backend(backend, in.carried);
  auto teleport = to_backend(backend, in.teleport);
  auto share = to_backend(backend, in.share);
  auto next_carried = to_backend(backend, poisoned<float>(n));
  const RankSums previous{.residual = -1.0,
                          .dangling_mass = in.previous_dangling_mass,
                          .stop_below = in.stop_below,
                          .stopped = in.stopped ? 1 : 0};
  auto sums = to_backend(backend, std::vector<RankSums>{previous});
  step(std::span<const float>(carried.span()), std::span<const float>(teleport.span()),
       std::span<const float>(share.span()), next_carried.span(), sums.span());
  CHECK(carried.to_host() == in.carried);
  return {sums.to_host().front(), next_carried.to_host()};
}

StepOutputs run_step(Backend& backend, const DeviceGraph& graph, const StepInputs& in, bool weighted) {
  return with_buffers(backend, in, [&](auto carried, auto teleport, auto share, auto next_carried, auto sums) {
    pagerank_kernels(backend).pagerank_step(graph, pull_descriptor(weighted), carried, teleport, damping, share,
                                            next_carried, sums);
  });
}

// The same step as two primitives: y = A^T carried, then the update.
StepOutputs run_unfused(Backend& backend, const DeviceGraph& graph, const StepInputs& in, bool weighted) {
  return with_buffers(backend, in, [&](auto carried, auto teleport, auto share, auto next_carried, auto sums) {
    auto y = to_backend(backend, poisoned<float>(carried.size()));
    backend.spmv(graph, PlusTimes<float>{}, pull_descriptor(weighted), carried, y.span());
    pagerank_kernels(backend).pagerank_update(y.span(), teleport, damping, share, carried, next_carried, sums);
  });
}

bool within_relative(double expected, double actual, double relative) {
  return std::abs(expected - actual) <= relative * std::abs(expected);
}

// Bit-for-bit equality of two steps, sums included.
void check_identical(const StepOutputs& expected, const StepOutputs& actual) {
  CHECK_SAME(compare_exact(expected.next_carried, actual.next_carried));
  CHECK(same_bits(expected.sums.residual, actual.sums.residual));
  CHECK(same_bits(expected.sums.dangling_mass, actual.sums.dangling_mass));
}

// Equal carried ranks; sums up to double summation order.
void check_same_step(const StepOutputs& expected, const StepOutputs& actual) {
  CHECK_SAME(compare_exact(expected.next_carried, actual.next_carried));
  CHECK(within_relative(expected.sums.residual, actual.sums.residual, 1e-12));
  CHECK(within_relative(expected.sums.dangling_mass, actual.sums.dangling_mass, 1e-12));
}

// How far the cuda step may be from the cpu step. Row sums: |dy| <= 16 eps
// sqrt(deg + 2) * sum |w x| (spmv_test's bound for a float sum in another
// order). The update w * t + damping * y adds two roundings on each side:
// |d rank| <= damping |dy| + 2 eps (damping sum |w x| + |rank|), and the
// carried rank * share one more where share != 0: |d next| <= share |d rank|
// + 2 eps |next|. The old rank read back from the carried input is the same
// division on both backends. The sums move by at most the sum of the rank
// bounds (plus 1e-12 relative for their own summation order).
struct CpuBounds {
  std::vector<double> next_carried;
  double residual = 0.0, dangling_mass = 0.0;
};

CpuBounds cpu_bounds(const Graph& graph, bool weighted, const StepInputs& in, const StepOutputs& cpu) {
  const Csr& pull = graph.in_edges();
  const bool use_weights = weighted && !pull.values.empty();
  const double eps = std::numeric_limits<float>::epsilon();
  const std::size_t n = in.carried.size();
  CpuBounds bounds;
  bounds.next_carried.resize(n);
  for (std::size_t v = 0; v < n; ++v) {
    double magnitude = 0.0;
    for (edge_t e = pull.offsets[v]; e < pull.offsets[v + 1]; ++e)
      magnitude += std::abs((use_weights ? static_cast<double>(pull.values[e]) : 1.0) *
                            static_cast<double>(in.carried[pull.indices[e]]));
    const double row_sum =
        16.0 * eps * std::sqrt(static_cast<double>(pull.degree(static_cast<vertex_t>(v))) + 2.0) * magnitude;
    const bool dangles = in.share[v] == 0.0f;
    const double next_rank = dangles ? cpu.next_carried[v] : cpu.next_carried[v] / in.share[v];
    const double rank = damping * row_sum + 2.0 * eps * (damping * magnitude + std::abs(next_rank)) + 1e-30;
    bounds.next_carried[v] =
        dangles ? rank : in.share[v] * rank + 2.0 * eps * std::abs(double(cpu.next_carried[v])) + 1e-30;
    bounds.residual += rank;
    if (in.share[v] == 0.0f) bounds.dangling_mass += rank;
  }
  bounds.residual += 1e-12 * std::abs(cpu.sums.residual);
  bounds.dangling_mass += 1e-12 * std::abs(cpu.sums.dangling_mass);
  return bounds;
}

void check_close_to_cpu(const Graph& graph, bool weighted, const StepInputs& in, const StepOutputs& cpu,
                        const StepOutputs& gpu) {
  const CpuBounds bounds = cpu_bounds(graph, weighted, in, cpu);
  CHECK_SAME(compare_within(cpu.next_carried, gpu.next_carried, bounds.next_carried));
  CHECK(std::abs(cpu.sums.residual - gpu.sums.residual) <= bounds.residual);
  CHECK(std::abs(cpu.sums.dangling_mass - gpu.sums.dangling_mass) <= bounds.dangling_mass);
}

// Every check of the file comment for one graph and one kernel.
void check_step(Backend& cpu, const DeviceGraph& on_cpu, Backend& gpu, const DeviceGraph& on_gpu,
                const std::string& kernel, const Graph& graph, std::mt19937_64& rng) {
  const auto n = static_cast<std::size_t>(graph.num_vertices());
  for (const bool weighted : {false, true})
    for (const bool uniform : {true, false}) {
      INFO("weighted " << weighted << ", " << (uniform ? "uniform" : "personalized") << " teleport");
      const StepInputs in = random_step_inputs(rng, n, uniform);
      const StepOutputs fused = run_step(gpu, on_gpu, in, weighted);
      check_same_step(run_unfused(gpu, on_gpu, in, weighted), fused);
      check_identical(fused, run_step(gpu, on_gpu, in, weighted));
      const StepOutputs on_cpu_backend = run_step(cpu, on_cpu, in, weighted);
      check_close_to_cpu(graph, weighted, in, on_cpu_backend, fused);
      if (kernel == "csr-scalar" && !weighted)
        CHECK_SAME(compare_exact(on_cpu_backend.next_carried, fused.next_carried));
    }
}

void check_graphs(const std::vector<NamedGraph>& graphs, const std::vector<std::string>& kernels,
                  std::mt19937_64& rng) {
  for_each_kernel_and_graph(kernels, graphs, [&](const std::string& kernel, const NamedGraph& g, GraphOnBoth both) {
    if (kernel_has_bounds(kernel) && kernel_refuses(both.gpu, both.on_gpu)) {
      CHECK_THROWS_AS(run_step(both.gpu, both.on_gpu, random_step_inputs(rng, both.on_gpu.num_vertices(), true), false),
                      UsageError);
      return;
    }
    if (kernel != "auto") REQUIRE(both.gpu.spmv_kernel_for(both.on_gpu, Edges::in) == kernel);
    check_step(both.cpu, both.on_cpu, both.gpu, both.on_gpu, kernel, g.graph, rng);
  });
}

// Road-like (power grid: short, regular rows), power-law (AS graph, Enron),
// directed (political blogs), directed and weighted (C. elegans; west0067
// with negative weights), and two that a forced ell takes (a mesh, a
// stiffness matrix). A forced csr-compact takes power, C. elegans, west0067
// and both matrices, and refuses the three with rows over 255 entries;
// ell-compact takes what ell takes (every id here is below 32768).
std::vector<NamedGraph> step_real_graphs() {
  std::vector<NamedGraph> graphs;
  for (const char* file : {"power.mtx", "as-22july06.mtx", "email-Enron.mtx", "polblogs.mtx", "celegansneural.mtx",
                           "west0067.mtx", "jagmesh7.mtx", "bcsstk13.mtx"})
    graphs.push_back(real_graph(file));
  return graphs;
}

// Several steps in a row as pagerank() takes them (the carried buffers
// swapped after each step, the sums chained on the device) against
// the same iterations unfused, which read the dangling mass from their own
// sums. Ranks stay equal bit for bit as long as both sums round the teleport
// weight to the same float, which the test checks by comparing them too.
void check_iterations(Backend& gpu, const DeviceGraph& on_gpu, const Graph& graph, bool weighted,
                      std::mt19937_64& rng) {
  const auto n = static_cast<std::size_t>(graph.num_vertices());
  const StepInputs start = random_step_inputs(rng, n, true);
  const std::span<const float> uniform;
  auto share = to_backend(gpu, start.share);
  auto fused_x = to_backend(gpu, start.carried), fused_next_x = to_backend(gpu, poisoned<float>(n));
  auto plain_x = to_backend(gpu, start.carried), plain_next_x = to_backend(gpu, poisoned<float>(n));
  auto y = to_backend(gpu, poisoned<float>(n));
  const std::vector<RankSums> initial{{.residual = 0.0, .dangling_mass = start.previous_dangling_mass}};
  auto fused_sums = to_backend(gpu, initial), plain_sums = to_backend(gpu, initial);
  for (int iteration = 0; iteration < 6; ++iteration) {
    INFO("iteration " << iteration);
    pagerank_kernels(gpu).pagerank_step(on_gpu, pull_descriptor(weighted), fused_x, uniform, damping, share,
                                        fused_next_x, fused_sums);
    fused_x.swap(fused_next_x);
    gpu.spmv(on_gpu, PlusTimes<float>{}, pull_descriptor(weighted), plain_x, y);
    pagerank_kernels(gpu).pagerank_update(y, uniform, damping, share, plain_x, plain_next_x, plain_sums);
    plain_x.swap(plain_next_x);
    REQUIRE_SAME(compare_exact(plain_x.to_host(), fused_x.to_host()));
    const RankSums fused = fused_sums.to_host().front(), plain = plain_sums.to_host().front();
    CHECK(within_relative(plain.residual, fused.residual, 1e-12));
    CHECK(within_relative(plain.dangling_mass, fused.dangling_mass, 1e-12));
  }
}

// A directed path 0 -> 1 -> ... -> 49: its entries lie on two diagonals,
// which the stencil kernels take.
NamedGraph path_of_50() {
  std::vector<vertex_t> from(49), to(49);
  std::iota(from.begin(), from.end(), 0);
  std::iota(to.begin(), to.end(), 1);
  return {"path of 50", graph_from_edges(50, from, to, std::vector<float>(49, 1.0f), true)};
}

}  // namespace

TEST_CASE("pagerank_step, every kernel, edge-case graphs", "[pagerank_step]") {
  SEED_INFO();
  auto rng = seeded_rng(40);
  check_graphs(edge_case_graphs(rng), every_kernel(), rng);
}

TEST_CASE("pagerank_step, every kernel, road-like, power-law and directed real graphs", "[pagerank_step]") {
  SEED_INFO();
  auto rng = seeded_rng(41);
  check_graphs(step_real_graphs(), every_kernel(), rng);
}

TEST_CASE("pagerank_step, 2^20-row random graph (many rows per thread)", "[pagerank_step][large]") {
  SEED_INFO();
  auto rng = seeded_rng(42);
  check_graphs({large_random_graph(rng)},
               {"auto", "csr-scalar", "csr-scalar-unroll4", "csr-vector:2", "csr-vector:16", "coo-segmented"}, rng);
}

TEST_CASE("pagerank_step, sanitizer subset", "[pagerank_step][sanitize]") {
  SEED_INFO();
  auto rng = seeded_rng(43);
  const std::vector<NamedGraph> graphs = sanitizer_graphs_with_real(rng);
  check_graphs(graphs,
               {"csr-scalar", "csr-scalar-unroll4", "csr-vector:4", "csr-vector", "ell", "ell-compact", "csr-compact",
                "stencil", "stencil-packed", "coo-segmented"},
               rng);
}

TEST_CASE("pagerank_step, consecutive steps with swapped buffers equal the unfused iterations", "[pagerank_step]") {
  SEED_INFO();
  auto rng = seeded_rng(44);
  std::vector<NamedGraph> graphs = {real_graph("power.mtx"), real_graph("celegansneural.mtx"),
                                    real_graph("jagmesh7.mtx")};
  for (const std::string& kernel : every_kernel()) {
    BackendOptions options;
    options.spmv_kernel = kernel;
    const auto gpu = cuda_backend(options);
    for (const NamedGraph& g : graphs) {
      const auto on_gpu = gpu->upload(g.graph);
      if (kernel_refuses(*gpu, *on_gpu)) continue;  // ell, ell-compact on power, C. elegans (padding); checked above
      for (const bool weighted : {false, true}) {
        INFO("graph " << g.name << ", kernel " << kernel << ", weighted " << weighted);
        check_iterations(*gpu, *on_gpu, g.graph, weighted, rng);
      }
    }
  }
}

// The fallback leaves a note; the fused path leaves none. cusparse runs
// Backend's default with cuSPARSE's SpMV: the same as its own spmv + update.
TEST_CASE("pagerank_step fuses exactly on the row kernels, and never on cusparse", "[pagerank_step]") {
  SEED_INFO();
  auto rng = seeded_rng(45);
  // Every kernel but the stencil ones takes west0067, a forced ell
  // included; a path's entries lie on two diagonals, which they take.
  const NamedGraph g = real_graph("west0067.mtx");
  const NamedGraph path = path_of_50();
  const auto n = static_cast<std::size_t>(g.graph.num_vertices());
  for (const std::string& kernel : every_kernel()) {
    BackendOptions options;
    options.spmv_kernel = kernel;
    const auto gpu = cuda_backend(options);
    const NamedGraph& taken = kernel == "stencil" || kernel == "stencil-packed" ? path : g;
    const auto on_gpu = gpu->upload(taken.graph);
    const std::string resolved = gpu->spmv_kernel_for(*on_gpu, Edges::in);
    INFO("kernel " << kernel << " (resolves to " << resolved << ") on " << taken.name);
    run_step(*gpu, *on_gpu, random_step_inputs(rng, static_cast<std::size_t>(taken.graph.num_vertices()), true), false);
    CHECK(has_two_pass_note(*gpu) == !is_fused(resolved));
  }
  BackendOptions deterministic_cusparse;
  deterministic_cusparse.spmv_kernel = "csr-alg2";  // bit-wise deterministic cuSPARSE SpMV
  const auto cusparse = make_cusparse_backend(deterministic_cusparse);
  const auto on_cusparse = cusparse->upload(g.graph);
  for (const bool weighted : {false, true}) {
    INFO("cusparse, weighted " << weighted);
    const StepInputs in = random_step_inputs(rng, n, true);
    check_identical(run_unfused(*cusparse, *on_cusparse, in, weighted),
                    run_step(*cusparse, *on_cusparse, in, weighted));
  }
}

// The stopping rule kept in the sums (RankSums), on every kernel (fused
// epilogue and update pass) and on cusparse: a met rule stops after the
// update is applied; once stopped, nothing is written, sums included.
TEST_CASE("pagerank_step stops writing once the sums say stopped, on every kernel", "[pagerank_step]") {
  SEED_INFO();
  auto rng = seeded_rng(46);
  const NamedGraph g = real_graph("west0067.mtx");
  const NamedGraph path = path_of_50();
  std::vector<std::shared_ptr<Backend>> backends;
  std::vector<std::string> names;
  for (const std::string& kernel : every_kernel()) {
    BackendOptions options;
    options.spmv_kernel = kernel;
    backends.push_back(cuda_backend(options));
    names.push_back(kernel);
  }
  backends.push_back(make_cusparse_backend(BackendOptions{}));
  names.emplace_back("cusparse");
  const auto all_nan = [](const std::vector<float>& x) {
    return std::all_of(x.begin(), x.end(), [](float v) { return std::isnan(v); });
  };
  for (std::size_t b = 0; b < backends.size(); ++b) {
    Backend& gpu = *backends[b];
    const NamedGraph& taken = names[b] == "stencil" || names[b] == "stencil-packed" ? path : g;
    const auto on_gpu = gpu.upload(taken.graph);
    for (const bool unfused : {false, true}) {
      INFO(names[b] << " on " << taken.name << (unfused ? ", spmv + pagerank_update" : ", pagerank_step"));
      const auto run = [&](const StepInputs& in) {
        return unfused ? run_unfused(gpu, *on_gpu, in, false) : run_step(gpu, *on_gpu, in, false);
      };
      StepInputs in = random_step_inputs(rng, static_cast<std::size_t>(taken.graph.num_vertices()), true);
      const StepOutputs free = run(in);
      CHECK(free.sums.updates == 1);
      CHECK(free.sums.stopped == 0);
    CHECK(free.sums.previous_residual == -1.0);  // the residual in the sums before
      REQUIRE(free.sums.residual > 0.0);
      in.stop_below = 2.0 * free.sums.residual;
      const StepOutputs met = run(in);
      check_identical(free, met);
      CHECK(met.sums.stopped == 1);
      in.stop_below = free.sums.residual;  // not below
      CHECK(run(in).sums.stopped == 0);
      in.stopped = true;
      const StepOutputs after_stop = run(in);
      CHECK(all_nan(after_stop.next_carried));
      CHECK(after_stop.sums.residual == -1.0);
      CHECK(same_bits(after_stop.sums.dangling_mass, in.previous_dangling_mass));
      CHECK(after_stop.sums.updates == 0);
      CHECK(after_stop.sums.stopped == 1);
    }
  }
}

TEST_CASE("pagerank_step refuses bad arguments on cuda and cusparse", "[pagerank_step]") {
  const NamedGraph g = real_graph("karate.mtx");
  const auto n = static_cast<std::size_t>(g.graph.num_vertices());
  std::vector<std::shared_ptr<Backend>> backends;
  backends.push_back(cuda_backend());
  backends.push_back(make_cusparse_backend(BackendOptions{}));
  for (const auto& backend : backends) {
    INFO(to_string(backend->kind()));
    const auto graph = backend->upload(g.graph);
    const auto vector = [&](std::size_t size) { return to_backend(*backend, std::vector<float>(size, 0.01f)); };
    auto x = vector(n), t = vector(n), s = vector(n), next_x = vector(n);
    auto shorter = vector(n - 1), wide = vector(n + 1);
    auto sums = to_backend(*backend, std::vector<RankSums>(1));
    auto flags = to_backend(*backend, std::vector<std::uint8_t>(n, 1));
    const SpmvDescriptor pull{.edges = Edges::in};
    const auto step = [&](const SpmvDescriptor& d, std::span<const float> carried, std::span<const float> teleport,
                          std::span<const float> share, std::span<float> x_out) {
      pagerank_kernels(*backend).pagerank_step(*graph, d, carried, teleport, damping, share, x_out, sums);
    };
    CHECK_NOTHROW(step(pull, x, t, s, next_x));
    CHECK_THROWS_AS(step(SpmvDescriptor{.edges = Edges::both}, x, t, s, next_x), UsageError);
    CHECK_THROWS_AS(step(SpmvDescriptor{.edges = Edges::in, .accumulate = true}, x, t, s, next_x), UsageError);
    CHECK_THROWS_AS(step(SpmvDescriptor{.edges = Edges::in, .mask = {.flags = flags.data()}}, x, t, s, next_x),
                    UsageError);
    CHECK_THROWS_AS(step(pull, shorter, t, s, next_x), UsageError);
    CHECK_THROWS_AS(step(pull, x, shorter, s, next_x), UsageError);
    CHECK_THROWS_AS(step(pull, x, t, shorter, next_x), UsageError);
    CHECK_THROWS_AS(step(pull, x, t, s, shorter), UsageError);
    CHECK_THROWS_AS(step(pull, x, t, s, x), UsageError);  // next x = x
    CHECK_THROWS_AS(step(pull, x, t, s, s), UsageError);  // next x = share
    CHECK_THROWS_AS(step(pull, x, t, s, t), UsageError);  // next x = teleport
    // Overlapping, not identical: next x starts one entry into x.
    CHECK_THROWS_AS(step(pull, wide.span().first(n), t, s, wide.span().last(n)), UsageError);
  }
}

TEST_CASE("pagerank_step on an empty graph leaves empty sums", "[pagerank_step]") {
  const Graph empty = graph_from_edges(0, {}, {}, {}, false);
  std::vector<std::shared_ptr<Backend>> backends;
  backends.push_back(cuda_backend());
  backends.push_back(make_cusparse_backend(BackendOptions{}));
  for (const auto& backend : backends) {
    INFO(to_string(backend->kind()));
    const auto graph = backend->upload(empty);
    auto sums = to_backend(*backend, std::vector<RankSums>{{.residual = 7.0, .dangling_mass = 7.0}});
    pagerank_kernels(*backend).pagerank_step(*graph, pull_descriptor(false), {}, {}, damping, {}, {}, sums.span());
    const RankSums result = sums.to_host().front();
    CHECK(result.residual == 0.0);
    CHECK(result.dangling_mass == 0.0);
  }
}

// The whole algorithm: with csr-scalar and no weights the cuda row sums add
// the CPU's terms in the CPU's order, so pagerank() on cuda (fused) must give
// the CPU's ranks bit for bit, classic and personalized, over fixed
// iterations. (The teleport weight is a float rounded from a double sum whose
// order differs between backends; it could differ only if that sum fell
// within ~1e-16 of a float rounding boundary.)
TEST_CASE("pagerank() fused on csr-scalar equals the CPU backend bit for bit", "[pagerank_step][algorithms]") {
  EngineOptions cpu_options;
  cpu_options.backend = BackendKind::cpu;
  Engine cpu(cpu_options);
  EngineOptions gpu_options;
  gpu_options.backend = BackendKind::cuda;
  gpu_options.backend_options.spmv_kernel = "csr-scalar";
  Engine gpu(gpu_options);
  for (const char* file : {"power.mtx", "polblogs.mtx", "as-22july06.mtx", "ldbc-directed-example.mtx"}) {
    const NamedGraph g = real_graph(file);
    const auto on_cpu = cpu.upload(g.graph);
    const auto on_gpu = gpu.upload(g.graph);
    for (const bool personalized : {false, true}) {
      INFO(file << (personalized ? ", personalized" : ", classic"));
      PageRankParams params;
      params.fixed_iterations = true;
      params.max_iterations = 30;
      if (personalized) params.personalization = {0, g.graph.num_vertices() / 2};
      const PageRankResult expected = pagerank(cpu, *on_cpu, params);
      const PageRankResult actual = pagerank(gpu, *on_gpu, params);
      CHECK(actual.iterations == expected.iterations);
      CHECK_SAME(compare_exact(expected.rank, actual.rank));
      CHECK(within_relative(expected.residual, actual.residual, 1e-9));
    }
  }
  CHECK_FALSE(has_two_pass_note(gpu.backend()));
}

// Run to a tolerance, the host reads the sums back only now and then
// (PageRankParams::residual_check_interval; 0 predicts from the residual's
// decay) and the device stops the updates itself. Whatever the interval, the
// answer is the one of a read after every iteration: the same iterations,
// ranks and residual bit for bit, on the fused epilogue (csr-scalar, which
// also equals the cpu backend), on the update pass after csr-hub-split's
// SpMV, and on cusparse. A fixed interval queues whole batches, so the count
// of queued iterations is known exactly.
TEST_CASE("pagerank() to a tolerance gives the same answer for every read-back interval", "[pagerank_step][algorithms]") {
  EngineOptions cpu_options;
  cpu_options.backend = BackendKind::cpu;
  Engine cpu(cpu_options);
  std::vector<std::unique_ptr<Engine>> gpus;
  for (const char* kernel : {"csr-scalar", "csr-hub-split"}) {
    EngineOptions options;
    options.backend = BackendKind::cuda;
    options.backend_options.spmv_kernel = kernel;
    gpus.push_back(std::make_unique<Engine>(options));
  }
  EngineOptions cusparse_options;
  cusparse_options.backend = BackendKind::cusparse;
  cusparse_options.backend_options.spmv_kernel = "csr-alg2";  // bit-wise deterministic
  gpus.push_back(std::make_unique<Engine>(cusparse_options));
  for (const char* file : {"power.mtx", "polblogs.mtx", "as-22july06.mtx"}) {
    const NamedGraph g = real_graph(file);
    const auto on_cpu = cpu.upload(g.graph);
    PageRankParams params;
    params.tolerance = 1e-6;
    const PageRankResult on_cpu_backend = pagerank(cpu, *on_cpu, params);
    REQUIRE(on_cpu_backend.converged);
    REQUIRE(on_cpu_backend.queued_iterations == on_cpu_backend.iterations);
    for (const int max_iterations : {100, on_cpu_backend.iterations - 3}) {
      params.max_iterations = max_iterations;
      for (const auto& gpu : gpus) {
        const auto on_gpu = gpu->upload(g.graph);
        const std::string kernel = gpu->backend().spmv_kernel_for(*on_gpu, Edges::in);
        params.residual_check_interval = 1;
        const PageRankResult every = pagerank(*gpu, *on_gpu, params);
        CHECK(every.queued_iterations == every.iterations);
        if (kernel == "csr-scalar" && max_iterations == 100) {
          INFO(file << " on csr-scalar against the cpu backend");
          CHECK(every.iterations == on_cpu_backend.iterations);
          CHECK_SAME(compare_exact(on_cpu_backend.rank, every.rank));
        }
        for (const int interval : {0, 3, 8}) {
          INFO(file << ", " << to_string(gpu->backend().kind()) << " " << kernel << ", max " << max_iterations
                    << ", interval " << interval);
          params.residual_check_interval = interval;
          const PageRankResult batched = pagerank(*gpu, *on_gpu, params);
          CHECK(batched.iterations == every.iterations);
          CHECK(batched.converged == every.converged);
          CHECK(same_bits(batched.residual, every.residual));
          CHECK_SAME(compare_exact(every.rank, batched.rank));
          if (interval > 0)
            CHECK(batched.queued_iterations ==
                  std::min(max_iterations, (batched.iterations + interval - 1) / interval * interval));
          else
            CHECK(batched.queued_iterations >= batched.iterations);
        }
      }
    }
  }
}

}  // namespace graphrun::test
