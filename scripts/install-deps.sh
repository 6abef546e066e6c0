#!/usr/bin/env bash
# Installs everything graphrun needs on Debian 12 from Debian packages.
# The CUDA toolkit (nvcc, cuSPARSE, CCCL) is expected at /usr/local/cuda when
# GPU support is wanted; without it graphrun builds its CPU backend only.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config
  libboost-program-options-dev   # CLI option parsing
  catch2                         # unit tests (v2.13, catch2/catch.hpp)
  zlib1g-dev                     # transparent .gz input
  libxxhash-dev                  # .grb snapshot checksums (XXH3)
  libomp-dev                     # OpenMP runtime headers
  libopenmpi-dev openmpi-bin     # the distributed mode (mpirun -np P graphrun ...)
  python3-networkx python3-scipy python3-numpy python3-xxhash   # test oracles (/usr/bin/python3)
  python3-matplotlib             # benchmark plots
  python3-dev pybind11-dev       # the Python package's native module
  python3-venv python3-pip python3-setuptools python3-wheel python3-pytest   # its install, tests
  clang-14 libfuzzer-14-dev libclang-rt-14-dev   # scripts/fuzz.sh (ASan, UBSan; libomp-dev is 14 too)
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if ((${#missing[@]})); then
  sudo_cmd=()
  [[ $(id -u) -ne 0 ]] && sudo_cmd=(sudo)
  echo "install-deps: installing ${missing[*]}" >&2
  "${sudo_cmd[@]}" apt-get update -q
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
else
  echo "install-deps: all Debian packages present" >&2
fi
