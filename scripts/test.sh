#!/usr/bin/env bash
# README command 2: install what is needed, build, and run every test (C++
# through ctest, then the Python package's).
# GPU tests report "Skipped" where no GPU is visible; their reason is printed
# after the summary.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# install-python.sh installs the Debian packages, builds everything and
# pip-installs the Python package into .venv.
"$root/scripts/install-python.sh"
cd "${GRAPHRUN_BUILD_DIR:-$root/build}"
ctest --output-on-failure -j "${JOBS:-$(nproc)}" --timeout 1200
# The Python package as installed (GPU tests skip without a GPU, with why).
"${GRAPHRUN_VENV:-$root/.venv}/bin/python" -m pytest -q -rs -p no:cacheprovider "$root/python/tests"
# Skipped tests print why (exit code 77); show it, since ctest does not.
ctest -L 'gpu|cuda' -V 2>/dev/null | grep -E '^[0-9]+: SKIPPED' | sed 's/^[0-9]*: /GPU tests: /' | sort -u || true
