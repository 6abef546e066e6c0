// graphrun-bench: measures SpMV, SpMM and the graph algorithms on every
// available backend, checks every result, prints a table and writes
// CSV/JSON (and a Markdown report). See docs/benchmarks.md.
#include <exception>
#include <iostream>

#include "bench_options.hpp"
#include "runner.hpp"
#include "graphrun/error.hpp"

int main(int argc, char** argv) {
  try {
    const auto options = graphrun::bench::parse_bench_options(argc, argv);
    if (!options) return 0;
    return graphrun::bench::run_benchmark(*options);
  } catch (const graphrun::Error& error) {
    std::cerr << "graphrun-bench: " << error.what() << '\n';
    return static_cast<int>(error.code());
  } catch (const std::exception& error) {
    std::cerr << "graphrun-bench: " << error.what() << '\n';
    return static_cast<int>(graphrun::ExitCode::runtime);
  }
}
