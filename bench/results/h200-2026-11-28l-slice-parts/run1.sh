#!/bin/bash
# Session 40, run 1: where slice-staged's time goes on the bundled graphs it
# takes (clock64 phases of block 0: staging until the barrier, product until
# a second barrier; EXP_PHASES), and whether splitting each (row, vector)
# output over 2^k consecutive threads (every 2^k-th entry each, added by
# shuffles; EXP_PARTS = the most threads an output, bounded by the block's
# 512; EXP_SLICE1 = one-vector slices first) shortens the hub rows' chains.
# exp.patch is the experiment against 982e22e. cuda_spmm_tests of the
# experiment build with EXP_PARTS=8 (with and without EXP_SLICE1) checks the
# split products. Timing: main (old) and the experiment alternating, two
# rounds, cuda backend, F = 32..256; cusparse once.
set -u
mkdir -p /tmp/b /tmp/small /tmp/r
python3 -c "import tarfile,sys; tarfile.open(sys.argv[1]).extractall(sys.argv[2])" build-carry/exp.txz /tmp/b
for g in ldbc-directed-example ldbc-cdlp-undirected-example ldbc-undirected-example karate west0067 dolphins lesmis polbooks football celegansneural; do
  cp tests/data/$g.mtx /tmp/small/
done
nvidia-smi --query-gpu=name,driver_version --format=csv | tee $OUT/gpu.txt
EXP_PARTS=8 /tmp/b/cuda_spmm_tests > /tmp/r/tests-parts8.txt 2>&1; echo "tests parts8 rc $?"; tail -2 /tmp/r/tests-parts8.txt
EXP_PARTS=8 EXP_SLICE1=1 /tmp/b/cuda_spmm_tests > /tmp/r/tests-parts8-slice1.txt 2>&1; echo "tests parts8 slice1 rc $?"; tail -2 /tmp/r/tests-parts8-slice1.txt
B="--bundled-dir /tmp/small --generate none --ops spmm --widths 32,64,128,256 --backends cuda"
for p in 1 8; do
  EXP_PHASES=1 EXP_PARTS=$p timeout 120 /tmp/b/graphrun-bench-new $B --out /tmp/r/phases-$p > /tmp/r/phases-$p.txt 2>&1; echo "phases $p rc $?"
done
for round in 1 2; do
  timeout 100 /tmp/b/graphrun-bench-old $B --out /tmp/r/old-$round > /dev/null 2>&1; echo "old $round rc $?"
  for p in 1 2 4 8; do
    EXP_PARTS=$p timeout 100 /tmp/b/graphrun-bench-new $B --out /tmp/r/p$p-$round > /dev/null 2>&1; echo "p$p $round rc $?"
  done
  EXP_PARTS=8 EXP_SLICE1=1 timeout 100 /tmp/b/graphrun-bench-new $B --out /tmp/r/s1p8-$round > /dev/null 2>&1; echo "s1p8 $round rc $?"
done
timeout 100 /tmp/b/graphrun-bench-new --bundled-dir /tmp/small --generate none --ops spmm --widths 32,64,128,256 --backends cusparse --out /tmp/r/cusparse > /dev/null 2>&1; echo "cusparse rc $?"
cd /tmp/r && for d in */; do cp $d/results.csv ${d%/}.csv; done && tar czf $OUT/results.tgz *.csv *.txt
