// Per-vertex results as text, "original-id<TAB>value" per line. Lines are
// formatted in parallel, a batch of vertices at a time, and written in order.
#include "graphrun/io/vertex_output.hpp"

#include <omp.h>

#include <algorithm>
#include <charconv>
#include <string>
#include <vector>

#include "graphrun/error.hpp"
#include "posix_file.hpp"

namespace graphrun::io {
namespace {

// Longest line: a 20-character id, and at most two values of 20 characters
// (int64 ids, or the shortest round-trip form of a float), each after a tab,
// and a newline.
constexpr std::size_t longest_line = 64;
constexpr std::size_t batch_vertices = std::size_t{1} << 20;

void check_id_map(const std::string& path, const IdMap& ids, std::size_t n) {
  if (!ids.ids.empty() && ids.ids.size() != n)
    throw UsageError("cannot write " + path + ": " + std::to_string(n) + " values for a graph of " +
                     std::to_string(ids.ids.size()) + " vertices");
}

// format_value(char* out, std::size_t v) writes what follows v's id and tab
// (its value or values) and returns the end.
template <typename FormatValue>
void write_lines(const std::string& path, const IdMap& ids, std::size_t n, const FormatValue& format_value) {
  check_id_map(path, ids, n);
  detail::OutputFile out(path);
  const int threads = std::max(1, omp_get_max_threads());
  std::vector<std::string> text(static_cast<std::size_t>(threads));
  for (std::size_t batch = 0; batch < n; batch += batch_vertices) {
    const std::size_t batch_end = std::min(n, batch + batch_vertices);
#pragma omp parallel num_threads(threads)
    {
      const auto t = static_cast<std::size_t>(omp_get_thread_num());
      const std::size_t count = batch_end - batch;
      const std::size_t begin = batch + count * t / static_cast<std::size_t>(threads);
      const std::size_t end = batch + count * (t + 1) / static_cast<std::size_t>(threads);
      std::string& buffer = text[t];
      buffer.resize((end - begin) * longest_line);
      char* p = buffer.data();
      for (std::size_t v = begin; v < end; ++v) {
        p = std::to_chars(p, p + 20, ids.original(static_cast<vertex_t>(v))).ptr;
        *p++ = '\t';
        p = format_value(p, v);
        *p++ = '\n';
      }
      buffer.resize(static_cast<std::size_t>(p - buffer.data()));
    }
    for (const std::string& part : text) out.write(part.data(), part.size());
  }
  out.commit();
}

// Values that stand for vertices must be compact ids or no_vertex.
void check_vertex_ids(const std::string& path, std::span<const std::int32_t> values, std::size_t n) {
  const auto bad = std::find_if(values.begin(), values.end(), [&](std::int32_t value) {
    return value != no_vertex && (value < 0 || static_cast<std::size_t>(value) >= n);
  });
  if (bad != values.end())
    throw UsageError("cannot write " + path + ": value " + std::to_string(*bad) + " of vertex " +
                     std::to_string(bad - values.begin()) + " is not a vertex id (0.." + std::to_string(n) + ")");
}

// An integer result, -1 for no_vertex, mapped to the file's numbering when
// it is a vertex id.
char* format_integer(char* out, std::int32_t value, const IdMap& ids, bool as_vertex_id) {
  if (value == no_vertex) return std::to_chars(out, out + 20, -1).ptr;
  if (as_vertex_id) return std::to_chars(out, out + 20, ids.original(value)).ptr;
  return std::to_chars(out, out + 20, value).ptr;
}

}  // namespace

void write_vertex_values(const std::string& path, const IdMap& ids, std::span<const float> values) {
  // std::to_chars without a precision gives the shortest text that reads
  // back as the same float (at most 9 significant digits).
  write_lines(path, ids, values.size(),
              [&](char* out, std::size_t v) { return std::to_chars(out, out + 20, values[v]).ptr; });
}

void write_vertex_values(const std::string& path, const IdMap& ids, std::span<const std::int32_t> values,
                         bool as_vertex_ids) {
  if (as_vertex_ids) check_vertex_ids(path, values, values.size());
  write_lines(path, ids, values.size(),
              [&](char* out, std::size_t v) { return format_integer(out, values[v], ids, as_vertex_ids); });
}

void write_vertex_levels_and_parents(const std::string& path, const IdMap& ids, std::span<const std::int32_t> levels,
                                     std::span<const std::int32_t> parents) {
  if (levels.size() != parents.size())
    throw UsageError("cannot write " + path + ": " + std::to_string(levels.size()) + " levels but " +
                     std::to_string(parents.size()) + " parents");
  check_vertex_ids(path, parents, parents.size());
  write_lines(path, ids, levels.size(), [&](char* out, std::size_t v) {
    out = format_integer(out, levels[v], ids, false);
    *out++ = '\t';
    return format_integer(out, parents[v], ids, true);
  });
}

}  // namespace graphrun::io
