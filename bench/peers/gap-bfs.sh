#!/usr/bin/env bash
# BFS side by side with GAP's bfs (github.com/sbeamer/gapbs) on generated
# graphs, the same threads for both, two interleaved rounds:
#
#   bench/peers/gap-bfs.sh OUT_DIR [KIND:SCALE ...]    (default kron:19 kron:21 road:21)
#
# GAP_DIR    a gapbs checkout with `bfs` and `converter` built; default: cloned
#            and built under $SCRATCH (default /tmp/graphrun-peers), never
#            inside this repository
# BIN        folder with graphrun and graphrun-bench (default build/bin)
# THREADS    OpenMP threads of both (default: nproc)
# SOURCES    random sources per graph and round (default 32)
#
# graphrun: graphrun-bench --ops bfs --backends cpu --flush-mib 0 (median
# over the sources, levels and parents checked; no cache flush between
# searches, as GAP runs its trials back to back). GAP: `bfs -n SOURCES` on the
# .sg its converter builds from the same .mtx (median of its trial times; GAP
# picks its own random sources). Writes OUT_DIR/summary.txt and the raw outputs.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:?usage: gap-bfs.sh OUT_DIR [KIND:SCALE ...]}; shift
graphs=("$@"); [[ ${#graphs[@]} -gt 0 ]] || graphs=(kron:19 kron:21 road:21)
bin=${BIN:-$root/build/bin}
threads=${THREADS:-$(nproc)}
sources=${SOURCES:-32}
scratch=${SCRATCH:-/tmp/graphrun-peers}
mkdir -p "$out" "$scratch"
. "$root/bench/peers/gap-checkout.sh"
gap_checkout "$scratch" bfs converter
export OMP_NUM_THREADS=$threads
median() { sort -g | awk '{v[NR]=$1} END{if (NR % 2) print v[(NR+1)/2]; else print (v[NR/2]+v[NR/2+1])/2}'; }
{
  echo "threads $threads, $sources random sources per graph and round, $(date -u +%F), $(git -C "$root" rev-parse --short HEAD)"
  echo "GAP $(git -C "$GAP_DIR" rev-parse --short HEAD 2>/dev/null || echo '(no git)')"
  printf "%-10s %5s %14s %10s %8s\n" graph round graphrun_ms gap_ms ratio
} | tee "$out/summary.txt"
for spec in "${graphs[@]}"; do
  name=${spec/:/-s}
  dir=$scratch/graphs/$name; mkdir -p "$dir"
  [[ -f $dir/$name.mtx ]] || "$bin/graphrun" generate "${spec%:*}" --scale "${spec#*:}" -o "$dir/$name.mtx" >/dev/null
  [[ -f $scratch/$name.sg ]] || "$GAP_DIR/converter" -s -f "$dir/$name.mtx" -b "$scratch/$name.sg" >/dev/null
  for round in 1 2; do
    "$bin/graphrun-bench" --no-bundled --generate none --graphs "$dir" --backends cpu --threads "$threads" \
      --ops bfs --bfs-sources "$sources" --bfs-batch-sources 0 --seed "$round" --flush-mib 0 \
      --out "$out/graphrun-$name-$round" >"$out/graphrun-$name-$round.log"
    ours=$(awk -F, 'NR>1 && $5=="bfs" && $11=="ok" {print $12}' "$out/graphrun-$name-$round/results.csv")
    "$GAP_DIR/bfs" -f "$scratch/$name.sg" -n "$sources" >"$out/gap-$name-$round.txt"
    gap=$(awk '/Trial Time/{print $3 * 1000}' "$out/gap-$name-$round.txt" | median)
    awk -v g="$name" -v r="$round" -v a="$ours" -v b="$gap" 'BEGIN{printf "%-10s %5s %14.2f %10.2f %8.2f\n", g, r, a, b, a / b}' |
      tee -a "$out/summary.txt"
  done
done
