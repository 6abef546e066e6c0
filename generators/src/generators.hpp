#pragma once
// The individual generators behind graphrun::generate (one file each). Each
// receives a validated spec and fills src/dst/num_vertices/symmetry; weights
// are added afterwards by assign_weights, the same way for every kind.
#include "graphrun/edge_list.hpp"
#include "graphrun/generate.hpp"

namespace graphrun::generators {

EdgeList kronecker(const GeneratorSpec& spec);
EdgeList road(const GeneratorSpec& spec);
EdgeList uniform(const GeneratorSpec& spec);
EdgeList urand(const GeneratorSpec& spec);
EdgeList banded(const GeneratorSpec& spec);
EdgeList mesh(const GeneratorSpec& spec);

// The edge list of the random-endpoint generators (kron, uniform, urand): 2^scale
// vertices and edge_factor * 2^scale entries, src/dst sized for filling.
EdgeList edge_slots(const GeneratorSpec& spec, Symmetry symmetry);

// weights[e] uniform in [0.5, 1.5), a function of (seed, e) only.
void assign_weights(EdgeList& edges, std::uint64_t seed);

}  // namespace graphrun::generators
