// Per-vertex results, one row per vertex: the vertex's original id, then
// one or two value columns, as TAB-separated text (no header), CSV with a
// header row, or a NumPy record array, by the path's extension. Rows are
// formatted in parallel, a batch of vertices at a time, and written in order.
#include "graphrun/io/vertex_output.hpp"

#include <omp.h>

#include <algorithm>
#include <charconv>
#include <cstring>
#include <string>
#include <vector>

#include "graphrun/error.hpp"
#include "graphrun/io/file_names.hpp"
#include "npy_header.hpp"
#include "posix_file.hpp"

namespace graphrun::io {
namespace {

constexpr std::size_t batch_vertices = std::size_t{1} << 20;

enum class TableForm : std::uint8_t { tsv, csv, npy };

TableForm table_form(const std::string& path) {
  const FileNameParts name = file_name_parts(path);
  if (name.gzipped) return TableForm::tsv;  // the writers do not compress; "x.csv.gz" is plain text
  if (name.extension == ".csv") return TableForm::csv;
  if (name.extension == ".npy") return TableForm::npy;
  return TableForm::tsv;
}

// One value column: floats, doubles, levels (no_level written as -1),
// vertex ids (mapped to the file's numbering; no_vertex written as -1) or
// 64-bit counts.
struct Column {
  enum class Kind { reals, doubles, levels, vertices, counts };
  std::string_view name;
  Kind kind = Kind::reals;
  std::span<const float> reals{};
  std::span<const double> doubles{};
  std::span<const level_t> levels{};
  std::span<const vertex_t> vertices{};
  std::span<const std::int64_t> counts{};

  std::size_t size() const {
    switch (kind) {
      case Kind::reals: return reals.size();
      case Kind::doubles: return doubles.size();
      case Kind::levels: return levels.size();
      case Kind::vertices: return vertices.size();
      case Kind::counts: return counts.size();
    }
    return 0;
  }
  bool real() const { return kind == Kind::reals || kind == Kind::doubles; }
  bool wide_real() const { return kind == Kind::doubles; }
  bool vertex_ids() const { return kind == Kind::vertices; }
};

Column real_column(std::string_view name, std::span<const float> values) {
  return {.name = name, .kind = Column::Kind::reals, .reals = values};
}

Column level_column(std::string_view name, std::span<const level_t> values) {
  return {.name = name, .kind = Column::Kind::levels, .levels = values};
}

Column vertex_column(std::string_view name, std::span<const vertex_t> values) {
  return {.name = name, .kind = Column::Kind::vertices, .vertices = values};
}

void check_id_map(const std::string& path, const IdMap& ids, std::size_t n) {
  const std::size_t vertices = ids.named() ? ids.names.size() : ids.ids.size();
  if ((ids.named() || !ids.ids.empty()) && vertices != n)
    throw UsageError("cannot write " + path + ": " + std::to_string(n) + " values for a graph of " +
                     std::to_string(vertices) + " vertices");
}

// The longest name of a named graph (0 for numeric ids).
std::size_t longest_name(const IdMap& ids) {
  std::size_t longest = 0;
  for (const std::string& name : ids.names) longest = std::max(longest, name.size());
  return longest;
}

// Whether the column's value at v is written as a vertex's name.
bool is_named_vertex(const Column& column, std::size_t v, const IdMap& ids) {
  return column.vertex_ids() && ids.named() && column.vertices[v] != no_vertex;
}

char* put_name(char* p, const IdMap& ids, vertex_t v) {
  const std::string& name = ids.names[static_cast<std::size_t>(v)];
  std::memcpy(p, name.data(), name.size());
  return p + name.size();
}

// Values that stand for vertices must be compact ids or no_vertex.
void check_vertex_ids(const std::string& path, std::span<const vertex_t> values, std::size_t n) {
  const auto bad = std::find_if(values.begin(), values.end(), [&](vertex_t value) {
    return value != no_vertex && !is_vertex(value, static_cast<vertex_t>(n));
  });
  if (bad != values.end())
    throw UsageError("cannot write " + path + ": value " + std::to_string(*bad) + " of vertex " +
                     std::to_string(bad - values.begin()) + " is not a vertex id (n = " + std::to_string(n) + ")");
}

// An integer result as written: a level or a count as it is (-1 for
// no_level), the file's id for a vertex (-1 for no_vertex).
std::int64_t integer_value(const Column& column, std::size_t v, const IdMap& ids) {
  switch (column.kind) {
    case Column::Kind::levels: return column.levels[v];
    case Column::Kind::counts: return column.counts[v];
    default: break;
  }
  const vertex_t value = column.vertices[v];
  return value == no_vertex ? -1 : ids.original(value);
}

// Calls fill(v, t) for every vertex of a batch from all threads, then
// write(batch_begin, batch_end) on the calling thread, batch after batch.
template <typename Fill, typename Write>
void for_each_batch(std::size_t n, const Fill& fill, const Write& write) {
  for (std::size_t batch = 0; batch < n; batch += batch_vertices) {
    const std::size_t batch_end = std::min(n, batch + batch_vertices);
    const int threads = std::max(1, omp_get_max_threads());
#pragma omp parallel num_threads(threads)
    {
      const auto t = static_cast<std::size_t>(omp_get_thread_num());
      const std::size_t count = batch_end - batch;
      fill(batch + count * t / static_cast<std::size_t>(threads),
           batch + count * (t + 1) / static_cast<std::size_t>(threads), t);
    }
    write(batch, batch_end);
  }
}

// TAB-separated lines, or comma-separated ones after a header row.
void write_text(const std::string& path, const IdMap& ids, std::size_t n, std::span<const Column> columns,
                TableForm form) {
  const char separator = form == TableForm::csv ? ',' : '\t';
  // A 20-character id, each value after a separator (int64 ids or the
  // shortest round-trip form of a float or double: at most 24 characters;
  // or a name), a newline.
  constexpr std::size_t longest_number = 24;
  const std::size_t longest_field = std::max<std::size_t>(longest_number, longest_name(ids));
  const std::size_t longest_line = (longest_field + 1) * (columns.size() + 1) + 1;
  detail::OutputFile out(path);
  if (form == TableForm::csv) {
    std::string header = "id";
    for (const Column& column : columns) header += std::string(1, separator) + std::string(column.name);
    header += '\n';
    out.write(header.data(), header.size());
  }
  std::vector<std::string> text(static_cast<std::size_t>(std::max(1, omp_get_max_threads())));
  for_each_batch(
      n,
      [&](std::size_t begin, std::size_t end, std::size_t t) {
        std::string& buffer = text[t];
        buffer.resize((end - begin) * longest_line);
        char* p = buffer.data();
        for (std::size_t v = begin; v < end; ++v) {
          p = ids.named() ? put_name(p, ids, static_cast<vertex_t>(v))
                          : std::to_chars(p, p + 20, ids.original(static_cast<vertex_t>(v))).ptr;
          for (const Column& column : columns) {
            *p++ = separator;
            if (column.wide_real()) p = std::to_chars(p, p + longest_number, column.doubles[v]).ptr;
            else if (column.real()) p = std::to_chars(p, p + longest_number, column.reals[v]).ptr;
            else if (is_named_vertex(column, v, ids)) p = put_name(p, ids, column.vertices[v]);
            else p = std::to_chars(p, p + 20, integer_value(column, v, ids)).ptr;
          }
          *p++ = '\n';
        }
        buffer.resize(static_cast<std::size_t>(p - buffer.data()));
      },
      [&](std::size_t, std::size_t) {
        for (std::string& part : text) {
          out.write(part.data(), part.size());
          part.clear();
        }
      });
  out.commit();
}

// Little-endian bytes of an integer or a float, as .npy's '<' types want.
template <typename T>
unsigned char* put_little_endian(unsigned char* out, T value) {
  using Bits = std::conditional_t<sizeof(T) == 8, std::uint64_t, std::uint32_t>;
  const auto bits = std::bit_cast<Bits>(value);
  for (std::size_t byte = 0; byte < sizeof(T); ++byte) *out++ = static_cast<unsigned char>(bits >> (8 * byte));
  return out;
}

// Bytes of a name in a fixed-width '|S' field, zero-padded (NumPy reads
// them as bytes; no_vertex as b'').
unsigned char* put_name_field(unsigned char* out, const IdMap& ids, vertex_t v, std::size_t width) {
  std::memset(out, 0, width);
  if (v != no_vertex) {
    const std::string& name = ids.names[static_cast<std::size_t>(v)];
    std::memcpy(out, name.data(), name.size());
  }
  return out + width;
}

// A NumPy record array: 'id' (int64; for named ids '|S<longest name>'),
// then each column ('<f4' reals, '<i8' integers; vertices of a named graph
// '|S'), packed, one record per vertex.
void write_records(const std::string& path, const IdMap& ids, std::size_t n, std::span<const Column> columns) {
  const std::size_t name_width = std::max<std::size_t>(1, longest_name(ids));
  const std::string name_type = "|S" + std::to_string(name_width);
  const auto is_names = [&](const Column& column) { return column.vertex_ids() && ids.named(); };
  std::string descr = "[('id', '" + (ids.named() ? name_type : std::string("<i8")) + "')";
  std::size_t record = ids.named() ? name_width : 8;
  for (const Column& column : columns) {
    const std::string type = column.wide_real() ? "<f8" : column.real() ? "<f4" : is_names(column) ? name_type : "<i8";
    descr += ", ('" + std::string(column.name) + "', '" + type + "')";
    record += column.wide_real() ? 8 : column.real() ? 4 : is_names(column) ? name_width : 8;
  }
  descr += "]";
  detail::OutputFile out(path);
  detail::write_npy_preamble(out, detail::format_npy_header({n}, descr));
  std::vector<unsigned char> bytes(std::min(n, batch_vertices) * record);
  for_each_batch(
      n,
      [&](std::size_t begin, std::size_t end, std::size_t) {
        // Batches start at multiples of batch_vertices.
        unsigned char* p = bytes.data() + (begin % batch_vertices) * record;
        for (std::size_t v = begin; v < end; ++v) {
          p = ids.named() ? put_name_field(p, ids, static_cast<vertex_t>(v), name_width)
                          : put_little_endian(p, ids.original(static_cast<vertex_t>(v)));
          for (const Column& column : columns)
            p = column.wide_real() ? put_little_endian(p, column.doubles[v])
                : column.real()    ? put_little_endian(p, column.reals[v])
                : is_names(column) ? put_name_field(p, ids, column.vertices[v], name_width)
                                   : put_little_endian(p, integer_value(column, v, ids));
        }
      },
      [&](std::size_t begin, std::size_t end) { out.write(bytes.data(), (end - begin) * record); });
  out.commit();
}

void write_table(const std::string& path, const IdMap& ids, std::span<const Column> columns) {
  const std::size_t n = columns.front().size();
  for (const Column& column : columns)
    if (column.size() != n)
      throw UsageError("cannot write " + path + ": columns of " + std::to_string(n) + " and " +
                       std::to_string(column.size()) + " values");
  check_id_map(path, ids, n);
  for (const Column& column : columns)
    if (column.vertex_ids()) check_vertex_ids(path, column.vertices, n);
  const TableForm form = table_form(path);
  if (form == TableForm::npy) {
    write_records(path, ids, n, columns);
    return;
  }
  write_text(path, ids, n, columns, form);
}

}  // namespace

void write_vertex_values(const std::string& path, const IdMap& ids, std::span<const float> values,
                         std::string_view name) {
  const Column columns[] = {real_column(name, values)};
  write_table(path, ids, columns);
}

void write_vertex_values(const std::string& path, const IdMap& ids, std::span<const double> values,
                         std::string_view name) {
  const Column columns[] = {{.name = name, .kind = Column::Kind::doubles, .doubles = values}};
  write_table(path, ids, columns);
}

void write_vertex_levels(const std::string& path, const IdMap& ids, std::span<const level_t> levels,
                         std::string_view name) {
  const Column columns[] = {level_column(name, levels)};
  write_table(path, ids, columns);
}

void write_vertex_ids(const std::string& path, const IdMap& ids, std::span<const vertex_t> values,
                      std::string_view name) {
  const Column columns[] = {vertex_column(name, values)};
  write_table(path, ids, columns);
}

void write_vertex_counts(const std::string& path, const IdMap& ids, std::span<const std::int64_t> counts,
                         std::string_view name) {
  const Column columns[] = {{.name = name, .kind = Column::Kind::counts, .counts = counts}};
  write_table(path, ids, columns);
}

void write_vertex_columns(const std::string& path, const IdMap& ids, const std::vector<std::string>& names,
                          std::span<const level_t> values) {
  if (names.empty() || values.size() % names.size() != 0)
    throw UsageError("cannot write " + path + ": " + std::to_string(values.size()) + " values for " +
                     std::to_string(names.size()) + " columns");
  const std::size_t n = values.size() / names.size();
  std::vector<Column> columns;
  for (std::size_t c = 0; c < names.size(); ++c) columns.push_back(level_column(names[c], values.subspan(c * n, n)));
  write_table(path, ids, columns);
}

void write_vertex_levels_and_parents(const std::string& path, const IdMap& ids, std::span<const level_t> levels,
                                     std::span<const vertex_t> parents) {
  if (levels.size() != parents.size())
    throw UsageError("cannot write " + path + ": " + std::to_string(levels.size()) + " levels but " +
                     std::to_string(parents.size()) + " parents");
  const Column columns[] = {level_column("level", levels), vertex_column("parent", parents)};
  write_table(path, ids, columns);
}

void write_vertex_distances_and_parents(const std::string& path, const IdMap& ids, std::span<const float> distances,
                                        std::span<const vertex_t> parents) {
  if (distances.size() != parents.size())
    throw UsageError("cannot write " + path + ": " + std::to_string(distances.size()) + " distances but " +
                     std::to_string(parents.size()) + " parents");
  const Column columns[] = {real_column("distance", distances), vertex_column("parent", parents)};
  write_table(path, ids, columns);
}

}  // namespace graphrun::io
