#!/bin/bash
# Session 38, run 1: the hub pass with several groups a lane. Binaries built
# on the dev box from one tree, differing only in hub_split_format.cu's
# HubSplitPolicy (lane_groups, threads_per_block): base = main (5aead78),
# k2 = 2 groups a lane, k4 = 4 (ptxas spills ~230 bytes in the weighted
# float pass), k4h = 4 with 512-thread blocks (100-111 registers).
# Correctness (k2's cuda_spmv_tests) first, then the weighted SpMV through
# csr-hub-split (driver.cpp: session 37's timeline_driver.cpp, which also
# generates; median of 20 calls), variants alternating, two rounds.
set -u
mkdir -p /tmp/b /tmp/g
python3 -c "import tarfile,sys; tarfile.open(sys.argv[1]).extractall(sys.argv[2])" build-carry/exp.txz /tmp/b
cd /tmp/b
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv | tee $OUT/gpu.txt
./cuda_spmv_tests_k2 > $OUT/tests_k2.txt 2>&1; echo "k2 all tests rc $?"; tail -3 $OUT/tests_k2.txt
for s in 20 22 24; do ./driver_base generate $s /tmp/g/kron-s$s.grb || echo "generate $s failed"; done
for s in 24 22 20; do
  for round in 1 2; do
    for v in base k2 k4 k4h; do echo -n "kron-s$s round $round $v: "; ./driver_$v /tmp/g/kron-s$s.grb 20; done
  done
done 2>&1 | tee $OUT/timings.txt
