import sys
p='/work/main/kernels/cuda/spmm/slice_staged_kernel.cuh'
s=open(p).read()
s=s.replace("#include <cuda_runtime.h>\n","#include <cuda_runtime.h>\n#include <cstdio>\n",1)
i=s.index("  extern __shared__ __align__(16) unsigned char staged[];")
s=s[:i]+"  const long long t0 = clock64();  // PHASES\n"+s[i:]
s=s.replace("  __pipeline_wait_prior(0);\n  __syncthreads();\n","  __pipeline_wait_prior(0);\n  __syncthreads();\n  const long long t1 = clock64();  // PHASES\n",1)
end=s.rindex("}\n\n}  // namespace")
s=s[:end]+'''  __syncthreads();  // PHASES
  const long long t2 = clock64();
  if (threadIdx.x == 0 && blockIdx.x == 0)
    printf("PHASES rows %u entries %u slice %u blocks %u staged %lld product %lld\\n", shape.rows, shape.entries,
           shape.slice_vectors, shape.blocks, t1 - t0, t2 - t1);
'''+s[end:]
open(p,'w').write(s)
