#!/bin/bash
# Device run 2 of session 37: the hub pass's stalls (main), then the hub
# pass with the row's y loaded a round ahead ("prefetch"): its tests, its
# passes under ncu, and kron-s24 SpMV alternating with main's binaries.
# Binaries in /tmp/pk/{main,prefetch}; logs to $OUT.
set -u
B=/tmp/pk
NCU=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
nvidia-smi --query-gpu=name,memory.total,clocks.max.sm --format=csv > "$OUT/device.txt" 2>&1
timeout 200 $B/prefetch/cuda_spmv_tests > "$OUT/cuda_spmv_tests-prefetch.log" 2>&1; echo "rc $?" >> "$OUT/cuda_spmv_tests-prefetch.log"
mkdir -p /tmp/g24
$B/main/graphrun generate kron --scale 24 --weighted --out /tmp/g24/kron-s24.grb > "$OUT/generate.txt" 2>&1
for v in main prefetch main prefetch; do
  timeout 140 $B/$v/graphrun-bench --no-bundled --graphs /tmp/g24 --generate none --backends cuda --ops spmv \
    --reps 5 --warmup 1 --out /tmp/r-$v > /tmp/r.txt 2>&1
  echo "== $v" >> "$OUT/kron24-alternating.txt"
  grep -E "copy bandwidth|csr-hub-split|auto>" /tmp/r.txt >> "$OUT/kron24-alternating.txt"
  cp /tmp/r-$v/results.csv "$OUT/kron24-$v-results.csv" 2>/dev/null
done
timeout 100 $NCU --clock-control none -k regex:hub_groups --launch-count 1 --section WarpStateStats \
  --section SchedulerStats --section Occupancy --section LaunchStats --section SourceCounters \
  $B/main/graphrun pagerank /tmp/g24/kron-s24.grb --iterations 1 > "$OUT/ncu-hub-tier0-stalls-main.txt" 2>&1
M="gpu__time_duration.sum,dram__bytes_read.sum,lts__t_sectors.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,lts__t_tag_requests.avg.pct_of_peak_sustained_elapsed,sm__throughput.avg.pct_of_peak_sustained_elapsed,launch__grid_size"
timeout 100 $NCU --clock-control none --kernel-name-base demangled \
  -k 'regex:hub_groups|csr_merge_kernel|AddHubSums|GatherColumnValues' --metrics "$M" --csv \
  $B/prefetch/graphrun pagerank /tmp/g24/kron-s24.grb --iterations 1 > "$OUT/ncu-kron24-prefetch.csv" 2>&1
ls -la "$OUT"
