// graphrun::generate: reproducibility, seeds, sizes and spec parsing.
#include <omp.h>

#include <catch2/catch.hpp>
#include <algorithm>
#include <set>

#include "graphrun/engine.hpp"
#include "graphrun/generators/on_device.hpp"
#include "graphrun/generators/vertex_permutation.hpp"
#include "graphrun/error.hpp"
#include "graphrun/generate.hpp"

using namespace graphrun;

namespace {

const GeneratorKind all_kinds[] = {GeneratorKind::kron, GeneratorKind::road, GeneratorKind::uniform,
                                   GeneratorKind::banded, GeneratorKind::mesh, GeneratorKind::urand};

GeneratorSpec spec_of(GeneratorKind kind, int scale, std::uint64_t seed = 7, bool weighted = true) {
  GeneratorSpec spec;
  spec.kind = kind;
  spec.scale = scale;
  spec.seed = seed;
  spec.weighted = weighted;
  return spec;
}

EdgeList generate_with_threads(const GeneratorSpec& spec, int threads) {
  const int previous = omp_get_max_threads();
  omp_set_num_threads(threads);
  EdgeList edges = generate(spec);
  omp_set_num_threads(previous);
  return edges;
}

bool same_edges(const EdgeList& a, const EdgeList& b) {
  return a.num_vertices == b.num_vertices && a.symmetry == b.symmetry && a.src == b.src && a.dst == b.dst &&
         a.weights == b.weights;
}

}  // namespace

TEST_CASE("every generator gives the same graph on 1, 2 and 3 threads") {
  for (GeneratorKind kind : all_kinds) {
    INFO(to_string(kind));
    const GeneratorSpec spec = spec_of(kind, 11);
    const EdgeList one = generate_with_threads(spec, 1);
    REQUIRE(one.size() > 0);
    CHECK(same_edges(one, generate_with_threads(spec, 2)));
    CHECK(same_edges(one, generate_with_threads(spec, 3)));
  }
}

TEST_CASE("another seed gives another random graph, the same seed the same one") {
  for (GeneratorKind kind : {GeneratorKind::kron, GeneratorKind::road, GeneratorKind::uniform}) {
    INFO(to_string(kind));
    const EdgeList a = generate(spec_of(kind, 10, 1));
    CHECK(same_edges(a, generate(spec_of(kind, 10, 1))));
    CHECK_FALSE(same_edges(a, generate(spec_of(kind, 10, 2))));
  }
}

TEST_CASE("kron, uniform and urand have 2^scale vertices and edge_factor edges per vertex") {
  for (GeneratorKind kind : {GeneratorKind::kron, GeneratorKind::uniform, GeneratorKind::urand}) {
    for (int scale : {1, 5, 12}) {
      GeneratorSpec spec = spec_of(kind, scale);
      spec.edge_factor = scale == 5 ? 3 : 16;
      const EdgeList edges = generate(spec);
      CHECK(edges.num_vertices == (vertex_t{1} << scale));
      CHECK(edges.size() == static_cast<std::size_t>(spec.edge_factor) << scale);
      CHECK(edges.symmetry == (kind == GeneratorKind::uniform ? Symmetry::general : Symmetry::symmetric));
      for (std::size_t e = 0; e < edges.size(); ++e) {
        REQUIRE(is_vertex(edges.src[e], edges.num_vertices));
        REQUIRE(is_vertex(edges.dst[e], edges.num_vertices));
        // kron and urand store one triangle, as a symmetric Matrix Market file does.
        if (kind != GeneratorKind::uniform) REQUIRE(edges.src[e] >= edges.dst[e]);
      }
    }
  }
}

TEST_CASE("weights lie in 0.5 <= w < 1.5 when asked for, absent otherwise") {
  for (GeneratorKind kind : all_kinds) {
    const EdgeList weighted = generate(spec_of(kind, 8, 3, true));
    REQUIRE(weighted.weights.size() == weighted.size());
    std::set<float> distinct;
    for (float w : weighted.weights) {
      REQUIRE(w >= 0.5f);
      REQUIRE(w < 1.5f);
      distinct.insert(w);
    }
    CHECK(distinct.size() > weighted.size() / 2);  // random, not constant
    CHECK(generate(spec_of(kind, 8, 3, false)).weights.empty());
  }
}

TEST_CASE("the vertex permutation is a bijection for every width") {
  for (int bits = 1; bits <= 16; ++bits) {
    INFO("bits " << bits);
    const generators::VertexPermutation permutation(99, bits);
    const std::uint64_t n = 1ULL << bits;
    std::vector<bool> seen(n, false);
    for (std::uint64_t x = 0; x < n; ++x) {
      const std::uint64_t image = permutation(x);
      REQUIRE(image < n);
      REQUIRE_FALSE(seen[image]);
      seen[image] = true;
    }
  }
}

TEST_CASE("generator specs parse KIND:SCALE and refuse anything else") {
  CHECK(parse_generator_spec("mesh:7").kind == GeneratorKind::mesh);
  const GeneratorSpec spec = parse_generator_spec("road:22");
  CHECK(spec.kind == GeneratorKind::road);
  CHECK(spec.scale == 22);
  CHECK(generator_name(spec) == "road-s22");
  for (GeneratorKind kind : all_kinds) CHECK(parse_generator_kind(to_string(kind)) == kind);
  for (const char* bad : {"kron", "kron:", "kron:x", "kron:20x", "ring:4", ":4", "kron:0", "kron:32", "kron:-3"}) {
    INFO(bad);
    CHECK_THROWS_AS(parse_generator_spec(bad), UsageError);
  }
}

TEST_CASE("generate refuses invalid specs") {
  GeneratorSpec spec = spec_of(GeneratorKind::uniform, 0);
  CHECK_THROWS_AS(generate(spec), UsageError);
  spec.scale = 4;
  spec.edge_factor = 0;
  CHECK_THROWS_AS(generate(spec), UsageError);
  spec = spec_of(GeneratorKind::banded, 4);
  spec.band_width = 0;
  CHECK_THROWS_AS(generate(spec), UsageError);
}

TEST_CASE("the device generators: kron, uniform and urand have one, other kinds and the cpu backend are refused") {
  CHECK(has_device_generator(GeneratorKind::kron));
  CHECK(has_device_generator(GeneratorKind::uniform));
  CHECK(has_device_generator(GeneratorKind::urand));
  CHECK_FALSE(has_device_generator(GeneratorKind::road));
  CHECK_FALSE(has_device_generator(GeneratorKind::mesh));
  const auto cpu = make_backend(BackendKind::cpu, {});
  GeneratorSpec spec;
  spec.scale = 4;
  CHECK_THROWS_AS(generate_on_device(*cpu, spec), UsageError);
  spec.scale = 0;
  CHECK_THROWS_WITH(generate_on_device(*cpu, spec), Catch::Contains("scale 0"));
}

TEST_CASE("urand draws uniform's endpoints, each edge stored once in one triangle") {
  const EdgeList directed = generate(spec_of(GeneratorKind::uniform, 9, 5, false));
  const EdgeList undirected = generate(spec_of(GeneratorKind::urand, 9, 5, false));
  REQUIRE(directed.size() == undirected.size());
  for (std::size_t e = 0; e < directed.size(); ++e) {
    REQUIRE(undirected.src[e] == std::max(directed.src[e], directed.dst[e]));
    REQUIRE(undirected.dst[e] == std::min(directed.src[e], directed.dst[e]));
  }
  CHECK_FALSE(Graph::build(undirected).directed());
}
