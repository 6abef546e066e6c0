#!/bin/bash
# Session 38, run 5: what a cold call costs (cold_chain_probe.cu: the bench's
# flush and timing around a one-float fill, 1-3 dependent cold loads, and a
# block staging four arrays at once), then the bundled SpMM suite with
# main's binaries (5aead78's code), cuda and cusparse in one run, F = 32..256.
set -u
mkdir -p /tmp/b
python3 -c "import tarfile,sys; tarfile.open(sys.argv[1]).extractall(sys.argv[2])" build-carry/exp.txz /tmp/b
nvidia-smi --query-gpu=name,driver_version --format=csv | tee $OUT/gpu.txt
for i in 1 2; do /tmp/b/cold_chain_probe; done 2>&1 | tee $OUT/probe.txt
/tmp/b/graphrun-bench --bundled-dir tests/data --generate none --backends cuda,cusparse --ops spmm --widths 32,64,128,256 \
  --out $OUT/bundled > $OUT/bundled-stdout.txt 2>&1
echo "bench rc $?"
tail -3 $OUT/bundled-stdout.txt
