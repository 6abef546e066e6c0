#!/usr/bin/env bash
# README command 3: install what is needed, build graphrun with its Python
# module, and pip-install the package into .venv (a virtual environment in
# the checkout that also sees Debian's numpy, scipy and networkx). Nothing
# is downloaded: pip installs the folder CMake staged, without build
# isolation or dependencies.
#   scripts/install-python.sh            then: .venv/bin/python -c "import graphrun"
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build_dir=${GRAPHRUN_BUILD_DIR:-$root/build}
python=${GRAPHRUN_PYTHON_EXECUTABLE:-/usr/bin/python3}
venv=${GRAPHRUN_VENV:-$root/.venv}

"$root/scripts/install-deps.sh"
GRAPHRUN_PYTHON_EXECUTABLE=$python "$root/scripts/build.sh" -DGRAPHRUN_PYTHON=ON
[[ -x $venv/bin/python ]] || "$python" -m venv --system-site-packages "$venv"
"$venv/bin/python" -m pip install --quiet --no-build-isolation --no-deps --no-index --force-reinstall \
  "$build_dir/python"
# pip builds in a temporary copy; CMake's staging folder keeps no build/ left over.
"$venv/bin/python" -c "import graphrun; print('graphrun', graphrun.__version__, 'installed in $venv; cuda available:', graphrun.cuda_available())"
