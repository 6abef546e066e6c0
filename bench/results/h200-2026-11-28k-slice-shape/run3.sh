#!/bin/bash
# Session 39, run 3: the commit's binaries (slice-staged's launch shape from
# the host, slices of one output a thread): scripts/gpu-tests.sh (logs
# tarred into one file), the bundled SpMM suite, cuda and cusparse in one
# run, F = 32..256; then an experiment binary whose slice-staged may take
# up to the 227 KB opt-in shared memory (big-shared.patch) on the
# mid-sized bundled graphs, cuda backend, to read its slice-staged rows.
set -u
mkdir -p /tmp/bin /tmp/mid
python3 -c "import tarfile,sys; tarfile.open(sys.argv[1]).extractall(sys.argv[2])" build-carry/all.txz /tmp/bin
timeout 400 bash scripts/gpu-tests.sh /tmp/bin /tmp/pack > $OUT/gpu-tests.txt 2>&1; echo "gpu-tests rc $?"
tail -40 $OUT/gpu-tests.txt | grep -v "^$" | tail -25
tar czf $OUT/pack-logs.tgz -C /tmp pack
timeout 100 /tmp/bin/bin/graphrun-bench --bundled-dir tests/data --generate none --backends cuda,cusparse --ops spmm \
  --widths 32,64,128,256 --out /tmp/bundled > $OUT/bundled-stdout.txt 2>&1; echo "bench rc $?"
cp /tmp/bundled/results.csv $OUT/bundled-results.csv
for g in celegansneural netscience jagmesh7 power polblogs hep-th bcsstk13; do cp tests/data/$g.mtx /tmp/mid/; done
timeout 60 /tmp/bin/bin/graphrun-bench-bigshared --bundled-dir /tmp/mid --generate none --backends cuda --ops spmm \
  --widths 32,64,128,256 --out /tmp/big > $OUT/bigshared-stdout.txt 2>&1; echo "bigshared rc $?"
cp /tmp/big/results.csv $OUT/bigshared-results.csv
