# kron-27 PageRank on the H200: footprint (memory_plan.peak_bytes and
# nvidia-smi), a GAP-style check, and the bench's iteration rows.
set -u
. .device/setup.sh
export OMP_NUM_THREADS=16
G=$B/bin/graphrun
mkdir -p /tmp/k27
nvidia-smi --query-gpu=name,driver_version,memory.total,memory.used --format=csv,noheader
peak() {  # peak NAME COMMAND...: the command's --json, and nvidia-smi's device memory in use while it runs
  local name=$1; shift
  nvidia-smi --query-gpu=memory.used --format=csv,noheader,nounits -lms 50 > $OUT/$name.smi 2>&1 &
  local sampler=$! s=$SECONDS
  "$@" > $OUT/$name.json 2> $OUT/$name.err; local rc=$?
  kill $sampler; wait $sampler 2>/dev/null
  echo "$name: exit $rc in $((SECONDS-s)) s; nvidia-smi MiB: first $(head -1 $OUT/$name.smi), peak $(sort -n $OUT/$name.smi | tail -1)"
  python3 -c "import json,sys; j=json.load(open(sys.argv[1])); print({k: j.get(k) for k in ('memory_plan','iterations','residual','spmv_kernel','times','build')})" $OUT/$name.json 2>&1 | cut -c1-1500
}
peak generate $G generate kron --scale 27 -o /tmp/k27/k27.grb --json
peak pr-stream $G pagerank /tmp/k27/k27.grb --backend cuda --spmv-kernel csr-stream --json --output /tmp/k27/pr-stream.npy
peak pr-auto $G pagerank /tmp/k27/k27.grb --backend cuda --json --output /tmp/k27/pr-auto.npy
s=$SECONDS
python3 scripts/verify-results.py /tmp/k27/k27.grb pagerank /tmp/k27/pr-stream.npy > $OUT/verify.log 2>&1
echo "verify pagerank (csr-stream) exit $? in $((SECONDS-s)) s"; tail -3 $OUT/verify.log
s=$SECONDS
timeout 280 $B/bin/graphrun-bench --no-bundled --generate kron:27 --pattern --backends cuda --ops pagerank \
  --spmv-kernels auto --reps 3 --warmup 1 --out $OUT/bench > $OUT/bench.log 2>&1
echo "bench exit $? in $((SECONDS-s)) s"; grep -E '^(==|pagerank|device|[0-9]+ rows)' $OUT/bench.log
