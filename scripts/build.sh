#!/usr/bin/env bash
# Configures and builds graphrun into build/ (Release). CUDA backends are built
# when nvcc is found (/usr/local/cuda), for sm_90 unless CUDA_ARCHS says
# otherwise; the Python module when pybind11 and Python's headers are there.
# Extra arguments go to cmake's configure step.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build_dir=${GRAPHRUN_BUILD_DIR:-$root/build}
jobs=${JOBS:-$(nproc)}

# Debian's python3 (numpy, scipy, networkx, pybind11's Python) for the
# Python module, not a pyenv or conda python3 that PATH may name first.
python=${GRAPHRUN_PYTHON_EXECUTABLE:-/usr/bin/python3}
cmake -S "$root" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  ${CUDA_ARCHS:+-DCMAKE_CUDA_ARCHITECTURES=$CUDA_ARCHS} -DPython3_EXECUTABLE="$python" "$@"
cmake --build "$build_dir" -j "$jobs"
