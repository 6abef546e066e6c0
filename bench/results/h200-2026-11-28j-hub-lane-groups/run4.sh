#!/bin/bash
# Session 38, run 4: one overlapped call of the weighted SpMV through
# csr-hub-split (main's code, 5aead78) profiled as a whole by ncu's range
# replay (range_driver.cpp: the call between cudaProfilerStart and
# cudaProfilerStop, after three warm-up calls): the hub passes and the rest
# pass side by side, as they run, against the L2's and DRAM's peaks.
set -u
mkdir -p /tmp/b /tmp/g
python3 -c "import tarfile,sys; tarfile.open(sys.argv[1]).extractall(sys.argv[2])" build-carry/exp.txz /tmp/b
cd /tmp/b
NCU=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
nvidia-smi --query-gpu=name,driver_version --format=csv | tee $OUT/gpu.txt
M="gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors.sum,lts__t_requests.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,breakdown:lts__throughput.avg.pct_of_peak_sustained_elapsed,sm__throughput.avg.pct_of_peak_sustained_elapsed"
for s in 24 22; do
  ./driver_base generate $s /tmp/g/kron-s$s.grb
  timeout 250 $NCU --clock-control none --replay-mode app-range --metrics "$M" --csv --page raw \
    ./range_driver /tmp/g/kron-s$s.grb > $OUT/range-kron-s$s.csv 2> $OUT/range-kron-s$s.err
  echo "kron-s$s rc $?"
  tail -3 $OUT/range-kron-s$s.err
done
