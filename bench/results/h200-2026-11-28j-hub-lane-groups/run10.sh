#!/bin/bash
# Session 38, run 10: the commit's binaries (slice-staged issuing each
# staged array from its own warps): scripts/gpu-tests.sh (the logs tarred
# into one file), then the bundled SpMM suite, cuda and cusparse in one run,
# F = 32..256.
set -u
mkdir -p /tmp/bin
python3 -c "import tarfile,sys; tarfile.open(sys.argv[1]).extractall(sys.argv[2])" build-carry/all.txz /tmp/bin
timeout 420 bash scripts/gpu-tests.sh /tmp/bin /tmp/pack > $OUT/gpu-tests.txt 2>&1; echo "gpu-tests rc $?"
tail -40 $OUT/gpu-tests.txt | grep -v "^$" | tail -25
tar czf $OUT/pack-logs.tgz -C /tmp pack
timeout 150 /tmp/bin/bin/graphrun-bench --bundled-dir tests/data --generate none --backends cuda,cusparse --ops spmm \
  --widths 32,64,128,256 --out /tmp/bundled > $OUT/bundled-stdout.txt 2>&1; echo "bench rc $?"
cp /tmp/bundled/results.csv $OUT/bundled-results.csv
