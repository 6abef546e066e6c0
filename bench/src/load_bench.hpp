#pragma once
// graphrun-bench --ops load: what a user waits for, from a file on disk to
// the answer, per input format, beside the speed the disk cache delivers.
//
// For each generated graph (pattern, as `graphrun generate` writes it) the
// graph is written as .mtx, as an edge list (.el) and as a .grb snapshot in a
// scratch folder. For each file and backend, after one warm-up run,
//   graphrun pagerank FILE --iterations 1 --backend B --json
// runs `repetitions` times; the medians of its JSON phases (read, build and
// where, upload, wall) and of the process's wall time are reported with
// (read + build) as a rate, beside dd: the file read with 16 MiB read()
// calls from a warm page cache, median of the same count. A run that fails
// is a FAIL row with its error, not a time. The scratch files are removed.
#include "bench_options.hpp"

namespace graphrun::bench {

// 0 when every run succeeded; ExitCode::runtime when one failed.
int run_load_benchmark(const BenchOptions& options);

}  // namespace graphrun::bench
