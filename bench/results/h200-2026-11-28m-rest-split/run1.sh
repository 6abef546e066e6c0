#!/bin/bash
# Session 40, run 4 of the session (this folder's run 1): csr-hub-split's
# rest part split in two by compact index (rest-split.patch against
# a44ab88: GRAPHRUN_EXP_REST_SPLIT = the fraction of the compact x in the
# first part; the second part is a second csr-merge pass adding to y), so
# that each pass gathers from a share of the compact x that the L2 holds
# beside the streams. cuda_spmv_tests with the split at 0.5 (its R-MAT case
# is sized past the GPU's L2 share, so the compact x and the split apply);
# then session 37's timeline_driver (main's source, linked against this
# build) on the weighted kron-s22 and kron-s24: no split, 0.5 and 0.3,
# alternating, three rounds, 20 calls each (median).
set -u
mkdir -p /tmp/b /tmp/g
python3 -c "import tarfile,sys; tarfile.open(sys.argv[1]).extractall(sys.argv[2])" build-carry/exp.txz /tmp/b
nvidia-smi --query-gpu=name,driver_version --format=csv | tee $OUT/gpu.txt
GRAPHRUN_EXP_REST_SPLIT=0.5 timeout 200 /tmp/b/cuda_spmv_tests > $OUT/cuda_spmv_tests-split.txt 2>&1; echo "tests split rc $?"
tail -2 $OUT/cuda_spmv_tests-split.txt; grep -c "EXP rest split" $OUT/cuda_spmv_tests-split.txt
for s in 22 24; do
  /tmp/b/graphrun generate kron --scale $s --weighted --out /tmp/g/kron-s$s.grb >> $OUT/generate.txt 2>&1; echo "generate $s rc $?"
done
for r in 1 2 3; do
  for s in 22 24; do
    for split in none 0.5 0.3; do
      if [ $split = none ]; then env -u GRAPHRUN_EXP_REST_SPLIT /tmp/b/driver /tmp/g/kron-s$s.grb 20; else
        GRAPHRUN_EXP_REST_SPLIT=$split /tmp/b/driver /tmp/g/kron-s$s.grb 20; fi 2>&1 | sed "s/^/round $r kron-s$s split $split: /" >> $OUT/driver.txt
    done
  done
done
cut -c1-160 $OUT/driver.txt
