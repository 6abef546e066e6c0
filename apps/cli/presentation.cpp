#include "presentation.hpp"

#include <cstdio>
#include <iostream>

namespace graphrun::cli {
namespace {
Presentation chosen;
}  // namespace

const Presentation& presentation() { return chosen; }
void set_presentation(const Presentation& choice) { chosen = choice; }
void note_output_path(const std::string& path) {
  if (path == "-" || path == "/dev/stdout") chosen.summary_on_stderr = true;
}

void warn(const std::string& command, const std::string& text) {
  std::cerr << "graphrun " << command << ": warning: " << text << "\n";
}

void report_phase(const std::string& phase, double seconds) {
  if (!chosen.verbose) return;
  char line[128];
  std::snprintf(line, sizeof line, "graphrun: %s %.3f s\n", phase.c_str(), seconds);
  std::cerr << line;
}

}  // namespace graphrun::cli
