#include <algorithm>
#include <bit>
#include <cstring>
#include <functional>
#include <limits>
#include <span>
#include <string>

#include "graphrun/error.hpp"
#include "graphrun/io/stream_scope.hpp"
#include "graphrun/host_memory.hpp"
#include "graphrun/io/snapshot.hpp"
#include "graphrun/types.hpp"
#include "graphrun/internal/parallel.hpp"
#include "graphrun/internal/csr_validation.hpp"
#include "parallel_read.hpp"
#include "posix_file.hpp"
#include "snapshot_format.hpp"
#include "snapshot_payload.hpp"

namespace graphrun::io {
namespace {

using detail::InputFile;
using detail::SnapshotHeader;

// Fuzz builds (FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION, libFuzzer's
// convention, set by scripts/fuzz.sh) do not compare checksums, so that
// mutated files reach the size and invariant checks behind them.
#ifdef FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION
constexpr bool compare_checksums = false;
#else
constexpr bool compare_checksums = true;
#endif

std::string readable_versions() {
  constexpr auto oldest = detail::oldest_snapshot_version, newest = detail::snapshot_version;
  if constexpr (oldest == newest) return "version " + std::to_string(newest);
  return "versions " + std::to_string(oldest) + " to " + std::to_string(newest);
}

// Reads the header and checks everything it promises before any large
// allocation: a corrupt size must not turn into a huge resize.
SnapshotHeader read_header(InputFile& file) {
  const std::string& path = file.path();
  detail::HeaderBytes bytes{};
  const std::size_t got = file.read_some({reinterpret_cast<char*>(bytes.data()), bytes.size()});
  if (got < detail::snapshot_magic.size() ||
      std::memcmp(bytes.data(), detail::snapshot_magic.data(), detail::snapshot_magic.size()) != 0)
    throw InputError(path, 0, "not a graphrun snapshot: the file does not start with the .grb magic bytes");
  if (got < bytes.size())
    throw InputError(path, 0,
                     "truncated snapshot: the file is " + std::to_string(file.size()) + " bytes, shorter than the " +
                         std::to_string(bytes.size()) + "-byte header");
  const SnapshotHeader header = detail::decode_header(bytes);
  if (header.byte_order == __builtin_bswap32(detail::byte_order_tag))
    throw InputError(path, 0, "the snapshot was written on a machine of the opposite byte order: write it again here");
  if (header.byte_order != detail::byte_order_tag)
    throw InputError(path, 0, "corrupt snapshot header: bad byte-order tag");
  if (header.version < detail::oldest_snapshot_version || header.version > detail::snapshot_version)
    throw InputError(path, 0,
                     "snapshot format version " + std::to_string(header.version) + " is not supported (this build reads " +
                         readable_versions() + "): write the snapshot again from the source graph (graphrun convert)");
  if (compare_checksums && header.header_hash != detail::header_hash(bytes))
    throw InputError(path, 0, "corrupt snapshot header: checksum mismatch");
  constexpr std::uint64_t known_flags = detail::flag_directed | detail::flag_pattern | detail::flag_named;
  if (header.header_bytes != detail::snapshot_header_bytes || (header.flags & ~known_flags) != 0)
    throw InputError(path, 0, "corrupt snapshot header: unknown header size or flags");
  if (header.vertices > static_cast<std::uint64_t>(max_vertices))
    throw InputError(path, 0,
                     "snapshot has " + std::to_string(header.vertices) + " vertices: graphrun supports at most " +
                         std::to_string(max_vertices));
  if (header.original_ids != 0 && header.original_ids != header.vertices)
    throw InputError(path, 0, "corrupt snapshot header: the id map size is neither 0 nor the vertex count");

  detail::SectionSizes sizes;
  const bool named = (header.flags & detail::flag_named) != 0;
  // Named vertices add a bytes section the counts do not size: the payload
  // is then larger by a multiple of 8 (checked against the names' ends later).
  if (!detail::section_sizes(header.vertices, header.entries, header.original_ids,
                             (header.flags & detail::flag_pattern) != 0, sizes) ||
      (named ? header.payload_bytes < sizes.payload() || (header.payload_bytes - sizes.payload()) % 8 != 0 ||
                   header.original_ids != header.vertices
             : header.payload_bytes != sizes.payload()))
    throw InputError(path, 0, "corrupt snapshot header: the payload size does not match the counts");
  const std::uint64_t expected = detail::snapshot_header_bytes + header.payload_bytes;
  if (file.size() < expected)
    throw InputError(path, 0,
                     "truncated snapshot: the file is " + std::to_string(file.size()) + " bytes, its header promises " +
                         std::to_string(expected));
  if (file.size() > expected)
    throw InputError(
        path, 0, "corrupt snapshot: " + std::to_string(file.size() - expected) + " unexpected bytes after the payload");
  return header;
}

// Sections are read at their offsets, with all threads, straight into the
// final arrays (whose pages all threads fault in, see make_bulk_vector).
class SectionReader {
 public:
  explicit SectionReader(const InputFile& file) : file_(file) {}

  template <typename T>
  std::vector<T> read(std::uint64_t count, const char* what) {
    std::vector<T> values = graphrun::detail::make_bulk_vector<T>(static_cast<std::size_t>(count));
    const auto bytes = std::as_writable_bytes(std::span<T>(values));
    detail::read_exact_parallel(file_, {reinterpret_cast<char*>(bytes.data()), bytes.size()}, offset_, what);
    offset_ += bytes.size();
    const std::size_t padding = detail::padded(bytes.size()) - bytes.size();
    char pad[8] = {};
    file_.read_exact_at({pad, padding}, offset_, what);
    offset_ += padding;
    for (std::size_t i = 0; i < padding; ++i)
      if (pad[i] != 0)
        throw InputError(file_.path(), 0, std::string("corrupt snapshot: non-zero padding after the ") + what);
    return values;
  }
  std::uint64_t offset() const { return offset_; }

 private:
  const InputFile& file_;
  std::uint64_t offset_ = detail::snapshot_header_bytes;
};

// A named graph's names section: its bytes (for the payload hash) and the
// names cut from them at the ends read before it.
struct NamesSection {
  std::vector<char> bytes;
  std::vector<std::string> names;
};

// Ends must not decrease, and the section must fill the payload.
NamesSection read_names(SectionReader& sections, const std::vector<std::int64_t>& ends,
                        const detail::SnapshotHeader& header, const std::string& path) {
  std::int64_t previous = 0;
  for (const std::int64_t end : ends) {
    if (end < previous) throw InputError(path, 0, "invalid snapshot: the name ends decrease");
    previous = end;
  }
  const auto bytes = static_cast<std::uint64_t>(previous);
  const std::uint64_t room = detail::snapshot_header_bytes + header.payload_bytes - sections.offset();
  if (detail::padded(bytes) != room)
    throw InputError(path, 0, "corrupt snapshot: the names take " + std::to_string(bytes) + " bytes, the payload " +
                                  "leaves " + std::to_string(room));
  NamesSection section{sections.read<char>(bytes, "vertex names"), std::vector<std::string>(ends.size())};
  std::int64_t start = 0;
  for (std::size_t v = 0; v < ends.size(); ++v) {
    section.names[v].assign(section.bytes.data() + start, static_cast<std::size_t>(ends[v] - start));
    start = ends[v];
  }
  return section;
}

}  // namespace

Graph read_snapshot(const std::string& path) {
  const StreamScope input(path);
  InputFile file(path);
  const SnapshotHeader header = read_header(file);
  const auto n = static_cast<vertex_t>(header.vertices);
  // The header's counts match the file's size (read_header), so the arrays
  // need what the file holds: check that the machine has it before reading.
  require_host_memory(header.payload_bytes, "the snapshot " + path, "a machine with more memory");

  SectionReader sections(file);
  Csr csr;
  csr.offsets = sections.read<edge_t>(header.vertices + 1, "row offsets");
  csr.indices = sections.read<vertex_t>(header.entries, "column indices");
  const bool pattern = (header.flags & detail::flag_pattern) != 0;
  const bool named = (header.flags & detail::flag_named) != 0;
  csr.values = sections.read<float>(pattern ? 0 : header.entries, "values");
  IdMap ids;
  ids.base = header.id_base;
  ids.ids = sections.read<std::int64_t>(header.original_ids, named ? "name ends" : "vertex ids");
  std::uint64_t payload_hash = 0;
  if (named) {
    NamesSection section = read_names(sections, ids.ids, header, path);
    payload_hash = detail::snapshot_payload_hash(csr.offsets, csr.indices, csr.values, ids.ids, section.bytes);
    ids.names = std::move(section.names);
    ids.ids.clear();
  } else {
    payload_hash = detail::snapshot_payload_hash(csr.offsets, csr.indices, csr.values, ids.ids);
  }

  if (compare_checksums && payload_hash != header.payload_hash)
    throw InputError(path, 0, "corrupt snapshot: payload checksum mismatch (the file changed after it was written)");
  // The checksum proves the bytes are what the writer wrote; the invariants
  // are checked as well because a Graph from a buggy writer must not reach a
  // kernel either. One fused pass; the detailed checks name the problem.
  const bool directed = (header.flags & detail::flag_directed) != 0;
  switch (const graphrun::detail::CsrProblem problem = graphrun::detail::find_first_csr_problem(csr, n, !directed); problem.kind) {
    case graphrun::detail::CsrProblem::Kind::none: break;
    case graphrun::detail::CsrProblem::Kind::structure: throw InputError(path, 0, "invalid CSR in snapshot: " + problem.what);
    case graphrun::detail::CsrProblem::Kind::non_finite: throw InputError(path, 0, "invalid snapshot: " + problem.what);
    case graphrun::detail::CsrProblem::Kind::asymmetric:
      throw InputError(path, 0, "invalid snapshot flagged undirected: " + problem.what);
  }
  if (std::adjacent_find(ids.ids.begin(), ids.ids.end(), std::greater_equal<>()) != ids.ids.end())
    throw InputError(path, 0, "invalid snapshot: original vertex ids are not strictly increasing");
  if (std::adjacent_find(ids.names.begin(), ids.names.end(), std::greater_equal<>()) != ids.names.end())
    throw InputError(path, 0, "invalid snapshot: vertex names are not strictly increasing");
  // Without an id map vertex v prints as base + v: the largest must fit.
  if (ids.ids.empty() && n > 0 && ids.base > std::numeric_limits<std::int64_t>::max() - (n - 1))
    throw InputError(path, 0,
                     "invalid snapshot: id base " + std::to_string(ids.base) + " makes vertex " +
                         std::to_string(n - 1) + "'s original id overflow a 64-bit integer");

  BuildStats stats;
  stats.file_entries = header.file_entries;
  stats.self_loops = header.self_loops;
  stats.self_loops_dropped = header.self_loops_dropped;
  stats.duplicates_merged = header.duplicates_merged;
  stats.build_seconds = header.build_seconds;
  return Graph::from_csr(std::move(csr), directed, std::move(ids), stats);
}

}  // namespace graphrun::io
