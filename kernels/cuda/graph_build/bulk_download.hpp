#pragma once
// Device -> host copies into fresh host arrays large enough that faulting
// their pages in dominates a plain std::vector: the pages are prepared by
// all threads (graphrun::detail::make_bulk_vector) before the copy.
#include <cstddef>
#include <vector>

#include "graphrun/memory.hpp"

namespace graphrun::cuda {

template <class T>
std::vector<T> download_bulk(MemoryResource& memory, const T* device, std::size_t count);

}  // namespace graphrun::cuda
