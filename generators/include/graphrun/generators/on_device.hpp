#pragma once
// Generated graphs drawn and built on a GPU backend's device: the graph that
// Graph::build(generate(spec)) gives on the host (same ids, CSR, weights and
// build statistics), made where the algorithms will read it. The edges come
// from the per-edge formulas the host generators use
// (graphrun/generators/edge_draws.hpp), one GPU thread per edge, and
// Backend::build_device_graph turns them into CSR; the drawn list lives on
// the device only until the build has read it.
#include <string>

#include "graphrun/backend.hpp"
#include "graphrun/generate.hpp"

namespace graphrun {

// The kinds whose edges are pure functions of the edge index: kron, uniform
// and urand (road, banded and mesh are generated row by row on the host).
bool has_device_generator(GeneratorKind kind);

// UsageError for an invalid spec, a kind without a device generator, a
// backend without a device, or a build without CUDA; RuntimeError when the
// drawn list and its build do not fit the device's free memory.
DeviceBuild generate_on_device(Backend& backend, const GeneratorSpec& spec);

}  // namespace graphrun
