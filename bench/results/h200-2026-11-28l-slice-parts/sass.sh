#!/bin/bash
# Session 40, the device call between runs 2 and 3: main's and run 2's
# slice-staged kernel (V = 4, no weights) as SASS, from the carried
# binaries of run 2 (old: main, new: exp2.patch).
mkdir -p /tmp/b && python3 -c "import tarfile,sys; tarfile.open(sys.argv[1]).extractall(sys.argv[2])" build-carry/exp.txz /tmp/b
K='_ZN8graphrun4cuda11spmm_detail24slice_staged_spmm_kernelILi4ELb0EEEvNS0_7CsrViewEPKfPfmNS0_17SliceStagedPolicy11LaunchShapeE'
/usr/local/cuda/bin/cuobjdump -sass -fun "$K" /tmp/b/graphrun-bench-old > $OUT/old.sass 2>&1
/usr/local/cuda/bin/cuobjdump -sass -fun "$K" /tmp/b/graphrun-bench-new > $OUT/new.sass 2>&1
