#!/bin/bash
# Session 40, run 2: run 1's product phase took ~1100 cycles even on graphs
# of rows of <= 5 entries, and the strided split slowed the loop. exp2.patch
# (against 982e22e): the split takes contiguous chunks of a row, and the
# product can run twice (EXP_REPS=2, the same instructions again with the
# staged data in place), the clock read after each pass (EXP_PHASES): if
# the second pass is much shorter, the first pays a cold start (the code
# itself, after the flush) rather than its arithmetic.
set -u
mkdir -p /tmp/b /tmp/small /tmp/r
python3 -c "import tarfile,sys; tarfile.open(sys.argv[1]).extractall(sys.argv[2])" build-carry/exp.txz /tmp/b
for g in ldbc-directed-example ldbc-cdlp-undirected-example ldbc-undirected-example karate west0067 dolphins lesmis polbooks football celegansneural; do
  cp tests/data/$g.mtx /tmp/small/
done
nvidia-smi --query-gpu=name,driver_version --format=csv | tee $OUT/gpu.txt
EXP_PARTS=8 /tmp/b/cuda_spmm_tests > /tmp/r/tests-parts8.txt 2>&1; echo "tests parts8 rc $?"; tail -2 /tmp/r/tests-parts8.txt
EXP_PARTS=8 EXP_REPS=2 /tmp/b/cuda_spmm_tests > /tmp/r/tests-parts8-reps2.txt 2>&1; echo "tests parts8 reps2 rc $?"; tail -2 /tmp/r/tests-parts8-reps2.txt
B="--bundled-dir /tmp/small --generate none --ops spmm --widths 32,64,128,256 --backends cuda"
for p in 1 8; do
  EXP_PHASES=1 EXP_REPS=2 EXP_PARTS=$p timeout 120 /tmp/b/graphrun-bench-new $B --out /tmp/r/phases-$p > /tmp/r/phases-$p.txt 2>&1; echo "phases $p rc $?"
done
EXP_PHASES=1 EXP_REPS=2 timeout 120 /tmp/b/graphrun-bench-new $B --flush-mib 0 --out /tmp/r/phases-noflush > /tmp/r/phases-noflush.txt 2>&1; echo "phases noflush rc $?"
for round in 1 2; do
  timeout 100 /tmp/b/graphrun-bench-old $B --out /tmp/r/old-$round > /dev/null 2>&1; echo "old $round rc $?"
  for p in 1 2 8; do
    EXP_PARTS=$p timeout 100 /tmp/b/graphrun-bench-new $B --out /tmp/r/p$p-$round > /dev/null 2>&1; echo "p$p $round rc $?"
  done
  EXP_REPS=2 timeout 100 /tmp/b/graphrun-bench-new $B --out /tmp/r/reps2-$round > /dev/null 2>&1; echo "reps2 $round rc $?"
done
cd /tmp/r && for d in */; do cp $d/results.csv ${d%/}.csv; done && tar czf $OUT/results.tgz *.csv *.txt
