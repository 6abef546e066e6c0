#!/usr/bin/env bash
# The GPU half of the test suite, for a machine with an NVIDIA GPU: every CUDA
# test binary, graphs past 2^31 stored entries and past 2^31 vertices,
# compute-sanitizer memcheck and racecheck on their [sanitize] subsets, the
# CLI's algorithms on the cuda and cusparse backends compared with the cpu
# backend (a one-shot BFS with its warm-up among them), a graph larger than
# the free device memory (exit 3), the distributed layer on one process per
# GPU (MPI builds), and the Python package's tests when its module was
# built. ctest runs the same binaries (they skip without a GPU); this script
# adds the sanitizers, the CLI cross-check and the device-OOM check.
#
#   scripts/gpu-tests.sh [BUILD_DIR] [LOG_DIR]
# GRAPHRUN_GPU_STEPS (default "binaries large sanitizers cli oom distributed python")
# runs a subset; GRAPHRUN_RACECHECK_FILTER (default "[sanitize]") narrows
# racecheck, whose [sanitize] run takes over 9 minutes on an H200 (the BFS
# level loop's cluster kernels are slow under it). Each step prints its time.
# BUILD_DIR holds bin/graphrun and the test binaries (default build/); the
# test binaries are looked up in BUILD_DIR, BUILD_DIR/bin and under
# BUILD_DIR/tests (tests/kernels/cuda, tests/kernels/cuda/spmv, ...).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
logs=${2:-$build/gpu-test-logs}
mkdir -p "$logs"
export GRAPHRUN_TEST_DATA_DIR=${GRAPHRUN_TEST_DATA_DIR:-$root/tests/data}
status=0

find_binary() {
  local name=$1 candidate
  for candidate in "$build/$name" "$build/bin/$name"; do
    [[ -x $candidate ]] && { echo "$candidate"; return; }
  done
  candidate=$(find "$build/tests" -type f -name "$name" -perm -u+x 2>/dev/null | head -n 1)
  [[ -n $candidate ]] && { echo "$candidate"; return; }
  echo "gpu-tests: $name not found under $build" >&2
  return 1
}

step() {  # step NAME COMMAND...: runs, logs, records failure and its seconds
  local name=$1 start=$SECONDS code=0; shift
  echo "== $name"
  "$@" >"$logs/$name.log" 2>&1 || code=$?
  if [[ $code == 0 ]]; then
    tail -n 3 "$logs/$name.log"
    echo "ok: $name ($((SECONDS - start)) s)"
  else
    echo "FAILED: $name (exit $code, $((SECONDS - start)) s)"; tail -n 30 "$logs/$name.log"; status=1
  fi
}

steps=" ${GRAPHRUN_GPU_STEPS:-binaries large sanitizers cli oom distributed python} "
wanted() { [[ $steps == *" $1 "* ]]; }

nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader || status=1
wanted binaries && for test in graphrun-tests-cuda graphrun-tests-cuda-spmv graphrun-tests-cuda-spmm graphrun-tests-cusparse; do
  binary=$(find_binary "$test") || { status=1; continue; }
  step "$test" "$binary"
done

# Graphs past 2^31 stored entries and past 2^31 vertices (graphrun-tests-cuda's
# hidden [.past_int32] cases: about 65 GB of device memory, 60 GB of host
# memory, one case at a time).
if wanted large; then
  if binary=$(find_binary graphrun-tests-cuda); then
    step past-2-31-entries "$binary" "past 2^31 stored entries*"
    step past-2-31-vertices "$binary" "past 2^31 vertices*"
  else
    status=1
  fi
fi

if ! wanted sanitizers; then
  :
elif command -v compute-sanitizer >/dev/null; then
  binary=$(find_binary graphrun-tests-cuda) && {
    step memcheck compute-sanitizer --tool memcheck --error-exitcode 9 "$binary" "[sanitize]"
    step racecheck compute-sanitizer --tool racecheck --error-exitcode 9 "$binary" "${GRAPHRUN_RACECHECK_FILTER:-[sanitize]}"
  }
else
  echo "gpu-tests: compute-sanitizer not on PATH; sanitizers not run"; status=1
fi

# CLI: each algorithm on cuda and cusparse against cpu, on real graphs.
graphrun=$(find_binary graphrun) || exit 1
compare() {  # compare ALGORITHM GRAPH TOLERANCE ARGS... (tolerance relative past 1)
  local algorithm=$1 graph=$2 tolerance=$3; shift 3
  "$graphrun" "$algorithm" "$root/tests/data/$graph" --backend cpu --output "$logs/ref.tsv" "$@" >/dev/null || return 1
  for backend in cuda cusparse; do
    "$graphrun" "$algorithm" "$root/tests/data/$graph" --backend "$backend" --output "$logs/gpu.tsv" "$@" \
      >"$logs/cli-$algorithm-$backend-$graph.log" 2>&1 || { echo "cli $algorithm $backend $graph failed"; return 1; }
    python3 - "$logs/ref.tsv" "$logs/gpu.tsv" "$tolerance" <<'PY' || { echo "cli $algorithm $backend $graph differs"; return 1; }
import sys
ref = [line.split("\t") for line in open(sys.argv[1])]
got = [line.split("\t") for line in open(sys.argv[2])]
tol = float(sys.argv[3])
assert len(ref) == len(got), "line counts differ"
for a, b in zip(ref, got):
    assert a[0] == b[0], f"ids differ: {a[0]} {b[0]}"
    for x, y in zip(a[1:], b[1:]):
        assert x == y or abs(float(x) - float(y)) <= tol * max(1.0, abs(float(x))), f"vertex {a[0]}: {x} vs {y}"
PY
  done
}
cli_checks() {
  for graph in email-Enron.mtx polblogs.mtx cond-mat-2005.mtx pushpull.mtx; do
    compare pagerank "$graph" 1e-6 || return 1
    compare bfs "$graph" 0 --source 1 --parents || return 1
    compare bfs "$graph" 0 --sources 70 --seed 2 || return 1  # two bit-parallel batches on cuda
    compare wcc "$graph" 0 || return 1
    compare lp "$graph" 0 || return 1
    compare lp "$graph" 0 --until-stable --iterations 200 || return 1  # rounds queued past the stable one
  done
  # SSSP needs finite, non-negative weights (cond-mat-2005 has inf ones);
  # its distances match the cpu backend's bit for bit.
  for graph in email-Enron.mtx polblogs.mtx pushpull.mtx netscience.mtx celegansneural.mtx; do
    compare sssp "$graph" 0 --source 1 || return 1
    compare sssp "$graph" 0 --source 1 --method bellman-ford || return 1
    compare sssp "$graph" 0 --source 1 --parents || return 1
  done
  # Triangles are integers on every backend; LCC and BC sum in another order.
  for graph in email-Enron.mtx polblogs.mtx cond-mat-2005.mtx pushpull.mtx; do
    compare tc "$graph" 0 || return 1
    compare lcc "$graph" 1e-6 || return 1
    compare bc "$graph" 1e-5 --sources 64 --seed 3 || return 1
  done
  # trsv: the backends sum rows in their own order (x is about 1e-5 here).
  for graph in bcsstk13.mtx jagmesh7.mtx; do
    compare trsv "$graph" 1e-10 || return 1
    compare trsv "$graph" 1e-4 --precision float || return 1
  done
}
aggregate_checks() {  # aggregate on each GPU backend against cpu, as .npy (numpy on PATH's python3)
  for graph in email-Enron.mtx polblogs.mtx; do
    for norm in sum mean gcn; do
      for backend in cpu cuda cusparse; do
        "$graphrun" aggregate "$root/tests/data/$graph" --width 16 --norm $norm --backend $backend \
          --output "$logs/h-$backend.npy" >/dev/null || { echo "aggregate $backend $graph $norm failed"; return 1; }
      done
      python3 - "$logs" <<'PY' || { echo "aggregate $graph $norm differs"; return 1; }
import sys, numpy as np
ref = np.load(f"{sys.argv[1]}/h-cpu.npy")
for backend in ("cuda", "cusparse"):
    got = np.load(f"{sys.argv[1]}/h-{backend}.npy")
    assert got.shape == ref.shape, backend
    # Features are in [-1, 1) and rows hold up to ~1400 entries here: float32
    # sums in another order may differ by up to k * eps ~ 1.7e-4.
    assert np.allclose(got, ref, rtol=1e-5, atol=2e-4), f"{backend}: max diff {np.abs(got - ref).max()}"
PY
    done
  done
}
# A graph larger than the free device memory (the rest held by a helper):
# exit 3 from the memory plan before the upload, naming the graph's and the
# vectors' needs; no crash, no hang.
device_oom_check() {
  local hold holder rc=0
  hold=$(find_binary graphrun-hold-device-memory) || return 1
  # kron-s23: about 2 GiB on the device (CSR and unit weights), twice what
  # the helper leaves free, whatever the CUDA context takes.
  "$graphrun" generate kron --scale 23 --output "$logs/oom.grb" --quiet || { rm -f "$logs/oom.grb"; return 1; }
  "$hold" 1024 300 >"$logs/hold.log" 2>&1 &
  holder=$!
  for _ in $(seq 300); do grep -q holding "$logs/hold.log" && break; sleep 0.1; done
  cat "$logs/hold.log"
  if grep -q holding "$logs/hold.log"; then
    timeout 120 "$graphrun" pagerank "$logs/oom.grb" --backend cuda >/dev/null 2>"$logs/oom.err"
    rc=$?
    echo "graphrun exit $rc: $(cat "$logs/oom.err")"
  else
    rc=-1
  fi
  kill "$holder" 2>/dev/null; wait "$holder" 2>/dev/null
  rm -f "$logs/oom.grb"
  [[ $rc == 3 ]] && grep -q "out of GPU memory" "$logs/oom.err" &&
    grep -q "pagerank on .* needs graph .* + pagerank vectors" "$logs/oom.err"
}
# A one-shot BFS on an input large enough for the warm-up (WarmUpPolicy:
# 64 MiB): the warm-up runs beside the read, and the levels match cpu's.
one_shot_check() {
  local grb="$logs/one-shot.grb" json rc=0
  "$graphrun" generate kron --scale 20 --output "$grb" --quiet || { rm -f "$grb"; return 1; }
  json=$("$graphrun" bfs "$grb" --source 2 --backend cuda --json --output "$logs/gpu.tsv") &&
    "$graphrun" bfs "$grb" --source 2 --backend cpu --output "$logs/ref.tsv" >/dev/null || rc=1
  rm -f "$grb"
  [[ $rc == 0 ]] || return 1
  echo "$json" | python3 -c "import json, sys; t = json.load(sys.stdin)['times']; print(t); assert 'warm_up_seconds' in t['overlapped'], 'no warm-up'" || return 1
  cmp "$logs/ref.tsv" "$logs/gpu.tsv"
}
if wanted cli; then
  step cli-backends cli_checks
  step cli-aggregate aggregate_checks
  step cli-one-shot one_shot_check
fi
wanted oom && step device-oom device_oom_check

# The distributed layer on the GPU (MPI builds): its cuda test case under
# mpirun, one process per visible GPU (NCCL moves the blocks when built in).
if ! wanted distributed; then
  :
elif ! binary=$(find_binary graphrun-tests-distributed 2>/dev/null); then
  echo "gpu-tests: no graphrun-tests-distributed (built without MPI); distributed step not run"
elif ! command -v mpirun >/dev/null; then
  echo "gpu-tests: SKIPPED distributed: mpirun not on PATH (install Open MPI, or source the env.sh of scripts/pack-openmpi.sh DIR carried from a build machine)"
else
  gpus=$(nvidia-smi --list-gpus | wc -l)
  step distributed env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 NCCL_NVLS_ENABLE=0 \
    mpirun -np "$gpus" "$binary" "[cuda]"
fi

# The Python package's tests (GPU ones included) where BUILD_DIR/python holds
# a module this machine's python3 imports (-DGRAPHRUN_PYTHON=ON): the native
# module itself, since a folder without it imports as an empty namespace.
if ! wanted python; then
  :
elif PYTHONPATH="$build/python" python3 -c "import graphrun._core" 2>/dev/null; then
  step python env PYTHONPATH="$build/python" python3 -m pytest -q -rs -p no:cacheprovider "$root/python/tests"
else
  echo "gpu-tests: no graphrun Python module under $build/python for $(python3 --version 2>&1); Python tests not run"
fi
exit $status
