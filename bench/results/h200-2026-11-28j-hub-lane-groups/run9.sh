#!/bin/bash
# Session 38, run 9: slice-staged with each staged array issued from its own
# warps and a shift for the slice's vectors when they are a power of two
# (new) against main's (old): cuda_spmm_tests of the new build, then the
# bundled graphs that slice-staged takes (up to celegansneural), F = 32..256,
# old and new alternating twice (cuda backend), cusparse once.
set -u
mkdir -p /tmp/b /tmp/small
python3 -c "import tarfile,sys; tarfile.open(sys.argv[1]).extractall(sys.argv[2])" build-carry/exp.txz /tmp/b
for g in ldbc-directed-example ldbc-cdlp-undirected-example ldbc-undirected-example karate west0067 dolphins lesmis polbooks football celegansneural; do
  cp tests/data/$g.mtx /tmp/small/
done
nvidia-smi --query-gpu=name,driver_version --format=csv | tee $OUT/gpu.txt
/tmp/b/cuda_spmm_tests > $OUT/cuda_spmm_tests.txt 2>&1; echo "cuda_spmm_tests rc $?"; tail -2 $OUT/cuda_spmm_tests.txt
B="--bundled-dir /tmp/small --generate none --ops spmm --widths 32,64,128,256"
for round in 1 2; do
  for v in old new; do
    /tmp/b/graphrun-bench-$v $B --backends cuda --out $OUT/$v-$round > $OUT/$v-$round.txt 2>&1; echo "$v $round rc $?"
  done
done
/tmp/b/graphrun-bench-new $B --backends cusparse --out $OUT/cusparse > $OUT/cusparse.txt 2>&1; echo "cusparse rc $?"
