#!/usr/bin/env bash
# GAP-size graphs on one GPU beside GAP on the host's cores (issue 54):
#
#   bench/peers/gap-size.sh OUT_DIR [KIND:SCALE ...]    (default kron:27 urand:27)
#
# GAP_DIR    a gapbs checkout with bfs, pr, cc and sssp built; default: cloned and
#            built under $SCRATCH (default /tmp/graphrun-peers), never inside
#            this repository
# BIN        folder with graphrun and graphrun-bench (default build/bin)
# THREADS    OpenMP threads of GAP and of the bench's host references
#            (default: nproc --all)
# SOURCES    BFS sources, both sides (default 8)
# BACKENDS   graphrun-bench's backends (default cuda; cpu for a try on a
#            machine without a GPU)
# PYTHON     a python3 with numpy (default python3)
#
# Per graph (pattern, edge factor 16, seed 1):
#   1. graphrun generate writes the .grb (drawn and built on the GPU) and
#      grb-to-sg.py the same graph as GAP's .sg;
#   2. GAP: bfs -n SOURCES (its random sources), pr -n 1 -i 20 -t 0 -l,
#      cc -n 3, each printing its trial times;
#   3. graphrun-bench --pattern on the same spec (the bench draws it on the
#      GPU again): spmv (auto), pagerank, bfs over SOURCES random sources,
#      wcc; medians, each row checked against the bench's host references.
#   4. SSSP with every weight 1 (a pattern graph's, as graphrun reads it):
#      GAP's sssp -d 1 on the same graph as a .wsg, and `graphrun sssp` on
#      the .grb from SOURCES random vertices with edges, one CLI call each
#      (the bench's serial Dijkstra reference is too slow at this size),
#      every result checked by scripts/verify-results.py.
# Writes OUT_DIR/summary.txt (GAP's mean trial times and graphrun's medians
# side by side) and the raw outputs. Disk: the .grb and then the .wsg, about
# three times the .grb (54 GB for kron-27); the .sg and .wsg are removed
# after GAP's runs.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:?usage: gap-size.sh OUT_DIR [KIND:SCALE ...]}; shift
graphs=("$@"); [[ ${#graphs[@]} -gt 0 ]] || graphs=(kron:27 urand:27)
bin=${BIN:-$root/build/bin}
threads=${THREADS:-$(nproc --all)}
sources=${SOURCES:-8}
backends=${BACKENDS:-cuda}
python=${PYTHON:-python3}
scratch=${SCRATCH:-/tmp/graphrun-peers}
mkdir -p "$out" "$scratch"
. "$root/bench/peers/gap-checkout.sh"
gap_checkout "$scratch" bfs pr cc sssp
export OMP_NUM_THREADS=$threads
mean_trial() { awk '/Trial Time/{t += $3; n++} END{if (n) printf "%.4f", t / n * 1000; else print "nan"}' "$1"; }
median() {
  sort -g | awk '{v[NR] = $1}
    END{if (!NR) print "nan"; else printf "%.4f", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'
}
# SOURCES file ids of random vertices with out-edges (seed 1), from the .grb's offsets and id base.
sources_of() { "$python" - "$1" "$sources" <<'PY'
import struct, sys
import numpy as np
path, count = sys.argv[1], int(sys.argv[2])
with open(path, "rb") as f:
    header = f.read(128)
n, = struct.unpack_from("<Q", header, 24)
base, = struct.unpack_from("<q", header, 48)
rows = np.flatnonzero(np.diff(np.fromfile(path, np.int64, n + 1, offset=128)) > 0)
print(" ".join(str(int(v) + base) for v in np.random.default_rng(1).choice(rows, count, replace=False)))
PY
}
bench_median() { awk -F, -v op="$2" 'NR == 1 {for (i = 1; i <= NF; i++) col[$i] = i; next}
  $col["operation"] == op {print ($col["status"] == "ok" ? $col["median_ms"] : "FAIL")}' "$1"; }
{
  echo "threads $threads, $sources BFS sources, $(date -u +%F), $(git -C "$root" rev-parse --short HEAD)"
  echo "GAP $(git -C "$GAP_DIR" rev-parse --short HEAD 2>/dev/null || echo '(no git)'); times in ms"
  echo "(GAP: mean trial; graphrun: bench median, sssp: median of the CLI's compute times)"
  printf "%-10s %-18s %14s %12s %8s\n" graph operation graphrun_ms gap_ms ratio
} | tee "$out/summary.txt"
for spec in "${graphs[@]}"; do
  name=${spec/:/-s}
  grb=$scratch/$name.grb sg=$scratch/$name.sg
  "$bin/graphrun" generate "${spec%:*}" --scale "${spec#*:}" -o "$grb" --json >"$out/generate-$name.json"
  "$python" "$root/bench/peers/grb-to-sg.py" "$grb" "$sg" >"$out/sg-$name.txt"
  "$GAP_DIR/bfs" -f "$sg" -n "$sources" >"$out/gap-bfs-$name.txt"
  "$GAP_DIR/pr" -f "$sg" -n 1 -i 20 -t 0 -l >"$out/gap-pr-$name.txt"
  "$GAP_DIR/cc" -f "$sg" -n 3 >"$out/gap-cc-$name.txt"
  rm -f "$sg"
  "$bin/graphrun-bench" --no-bundled --generate "$spec" --pattern --backends "$backends" --ops spmv,pagerank,bfs,wcc \
    --spmv-kernels auto --bfs-sources "$sources" --bfs-batch-sources 0 --reps 5 --warmup 2 \
    --out "$out/bench-$name" >"$out/bench-$name.txt" 2>"$out/bench-$name.err"
  csv=$out/bench-$name/results.csv
  # GAP's pr trial at -t 0 is exactly 20 iterations (-l logs each; with a
  # tolerance it stops early, so its trial is not 20 iterations, decision
  # 045), as the bench's pagerank-iteration row is 20 fixed iterations,
  # set-up and copy included.
  wsg=$scratch/$name.wsg
  "$python" "$root/bench/peers/grb-to-sg.py" "$grb" "$wsg" >"$out/wsg-$name.txt"
  "$GAP_DIR/sssp" -f "$wsg" -n "$sources" -d 1 >"$out/gap-sssp-$name.txt"
  rm -f "$wsg"
  : >"$out/sssp-$name.txt"; : >"$out/sssp-$name-ms.txt"
  for source in $(sources_of "$grb"); do
    "$bin/graphrun" sssp "$grb" --source "$source" --backend "${backends%%,*}" --json --output "$scratch/sssp.npy" \
      >"$out/sssp-$name-$source.json"
    "$python" "$root/scripts/verify-results.py" "$grb" sssp "$source" "$scratch/sssp.npy" \
      >>"$out/sssp-$name.txt" || echo "FAIL: sssp from $source" | tee -a "$out/sssp-$name.txt"
    "$python" -c 'import json, sys; print(json.load(open(sys.argv[1]))["times"]["compute_seconds"] * 1000)' \
      "$out/sssp-$name-$source.json" >>"$out/sssp-$name-ms.txt"
  done
  for pair in "bfs bfs" "pagerank-iteration pr" "wcc cc" "sssp sssp"; do
    set -- $pair
    if [[ $1 == sssp ]]; then
      ours=$(grep -q FAIL "$out/sssp-$name.txt" && echo FAIL || median <"$out/sssp-$name-ms.txt")
    else
      ours=$(bench_median "$csv" "$1")
    fi
    theirs=$(mean_trial "$out/gap-$2-$name.txt")
    awk -v g="$name" -v o="$1" -v a="$ours" -v b="$theirs" \
      'BEGIN{printf "%-10s %-18s %14s %12s %8s\n", g, o, a, b, (a + 0 > 0 ? sprintf("%.2f", b / a) : "-")}' |
      tee -a "$out/summary.txt"
  done
done
