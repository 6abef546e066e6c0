// libFuzzer target: Matrix Market text through the reader and the CSR build.
#include "fuzz_file.hpp"
#include "graphrun/graph.hpp"
#include "graphrun/io/read.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return graphrun::fuzz::run_reader(data, size, [](const std::string& path) {
    graphrun::io::ReadOptions options;
    options.progress = false;
    options.block_bytes = 64;  // small blocks: every boundary case in a short input
    graphrun::EdgeList edges = graphrun::io::read_matrix_market(path, options);
    // A header may rightly declare millions of isolated vertices, whose CSR
    // offsets alone pass libFuzzer's memory limit: build the smaller graphs.
    if (edges.num_vertices <= graphrun::fuzz::largest_built_graph) graphrun::Graph::build(std::move(edges));
  });
}
