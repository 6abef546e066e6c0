#include "commands/commands.hpp"
#include "file_summary.hpp"
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
    ("output,o", po::value(&out), "output snapshot (.grb); also the second positional argument")
    ("pattern", po::bool_switch(&pattern), "drop the edge weights (every edge weighs 1)");
  add_deprecated_alias(options, "out", "output");
  positional.add("output", 1);
  po::variables_map values;
  const std::string usage = "IN OUT.grb [options]";
  if (!parse_command_line("convert", usage, args, options, positional, values)) return 0;
  apply_deprecated_alias(values, "convert", "out", "output", out);
  if (out.empty()) throw UsageError("missing OUT.grb (usage: graphrun convert " + usage + ")");
  if (io::detect_format(out) != io::Format::snapshot) throw UsageError("the output must end in .grb");
  PhaseTimer timer;
  const Graph graph = graph_options.load(timer, pattern ? Weights::ignored : Weights::kept);
  timer.time("write", [&] { io::write_snapshot(graph, out); });
  print_file_summary(out, "", graph.num_vertices(), static_cast<std::uint64_t>(graph.num_entries()), "stored entries",
                     timer);
  return 0;
}

}  // namespace graphrun::cli
