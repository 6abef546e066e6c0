#include "cuda_test_support.hpp"

#include <cstdlib>
#include <limits>
#include <numeric>

#include "graphrun/io/read.hpp"
#include "kernels/backends.hpp"
#include "support/test_data.hpp"

namespace graphrun::test {

std::shared_ptr<Backend> cpu_backend() { return make_cpu_backend(BackendOptions{}); }

std::shared_ptr<Backend> cuda_backend(const BackendOptions& options) { return make_cuda_backend(options); }

bool kernel_has_bounds(const std::string& name) {
  return name == "ell" || name == "ell-compact" || name == "csr-compact" || name == "stencil" ||
         name == "stencil-packed";
}

Graph graph_from_edges(vertex_t n, const std::vector<vertex_t>& src, const std::vector<vertex_t>& dst,
                       const std::vector<float>& weights, bool undirected) {
  EdgeList list;
  list.num_vertices = n;
  list.symmetry = undirected ? Symmetry::symmetric : Symmetry::general;
  list.src = src;
  list.dst = dst;
  list.weights = weights;
  BuildOptions options;
  options.duplicates = DuplicatePolicy::min;  // order-independent merge
  return Graph::build(list, options);
}

Graph path_graph(vertex_t n, bool undirected) {
  std::vector<vertex_t> src(static_cast<std::size_t>(n - 1)), dst(static_cast<std::size_t>(n - 1));
  std::iota(src.begin(), src.end(), 0);
  std::iota(dst.begin(), dst.end(), 1);
  return graph_from_edges(n, src, dst, {}, undirected);
}

Graph hub_graph(vertex_t leaves, bool undirected) {
  std::vector<vertex_t> src{0, 1}, dst{1, 2};
  for (vertex_t leaf = 3; leaf < 3 + leaves; ++leaf) {
    src.push_back(2);
    dst.push_back(leaf);
    src.push_back(leaf);
    dst.push_back(1);
  }
  return graph_from_edges(3 + leaves, src, dst, {}, undirected);
}

Graph layered_graph(std::mt19937_64& rng, const std::vector<vertex_t>& layer_sizes, bool undirected, int fan_out) {
  std::vector<vertex_t> first{0};  // the first vertex of each layer, then n
  for (const vertex_t size : layer_sizes) first.push_back(first.back() + size);
  std::vector<vertex_t> src, dst;
  const auto any_of = [&](std::size_t layer) {
    return std::uniform_int_distribution<vertex_t>(first[layer], first[layer + 1] - 1)(rng);
  };
  for (std::size_t layer = 0; layer + 1 < layer_sizes.size(); ++layer) {
    for (vertex_t v = first[layer + 1]; v < first[layer + 2]; ++v) {  // reached from the layer before
      src.push_back(any_of(layer));
      dst.push_back(v);
    }
    for (vertex_t u = first[layer]; u < first[layer + 1]; ++u)
      for (int extra = 0; extra < fan_out; ++extra) {
        src.push_back(u);
        dst.push_back(any_of(layer + 1));
      }
    for (vertex_t k = 0; k < layer_sizes[layer] / 8; ++k) {  // within the layer
      src.push_back(any_of(layer));
      dst.push_back(any_of(layer));
    }
  }
  return graph_from_edges(first.back(), src, dst, {}, undirected);
}

Graph tree_graph(vertex_t arity, int depth, bool undirected) {
  vertex_t n = 1, level_size = 1;
  for (int d = 0; d < depth; ++d) n += level_size *= arity;
  std::vector<vertex_t> src, dst;
  for (vertex_t child = 1; child < n; ++child) {
    src.push_back((child - 1) / arity);
    dst.push_back(child);
  }
  return graph_from_edges(n, src, dst, {}, undirected);
}

Graph generated_graph(GeneratorKind kind, int scale) {
  GeneratorSpec spec;
  spec.kind = kind;
  spec.scale = scale;
  return Graph::build(generate(spec));
}

Graph random_graph(std::mt19937_64& rng, const RandomShape& shape) {
  const vertex_t n = shape.vertices;
  // Vertices [0, active) carry edges; the rest stay isolated (empty rows).
  const auto active = std::max<vertex_t>(1, static_cast<vertex_t>(n * (1.0 - shape.isolated_share)));
  std::uniform_int_distribution<vertex_t> vertex(0, active - 1);
  std::uniform_int_distribution<int> integer_weight(1, 9);
  std::uniform_real_distribution<float> real_weight(0.25f, 4.0f);
  std::uniform_real_distribution<double> share(0.0, 1.0);
  std::vector<vertex_t> src, dst;
  std::vector<float> weights;
  for (std::size_t e = 0; e < shape.edges; ++e) {
    const double pick = share(rng);
    const vertex_t from = pick < shape.hub_share ? 0 : vertex(rng);
    const vertex_t to = pick >= 1.0 - shape.sink_share ? n - 1 : vertex(rng);
    src.push_back(from);
    dst.push_back(to);
    weights.push_back(shape.integer_weights ? static_cast<float>(integer_weight(rng)) : real_weight(rng));
  }
  return graph_from_edges(n, src, dst, weights, shape.undirected);
}

std::vector<NamedGraph> sanitizer_graphs(std::mt19937_64& rng) {
  std::vector<NamedGraph> graphs;
  graphs.push_back({"n=1, no entries", graph_from_edges(1, {}, {}, {}, false)});
  graphs.push_back({"n=1, self-loop", graph_from_edges(1, {0}, {0}, {3.0f}, false)});
  graphs.push_back({"n=6, nnz=0", graph_from_edges(6, {}, {}, {}, false)});
  graphs.push_back({"directed 40 x 150 with hub row",
                    random_graph(rng, {.vertices = 40, .edges = 150, .hub_share = 0.5, .isolated_share = 0.2})});
  graphs.push_back({"undirected 40 x 100", random_graph(rng, {.vertices = 40, .edges = 100, .undirected = true})});
  return graphs;
}

std::vector<NamedGraph> sanitizer_graphs_with_real(std::mt19937_64& rng) {
  std::vector<NamedGraph> graphs = sanitizer_graphs(rng);
  graphs.push_back(real_graph("karate.mtx"));
  graphs.push_back(real_graph("west0067.mtx"));
  return graphs;
}

std::vector<NamedGraph> edge_case_graphs(std::mt19937_64& rng) {
  std::vector<NamedGraph> graphs = sanitizer_graphs(rng);
  graphs.push_back({"directed, 60% empty rows",
                    random_graph(rng, {.vertices = 3000, .edges = 6000, .isolated_share = 0.6})});
  graphs.push_back({"directed, one row holds 90% of entries",
                    random_graph(rng, {.vertices = 5000, .edges = 60000, .hub_share = 0.9})});
  graphs.push_back({"directed, one column holds 90% of entries (huge in-row)",
                    random_graph(rng, {.vertices = 5000, .edges = 60000, .sink_share = 0.9})});
  graphs.push_back({"undirected with hub, real weights",
                    random_graph(rng, {.vertices = 4000, .edges = 30000, .undirected = true, .hub_share = 0.5,
                                       .integer_weights = false})});
  graphs.push_back({"directed, dense 300 x 40000",
                    random_graph(rng, {.vertices = 300, .edges = 40000, .integer_weights = false})});
  // Rows of every length from 0 to 2048 (warp/block size boundaries).
  {
    std::vector<vertex_t> src, dst;
    std::vector<float> weights;
    const vertex_t n = 2100;
    std::uniform_int_distribution<vertex_t> column(0, n - 1);
    for (vertex_t r = 0; r <= 2048; r += (r < 70 ? 1 : 61)) {
      for (vertex_t k = 0; k < r; ++k) {
        src.push_back(r);
        dst.push_back(column(rng));
        weights.push_back(static_cast<float>(1 + k % 7));
      }
    }
    graphs.push_back({"rows of lengths 0..2048", graph_from_edges(n, src, dst, weights, false)});
  }
  return graphs;
}


NamedGraph real_graph(const std::string& file) {
  io::ReadOptions read;
  // cond-mat-2005 stores two 'inf' weights (see tests/data/README.md), which
  // graphrun refuses; its structure is what the tests need.
  read.ignore_weights = file == "cond-mat-2005.mtx";
  const EdgeList edges = io::read_edges(test::data_path(file), read);
  BuildOptions options;
  options.duplicates = DuplicatePolicy::min;
  return {file, Graph::build(edges, options)};
}

std::vector<NamedGraph> real_graphs() {
  std::vector<NamedGraph> graphs;
  for (const char* file : {"as-22july06.mtx", "bcsstk13.mtx", "celegansneural.mtx", "cond-mat-2005.mtx",
                           "dolphins.mtx", "email-Enron.mtx", "football.mtx", "hep-th.mtx", "jagmesh7.mtx",
                           "karate.mtx", "ldbc-cdlp-undirected-example.mtx", "ldbc-directed-example.mtx",
                           "ldbc-undirected-example.mtx", "lesmis.mtx", "netscience.mtx", "polblogs.mtx",
                           "polbooks.mtx", "power.mtx", "pushpull.mtx", "west0067.mtx"})
    graphs.push_back(real_graph(file));
  return graphs;
}

NamedGraph large_random_graph(std::mt19937_64& rng) {
  return {"random 2^20 rows", random_graph(rng, {.vertices = 1 << 20, .edges = 8u << 20, .hub_share = 0.01,
                                                 .sink_share = 0.01, .isolated_share = 0.05})};
}

template <>
float poison_value<float>() {
  return std::numeric_limits<float>::quiet_NaN();
}
template <>
double poison_value<double>() {
  return std::numeric_limits<double>::quiet_NaN();
}
template <>
vertex_t poison_value<vertex_t>() {
  return -123456789;
}
template <>
std::uint8_t poison_value<std::uint8_t>() {
  return 0xAB;
}

std::vector<std::uint8_t> random_flags(std::mt19937_64& rng, std::size_t size, double share) {
  std::bernoulli_distribution set(share);
  std::vector<std::uint8_t> flags(size);
  for (auto& flag : flags) flag = set(rng) ? 1 : 0;
  return flags;
}

}  // namespace graphrun::test
