#include "copy_bandwidth.hpp"

#include "byte_model.hpp"
#include "graphrun/memory.hpp"

namespace graphrun::bench {

std::size_t default_copy_bytes(BackendKind kind, bool quick) {
  constexpr std::size_t mebibyte = std::size_t{1} << 20;
  if (quick) return 16 * mebibyte;
  return kind == BackendKind::cpu ? 256 * mebibyte : 1024 * mebibyte;
}

CopyBandwidth measure_copy_bandwidth(Backend& backend, std::size_t buffer_bytes, const RepetitionPlan& plan) {
  const std::size_t count = buffer_bytes / sizeof(float);
  DeviceVector<float> source(backend.memory(), count);
  DeviceVector<float> destination(backend.memory(), count);
  // Touch both buffers first: the first write to fresh pages (page faults on
  // the host, lazy mapping on a GPU) must not land in the timed runs.
  backend.fill(source.span(), 1.0f);
  backend.fill(destination.span(), 0.0f);
  CacheFlusher no_flush(backend, 0);  // the buffers are far larger than any cache
  auto copy = [&] {
    backend.memory().copy(destination.data(), source.data(), count * sizeof(float), CopyKind::backend_to_backend);
  };
  CopyBandwidth result;
  result.buffer_bytes = count * sizeof(float);
  result.milliseconds = time_repeated(backend, copy, no_flush, plan);
  result.gbps = giga_per_second(2.0 * static_cast<double>(result.buffer_bytes), result.milliseconds.median);
  return result;
}

}  // namespace graphrun::bench
