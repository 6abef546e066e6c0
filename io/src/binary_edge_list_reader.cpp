// Graph500-style binary edge lists -> EdgeList: little-endian pairs of
// (source, target) ids and nothing else, 64-bit signed ('el64', as the
// Graph500 reference code's edge dumps) or 32-bit unsigned ('el32'). Ids
// are sparse and compacted to 0..n-1 in sorted order, as in text edge lists.
#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "graphrun/error.hpp"
#include "graphrun/internal/parallel.hpp"
#include "graphrun/io/read.hpp"
#include "id_compaction.hpp"
#include "posix_file.hpp"

namespace graphrun::io {
namespace {

// Bytes of the file read per positional read (each thread reads its own).
constexpr std::size_t read_chunk = std::size_t{8} << 20;

template <typename Word>
std::int64_t little_endian(const unsigned char* bytes) {
  std::uint64_t bits = 0;
  for (std::size_t byte = 0; byte < sizeof(Word); ++byte) bits |= std::uint64_t{bytes[byte]} << (8 * byte);
  return static_cast<std::int64_t>(static_cast<Word>(bits));
}

// Word: the file's id type (std::int64_t or std::uint32_t).
template <typename Word>
EdgeList read_binary_pairs(const std::string& path) {
  constexpr std::size_t pair_bytes = 2 * sizeof(Word);
  const char* const layout = sizeof(Word) == 8 ? "pairs of little-endian int64 ids (el64)"
                                               : "pairs of little-endian uint32 ids (el32)";
  detail::InputFile file(path);
  if (file.size() == 0) throw InputError(path, 0, std::string("empty file: expected ") + layout);
  if (file.size() % pair_bytes != 0)
    throw InputError(path, 0, "the file holds " + std::to_string(file.size()) + " bytes, not a whole number of " +
                                  std::to_string(pair_bytes) + "-byte " + layout);
  const std::size_t pairs = file.size() / pair_bytes;
  detail::IdColumns<std::int64_t> ids;
  graphrun::detail::resize_bulk(ids.src, pairs);
  graphrun::detail::resize_bulk(ids.dst, pairs);

  const std::size_t chunk_pairs = read_chunk / pair_bytes;
  const std::size_t chunks = (pairs + chunk_pairs - 1) / chunk_pairs;
  std::vector<std::uint64_t> first_negative(chunks, pairs);  // per chunk: the first pair with a negative id
  std::vector<std::exception_ptr> failures(chunks);
#pragma omp parallel
  {
    std::vector<unsigned char> buffer(chunk_pairs * pair_bytes);
#pragma omp for schedule(dynamic, 1)
    for (std::size_t c = 0; c < chunks; ++c) {
      try {
        const std::size_t begin = c * chunk_pairs, end = std::min(pairs, begin + chunk_pairs);
        file.read_exact_at({reinterpret_cast<char*>(buffer.data()), (end - begin) * pair_bytes}, begin * pair_bytes,
                           "the edge pairs");
        for (std::size_t i = begin; i < end; ++i) {
          const unsigned char* pair = buffer.data() + (i - begin) * pair_bytes;
          ids.src[i] = little_endian<Word>(pair);
          ids.dst[i] = little_endian<Word>(pair + sizeof(Word));
          if ((ids.src[i] < 0 || ids.dst[i] < 0) && first_negative[c] == pairs) first_negative[c] = i;
        }
      } catch (...) {
        failures[c] = std::current_exception();
      }
    }
  }
  for (const auto& failure : failures)
    if (failure) std::rethrow_exception(failure);
  const auto negative = std::min_element(first_negative.begin(), first_negative.end());
  if (negative != first_negative.end() && *negative != pairs)
    throw InputError(path, 0, "pair " + std::to_string(*negative) + " (byte " + std::to_string(*negative * pair_bytes) +
                                  ") holds a negative id (" + std::to_string(ids.src[*negative]) + ", " +
                                  std::to_string(ids.dst[*negative]) + "): vertex ids must be non-negative");

  return detail::sparse_id_edge_list(detail::compact_ids(std::move(ids), path), {});
}

}  // namespace

EdgeList read_binary_edge_list(const std::string& path, Format format) {
  if (format == Format::binary32) return read_binary_pairs<std::uint32_t>(path);
  return read_binary_pairs<std::int64_t>(path);
}

}  // namespace graphrun::io
