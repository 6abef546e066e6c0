#!/usr/bin/env bash
# Copies this machine's Open MPI 4.1 runtime (Debian 12's openmpi-bin and
# libopenmpi3, as scripts/install-deps.sh installs them) into DIR, for a
# host without MPI (a lent GPU machine), where
#   . DIR/env.sh
# puts its mpirun on PATH; graphrun's own libmpi.so.40, libopen-rte and
# libopen-pal must be found by the loader there too. The runtime is
# relocated through OPAL_PREFIX; components that need network stacks the
# host may lack (UCX, libfabric, verbs, PSM) are left out, so processes
# talk through shared memory on one host.
#
#   scripts/pack-openmpi.sh DIR
set -euo pipefail
out=${1:?usage: scripts/pack-openmpi.sh DIR}
lib=/usr/lib/x86_64-linux-gnu
components=$lib/openmpi/lib/openmpi3
[[ -x /usr/bin/orterun && -d $components ]] || { echo "pack-openmpi: Debian's Open MPI is not installed" >&2; exit 1; }
if [[ -e $out && ! -f $out/env.sh ]]; then
  echo "pack-openmpi: $out exists and is not a runtime this script made; not replacing it" >&2
  exit 1
fi
rm -rf "$out"
mkdir -p "$out/bin" "$out/deps" "$out/share" "$out/lib/x86_64-linux-gnu/openmpi/lib/openmpi3"
cp /usr/bin/orterun /usr/bin/orted /usr/bin/ompi_info "$out/bin/"
ln -s orterun "$out/bin/mpirun"
skip='libuc[pstm]|libfabric|libpsm|libinfinipath|libibverbs|librdmacm|libnl-|libefa|libmca_common_(ucx|ofi|verbs)|liboshmem'
for component in "$components"/*.so; do
  needs=$(ldd "$component")
  grep -qE "$skip" <<<"$needs" || cp "$component" "$out/lib/x86_64-linux-gnu/openmpi/lib/openmpi3/"
done
cp -r /usr/share/openmpi "$out/share/"
cp -r $lib/pmix2 "$out/pmix2"
rm -f "$out"/pmix2/lib/libpmix.so*
for dependency in libpmix.so.2 libmunge.so.2 libudev.so.1 libnuma.so.1 libhwloc.so.15 libevent_core-2.1.so.7 \
                  libevent_pthreads-2.1.so.7 libopen-rte.so.40 libopen-pal.so.40 libmpi.so.40 \
                  libmca_common_ompio.so.41 libmca_common_sm.so.40 libmca_common_monitoring.so.50; do
  cp -L "$lib/$dependency" "$out/deps/"
done
cat > "$out/env.sh" <<'ENV'
# Source: this Open MPI runtime's mpirun, components and help files.
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
export OPAL_PREFIX=$here PMIX_INSTALL_PREFIX=$here/pmix2
export PATH=$here/bin:$PATH LD_LIBRARY_PATH=$here/deps:${LD_LIBRARY_PATH:-}
export OMPI_MCA_plm=isolated OMPI_MCA_btl=self,vader OMPI_MCA_pml=ob1
export OMPI_MCA_btl_vader_single_copy_mechanism=none
export PMIX_MCA_pcompress_base_silence_warning=1 PMIX_MCA_mca_base_component_path=$here/pmix2/lib/pmix
ENV
du -sh "$out"
