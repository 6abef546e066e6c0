#pragma once
// Parses a block of whole lines with all OpenMP threads: the block is split at
// newlines into one range per thread, each thread parses its range into its
// own columns, and the columns are appended in order, so entries keep the
// file's order. Line numbers in errors stay exact: each thread counts its
// lines, and the first failing range is located by the counts before it.
//
// A LineParser is callable as `bool(std::string_view line, EntryColumns<Id>&)`:
// it appends one entry and returns true for a data line, returns false for a
// line it skips (blank, comment), and throws LineFault for a bad line.
#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <exception>
#include <optional>
#include <span>
#include <string>
#include <string_view>
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
RangeOutcome parse_range(std::string_view text, const LineParser& parse_line, Columns& out) {
  RangeOutcome outcome;
  const char* p = text.data();
  const char* const end = p + text.size();
  while (p != end) {
    const auto* newline = static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(end - p)));
    const char* line_end = newline ? newline : end;
    try {
      parse_line(std::string_view(p, static_cast<std::size_t>(line_end - p)), out);
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
    if (parse_line(text.substr(p, newline - p), scratch) && scratch.size() == k) return line;
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
#pragma omp parallel for schedule(static, 1) num_threads(ranges)
    for (int t = 0; t < ranges; ++t) {
      try {
        EntryColumns<Id>& target = t == 0 ? out : local_[t];
        if (t != 0) target.clear();
        outcomes[t] = parse_range(range_text(text, bounds, t), parse_line_, target);
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
