#!/usr/bin/env bash
# Fuzzes the readers (Matrix Market, edge lists, .grb snapshots, .npy) with
# libFuzzer under ASan and UBSan: builds the targets with clang into
# build-fuzz/ and runs each for SECONDS (default 60) from its committed seed
# corpus (fuzz/corpus/TARGET, copied: new inputs stay out of the checkout).
# A finding fails the script; the input that caused it is kept in
# build-fuzz/findings/, to become a regression test.
#   scripts/fuzz.sh [SECONDS]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-60}
build=${GRAPHRUN_FUZZ_BUILD_DIR:-$root/build-fuzz}
targets=(matrix_market edge_list snapshot npy)

"$root/scripts/install-deps.sh"
sanitizers="-fsanitize=address,undefined -fno-sanitize-recover=all -fsanitize=fuzzer-no-link -fno-omit-frame-pointer"
CC=clang-14 CXX=clang++-14 cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DGRAPHRUN_CUDA=OFF -DGRAPHRUN_PYTHON=OFF -DGRAPHRUN_BUILD_TESTS=OFF -DGRAPHRUN_BUILD_BENCH=OFF \
  -DGRAPHRUN_FUZZ=ON -DCMAKE_CXX_FLAGS="$sanitizers" >/dev/null
cmake --build "$build" -j "${JOBS:-$(nproc)}" --target "${targets[@]/#/fuzz_}"

mkdir -p "$build/findings"
status=0
for target in "${targets[@]}"; do
  corpus=$(mktemp -d)
  cp "$root/fuzz/corpus/$target"/* "$corpus"/
  echo "fuzz: $target for ${seconds} s"
  # rss/malloc limits: a reader may hold what the input's bytes justify,
  # not what its header claims.
  if ! "$build/fuzz/fuzz_$target" "$corpus" -max_total_time="$seconds" -rss_limit_mb=2048 -malloc_limit_mb=1024 \
      -timeout=20 -print_final_stats=1 -artifact_prefix="$build/findings/$target-" \
      >"$build/findings/$target.log" 2>&1; then
    echo "fuzz: FINDING in $target"; tail -n 40 "$build/findings/$target.log"; status=1
  else
    grep -E "stat::number_of_executed_units|stat::peak_rss_mb" "$build/findings/$target.log" | tr '\n' ' '; echo
  fi
  rm -rf "$corpus"
done
exit $status
