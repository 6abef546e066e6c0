#include "parallel_read.hpp"

#include <omp.h>

#include <algorithm>
#include <exception>
#include <vector>

namespace graphrun::io::detail {

void read_exact_parallel(const InputFile& file, std::span<char> dst, std::uint64_t offset, const char* what) {
  // At least a few MB per thread, so that slices stay large sequential reads.
  const auto slices = static_cast<int>(
      std::clamp<std::size_t>(dst.size() / parallel_read_bytes, 1, static_cast<std::size_t>(omp_get_max_threads())));
  if (slices == 1) {
    file.read_exact_at(dst, offset, what);
    return;
  }
  // An InputError must not escape the OpenMP region (it would terminate the
  // program): the first one is carried out.
  std::vector<std::exception_ptr> failures(static_cast<std::size_t>(slices));
#pragma omp parallel for schedule(static, 1) num_threads(slices)
  for (int s = 0; s < slices; ++s) {
    const std::size_t begin = dst.size() * static_cast<std::size_t>(s) / static_cast<std::size_t>(slices);
    const std::size_t end = dst.size() * static_cast<std::size_t>(s + 1) / static_cast<std::size_t>(slices);
    try {
      file.read_exact_at(dst.subspan(begin, end - begin), offset + begin, what);
    } catch (...) {
      failures[static_cast<std::size_t>(s)] = std::current_exception();
    }
  }
  for (const auto& failure : failures)
    if (failure) std::rethrow_exception(failure);
}

}  // namespace graphrun::io::detail
