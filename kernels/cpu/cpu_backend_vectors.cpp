// CpuBackend: vector maps, reductions and PageRank's update pass (the
// kernels of vector_ops.cpp / reductions.cpp / rank_update.cpp; Backend and
// PageRankKernels checked the arguments).
#include "graphrun/primitive_dispatch.hpp"
#include "cpu/cpu_backend.hpp"
#include "cpu/rank_update.hpp"
#include "cpu/reductions.hpp"
#include "cpu/vector_ops.hpp"

namespace graphrun::cpu {

void CpuBackend::do_fill(RawSpan v, Scalar value) {
  visit_element_type(v.type, [&]<class T>(std::type_identity<T>) { cpu::fill(v.as<T>(), value.as<T>(), threads_); });
}

void CpuBackend::do_iota(std::span<vertex_t> out) { cpu::iota(out, threads_); }

void CpuBackend::do_map(MapOp op, const MapOperands& m) {
  switch (op) {
    case MapOp::axpby: return cpu::axpby(m.a, m.x.as<float>(), m.b, m.out.as<float>(), threads_);
    case MapOp::multiply: return cpu::multiply(m.x.as<float>(), m.y.as<float>(), m.out.as<float>(), threads_);
    case MapOp::minimum: return cpu::minimum(m.x.as<vertex_t>(), m.out.as<vertex_t>(), threads_);
    case MapOp::degree_power: return cpu::degree_power(m.x.as<vertex_t>(), m.add, m.a, m.out.as<float>(), threads_);
    case MapOp::flag_zero: return cpu::flag_zero(m.x.as<float>(), m.out.as<std::uint8_t>(), threads_);
    case MapOp::reciprocal: return cpu::reciprocal(m.x.as<float>(), m.out.as<float>(), threads_);
    case MapOp::scale_rows: return cpu::scale_rows(m.out.as<float>(), m.width, m.x.as<float>(), threads_);
  }
}

bool CpuBackend::do_gather(std::span<const vertex_t> values, std::span<const vertex_t> indices,
                           std::span<vertex_t> out) {
  return cpu::gather(values, indices, out, threads_);
}

Reduction CpuBackend::do_reduce(ReduceOp op, ConstRawSpan x, ConstRawSpan y, VertexMask mask) {
  switch (op) {
    case ReduceOp::sum: return {.value = cpu::sum(x.as<float>(), threads_)};
    case ReduceOp::masked_sum: return {.value = cpu::sum(x.as<float>(), mask, threads_)};
    case ReduceOp::l1_distance: return {.value = cpu::l1_distance(x.as<float>(), y.as<float>(), threads_)};
    case ReduceOp::count_nonzero: return {.count = cpu::count_nonzero(x.as<std::uint8_t>(), threads_)};
    case ReduceOp::count_different:
      if (x.type == ElementType::float32) return {.count = cpu::count_different(x.as<float>(), y.as<float>(), threads_)};
      return {.count = cpu::count_different(x.as<vertex_t>(), y.as<vertex_t>(), threads_)};
  }
  return {};
}

void CpuBackend::do_pagerank_update(std::span<const float> y, std::span<const float> teleport, float damping,
                                    std::span<const float> share, std::span<const float> carried,
                                    std::span<float> next_carried, std::span<RankSums> sums) {
  if (sums[0].stopped != 0) return;
  const float weight = teleport_weight(damping, sums[0].dangling_mass);
  sums[0] = after_update(sums[0], cpu::pagerank_update(y, teleport, damping, weight, share, carried, next_carried,
                                                       threads_));
}

void CpuBackend::do_pagerank_convert(std::span<const float> share, std::span<const float> from, std::span<float> to,
                                     bool to_carried) {
  cpu::pagerank_convert(share, from, to, to_carried, threads_);
}

}  // namespace graphrun::cpu
