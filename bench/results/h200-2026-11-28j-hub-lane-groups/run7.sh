#!/bin/bash
# Session 38, run 7: cold_chain_probe with the code-size variants (the staged
# block plus 256 / 1024 / 4096 straight-line instructions), flushed, 3 runs.
set -u
mkdir -p /tmp/b
python3 -c "import tarfile,sys; tarfile.open(sys.argv[1]).extractall(sys.argv[2])" build-carry/exp.txz /tmp/b
nvidia-smi --query-gpu=name,driver_version --format=csv | tee $OUT/gpu.txt
for i in 1 2 3; do /tmp/b/cold_chain_probe; done 2>&1 | tee $OUT/probe.txt
