#!/usr/bin/env bash
# README command 2: install what is needed, build, and run every test.
# GPU tests report "Skipped" with their reason when no GPU is visible.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/install-deps.sh"
"$root/scripts/build.sh"
cd "${GRAPHRUN_BUILD_DIR:-$root/build}"
ctest --output-on-failure -j "${JOBS:-$(nproc)}" --timeout 1200
