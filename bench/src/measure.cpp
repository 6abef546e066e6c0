#include "measure.hpp"

#include <chrono>

#include "graphrun/error.hpp"

namespace graphrun::bench {

Summary time_repeated(Backend& backend, const std::function<void()>& work, CacheFlusher& flusher,
                      const RepetitionPlan& plan) {
  const std::vector<double> samples = backend.time_runs(work, flusher.callback(), plan.warmup, plan.repetitions);
  if (samples.size() != static_cast<std::size_t>(plan.repetitions))
    throw RuntimeError("backend " + std::string(to_string(backend.kind())) + " returned " +
                       std::to_string(samples.size()) + " timings for " + std::to_string(plan.repetitions) +
                       " repetitions");
  return summarize(samples);
}

double wall_milliseconds(Backend& backend, const std::function<void()>& work) {
  backend.synchronize();
  const auto start = std::chrono::steady_clock::now();
  work();
  backend.synchronize();
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace graphrun::bench
