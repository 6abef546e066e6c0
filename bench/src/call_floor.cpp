#include "call_floor.hpp"

#include "cache_flush.hpp"
#include "graphrun/memory.hpp"

namespace graphrun::bench {

Summary measure_call_floor(Backend& backend, std::size_t flush_bytes, const RepetitionPlan& plan) {
  DeviceVector<float> one(backend.memory(), 1);
  CacheFlusher flusher(backend, flush_bytes);
  float value = 0.0f;
  return time_repeated(backend, [&] { backend.fill(one.span(), value += 1.0f); }, flusher, plan);
}

}  // namespace graphrun::bench
