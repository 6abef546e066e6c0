// graphrun::generate: validates a spec, dispatches to its generator and adds
// weights. Parsing of "KIND:SCALE" lives here too, shared by the bench and
// the CLI.
#include <bit>
#include <charconv>
#include <cstdint>
#include <new>
#include <string>

#include "graphrun/generators/edge_draws.hpp"
#include "generators.hpp"
#include "graphrun/error.hpp"
#include "graphrun/generate.hpp"
#include "graphrun/generators/on_device.hpp"

namespace graphrun {
namespace {

// The largest scale whose 2^scale vertices stay within max_vertices.
constexpr int max_scale = std::bit_width(static_cast<std::uint64_t>(max_vertices)) - 1;

EdgeList dispatch(const GeneratorSpec& spec) {
  switch (spec.kind) {
    case GeneratorKind::kron: return generators::kronecker(spec);
    case GeneratorKind::road: return generators::road(spec);
    case GeneratorKind::uniform: return generators::uniform(spec);
    case GeneratorKind::banded: return generators::banded(spec);
    case GeneratorKind::mesh: return generators::mesh(spec);
    case GeneratorKind::urand: return generators::urand(spec);
  }
  throw UsageError("unknown generator kind");
}

}  // namespace

void check_generator_spec(const GeneratorSpec& spec) {
  const std::string what = std::string("generator ") + to_string(spec.kind) + ": ";
  if (spec.scale < 1 || spec.scale > max_scale)
    throw UsageError(what + "scale " + std::to_string(spec.scale) + " is outside 1.." + std::to_string(max_scale));
  if (spec.edge_factor < 1) throw UsageError(what + "edge factor must be at least 1");
  if (spec.band_width < 1) throw UsageError(what + "band width must be at least 1");
}

bool has_device_generator(GeneratorKind kind) {
  return kind == GeneratorKind::kron || kind == GeneratorKind::uniform || kind == GeneratorKind::urand;
}

const char* to_string(GeneratorKind kind) {
  switch (kind) {
    case GeneratorKind::kron: return "kron";
    case GeneratorKind::road: return "road";
    case GeneratorKind::uniform: return "uniform";
    case GeneratorKind::banded: return "banded";
    case GeneratorKind::mesh: return "mesh";
    case GeneratorKind::urand: return "urand";
  }
  return "unknown";
}

GeneratorKind parse_generator_kind(const std::string& name) {
  for (GeneratorKind kind : {GeneratorKind::kron, GeneratorKind::road, GeneratorKind::uniform, GeneratorKind::banded,
                             GeneratorKind::mesh, GeneratorKind::urand})
    if (name == to_string(kind)) return kind;
  throw UsageError("unknown graph generator '" + name + "' (expected kron, road, uniform, banded, mesh or urand)");
}

GeneratorSpec parse_generator_spec(const std::string& text) {
  const auto colon = text.find(':');
  if (colon == std::string::npos)
    throw UsageError("generated graph '" + text + "' must read KIND:SCALE, e.g. kron:20");
  GeneratorSpec spec;
  spec.kind = parse_generator_kind(text.substr(0, colon));
  const std::string scale = text.substr(colon + 1);
  const auto [end, error] = std::from_chars(scale.data(), scale.data() + scale.size(), spec.scale);
  if (error != std::errc() || end != scale.data() + scale.size() || scale.empty())
    throw UsageError("generated graph '" + text + "': scale '" + scale + "' is not an integer");
  check_generator_spec(spec);
  return spec;
}

std::string generator_name(const GeneratorSpec& spec) {
  return std::string(to_string(spec.kind)) + "-s" + std::to_string(spec.scale);
}

EdgeList generate(const GeneratorSpec& spec) {
  check_generator_spec(spec);
  try {
    EdgeList edges = dispatch(spec);
    if (spec.weighted) generators::assign_weights(edges, spec.seed);
    return edges;
  } catch (const std::bad_alloc&) {
    throw RuntimeError("generator " + generator_name(spec) + ": not enough host memory for its edge list (" +
                       std::to_string(spec.weighted ? 12 : 8) + " bytes per edge)");
  }
}

namespace generators {

EdgeList edge_slots(const GeneratorSpec& spec, Symmetry symmetry) {
  const std::uint64_t n = 1ULL << spec.scale;
  const std::uint64_t m = n * static_cast<std::uint64_t>(spec.edge_factor);
  EdgeList edges;
  edges.num_vertices = static_cast<vertex_t>(n);
  edges.symmetry = symmetry;
  edges.src.resize(m);
  edges.dst.resize(m);
  return edges;
}

void assign_weights(EdgeList& edges, std::uint64_t seed) {
  const std::size_t m = edges.size();
  edges.weights.resize(m);
#pragma omp parallel for schedule(static)
  for (std::size_t e = 0; e < m; ++e)
    edges.weights[e] = edge_weight(seed, e);
}

}  // namespace generators
}  // namespace graphrun
