#!/bin/bash
# Device run 4 of session 37: the weighted hub pass (tier 0) and rest pass of
# csr-hub-split on kron-s24 under ncu, with per-SASS-instruction stall
# samples (timeline_driver, the same experiment build as run 3, overlapped).
set -u
B=/tmp/pk
NCU=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
nvidia-smi --query-gpu=name --format=csv > "$OUT/device.txt" 2>&1
mkdir -p /tmp/g24
$B/prefetch/graphrun generate kron --scale 24 --weighted --out /tmp/g24/kron-s24.grb > "$OUT/generate.txt" 2>&1
for k in hub_groups csr_merge_kernel; do
  timeout 150 $NCU --clock-control none -k regex:$k --launch-count 1 --set full --import-source no \
    -o /tmp/rep-$k $B/exp/timeline_driver /tmp/g24/kron-s24.grb 2 > "$OUT/ncu-$k-run.txt" 2>&1
  $NCU -i /tmp/rep-$k.ncu-rep --page details > "$OUT/ncu-$k-details.txt" 2>&1
  $NCU -i /tmp/rep-$k.ncu-rep --page source --print-source sass --csv > "$OUT/ncu-$k-sass.csv" 2>&1
done
ls -la "$OUT"
