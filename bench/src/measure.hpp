#pragma once
// Timing helpers on top of Backend::time_runs: every kernel time the bench
// prints comes from the backend's own clock (CUDA events on a GPU), after
// warm-up, with the cache flushed before each measured run.
#include <functional>

#include "cache_flush.hpp"
#include "statistics.hpp"
#include "graphrun/backend.hpp"

namespace graphrun::bench {

struct RepetitionPlan {
  int warmup = 3;
  int repetitions = 20;
};

// Median and spread of `work` over plan.repetitions runs.
Summary time_repeated(Backend& backend, const std::function<void()>& work, CacheFlusher& flusher,
                      const RepetitionPlan& plan);

// Milliseconds of one call of `work` by the host's steady clock, including
// the backend finishing it: one-off costs such as an upload or the first
// call that builds a kernel's formats.
double wall_milliseconds(Backend& backend, const std::function<void()>& work);

}  // namespace graphrun::bench
