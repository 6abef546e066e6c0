#!/usr/bin/env bash
# Configures and builds graphrun into build/ (Release). CUDA backends are built
# when nvcc is found (/usr/local/cuda), for sm_90 unless CUDA_ARCHS says
# otherwise. Extra arguments go to cmake's configure step.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build_dir=${GRAPHRUN_BUILD_DIR:-$root/build}
jobs=${JOBS:-$(nproc)}

cmake -S "$root" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  ${CUDA_ARCHS:+-DCMAKE_CUDA_ARCHITECTURES=$CUDA_ARCHS} "$@"
cmake --build "$build_dir" -j "$jobs"
