#!/usr/bin/env bash
# The CPU test suite once under AddressSanitizer (leaks included) and
# UndefinedBehaviorSanitizer: a clang 14 build of the cpu backend into
# build-sanitize/, then ctest. Any report fails the run.
#   scripts/sanitize-tests.sh
# Left out: install:consumer-project, which builds an outside project
# against the installed library without the sanitizer runtime. The CLI
# test skips its address-space-limit check (GRAPHRUN_SANITIZED): ASan's
# shadow memory cannot live under one. tests/sanitizer-suppressions.txt
# lists the one known leak report (the OpenMP runtime's thread pool).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${GRAPHRUN_SANITIZE_BUILD_DIR:-$root/build-sanitize}

"$root/scripts/install-deps.sh"
CC=clang-14 CXX=clang++-14 cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DGRAPHRUN_CUDA=OFF -DGRAPHRUN_PYTHON=OFF \
  -DCMAKE_CXX_FLAGS="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer" >/dev/null
cmake --build "$build" -j "${JOBS:-$(nproc)}"
export GRAPHRUN_SANITIZED=1
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export LSAN_OPTIONS=suppressions=$root/tests/sanitizer-suppressions.txt
cd "$build"
ctest --output-on-failure -j "${JOBS:-$(nproc)}" --timeout 1800 -E '^install:consumer-project$'
