#include "commands/commands.hpp"
#include "file_summary.hpp"
#include "graphrun/io/file_names.hpp"
#include "graphrun/io/write.hpp"
#include "options.hpp"
#include "presentation.hpp"

namespace graphrun::cli {

int run_convert(const Arguments& args) {
  GraphOptions graph_options;
  std::string out;
  po::options_description options(
      "convert options (build the graph once, save it as a .grb snapshot, Matrix Market or an edge list)");
  po::positional_options_description positional;
  graph_options.add_to(options, positional);
  bool pattern = false;
  options.add_options()
    ("output,o", po::value(&out),
     "output: .grb snapshot, .mtx, or an edge list (.el, .txt, .tsv, .csv), text optionally .gz; "
     "also the second positional argument")
    ("pattern", po::bool_switch(&pattern), "drop the edge weights (every edge weighs 1)");
  add_deprecated_alias(options, "out", "output");
  positional.add("output", 1);
  po::variables_map values;
  const std::string usage = "IN OUT.{grb,mtx,el,txt,tsv,csv} [options]";
  if (!parse_command_line("convert", usage, args, options, positional, values)) return 0;
  apply_deprecated_alias(values, "convert", "out", "output", out);
  note_output_path(out);
  if (out.empty()) throw UsageError("missing OUT (usage: graphrun convert " + usage + ")");
  const auto [extension, gzipped] = io::file_name_parts(out);
  const bool snapshot = extension == ".grb" && !gzipped;
  const bool text = extension == ".mtx" || extension == ".mm" || extension == ".el" || extension == ".txt" ||
                    extension == ".tsv" || extension == ".csv";
  if (!snapshot && !text)
    throw UsageError("the output must end in .grb, .mtx, .mm, .el, .txt, .tsv or .csv (text optionally .gz): " + out);
  PhaseTimer timer;
  const Graph graph = graph_options.load(timer, pattern ? Weights::ignored : Weights::kept);
  auto entries = static_cast<std::uint64_t>(graph.num_entries());
  std::string noun = "stored entries";
  if (snapshot) {
    timer.time("write", [&] { io::write_snapshot(graph, out); });
  } else {
    const io::GraphTextReport report = timer.time("write", [&] { return io::write_graph_text(out, graph); });
    entries = report.lines;
    noun = "entries written";
    if (report.renumbered)
      warn("convert", "vertex ids renumbered 1.." + std::to_string(graph.num_vertices()) +
                          ": Matrix Market numbers vertices consecutively");
    if (report.isolated != 0)
      warn("convert", std::to_string(report.isolated) +
                          " vertices without an edge are not in the edge list, which cannot hold them");
  }
  print_file_summary(out, "", graph.num_vertices(), entries, noun, timer);
  return 0;
}

}  // namespace graphrun::cli
