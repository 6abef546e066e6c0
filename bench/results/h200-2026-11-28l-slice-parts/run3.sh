#!/bin/bash
# Session 40, run 3: run 2 showed the first product pass ~240-1000 cycles
# longer than a second pass of the same instructions on the same staged
# data, and 100-360 without the cache flush. main's SASS (sass.sh, cuobjdump)
# has the product loop twice, the division path first and the shift path ~2
# KB later, where the warps jump after the barrier. The change pads a
# block's vectors to a power of two, so no path divides. Here: the new SASS;
# cuda_spmm_tests; clock64 phases of block 0 (phases.py's instrumentation
# applied to main, oldph, and to the change, newph); old and new
# alternating, three rounds on the slice-staged graphs (cuda), two on the
# whole bundled suite (cuda and cusparse in one run).
set -u
mkdir -p /tmp/b /tmp/small /tmp/r
python3 -c "import tarfile,sys; tarfile.open(sys.argv[1]).extractall(sys.argv[2])" build-carry/exp.txz /tmp/b
for g in ldbc-directed-example ldbc-cdlp-undirected-example ldbc-undirected-example karate west0067 dolphins lesmis polbooks football celegansneural; do
  cp tests/data/$g.mtx /tmp/small/
done
nvidia-smi --query-gpu=name,driver_version --format=csv | tee $OUT/gpu.txt
for v in old new; do
  /usr/local/cuda/bin/cuobjdump -sass -fun '_ZN8graphrun4cuda11spmm_detail24slice_staged_spmm_kernelILi4ELb0EEEvNS0_7CsrViewEPKfPfmNS0_17SliceStagedPolicy11LaunchShapeE' /tmp/b/graphrun-bench-$v > /tmp/r/$v.sass.txt 2>&1
done
/tmp/b/cuda_spmm_tests > /tmp/r/cuda_spmm_tests.txt 2>&1; echo "cuda_spmm_tests rc $?"; tail -2 /tmp/r/cuda_spmm_tests.txt
B="--bundled-dir /tmp/small --generate none --ops spmm --widths 32,64,128,256 --backends cuda"
for v in oldph newph; do
  timeout 120 /tmp/b/graphrun-bench-$v $B --out /tmp/r/phases-$v > /tmp/r/phases-$v.txt 2>&1; echo "phases $v rc $?"
done
for round in 1 2 3; do
  for v in old new; do
    timeout 100 /tmp/b/graphrun-bench-$v $B --out /tmp/r/$v-$round > /dev/null 2>&1; echo "$v $round rc $?"
  done
done
for round in 1 2; do
  for v in old new; do
    timeout 100 /tmp/b/graphrun-bench-$v --bundled-dir tests/data --generate none --backends cuda,cusparse --ops spmm \
      --widths 32,64,128,256 --out /tmp/r/full$v-$round > /tmp/r/full$v-$round.txt 2>&1; echo "full $v $round rc $?"
  done
done
cd /tmp/r && for d in */; do cp $d/results.csv ${d%/}.csv; done && tar czf $OUT/results.tgz *.csv *.txt
