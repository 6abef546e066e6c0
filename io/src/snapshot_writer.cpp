#include <algorithm>
#include <array>
#include <functional>
#include <span>

#include "graphrun/error.hpp"
#include "graphrun/io/snapshot.hpp"
#include "posix_file.hpp"
#include "snapshot_format.hpp"
#include "snapshot_payload.hpp"

namespace graphrun::io {
namespace {

template <typename T>
void write_section(detail::OutputFile& out, const std::vector<T>& values) {
  const auto bytes = std::as_bytes(std::span<const T>(values));
  out.write(bytes.data(), bytes.size());
  static constexpr std::array<char, 8> zeros{};
  out.write(zeros.data(), detail::padded(bytes.size()) - bytes.size());
}

}  // namespace

void write_snapshot(const Graph& graph, const std::string& path) {
  const Csr& csr = graph.out_edges();
  const IdMap& ids = graph.ids();
  const auto n = static_cast<std::uint64_t>(graph.num_vertices());
  const bool named = ids.named();
  const std::size_t map_size = named ? ids.names.size() : ids.ids.size();
  if (map_size != 0 && map_size != n)
    throw UsageError("cannot write snapshot " + path + ": the graph's id map holds " + std::to_string(map_size) +
                     " ids for " + std::to_string(n) + " vertices");
  // The reader takes id maps in increasing order only (as the readers make
  // them); a reordered graph's map is not.
  if (named ? std::adjacent_find(ids.names.begin(), ids.names.end(), std::greater_equal<>()) != ids.names.end()
            : std::adjacent_find(ids.ids.begin(), ids.ids.end(), std::greater_equal<>()) != ids.ids.end())
    throw UsageError("cannot write snapshot " + path + ": the vertex ids are not in increasing order (a reordered "
                     "graph); write the graph before reordering it");
  // Named vertices: each name's end in the bytes section, then the bytes.
  std::vector<std::int64_t> name_ends;
  std::vector<char> name_bytes;
  for (const std::string& name : ids.names) {
    name_bytes.insert(name_bytes.end(), name.begin(), name.end());
    name_ends.push_back(static_cast<std::int64_t>(name_bytes.size()));
  }
  const std::vector<std::int64_t>& id_section = named ? name_ends : ids.ids;
  // A default-constructed Graph holds no offsets at all; the file always has n + 1.
  static const std::vector<edge_t> offsets_of_empty_graph{0};
  const std::vector<edge_t>& offsets = csr.offsets.empty() ? offsets_of_empty_graph : csr.offsets;

  detail::SnapshotHeader header;
  header.vertices = n;
  header.entries = static_cast<std::uint64_t>(csr.num_entries());
  header.original_ids = id_section.size();
  header.id_base = named ? 0 : ids.base;
  const bool pattern = !csr.weighted();
  header.flags = (graph.directed() ? detail::flag_directed : 0) | (pattern ? detail::flag_pattern : 0) |
                 (named ? detail::flag_named : 0);
  const BuildStats& stats = graph.stats();
  header.file_entries = stats.file_entries;
  header.self_loops = stats.self_loops;
  header.self_loops_dropped = stats.self_loops_dropped;
  header.duplicates_merged = stats.duplicates_merged;
  header.build_seconds = stats.build_seconds;
  detail::SectionSizes sizes;
  if (!detail::section_sizes(header.vertices, header.entries, header.original_ids, pattern, sizes))
    throw UsageError("cannot write snapshot " + path + ": the graph is too large for the format");
  header.payload_bytes = sizes.payload() + detail::padded(name_bytes.size());
  header.payload_hash = detail::snapshot_payload_hash(offsets, csr.indices, csr.values, id_section, name_bytes);

  detail::OutputFile out(path);
  const detail::HeaderBytes encoded = detail::encode_header(header);
  out.write(encoded.data(), encoded.size());
  write_section(out, offsets);
  write_section(out, csr.indices);
  write_section(out, csr.values);
  write_section(out, id_section);
  if (named) write_section(out, name_bytes);
  out.commit();
}

}  // namespace graphrun::io
