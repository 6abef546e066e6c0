#!/bin/bash
# Device run 3 of session 37: where an overlapped csr-hub-split call's time
# goes on kron-s24 (weighted plus-times SpMV), per SM split of the hub passes.
# timeline_driver (a standalone driver) and an experiment build of the
# product: prefetch (the row's y loaded a round ahead) plus timeline.patch
# (GRAPHRUN_EXP_TIMELINE prints, per call, when the hub stream and the rest
# pass end, from an event before the call's fork; GRAPHRUN_EXP_HUB_SMS forces
# the hub passes' SMs, 0 = in turn).
set -u
B=/tmp/pk
nvidia-smi --query-gpu=name,memory.total,clocks.max.sm --format=csv > "$OUT/device.txt" 2>&1
mkdir -p /tmp/g24
$B/prefetch/graphrun generate kron --scale 24 --weighted --out /tmp/g24/kron-s24.grb > "$OUT/generate.txt" 2>&1
for k in default 0 36 44 52 60 68 76 84; do
  if [ $k = default ]; then unset GRAPHRUN_EXP_HUB_SMS; else export GRAPHRUN_EXP_HUB_SMS=$k; fi
  echo "== hub SMs $k" >> "$OUT/timeline.txt"
  $B/exp/timeline_driver /tmp/g24/kron-s24.grb 20 >> "$OUT/timeline.txt" 2>&1
  GRAPHRUN_EXP_TIMELINE=1 $B/exp/timeline_driver /tmp/g24/kron-s24.grb 10 2>&1 | grep timeline | tail -10 >> "$OUT/timeline.txt"
done
