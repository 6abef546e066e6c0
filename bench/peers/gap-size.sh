#!/usr/bin/env bash
# GAP-size graphs on one GPU beside GAP on the host's cores (issue 54):
#
#   bench/peers/gap-size.sh OUT_DIR [KIND:SCALE ...]    (default kron:27 urand:27)
#
# GAP_DIR    a gapbs checkout with bfs, pr and cc built; default: cloned and
#            built under $SCRATCH (default /tmp/graphrun-peers), never inside
#            this repository
# BIN        folder with graphrun and graphrun-bench (default build/bin)
# THREADS    OpenMP threads of GAP and of the bench's host references
#            (default: nproc --all)
# SOURCES    BFS sources, both sides (default 8)
# BACKENDS   graphrun-bench's backends (default cuda; cpu for a try on a
#            machine without a GPU)
#
# Per graph (pattern, edge factor 16, seed 1):
#   1. graphrun generate writes the .grb (drawn and built on the GPU) and
#      grb-to-sg.py the same graph as GAP's .sg;
#   2. GAP: bfs -n SOURCES (its random sources), pr -n 1 -i 20 -t 0 -l,
#      cc -n 3, each printing its trial times;
#   3. graphrun-bench --pattern on the same spec (the bench draws it on the
#      GPU again): spmv (auto), pagerank, bfs over SOURCES random sources,
#      wcc; medians, each row checked against the bench's host references.
# Writes OUT_DIR/summary.txt (GAP's mean trial times and the bench's
# medians side by side) and the raw outputs. Disk: about twice the .grb
# (36 GB for kron-27); the .sg is removed after GAP's runs.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:?usage: gap-size.sh OUT_DIR [KIND:SCALE ...]}; shift
graphs=("$@"); [[ ${#graphs[@]} -gt 0 ]] || graphs=(kron:27 urand:27)
bin=${BIN:-$root/build/bin}
threads=${THREADS:-$(nproc --all)}
sources=${SOURCES:-8}
backends=${BACKENDS:-cuda}
scratch=${SCRATCH:-/tmp/graphrun-peers}
mkdir -p "$out" "$scratch"
. "$root/bench/peers/gap-checkout.sh"
gap_checkout "$scratch" bfs pr cc
export OMP_NUM_THREADS=$threads
mean_trial() { awk '/Trial Time/{t += $3; n++} END{if (n) printf "%.4f", t / n * 1000; else print "nan"}' "$1"; }
bench_median() { awk -F, -v op="$2" 'NR == 1 {for (i = 1; i <= NF; i++) col[$i] = i; next}
  $col["operation"] == op {print ($col["status"] == "ok" ? $col["median_ms"] : "FAIL")}' "$1"; }
{
  echo "threads $threads, $sources BFS sources, $(date -u +%F), $(git -C "$root" rev-parse --short HEAD)"
  echo "GAP $(git -C "$GAP_DIR" rev-parse --short HEAD 2>/dev/null || echo '(no git)'); times in ms (GAP: mean trial; graphrun: bench median)"
  printf "%-10s %-18s %14s %12s %8s\n" graph operation graphrun_ms gap_ms ratio
} | tee "$out/summary.txt"
for spec in "${graphs[@]}"; do
  name=${spec/:/-s}
  grb=$scratch/$name.grb sg=$scratch/$name.sg
  "$bin/graphrun" generate "${spec%:*}" --scale "${spec#*:}" -o "$grb" --json >"$out/generate-$name.json"
  /usr/bin/env python3 "$root/bench/peers/grb-to-sg.py" "$grb" "$sg" >"$out/sg-$name.txt"
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
  for pair in "bfs bfs" "pagerank-iteration pr" "wcc cc"; do
    set -- $pair
    ours=$(bench_median "$csv" "$1"); theirs=$(mean_trial "$out/gap-$2-$name.txt")
    awk -v g="$name" -v o="$1" -v a="$ours" -v b="$theirs" \
      'BEGIN{printf "%-10s %-18s %14s %12s %8s\n", g, o, a, b, (a + 0 > 0 ? sprintf("%.2f", b / a) : "-")}' |
      tee -a "$out/summary.txt"
  done
done
