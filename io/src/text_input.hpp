#pragma once
// Everything a text reader opens together: the (gunzipped) source, its line
// blocks, a sequential walk for the header, and the progress bar; plus the
// loop that feeds the blocks after the header to the parallel parser.
#include <memory>
#include <string>

#include "graphrun/error.hpp"
#include "line_blocks.hpp"
#include "parallel_lines.hpp"
#include "read_progress.hpp"
#include "text_source.hpp"

namespace graphrun::io::detail {

struct TextInput {
  TextInput(const std::string& path, std::size_t block_bytes, bool progress)
      : source(open_text_source(path)), blocks(*source, block_bytes), lines(blocks), bar(*source, progress) {}

  std::unique_ptr<TextSource> source;
  LineBlockReader blocks;
  SequentialLines lines;  // header lines; data continues at lines.rest()
  ReadProgress bar;
};

// Without a declared entry count (edge lists), the first block predicts the
// total from the file size, so the columns are allocated once instead of
// doubling (which would briefly hold twice the data). Compressed input gives
// no such estimate and grows as it goes.
template <typename Id>
void reserve_by_estimate(EntryColumns<Id>& out, const TextSource& source, std::uint64_t read) {
  if (source.compressed() || read == 0 || out.size() == 0) return;
  const double per_byte = static_cast<double>(out.size()) / static_cast<double>(read);
  const auto estimate = static_cast<std::size_t>(per_byte * static_cast<double>(source.file_size()) * 1.02) + 1024;
  if (estimate > out.src.capacity()) out.reserve(estimate, !out.weights.empty());
}

// Parses every line after the ones `input.lines` consumed; returns the number
// of the last line of the file.
template <typename Id, typename LineParser>
std::uint64_t parse_remaining_lines(TextInput& input, ParallelLineParser<Id, LineParser>& parser, EntryColumns<Id>& out,
                                    bool estimate_size) {
  std::uint64_t next_line = input.lines.line_number() + 1;
  bool estimated = !estimate_size;
  auto parse = [&](std::string_view block) {
    next_line += parser.parse(block, next_line, out);
    if (!estimated && out.size() > 0) {
      reserve_by_estimate(out, *input.source, input.blocks.file_bytes_consumed());
      estimated = true;
    }
    input.bar.update(input.blocks.file_bytes_consumed());
  };
  parse(input.lines.rest());
  for (std::string_view block; !(block = input.blocks.next()).empty();) parse(block);
  return next_line - 1;
}

// What a header declares about the data lines after it.
struct DeclaredEntries {
  std::uint64_t count = 0;
  std::uint64_t line = 0;            // of the line that declares it
  const char* declared_by = "";      // "the size line"
  const char* noun = "entries";      // "arcs"
  std::uint64_t min_entry_bytes = 4;  // the shortest data line, newline included
};

// Parses the lines after the header into exactly `declared.count` entries:
// room is reserved for no more than the file's bytes can hold, and a file
// with more or fewer entries is an InputError at the line that shows it.
template <typename LineParser>
EntryColumns<vertex_t> parse_declared_entries(TextInput& input, const std::string& path, LineParser parse_line,
                                              bool weighted, const DeclaredEntries& declared) {
  EntryColumns<vertex_t> entries;
  entries.reserve(declared_entries_to_reserve(declared.count, input.source->file_size(), input.source->compressed(),
                                              declared.min_entry_bytes),
                  weighted, "the " + std::string(declared.noun) + " of " + path);
  ParallelLineParser<vertex_t, LineParser> parser(path, std::move(parse_line), declared.count, declared.declared_by);
  const std::uint64_t last_line = parse_remaining_lines(input, parser, entries, false);
  if (entries.size() < declared.count)
    throw InputError(path, last_line,
                     "the file ends after " + std::to_string(entries.size()) + " of the " +
                         std::to_string(declared.count) + " " + declared.noun + " " + declared.declared_by +
                         " (line " + std::to_string(declared.line) + ") declares");
  return entries;
}

}  // namespace graphrun::io::detail
