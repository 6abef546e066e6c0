#!/bin/bash
# Session 39, run 5: does the suite around them change the small calls?
# Run 4's binaries (main's = old, the commit's = new), each on the ten
# slice-staged graphs alone (small) and on the whole bundled suite (full),
# cuda and cusparse, F = 32..256, the four alternating, three rounds.
set -u
mkdir -p /tmp/b /tmp/r /tmp/small
python3 -c "import tarfile,sys; tarfile.open(sys.argv[1]).extractall(sys.argv[2])" build-carry/ab.txz /tmp/b
for g in ldbc-directed-example ldbc-cdlp-undirected-example ldbc-undirected-example karate west0067 dolphins lesmis polbooks football celegansneural; do
  cp tests/data/$g.mtx /tmp/small/
done
nvidia-smi --query-gpu=name,driver_version,pci.bus_id --format=csv | tee $OUT/gpu.txt
B="--generate none --backends cuda,cusparse --ops spmm --widths 32,64,128,256"
for round in 1 2 3; do
  for v in old new; do
    timeout 100 /tmp/b/graphrun-bench-$v --bundled-dir /tmp/small $B --out /tmp/r/$v-small-$round > /tmp/r/$v-small-$round.txt 2>&1; echo "$v small $round rc $?"
    timeout 100 /tmp/b/graphrun-bench-$v --bundled-dir tests/data $B --out /tmp/r/$v-full-$round > /tmp/r/$v-full-$round.txt 2>&1; echo "$v full $round rc $?"
  done
done
cd /tmp/r && for d in */; do cp $d/results.csv ${d%/}.csv; done && tar czf $OUT/results.tgz *.csv *.txt
