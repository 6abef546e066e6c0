#pragma once
// The device's copy bandwidth, measured at start-up: the practical ceiling a
// bandwidth-bound kernel is compared against ("% of copy" in every row).
#include <cstddef>

#include "measure.hpp"
#include "statistics.hpp"
#include "graphrun/backend.hpp"

namespace graphrun::bench {

struct CopyBandwidth {
  std::size_t buffer_bytes = 0;  // bytes copied per run (read once, written once)
  Summary milliseconds;
  double gbps = 0.0;  // (read + written bytes) / median time, 10^9 bytes/s
};

// Times MemoryResource::copy (backend_to_backend) of one buffer into another.
CopyBandwidth measure_copy_bandwidth(Backend& backend, std::size_t buffer_bytes, const RepetitionPlan& plan);

// 1 GiB per buffer on a GPU, 256 MiB on a CPU, 16 MiB in --quick mode.
std::size_t default_copy_bytes(BackendKind kind, bool quick);

}  // namespace graphrun::bench
