// libFuzzer target: edge lists (numbers, names, header rows) through the
// reader and the CSR build.
#include "fuzz_file.hpp"
#include "graphrun/graph.hpp"
#include "graphrun/io/read.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return graphrun::fuzz::run_reader(data, size, [](const std::string& path) {
    graphrun::io::ReadOptions options;
    options.progress = false;
    options.block_bytes = 64;
    graphrun::EdgeList edges = graphrun::io::read_edge_list(path, options);
    // A header may rightly declare millions of isolated vertices, whose CSR
    // offsets alone pass libFuzzer's memory limit: build the smaller graphs.
    if (edges.num_vertices <= graphrun::fuzz::largest_built_graph) graphrun::Graph::build(std::move(edges));
  });
}
