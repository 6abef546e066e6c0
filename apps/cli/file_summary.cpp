#include "file_summary.hpp"

namespace graphrun::cli {

void print_file_summary(const std::string& output, const std::string& what, std::int64_t vertices,
                        std::uint64_t entries, const std::string& entries_noun, const PhaseTimer& timer,
                        const BuildReport* build) {
  JsonObject summary;
  summary.add("output", output);
  if (!what.empty()) summary.add("graph", what);
  summary.add("vertices", vertices).add("entries", entries).add("seconds", timer.total_seconds());
  if (build != nullptr) summary.add("build", JsonObject().add("where", build->where).add("why", build->why));
  const std::string line = "wrote " + output + ": " + (what.empty() ? "" : what + ", ") + std::to_string(vertices) +
                           " vertices, " + std::to_string(entries) + " " + entries_noun +
                           (build != nullptr && build->where == "device" ? " (drawn and built on the GPU)" : "");
  print_summary(summary, {line}, &timer);
}

}  // namespace graphrun::cli
