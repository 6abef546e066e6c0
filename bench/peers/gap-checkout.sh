# Sourced by the peer scripts: gap_checkout SCRATCH PROGRAM... sets GAP_DIR
# to a gapbs checkout (github.com/sbeamer/gapbs) with PROGRAMs built. A
# GAP_DIR already set is used as it is; otherwise gapbs is cloned under
# SCRATCH (never inside this repository) and the programs made there.
gap_checkout() {
  local scratch=$1; shift
  [[ -n ${GAP_DIR:-} ]] && return
  GAP_DIR=$scratch/gapbs
  [[ -d $GAP_DIR ]] || git clone --depth 1 https://github.com/sbeamer/gapbs "$GAP_DIR"
  make -C "$GAP_DIR" "$@" >/dev/null
}
