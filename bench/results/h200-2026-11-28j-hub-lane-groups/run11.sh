#!/bin/bash
# Session 38, run 11: the probe with a tiny CSR product built up towards
# slice-staged's (plain loads or cp.async, with or without the product),
# twice, then the commit's slice-staged on ldbc-directed-example and karate
# (cuda backend, F = 32 and 64) in the same session.
set -u
mkdir -p /tmp/b /tmp/two
python3 -c "import tarfile,sys; tarfile.open(sys.argv[1]).extractall(sys.argv[2])" build-carry/exp.txz /tmp/b
cp tests/data/ldbc-directed-example.mtx tests/data/karate.mtx /tmp/two/
nvidia-smi --query-gpu=name,driver_version --format=csv | tee $OUT/gpu.txt
for i in 1 2; do /tmp/b/cold_chain_probe; done 2>&1 | tee $OUT/probe.txt
/tmp/b/graphrun-bench --bundled-dir /tmp/two --generate none --backends cuda --ops spmm --widths 32,64 > $OUT/bench.txt 2>&1
echo "bench rc $?"; grep "slice-staged" $OUT/bench.txt | cut -c1-120
