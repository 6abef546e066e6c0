#pragma once
// How a command reports, chosen by the flags every command takes:
//   --json     the summary as one JSON object on stdout instead of text lines;
//   --quiet    no text summary and no notes: stdout stays empty unless --json
//              is given; errors and deprecation warnings still go to stderr;
//   --verbose  each phase's wall-clock time on stderr as the phase ends.
// --quiet and --verbose exclude each other. The command-line parser sets the
// choice once, before a command does any work.
#include <string>

namespace graphrun::cli {

struct Presentation {
  bool json = false;
  bool quiet = false;
  bool verbose = false;
  bool summary_on_stderr = false;  // the command's output goes to standard output
};

const Presentation& presentation();
void set_presentation(const Presentation& choice);
// Called with each output path a command writes: "-" and /dev/stdout take
// standard output, so the summary (text or --json) moves to stderr.
void note_output_path(const std::string& path);

// One line on stderr, "graphrun COMMAND: warning: TEXT" (not silenced by --quiet).
void warn(const std::string& command, const std::string& text);
// One line on stderr under --verbose only: "graphrun: PHASE 0.123 s".
void report_phase(const std::string& phase, double seconds);

}  // namespace graphrun::cli
