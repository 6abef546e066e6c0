#!/bin/bash
# Session 40, this folder's run 2: run 1's split (rest-split.patch) left the
# weighted kron-s24 call as it was on the H200 (2.63-2.66 ms, any split).
# Does it cut the DRAM traffic, the H100's scarcer resource? One call
# profiled as a whole by ncu's range replay (session 38's range_driver.cpp,
# linked against this build), without the split and with it at 0.5.
set -u
mkdir -p /tmp/b /tmp/g
python3 -c "import tarfile,sys; tarfile.open(sys.argv[1]).extractall(sys.argv[2])" build-carry/exp.txz /tmp/b
NCU=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
nvidia-smi --query-gpu=name,driver_version --format=csv | tee $OUT/gpu.txt
/tmp/b/graphrun generate kron --scale 24 --weighted --out /tmp/g/kron-s24.grb > $OUT/generate.txt 2>&1; echo "generate rc $?"
M="gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors.sum,lts__t_requests.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,breakdown:lts__throughput.avg.pct_of_peak_sustained_elapsed"
for split in none 0.5; do
  if [ $split = none ]; then unset GRAPHRUN_EXP_REST_SPLIT; else export GRAPHRUN_EXP_REST_SPLIT=$split; fi
  timeout 200 $NCU --clock-control none --replay-mode app-range --metrics "$M" --csv --page raw \
    /tmp/b/range_driver /tmp/g/kron-s24.grb > $OUT/range-$split.csv 2> $OUT/range-$split.err
  echo "split $split rc $?"; tail -2 $OUT/range-$split.err
done
