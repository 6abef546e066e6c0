#pragma once
// Parses a block of whole lines with all OpenMP threads: the block is split at
// newlines into one range per thread, each thread parses its range into its
// own columns, and the columns are appended in order, so entries keep the
// file's order. Line numbers in errors stay exact: each thread counts its
// lines, and the first failing range is located by the counts before it.
//
// A LineParser is callable as `bool(std::string_view line, EntryColumns<Id>&)`:
// it appends one entry and returns true for a data line, returns false for a
// line it skips (blank, comment), and throws LineFault for a bad line. A
// parser whose lines mean something by their position (METIS: line i lists
// vertex i's neighbours) is callable as `bool(std::string_view line,
// std::uint64_t line_number, EntryColumns<Id>&)` instead and may append any
// number of entries; it is not given a declared entry count.
#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <exception>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "graphrun/error.hpp"
#include "entry_columns.hpp"
#include "token_parse.hpp"

namespace graphrun::io::detail {

// Range boundaries: ranges[t] .. ranges[t + 1] for thread t, each starting at
// the beginning of a line. Small blocks get fewer ranges (threads cost more
// than they save below a few KB).
std::vector<std::size_t> split_at_lines(std::string_view text, int max_ranges);

// Outcome of parsing one range of lines.
struct RangeOutcome {
  std::uint64_t lines = 0;  // lines parsed (all of them unless failed)
  bool failed = false;
  std::uint64_t fault_line = 0;  // 0-based line within the range
  std::string reason;
};

template <typename LineParser, typename Columns>
constexpr bool wants_line_numbers =
    std::is_invocable_v<const LineParser&, std::string_view, std::uint64_t, Columns&>;

// Calls the parser the way it wants to be called.
template <typename LineParser, typename Columns>
bool parse_one(const LineParser& parse_line, std::string_view line, std::uint64_t number, Columns& out) {
  if constexpr (wants_line_numbers<LineParser, Columns>)
    return parse_line(line, number, out);
  else
    return parse_line(line, out);
}

// first_line: the number of the range's first line (read only by parsers
// that want line numbers).
template <typename LineParser, typename Columns>
RangeOutcome parse_range(std::string_view text, const LineParser& parse_line, Columns& out,
                         std::uint64_t first_line = 0) {
  RangeOutcome outcome;
  const char* p = text.data();
  const char* const end = p + text.size();
  while (p != end) {
    const auto* newline = static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(end - p)));
    const char* line_end = newline ? newline : end;
    try {
      parse_one(parse_line, std::string_view(p, static_cast<std::size_t>(line_end - p)), first_line + outcome.lines,
                out);
    } catch (const LineFault& fault) {
      outcome.failed = true;
      outcome.fault_line = outcome.lines;
      outcome.reason = fault.reason;
      return outcome;
    }
    ++outcome.lines;
    p = newline ? newline + 1 : end;
  }
  return outcome;
}

// 0-based line, within text, of the k-th (1-based) data line.
template <typename LineParser, typename Columns>
std::uint64_t line_of_entry(std::string_view text, const LineParser& parse_line, std::uint64_t k) {
  Columns scratch;
  std::uint64_t line = 0;
  for (std::size_t p = 0; p < text.size(); ++line) {
    std::size_t newline = text.find('\n', p);
    if (newline == std::string_view::npos) newline = text.size();
    if (parse_one(parse_line, text.substr(p, newline - p), 0, scratch) && scratch.size() == k) return line;
    p = newline + 1;
  }
  return line;
}

template <typename Id, typename LineParser>
class ParallelLineParser {
 public:
  // max_entries: the count the file declares (on `declared_by`); one more
  // is an error at the line of the first extra entry.
  ParallelLineParser(std::string path, LineParser parse_line, std::optional<std::uint64_t> max_entries,
                     std::string declared_by = "the size line")
      : path_(std::move(path)),
        parse_line_(std::move(parse_line)),
        max_entries_(max_entries),
        declared_by_(std::move(declared_by)) {}

  // Parses whole lines whose first line is number first_line and appends
  // their entries to out. Returns the number of lines in text.
  std::uint64_t parse(std::string_view text, std::uint64_t first_line, EntryColumns<Id>& out) {
    const std::vector<std::size_t> bounds = split_at_lines(text, omp_get_max_threads());
    const int ranges = static_cast<int>(bounds.size()) - 1;
    local_.resize(static_cast<std::size_t>(ranges));  // local_[0] stays unused: range 0 goes to out
    std::vector<RangeOutcome> outcomes(static_cast<std::size_t>(ranges));
    // Anything but a LineFault (say, out of memory) must not escape an OpenMP
    // region, where it would terminate the program: it is carried out.
    std::vector<std::exception_ptr> crashes(static_cast<std::size_t>(ranges));
    // The first range's entries come first, so it is parsed straight into
    // `out` (no copy, and with one thread no copy at all); the others go to
    // per-thread columns appended afterwards.
    const std::size_t out_before = out.size();
    // Line numbers of each range's first line, for parsers that want them:
    // the newlines of the ranges before it, counted first.
    std::vector<std::uint64_t> range_first_line(static_cast<std::size_t>(ranges), first_line);
    if constexpr (wants_line_numbers<LineParser, EntryColumns<Id>>) {
      std::vector<std::uint64_t> newlines(static_cast<std::size_t>(ranges), 0);
#pragma omp parallel for schedule(static, 1) num_threads(ranges)
      for (int t = 0; t < ranges; ++t) {
        const std::string_view range = range_text(text, bounds, t);
        newlines[t] = static_cast<std::uint64_t>(std::count(range.begin(), range.end(), '\n'));
      }
      for (int t = 1; t < ranges; ++t) range_first_line[t] = range_first_line[t - 1] + newlines[t - 1];
    }
#pragma omp parallel for schedule(static, 1) num_threads(ranges)
    for (int t = 0; t < ranges; ++t) {
      try {
        EntryColumns<Id>& target = t == 0 ? out : local_[t];
        if (t != 0) target.clear();
        outcomes[t] = parse_range(range_text(text, bounds, t), parse_line_, target, range_first_line[t]);
      } catch (...) {
        crashes[t] = std::current_exception();
      }
    }
    for (const auto& crash : crashes)
      if (crash) std::rethrow_exception(crash);

    std::uint64_t line = first_line, entries = out_before;
    for (int t = 0; t < ranges; ++t) {
      const std::uint64_t found = t == 0 ? out.size() - out_before : local_[t].size();
      if (max_entries_ && entries + found > *max_entries_) {
        const std::uint64_t k = *max_entries_ - entries + 1;
        const std::uint64_t at =
            line + line_of_entry<LineParser, EntryColumns<Id>>(range_text(text, bounds, t), parse_line_, k);
        throw InputError(path_, at,
                         "more entries than the " + std::to_string(*max_entries_) + " " + declared_by_ + " declares");
      }
      if (outcomes[t].failed) throw InputError(path_, line + outcomes[t].fault_line, outcomes[t].reason);
      line += outcomes[t].lines;
      entries += found;
    }
    if (ranges > 1) out.append_in_parallel(std::span<const EntryColumns<Id>>(local_).subspan(1, ranges - 1));
    return line - first_line;
  }

 private:
  static std::string_view range_text(std::string_view text, const std::vector<std::size_t>& bounds, int t) {
    return text.substr(bounds[t], bounds[t + 1] - bounds[t]);
  }

  std::string path_;
  LineParser parse_line_;
  std::optional<std::uint64_t> max_entries_;
  std::string declared_by_;
  std::vector<EntryColumns<Id>> local_;  // kept across blocks: no re-allocation per block
};

}  // namespace graphrun::io::detail
