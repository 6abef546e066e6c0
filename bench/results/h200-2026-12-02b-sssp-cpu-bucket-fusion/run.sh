# cpu SSSP with and without bucket fusion beside GAP's sssp, 16 cores.
set -u
export LD_LIBRARY_PATH=$PWD/.device/lib:${LD_LIBRARY_PATH:-}
export OMP_NUM_THREADS=16
S=$PWD/.device/sp; W=/tmp/sp; mkdir -p $W
xz -dk -T4 $S/graphrun-base.xz $S/graphrun-fused.xz; chmod +x $S/*
nproc; lscpu | grep 'Model name'
s=$SECONDS
$S/graphrun-fused generate road --scale 22 -o $W/road22.mtx > /dev/null 2>&1
$S/converter -f $W/road22.mtx -w -e $W/road22w.wel > /dev/null
$S/graphrun-fused convert $W/road22w.wel $W/road22w.grb > /dev/null
$S/converter -g 22 -w -e $W/k22w.wel > /dev/null
$S/graphrun-fused convert $W/k22w.wel $W/k22w.grb > /dev/null
echo "graphs ready in $((SECONDS-s)) s"; ls -la $W
run() {  # run BINARY GRAPH SOURCE DELTA
  $S/graphrun-$1 sssp $W/$2.grb --source $3 --backend cpu ${4:+--delta $4} --json 2>&1 | python3 -c "
import json,sys; j=json.load(sys.stdin)
print('$1 $2 source $3 delta', round(j['delta'],2), 'compute_s', round(j['times']['compute_seconds'],4), 'rounds', j['rounds'], 'buckets', j['buckets'], 'edges', j['edges_relaxed'], 'reached', j['reached'], 'max', j['max_distance'])"
}
for rep in 1 2; do for src in 7 123457; do for d in "" 64 256; do for b in base fused; do run $b road22w $src $d; done; done; done; done
for d in 64 256; do echo "GAP road22w -d$d"; $S/sssp -f $W/road22w.wel -d$d -n 8 | grep -E 'Average|Read'; done
for src in 7 123457; do for b in base fused; do run $b k22w $src; done; done
for d in 1 2; do echo "GAP k22w -d$d"; $S/sssp -f $W/k22w.wel -d$d -n 4 | grep -E 'Average|Read'; done
