#pragma once
// The time of the smallest call a backend can make, a fill of one float,
// timed like every row (the same cache flush before each run, warm-up,
// repetitions, median). No row can go below it: a row within a small factor
// of it is bound by launch and latency, not by bytes or flops.
#include <cstddef>

#include "measure.hpp"
#include "statistics.hpp"
#include "graphrun/backend.hpp"

namespace graphrun::bench {

Summary measure_call_floor(Backend& backend, std::size_t flush_bytes, const RepetitionPlan& plan);

}  // namespace graphrun::bench
