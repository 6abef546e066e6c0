#pragma once
// One benchmark run from parsed options to written results.
#include "bench_options.hpp"

namespace graphrun::bench {

// Returns the process exit code: 0 when every row passed its check,
// ExitCode::runtime when any row printed FAIL (the results are written
// either way).
int run_benchmark(const BenchOptions& options);

}  // namespace graphrun::bench
