#!/usr/bin/env bash
# The full benchmark of bench/results/: the default suite (bundled real graphs
# and generated kron:20, road:22, uniform:20, mesh:20 on every backend) and
# the Graph500 scale-24 Kronecker graph (520M stored entries) on the GPU
# backends, once in the generator's (random) vertex order and once relabelled
# by descending degree (--reorder degree), each into its own folder with a
# Markdown report.
#
#   bench/run-suite.sh BUILD_DIR OUT_DIR
# The report needs /usr/bin/python3 with matplotlib; where the GPU machine
# lacks it, run `bench/report.py DIR/results.json --out DIR` afterwards.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:?usage: bench/run-suite.sh BUILD_DIR OUT_DIR}
out=${2:?usage: bench/run-suite.sh BUILD_DIR OUT_DIR}
bench="$build/bin/graphrun-bench"
report=(--report-script "$root/bench/report.py")
status=0

"$bench" --bundled-dir "$root/tests/data" --out "$out/default" --report "${report[@]}" || status=$?
"$bench" --no-bundled --generate kron:24 --backends cuda,cusparse --ops spmv,pagerank,bfs,wcc \
  --bfs-sources 16 --out "$out/kron24" --report "${report[@]}" || status=$?
"$bench" --no-bundled --generate kron:24 --reorder degree --backends cuda,cusparse --ops spmv,pagerank,bfs,wcc \
  --bfs-sources 16 --out "$out/kron24-deg" --report "${report[@]}" || status=$?
exit $status
