#pragma once
// The summary of the commands that write a graph file (convert, generate):
// "wrote FILE: ..." as text, or --json {"output", "vertices", "entries",
// "seconds", "times"} (and "build": {"where", "why"} when `build` is given);
// nothing under --quiet.
#include <cstdint>
#include <string>

#include "graphrun/backend.hpp"  // BuildReport
#include "options.hpp"

namespace graphrun::cli {

// `what`: the generator's name ("" for none); `entries_noun` names the count
// in the text line ("stored entries", "generated entries").
void print_file_summary(const std::string& output, const std::string& what, std::int64_t vertices,
                        std::uint64_t entries, const std::string& entries_noun, const PhaseTimer& timer,
                        const BuildReport* build = nullptr);

}  // namespace graphrun::cli
