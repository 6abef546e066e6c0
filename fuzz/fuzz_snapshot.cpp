// libFuzzer target: .grb snapshots (header fields, section sizes, the CSR
// and id map invariants; fuzz builds skip the checksum comparisons) through
// the reader, then the transpose.
#include "fuzz_file.hpp"
#include "graphrun/graph.hpp"
#include "graphrun/io/snapshot.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return graphrun::fuzz::run_reader(data, size, [](const std::string& path) {
    const graphrun::Graph graph = graphrun::io::read_snapshot(path);
    (void)graph.in_edges();
  });
}
