#!/usr/bin/env bash
# README command 1: install what is needed, build, and run PageRank on a
# bundled real graph (the GPU when one is present, the CPU otherwise).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/install-deps.sh"
"$root/scripts/build.sh"
graph="$root/tests/data/email-Enron.mtx"
echo "+ graphrun info $graph"
"$root/build/bin/graphrun" info "$graph"
echo "+ graphrun pagerank $graph"
"$root/build/bin/graphrun" pagerank "$graph"
