#include "cpu/steady_timer.hpp"

#include <chrono>

#include "graphrun/error.hpp"

namespace graphrun::cpu {

std::vector<double> time_runs(const std::function<void()>& work, const std::function<void()>& between, int warmup,
                              int repetitions) {
  if (!work) throw UsageError("time_runs: no work to time");
  if (warmup < 0 || repetitions < 0)
    throw UsageError("time_runs: warm-up and repetition counts must not be negative");
  for (int i = 0; i < warmup; ++i) work();
  std::vector<double> milliseconds;
  milliseconds.reserve(static_cast<std::size_t>(repetitions));
  for (int i = 0; i < repetitions; ++i) {
    if (between) between();
    const auto start = std::chrono::steady_clock::now();
    work();
    const auto stop = std::chrono::steady_clock::now();
    milliseconds.push_back(std::chrono::duration<double, std::milli>(stop - start).count());
  }
  return milliseconds;
}

}  // namespace graphrun::cpu
