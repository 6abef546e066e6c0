#include "cuda/graph_build/bulk_download.hpp"

#include "graphrun/internal/parallel.hpp"
#include "graphrun/types.hpp"

namespace graphrun::cuda {

template <class T>
std::vector<T> download_bulk(MemoryResource& memory, const T* device, std::size_t count) {
  std::vector<T> host = graphrun::detail::make_bulk_vector<T>(count);
  if (count > 0) memory.copy(host.data(), device, count * sizeof(T), CopyKind::backend_to_host);
  return host;
}

template std::vector<edge_t> download_bulk<edge_t>(MemoryResource&, const edge_t*, std::size_t);
template std::vector<vertex_t> download_bulk<vertex_t>(MemoryResource&, const vertex_t*, std::size_t);
template std::vector<float> download_bulk<float>(MemoryResource&, const float*, std::size_t);

}  // namespace graphrun::cuda
