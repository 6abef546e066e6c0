#!/bin/bash
# Session 39, run 4: the whole bundled SpMM suite (cuda and cusparse in one
# run, F = 32..256), main's binary (old, e29db62's slice-staged) and the
# commit's (new) alternating, three rounds: run 3's suite alone cannot
# separate the change from the spread between runs on different machines.
set -u
mkdir -p /tmp/b /tmp/r
python3 -c "import tarfile,sys; tarfile.open(sys.argv[1]).extractall(sys.argv[2])" build-carry/ab.txz /tmp/b
nvidia-smi --query-gpu=name,driver_version --format=csv | tee $OUT/gpu.txt
for round in 1 2 3; do
  for v in old new; do
    timeout 100 /tmp/b/graphrun-bench-$v --bundled-dir tests/data --generate none --backends cuda,cusparse --ops spmm \
      --widths 32,64,128,256 --out /tmp/r/$v-$round > /tmp/r/$v-$round.txt 2>&1; echo "$v $round rc $?"
    grep "rows:" /tmp/r/$v-$round.txt
  done
done
cd /tmp/r && for d in */; do cp $d/results.csv ${d%/}.csv; done && tar czf $OUT/results.tgz *.csv *.txt
