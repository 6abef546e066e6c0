#!/bin/bash
# Device run 7 of session 37: the rest pass's 70 % carveout as built for the
# commit ("new"): cuda_spmv_tests, kron-s24 and the default generated suite;
# then the experiment driver (driver_carve: main's kernels, the carveout
# from GRAPHRUN_EXP_REST_CARVEOUT) on the weighted kron-s20, -s22 and -s24,
# 40 % (main) and 70 % alternating, the hub SMs by the product's rule, and
# on kron-s24 at two more carveouts with 60 hub SMs.
set -u
B=/tmp/pk
nvidia-smi --query-gpu=name,driver_version --format=csv > "$OUT/device.txt" 2>&1
timeout 200 $B/new/cuda_spmv_tests > "$OUT/cuda_spmv_tests-new.log" 2>&1; echo "rc $?" >> "$OUT/cuda_spmv_tests-new.log"
mkdir -p /tmp/g24 /tmp/gs
$B/new/graphrun generate kron --scale 24 --weighted --out /tmp/g24/kron-s24.grb > "$OUT/generate.txt" 2>&1
for s in 20 22; do $B/new/graphrun generate kron --scale $s --weighted --out /tmp/gs/kron-s$s.grb >> "$OUT/generate.txt" 2>&1; done
K24="--no-bundled --graphs /tmp/g24 --generate none --reps 5 --warmup 1"
timeout 150 $B/new/graphrun-bench $K24 --backends cuda,cusparse --ops spmv,pagerank --out $OUT/kron24-new > $OUT/kron24-new.txt 2>&1
timeout 100 $B/new/graphrun-bench --no-bundled --backends cuda,cusparse --ops spmv,pagerank --out $OUT/gen-new > $OUT/gen-new.txt 2>&1
for r in 1 2; do
  for g in /tmp/gs/kron-s20.grb /tmp/gs/kron-s22.grb /tmp/g24/kron-s24.grb; do
    for c in 40 70; do
      GRAPHRUN_EXP_REST_CARVEOUT=$c $B/exp/driver_carve $g 20 2>&1 | sed "s|^|round $r $(basename $g) carveout $c: |" >> $OUT/carveout-pairs.txt
    done
  done
done
for c in 55 85; do
  GRAPHRUN_EXP_HUB_SMS=60 GRAPHRUN_EXP_REST_CARVEOUT=$c $B/exp/driver_carve /tmp/g24/kron-s24.grb 20 2>&1 | sed "s/^/kron-s24 hub SMs 60 carveout $c: /" >> $OUT/carveout-pairs.txt
done
tail -2 "$OUT/cuda_spmv_tests-new.log"
grep -h -E "copy bandwidth|csr-hub-split|auto>|pagerank-iteration" $OUT/kron24-new.txt $OUT/gen-new.txt | cut -c1-150
cut -c1-140 $OUT/carveout-pairs.txt
