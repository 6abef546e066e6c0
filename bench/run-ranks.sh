#!/usr/bin/env bash
# The distributed mode's scaling table: graphrun-bench-ranks under mpirun
# once per process count, its rows appended to one CSV (FILE keeps earlier
# runs' rows; without --csv a scratch file), then the table of this run's
# rows with the speed-up of each against the one-process algorithm (the
# P = 1 run's "one-process" row).
#
#   bench/run-ranks.sh [--ranks 1,2,4,8] [--build DIR] [--csv FILE] GRAPH [graphrun-bench-ranks options]
# This script's options come before GRAPH. --ranks must start with 1 (the
# baseline). On GPUs run one process per GPU: the largest count is the GPUs
# of the host. MPIRUN (default mpirun) and its flags (MPIRUN_FLAGS) start
# the processes.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
ranks=1,2,4,8
build=$root/build
csv=
while [[ $# -gt 0 ]]; do
  case $1 in
    --ranks) ranks=$2; shift 2 ;;
    --build) build=$2; shift 2 ;;
    --csv) csv=$2; shift 2 ;;
    *) break ;;
  esac
done
graph=${1:?usage: bench/run-ranks.sh [--ranks 1,2,4,8] [--build DIR] [--csv FILE] GRAPH [options]}
shift
[[ $ranks == 1 || $ranks == 1,* ]] || { echo "run-ranks: --ranks must start with 1 (the baseline)" >&2; exit 2; }
bench=$build/bin/graphrun-bench-ranks
[[ -x $bench ]] || { echo "run-ranks: $bench not found (built without MPI?)" >&2; exit 2; }
if [[ -z $csv ]]; then
  csv=$(mktemp --suffix=.csv)
  rm -f "$csv"  # the bench writes the header into a file it creates
fi
earlier=0
[[ -f $csv ]] && earlier=$(( $(wc -l < "$csv") - 1 ))
status=0
for processes in ${ranks//,/ }; do
  echo "== $processes process(es)"
  # shellcheck disable=SC2086  # MPIRUN_FLAGS is a list of flags
  ${MPIRUN:-mpirun} -np "$processes" ${MPIRUN_FLAGS:-} "$bench" "$graph" --csv "$csv" "$@" || status=1
done
python3 - "$csv" "$earlier" <<'PY' || status=1
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))[int(sys.argv[2]):]
if not rows:
    sys.exit("run-ranks: no rows")
base = {r["algorithm"]: float(r["ms"]) for r in rows if r["code"] == "one-process" and r["ms"] != "FAIL"}
print(f"\n{rows[0]['graph']} ({rows[0]['vertices']} vertices, {rows[0]['entries']} entries), {rows[0]['device']}")
print(f"{'algorithm':10}{'code':13}{'processes':>10}{'ms':>12}{'exchange':>10}{'speed-up':>10}  check")
for r in rows:
    failed = r["ms"] == "FAIL"
    ms = "FAIL" if failed else f"{float(r['ms']):.3f}"
    speedup = "" if failed or r["algorithm"] not in base else f"{base[r['algorithm']] / float(r['ms']):.2f}x"
    print(f"{r['algorithm']:10}{r['code']:13}{r['processes']:>10}{ms:>12}{float(r['exchange_share']):>10.1%}"
          f"{speedup:>10}  {r['check']}")
sys.exit(any(r["check"] == "FAIL" for r in rows))
PY
echo "rows: $csv"
exit $status
