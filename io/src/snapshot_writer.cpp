#include <array>
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
  if (ids.named())
    throw UsageError("cannot write " + path + ": the graph's vertices are named (string ids), which .grb snapshots "
                     "do not store yet; convert to an edge list (.el, .tsv, .csv) instead");
  const auto n = static_cast<std::uint64_t>(graph.num_vertices());
  if (!ids.ids.empty() && ids.ids.size() != n)
    throw UsageError("cannot write snapshot " + path + ": the graph's id map holds " + std::to_string(ids.ids.size()) +
                     " ids for " + std::to_string(n) + " vertices");
  // A default-constructed Graph holds no offsets at all; the file always has n + 1.
  static const std::vector<edge_t> offsets_of_empty_graph{0};
  const std::vector<edge_t>& offsets = csr.offsets.empty() ? offsets_of_empty_graph : csr.offsets;

  detail::SnapshotHeader header;
  header.vertices = n;
  header.entries = static_cast<std::uint64_t>(csr.num_entries());
  header.original_ids = ids.ids.size();
  header.id_base = ids.base;
  const bool pattern = !csr.weighted();
  header.flags = (graph.directed() ? detail::flag_directed : 0) | (pattern ? detail::flag_pattern : 0);
  const BuildStats& stats = graph.stats();
  header.file_entries = stats.file_entries;
  header.self_loops = stats.self_loops;
  header.self_loops_dropped = stats.self_loops_dropped;
  header.duplicates_merged = stats.duplicates_merged;
  header.build_seconds = stats.build_seconds;
  detail::SectionSizes sizes;
  if (!detail::section_sizes(header.vertices, header.entries, header.original_ids, pattern, sizes))
    throw UsageError("cannot write snapshot " + path + ": the graph is too large for the format");
  header.payload_bytes = sizes.payload();
  header.payload_hash = detail::snapshot_payload_hash(offsets, csr.indices, csr.values, ids.ids);

  detail::OutputFile out(path);
  const detail::HeaderBytes encoded = detail::encode_header(header);
  out.write(encoded.data(), encoded.size());
  write_section(out, offsets);
  write_section(out, csr.indices);
  write_section(out, csr.values);
  write_section(out, ids.ids);
  out.commit();
}

}  // namespace graphrun::io
