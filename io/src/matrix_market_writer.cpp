#include <zlib.h>

#include <algorithm>
#include <charconv>
#include <vector>
#include <cstdio>
#include <memory>

#include "graphrun/error.hpp"
#include "graphrun/io/file_names.hpp"
#include "graphrun/io/write.hpp"
#include "posix_file.hpp"

namespace graphrun::io {
namespace {

// Buffered sink over an OutputFile (posix_file.hpp: never clobbers PATH),
// gzip-compressed through a deflate stream when PATH ends in ".gz".
class TextSink {
 public:
  explicit TextSink(const std::string& path) : path_(path), out_(path) {
    gz_ = path.size() > 3 && path.compare(path.size() - 3, 3, ".gz") == 0;
    // windowBits 15 + 16: a gzip header and trailer around the deflate data.
    if (gz_ && deflateInit2(&stream_, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
      throw InputError(path, 0, "cannot start gzip compression");
    buffer_.reserve(capacity);
  }
  ~TextSink() {
    if (gz_) deflateEnd(&stream_);
  }
  TextSink(const TextSink&) = delete;
  TextSink& operator=(const TextSink&) = delete;

  void put(std::string_view text) {
    buffer_.append(text);
    if (buffer_.size() >= capacity) flush(Z_NO_FLUSH);
  }
  void close() {
    flush(Z_FINISH);
    out_.commit();
  }

 private:
  void flush(int mode) {
    if (!gz_) {
      out_.write(buffer_.data(), buffer_.size());
      buffer_.clear();
      return;
    }
    stream_.next_in = reinterpret_cast<Bytef*>(buffer_.data());
    stream_.avail_in = static_cast<uInt>(buffer_.size());
    int status = Z_OK;
    do {
      stream_.next_out = reinterpret_cast<Bytef*>(compressed_);
      stream_.avail_out = sizeof compressed_;
      status = deflate(&stream_, mode);
      if (status == Z_STREAM_ERROR) throw InputError(path_, 0, "gzip compression failed");
      out_.write(compressed_, sizeof compressed_ - stream_.avail_out);
    } while (stream_.avail_out == 0 || (mode == Z_FINISH && status != Z_STREAM_END));
    buffer_.clear();
  }

  static constexpr std::size_t capacity = 1 << 20;
  std::string path_;
  detail::OutputFile out_;
  bool gz_ = false;
  z_stream stream_{};
  char compressed_[1 << 16];
  std::string buffer_;
};

const char* symmetry_name(Symmetry s) {
  switch (s) {
    case Symmetry::general: return "general";
    case Symmetry::symmetric: return "symmetric";
    case Symmetry::skew_symmetric: return "skew-symmetric";
  }
  return "general";
}

// The end of an entry's line: the value when weighted, then the newline.
char* format_line_end(char* p, char* end, char separator, const float* value) {
  if (value != nullptr) {
    *p++ = separator;
    p = std::to_chars(p, end, *value).ptr;  // shortest round-trip form
  }
  *p++ = '\n';
  return p;
}

// One entry as text: two ids and, when weighted, a value.
char* format_entry(char* p, char* end, std::int64_t source, std::int64_t target, char separator, const float* value) {
  p = std::to_chars(p, end, source).ptr;
  *p++ = separator;
  p = std::to_chars(p, end, target).ptr;
  return format_line_end(p, end, separator, value);
}

// Whether an undirected weighted graph came from a skew-symmetric file
// (a_ji = -a_ij, which the build keeps): the first stored pair with a
// non-zero weight tells, since the build mirrors every entry alike.
bool skew_symmetric(const Graph& graph) {
  const Csr& out = graph.out_edges();
  if (graph.directed() || !out.weighted()) return false;
  for (vertex_t row = 0; row < graph.num_vertices(); ++row)
    for (edge_t k = out.offsets[row]; k < out.offsets[row + 1]; ++k) {
      const vertex_t column = out.indices[k];
      if (column >= row || out.values[static_cast<std::size_t>(k)] == 0.0f) continue;
      const auto first = out.indices.begin() + out.offsets[column], last = out.indices.begin() + out.offsets[column + 1];
      const auto mirror = std::lower_bound(first, last, row);
      if (mirror == last || *mirror != row) return false;
      return out.values[static_cast<std::size_t>(mirror - out.indices.begin())] == -out.values[static_cast<std::size_t>(k)];
    }
  return false;
}


}  // namespace

void write_matrix_market(const std::string& path, const EdgeList& edges, const std::string& comment) {
  TextSink sink(path);
  sink.put("%%MatrixMarket matrix coordinate ");
  sink.put(edges.weighted() ? "real " : "pattern ");
  sink.put(symmetry_name(edges.symmetry));
  sink.put("\n");
  if (!comment.empty()) sink.put("% " + comment + "\n");
  sink.put(std::to_string(edges.num_vertices) + " " + std::to_string(edges.num_vertices) + " " +
           std::to_string(edges.size()) + "\n");
  // Two ids and a float take at most 3 x 24 characters; the separators and
  // the newline get room after `fields_end`, so no write can pass the array.
  char line[80];
  char* const fields_end = line + 72;
  for (std::size_t i = 0; i < edges.size(); ++i) {
    const char* p = format_entry(line, fields_end, static_cast<std::int64_t>(edges.src[i]) + 1,
                                 static_cast<std::int64_t>(edges.dst[i]) + 1, ' ',
                                 edges.weighted() ? &edges.weights[i] : nullptr);
    sink.put(std::string_view(line, static_cast<std::size_t>(p - line)));
  }
  sink.close();
}

GraphTextReport write_graph_text(const std::string& path, const Graph& graph) {
  const Csr& out = graph.out_edges();
  const vertex_t n = graph.num_vertices();
  const std::string extension = file_name_parts(path).extension;
  const bool matrix_market = extension == ".mtx" || extension == ".mm";
  const bool undirected = !graph.directed();
  const bool skew = skew_symmetric(graph);
  // An undirected graph stores each edge in both rows: one triangle is
  // written, except to an edge list for skew weights (it cannot say "negate
  // the mirror", so both directions go and the list reads back directed).
  const bool one_triangle = undirected && (matrix_market || !skew);
  const auto written = [&](vertex_t row, vertex_t column) { return !one_triangle || row >= column; };
  GraphTextReport report;
  for (vertex_t row = 0; row < n; ++row)
    for (edge_t k = out.offsets[row]; k < out.offsets[row + 1]; ++k) report.lines += written(row, out.indices[k]);

  TextSink sink(path);
  char separator = ' ';
  if (matrix_market) {
    report.renumbered = !graph.ids().ids.empty() || graph.ids().named();
    sink.put(std::string("%%MatrixMarket matrix coordinate ") + (out.weighted() ? "real " : "pattern ") +
             (!undirected ? "general" : skew ? "skew-symmetric" : "symmetric") + "\n");
    if (report.renumbered) sink.put("% vertex ids renumbered 1..n in the order of the source file's ids\n");
    sink.put(std::to_string(n) + " " + std::to_string(n) + " " + std::to_string(report.lines) + "\n");
  } else {
    if (extension == ".tsv") separator = '\t';
    if (extension == ".csv") separator = ',';
    if (one_triangle) sink.put("# undirected graph, each edge once: read it with --undirected\n");
    if (skew) sink.put("# skew-symmetric weights: both directions of each edge\n");
    std::vector<bool> touched(static_cast<std::size_t>(n), false);
    for (vertex_t row = 0; row < n; ++row)
      if (out.degree(row) > 0) {
        touched[static_cast<std::size_t>(row)] = true;
        for (edge_t k = out.offsets[row]; k < out.offsets[row + 1]; ++k)
          touched[static_cast<std::size_t>(out.indices[k])] = true;
      }
    report.isolated = static_cast<std::uint64_t>(std::count(touched.begin(), touched.end(), false));
  }
  const auto id = [&](vertex_t v) {
    return matrix_market ? static_cast<std::int64_t>(v) + 1 : graph.ids().original(v);
  };
  char line[80];
  char* const fields_end = line + 72;
  const bool names = !matrix_market && graph.ids().named();  // an edge list of the file's names
  for (vertex_t row = 0; row < n; ++row)
    for (edge_t k = out.offsets[row]; k < out.offsets[row + 1]; ++k) {
      const vertex_t column = out.indices[k];
      if (!written(row, column)) continue;
      const float value = out.value(k);
      if (names) {
        const char* p = format_line_end(line, fields_end, separator, out.weighted() ? &value : nullptr);
        sink.put(graph.ids().label(row) + separator + graph.ids().label(column) +
                 std::string(line, static_cast<std::size_t>(p - line)));
        continue;
      }
      const char* p = format_entry(line, fields_end, id(row), id(column), separator, out.weighted() ? &value : nullptr);
      sink.put(std::string_view(line, static_cast<std::size_t>(p - line)));
    }
  sink.close();
  return report;
}

}  // namespace graphrun::io
