#include <iostream>

#include "commands/commands.hpp"
#include "options.hpp"

namespace graphrun::cli {

int run_convert(const Arguments& args) {
  GraphOptions graph_options;
  std::string out;
  po::options_description options("convert options (build the graph once, save a .grb snapshot)");
  po::positional_options_description positional;
  graph_options.add_to(options, positional);
  bool pattern = false;
  options.add_options()
    ("out", po::value(&out)->required(), "output snapshot (.grb)")
    ("pattern", po::bool_switch(&pattern), "drop the edge weights (every edge weighs 1)");
  positional.add("out", 1);
  po::variables_map values;
  if (!parse_command_line("convert", "IN OUT.grb [options]", args, options, positional, values)) return 0;
  if (io::detect_format(out) != io::Format::snapshot) throw UsageError("convert: the output must end in .grb");
  PhaseTimer timer;
  const Graph graph = graph_options.load(timer, !pattern);
  timer.time("write", [&] { io::write_snapshot(graph, out); });
  std::cout << "wrote " << out << ": " << graph.num_vertices() << " vertices, " << graph.num_entries()
            << " stored entries; " << timer.summary() << "\n";
  return 0;
}

}  // namespace graphrun::cli
