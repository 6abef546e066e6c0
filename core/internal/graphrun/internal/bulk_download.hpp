#pragma once
// Backend -> host copies into fresh host arrays large enough that faulting
// their pages in dominates a plain std::vector: the pages are prepared by
// all threads (make_bulk_vector) before the copy. For the CSR of a device
// build or of a downloaded graph (gigabytes at GAP sizes).
#include <cstddef>
#include <vector>

#include "graphrun/internal/parallel.hpp"
#include "graphrun/memory.hpp"

namespace graphrun::detail {

template <class T>
std::vector<T> download_bulk(MemoryResource& memory, const T* source, std::size_t count) {
  std::vector<T> host = make_bulk_vector<T>(count);
  if (count > 0) memory.copy(host.data(), source, count * sizeof(T), CopyKind::backend_to_host);
  return host;
}

}  // namespace graphrun::detail
