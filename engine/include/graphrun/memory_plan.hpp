#pragma once
// The device memory a run needs, computed before the graph is uploaded:
// the resident graph (DeviceMemoryFacts::resident_bytes: its CSRs as the
// backend stores them) and the algorithm's vectors and frontiers
// (algorithms/workspace.hpp), against the free memory of the backend's
// device. A run that does not fit fails before the upload with
// OutOfMemoryError (exit 3) naming each need.
//
// SpMV formats that copy the matrix (csr-hub-split, ell, ...) are not in
// the plan: "auto" builds them when they fit and otherwise runs a copy-free
// row kernel and says so in a note (SpmvPlan's fallback), so they never
// make a run fail. A kernel named with --spmv-kernel gets no fallback.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "graphrun/graph.hpp"

namespace graphrun {

class Backend;

// What a backend with a device tells the plan, beside Backend's core (as the
// algorithm kernel families are): found by dynamic_cast, so a host backend
// simply does not implement it and gets no plan.
class DeviceMemoryFacts {
 public:
  virtual ~DeviceMemoryFacts() = default;
  // The bytes the device can still hand out (its free memory, cached pool
  // blocks given back first).
  virtual std::size_t free_device_bytes() = 0;
  // The device bytes `graph` holds once uploaded (its CSRs as stored there).
  virtual std::size_t resident_bytes(const Graph& graph) const = 0;
};

struct MemoryNeed {
  std::string what;  // e.g. "graph", "pagerank vectors"
  std::size_t bytes = 0;
};

// Share of the free device memory a plan may fill: the rest is headroom for
// CUB's scratch, the pool's rounding and the driver.
inline constexpr double usable_free_share = 0.95;

struct MemoryPlan {
  std::vector<MemoryNeed> needs;
  std::optional<std::size_t> free_bytes;  // nullopt: the backend has no device

  std::size_t total() const;
  // total() within usable_free_share of free_bytes; always true without a device.
  bool fits() const;
  // "graph 35.2 GiB + pagerank vectors 2.80 GiB = 38.0 GiB".
  std::string describe() const;
};

// The plan of running work needing `workspace` on `graph` uploaded to
// `backend`; empty, with no free bytes, for a backend without a device.
MemoryPlan plan_memory(Backend& backend, const Graph& graph, std::vector<MemoryNeed> workspace);

// OutOfMemoryError "out of GPU memory on DEVICE: WORK needs ..., and ... is
// free" when !plan.fits().
void require_fit(const MemoryPlan& plan, const std::string& work, const std::string& device);

}  // namespace graphrun
