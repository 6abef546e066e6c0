#!/bin/bash
# Device run 5 of session 37: four experiment builds of csr-hub-split, each
# with timeline.patch, on the weighted kron-s24: base (main's kernels),
# pf (the row's y loaded a round ahead), unroll (the hub pass's round loop
# unrolled by two), pf_unroll (both). Per build and SM split of the hub
# passes (0 = in turn): the call's median, then the median hub-stream and
# rest-pass ends of 10 timed calls.
set -u
B=/tmp/pk/exp
nvidia-smi --query-gpu=name --format=csv > "$OUT/device.txt" 2>&1
mkdir -p /tmp/g24
$B/driver_base /dev/null 2>/dev/null
/tmp/pk/prefetch/graphrun generate kron --scale 24 --weighted --out /tmp/g24/kron-s24.grb > "$OUT/generate.txt" 2>&1
med() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
for round in 1 2; do
for v in base pf unroll pf_unroll; do
  for k in 0 52 60 68; do
    export GRAPHRUN_EXP_HUB_SMS=$k
    m=$($B/driver_$v /tmp/g24/kron-s24.grb 20 2>&1 | grep -o "median [0-9.]*" | cut -d' ' -f2)
    t=$(GRAPHRUN_EXP_TIMELINE=1 $B/driver_$v /tmp/g24/kron-s24.grb 10 2>&1 | grep timeline | tail -10)
    h=$(echo "$t" | awk '{print $6}' | med); r=$(echo "$t" | awk '{print $8}' | med)
    echo "round $round build $v hub_sms $k median_ms $m hub_end $h rest_end $r" | tee -a "$OUT/builds.txt"
  done
done
done
