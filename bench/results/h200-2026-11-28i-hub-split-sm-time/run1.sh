#!/bin/bash
# Device run 1 of session 37: the stream/gather ceiling at kron-s24's volumes,
# then ncu of csr-hub-split's passes on kron-s24, main (cc00f34) and branch
# hub-narrow-groups (89720b2). Binaries extracted to /tmp/pk; logs to $OUT.
set -u
B=/tmp/pk
NCU=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
nvidia-smi --query-gpu=name,memory.total,clocks.max.sm --format=csv > "$OUT/device.txt" 2>&1
# Volumes (docs/performance.md, session 36): main streams 438 M hub slots of
# 6.5 bytes (2.85 GB) beside 176.7 M rest gathers; the branch 3.32 GB beside
# 110.9 M. x: the compact rest x, 8.64 M floats.
$B/exp/stream_gather_ceiling 2850000000 176700000 8640000 > "$OUT/ceiling-main-volumes.txt" 2>&1
$B/exp/stream_gather_ceiling 3320000000 110900000 8640000 > "$OUT/ceiling-narrow-volumes.txt" 2>&1
M="gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors.sum,lts__t_sectors_srcunit_tex.sum,lts__t_sector_hit_rate.pct,dram__throughput.avg.pct_of_peak_sustained_elapsed,breakdown:lts__throughput.avg.pct_of_peak_sustained_elapsed,sm__throughput.avg.pct_of_peak_sustained_elapsed,launch__grid_size"
timeout 120 $NCU --clock-control none --metrics "$M" --csv $B/exp/stream_gather_ceiling 2850000000 176700000 8640000 single > "$OUT/ncu-ceiling-kernels.csv" 2>&1
mkdir -p /tmp/g24
$B/main/graphrun generate kron --scale 24 --weighted --out /tmp/g24/kron-s24.grb > "$OUT/generate.txt" 2>&1
K='regex:hub_groups|csr_merge_kernel|AddHubSums|GatherColumnValues|FillSelected'
for v in main narrow; do
  timeout 200 $NCU --clock-control none --kernel-name-base demangled -k "$K" --metrics "$M" --csv \
    $B/$v/graphrun pagerank /tmp/g24/kron-s24.grb --iterations 2 > "$OUT/ncu-kron24-$v.csv" 2>&1
done
ls -la "$OUT"
