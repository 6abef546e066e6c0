#include "cpu/spmv.hpp"

#include "cpu/row_partition.hpp"
#include "cpu/spmv_coo.hpp"
#include "cpu/spmv_csr.hpp"

namespace graphrun::cpu {

template <class Semiring>
void spmv(SpmvKernel kernel, const CpuGraph& a, const SpmvDescriptor& d, const typename Semiring::value_type* x,
          typename Semiring::value_type* y, int threads) {
  const Csr& matrix = a.rows(d.edges);
  const int parts = threads_for_work(row_work(matrix), threads);
  switch (kernel) {
    case SpmvKernel::csr_serial: spmv_csr<Semiring>(matrix, d, x, y, 1); return;
    case SpmvKernel::csr_parallel: spmv_csr<Semiring>(matrix, d, x, y, parts); return;
    case SpmvKernel::coo_serial: spmv_coo<Semiring>(matrix, a.entry_rows(d.edges), d, x, y, 1); return;
    case SpmvKernel::coo_parallel: spmv_coo<Semiring>(matrix, a.entry_rows(d.edges), d, x, y, parts); return;
  }
}

template void spmv<PlusTimes<float>>(SpmvKernel, const CpuGraph&, const SpmvDescriptor&, const float*, float*, int);
template void spmv<PlusTimes<double>>(SpmvKernel, const CpuGraph&, const SpmvDescriptor&, const double*, double*,
                                      int);
template void spmv<MinPlus>(SpmvKernel, const CpuGraph&, const SpmvDescriptor&, const float*, float*, int);
template void spmv<OrAnd>(SpmvKernel, const CpuGraph&, const SpmvDescriptor&, const std::uint8_t*, std::uint8_t*,
                          int);
template void spmv<MinSecond>(SpmvKernel, const CpuGraph&, const SpmvDescriptor&, const vertex_t*, vertex_t*, int);

}  // namespace graphrun::cpu
