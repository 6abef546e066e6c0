#!/bin/bash
# Session 39, run 2: run 1's comparison again, its results tarred (run 1
# brought back only old-1, new-1, new-2 and cusparse: too many files), with
# the launch-shape test's expectation fixed (n = 1 with an entry stages four
# arrays: 128 threads). Variants as in run1.sh.
set -u
mkdir -p /tmp/b /tmp/small /tmp/r
python3 -c "import tarfile,sys; tarfile.open(sys.argv[1]).extractall(sys.argv[2])" build-carry/exp.txz /tmp/b
for g in ldbc-directed-example ldbc-cdlp-undirected-example ldbc-undirected-example karate west0067 dolphins lesmis polbooks football celegansneural; do
  cp tests/data/$g.mtx /tmp/small/
done
nvidia-smi --query-gpu=name,driver_version --format=csv | tee $OUT/gpu.txt
/tmp/b/cuda_spmm_tests > $OUT/cuda_spmm_tests.txt 2>&1; echo "cuda_spmm_tests rc $?"; tail -2 $OUT/cuda_spmm_tests.txt
B="--bundled-dir /tmp/small --generate none --ops spmm --widths 32,64,128,256 --backends cuda"
for round in 1 2; do
  /tmp/b/graphrun-bench-old $B --out /tmp/r/old-$round > /dev/null 2>&1; echo "old $round rc $?"
  EXP_SLICE_THREADS=512 /tmp/b/graphrun-bench-new $B --out /tmp/r/t512-$round > /dev/null 2>&1; echo "t512 $round rc $?"
  /tmp/b/graphrun-bench-new $B --out /tmp/r/new-$round > /dev/null 2>&1; echo "new $round rc $?"
  EXP_SLICE_VECTORS=8 /tmp/b/graphrun-bench-new $B --out /tmp/r/s8-$round > /dev/null 2>&1; echo "s8 $round rc $?"
  EXP_SLICE_VECTORS=1 /tmp/b/graphrun-bench-new $B --out /tmp/r/s1-$round > /dev/null 2>&1; echo "s1 $round rc $?"
done
/tmp/b/graphrun-bench-new --bundled-dir /tmp/small --generate none --ops spmm --widths 32,64,128,256 --backends cusparse --out /tmp/r/cusparse > /dev/null 2>&1; echo "cusparse rc $?"
cd /tmp/r && for d in */; do cp $d/results.csv ${d%/}.csv; done && tar czf $OUT/results.tgz *.csv
