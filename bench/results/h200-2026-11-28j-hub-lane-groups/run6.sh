#!/bin/bash
# Session 38, run 6: ncu (--set full, --clock-control none; ncu flushes the
# caches before each kernel by default) of slice-staged on the smallest
# bundled graph, F = 32, and of cold_chain_probe's staged block, to see where
# slice-staged's ~0.7 us over the probe goes (run 5).
set -u
mkdir -p /tmp/b /tmp/one
python3 -c "import tarfile,sys; tarfile.open(sys.argv[1]).extractall(sys.argv[2])" build-carry/exp.txz /tmp/b
cp tests/data/ldbc-directed-example.mtx /tmp/one/
NCU=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
nvidia-smi --query-gpu=name,driver_version --format=csv | tee $OUT/gpu.txt
timeout 200 $NCU --clock-control none -k regex:slice_staged --launch-count 1 --set full --import-source no -o /tmp/rep-slice \
  /tmp/b/graphrun-bench --bundled-dir /tmp/one --generate none --backends cuda --ops spmm --widths 32 --reps 3 --warmup 1 \
  > $OUT/ncu-slice-run.txt 2>&1
$NCU -i /tmp/rep-slice.ncu-rep --page details > $OUT/ncu-slice-details.txt 2>&1
$NCU -i /tmp/rep-slice.ncu-rep --page source --print-source sass --csv > $OUT/ncu-slice-sass.csv 2>&1
timeout 100 $NCU --clock-control none -k regex:staged_kernel --launch-count 1 --set full --import-source no -o /tmp/rep-probe \
  /tmp/b/cold_chain_probe > $OUT/ncu-probe-run.txt 2>&1
$NCU -i /tmp/rep-probe.ncu-rep --page details > $OUT/ncu-probe-details.txt 2>&1
grep -n "Duration\|Elapsed Cycles\|Registers\|Shared Memory Configuration\|Dynamic Shared\|Block Size\|Grid Size" $OUT/ncu-slice-details.txt $OUT/ncu-probe-details.txt
