#pragma once
// graphrun's binary snapshot (.grb) of a built Graph: versioned header, sizes,
// the CSR arrays and id map, and a checksum over everything. Reloads at disk
// speed; a truncated or corrupt file is refused, never trusted.
#include <string>

#include "graphrun/graph.hpp"

namespace graphrun::io {

void write_snapshot(const Graph& graph, const std::string& path);
Graph read_snapshot(const std::string& path);

}  // namespace graphrun::io
