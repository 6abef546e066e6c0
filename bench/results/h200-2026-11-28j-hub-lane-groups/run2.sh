#!/bin/bash
# Session 38, run 2: the hub pass (main's, a group a lane) asking the L2
# for the lines of its groups prefetch_rounds rounds of 32 groups ahead
# (prefetch.global.L2, a line a lane). Binaries built on the dev box from
# one tree, differing only in hub_split_format.cu's
# HubSplitPolicy::prefetch_rounds: base = main (5aead78, none), p1, p2, p4.
# Correctness (p2's cuda_spmv_tests) first, then the weighted SpMV through
# csr-hub-split (driver.cpp, median of 20 calls), variants alternating, two
# rounds.
set -u
mkdir -p /tmp/b /tmp/g
python3 -c "import tarfile,sys; tarfile.open(sys.argv[1]).extractall(sys.argv[2])" build-carry/exp.txz /tmp/b
cd /tmp/b
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv | tee $OUT/gpu.txt
./cuda_spmv_tests_p2 > $OUT/tests_p2.txt 2>&1; echo "p2 all tests rc $?"; tail -3 $OUT/tests_p2.txt
for s in 20 22 24; do ./driver_base generate $s /tmp/g/kron-s$s.grb || echo "generate $s failed"; done
for s in 24 22 20; do
  for round in 1 2; do
    for v in base p1 p2 p4; do echo -n "kron-s$s round $round $v: "; ./driver_$v /tmp/g/kron-s$s.grb 20; done
  done
done 2>&1 | tee $OUT/timings.txt
