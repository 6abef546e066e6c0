#pragma once
// Backend::time_runs on the host's steady clock (cpu primitives are
// synchronous, so the wall time of a call is its run time).
#include <functional>
#include <vector>

namespace graphrun::cpu {

// Milliseconds of each of `repetitions` measured calls of work(), after
// `warmup` unmeasured ones; between() (if set) runs unmeasured before each
// measured call.
std::vector<double> time_runs(const std::function<void()>& work, const std::function<void()>& between, int warmup,
                              int repetitions);

}  // namespace graphrun::cpu
