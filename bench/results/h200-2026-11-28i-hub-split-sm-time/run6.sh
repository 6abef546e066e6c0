#!/bin/bash
# Device run 6 of session 37: the rest pass's shared-memory carveout
# (csr-merge's blocks an SM: 40 % -> 5, >= 70 % -> 8), per SM split of the
# hub passes, on the weighted kron-s24. driver_carve: main's kernels with
# timeline.patch and carveout.patch (GRAPHRUN_EXP_REST_CARVEOUT).
set -u
B=/tmp/pk/exp
nvidia-smi --query-gpu=name --format=csv > "$OUT/device.txt" 2>&1
mkdir -p /tmp/g24
/tmp/pk/prefetch/graphrun generate kron --scale 24 --weighted --out /tmp/g24/kron-s24.grb > "$OUT/generate.txt" 2>&1
med() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
for c in 40 70 100; do
  for k in 0 52 60 68 76 84; do
    export GRAPHRUN_EXP_HUB_SMS=$k GRAPHRUN_EXP_REST_CARVEOUT=$c
    m=$($B/driver_carve /tmp/g24/kron-s24.grb 20 2>&1 | grep -o "median [0-9.]*" | cut -d' ' -f2)
    t=$(GRAPHRUN_EXP_TIMELINE=1 $B/driver_carve /tmp/g24/kron-s24.grb 10 2>&1 | grep timeline | tail -10)
    h=$(echo "$t" | awk '{print $6}' | med); r=$(echo "$t" | awk '{print $8}' | med)
    echo "carveout $c hub_sms $k median_ms $m hub_end $h rest_end $r" | tee -a "$OUT/carveout.txt"
  done
done
