#!/bin/bash
# Session 38, run 3: the hub passes of runs 1 and 2's builds each alone under
# ncu (ncu serializes kernels: each pass runs by itself on its grid of the
# rule's hub SMs), weighted kron-s24, the first two calls' passes (8 launches:
# 4 tiers a call). base = main, k2 = 2 groups a lane, k4h = 4 groups a lane
# with 512-thread blocks, p2 = main with L2 prefetch 2 rounds ahead.
set -u
mkdir -p /tmp/b /tmp/g
python3 -c "import tarfile,sys; tarfile.open(sys.argv[1]).extractall(sys.argv[2])" build-carry/exp.txz /tmp/b
cd /tmp/b
NCU=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
nvidia-smi --query-gpu=name,driver_version --format=csv | tee $OUT/gpu.txt
./driver_base generate 24 /tmp/g/kron-s24.grb
M=gpu__time_duration.sum,launch__grid_size,sm__inst_executed.sum,smsp__issue_active.avg.per_cycle_active,lts__t_sectors.sum,lts__throughput.avg.pct_of_peak_sustained_elapsed,dram__bytes.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,sm__warps_active.avg.pct_of_peak_sustained_active
for v in base k2 k4h p2; do
  timeout 200 $NCU --clock-control none -k regex:hub_groups --launch-count 8 --metrics $M --csv --page raw \
    ./driver_$v /tmp/g/kron-s24.grb 2 > $OUT/ncu-$v.csv 2> $OUT/ncu-$v.err
  echo "$v rc $?"
done
