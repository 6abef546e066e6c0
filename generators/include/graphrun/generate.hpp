#pragma once
// Seeded synthetic graphs for benchmarks and tests (graphrun-bench and
// `graphrun generate`). Every generator is a pure function of its spec: the
// same spec gives the same EdgeList on any machine and any thread count,
// because each edge's randomness comes from a counter-based hash of
// (seed, edge or vertex index) instead of a shared sequential stream.
#include <cstdint>
#include <string>

#include "graphrun/edge_list.hpp"

namespace graphrun {

enum class GeneratorKind : std::uint8_t {
  kron,     // Graph500 Kronecker / R-MAT, power-law degrees, undirected
  road,     // 2-D grid with edges removed and a few diagonals: degrees 0-6, mean ~3, long diameter
  uniform,  // Erdos-Renyi-like: uniform random endpoints, directed
  banded,   // vertex i linked to i+1 .. i+band_width, undirected: the regular best case (diameter n / band_width)
  mesh,     // 3-D 27-point stencil, undirected: regular rows like banded, diameter ~ 2^(scale/3)
  urand,    // uniform's endpoints, undirected: GAP's urand (edge_factor edges per vertex, each stored both ways)
};

struct GeneratorSpec {
  GeneratorKind kind = GeneratorKind::kron;
  // About 2^scale vertices (exactly 2^scale for every kind). 1 ..= 30.
  int scale = 16;
  std::uint64_t seed = 1;
  // kron, uniform, urand: edges generated = edge_factor * 2^scale (before build
  // merges duplicates). Graph500 uses 16.
  int edge_factor = 16;
  // banded: half-width of the band (interior rows hold 2 * band_width entries).
  int band_width = 8;
  // Weights uniform in [0.5, 1.5), drawn from the seed per edge index; false:
  // a pattern graph (every weight 1 after Graph::build).
  bool weighted = false;
};

const char* to_string(GeneratorKind kind);
// Throws UsageError naming the accepted kinds.
GeneratorKind parse_generator_kind(const std::string& name);
// "KIND:SCALE" (e.g. "kron:20"); other fields keep their defaults. Throws
// UsageError on anything else.
GeneratorSpec parse_generator_spec(const std::string& text);
// Short stable name for reports and file names, e.g. "kron-s20".
std::string generator_name(const GeneratorSpec& spec);

// UsageError naming the generator and the field for a spec outside the
// accepted ranges (scale 1..30, edge factor and band width at least 1).
void check_generator_spec(const GeneratorSpec& spec);

// Builds the edge list (OpenMP-parallel). Throws UsageError for an invalid
// spec and RuntimeError when the edges do not fit in memory.
EdgeList generate(const GeneratorSpec& spec);

}  // namespace graphrun
