// CpuBackend: vector maps and reductions (argument checks, then the kernels
// of vector_ops.cpp / reductions.cpp).
#include "kernels/cpu/argument_checks.hpp"
#include "kernels/cpu/cpu_backend.hpp"
#include "kernels/cpu/rank_update.hpp"
#include "kernels/cpu/reductions.hpp"
#include "kernels/cpu/vector_ops.hpp"

namespace graphrun::cpu {

void CpuBackend::fill(std::span<float> v, float value) { cpu::fill(v, value, threads_); }
void CpuBackend::fill(std::span<double> v, double value) { cpu::fill(v, value, threads_); }
void CpuBackend::fill(std::span<vertex_t> v, vertex_t value) { cpu::fill(v, value, threads_); }
void CpuBackend::fill(std::span<std::uint8_t> v, std::uint8_t value) { cpu::fill(v, value, threads_); }

void CpuBackend::iota(std::span<vertex_t> out) {
  require_true(out.size() <= static_cast<std::size_t>(max_vertices), "iota", "more entries than vertex ids");
  cpu::iota(out, threads_);
}

void CpuBackend::axpby(float a, std::span<const float> x, float b, std::span<float> y) {
  require_size("axpby", "x", x.size(), y.size());
  cpu::axpby(a, x, b, y, threads_);
}

void CpuBackend::multiply(std::span<const float> x, std::span<const float> y, std::span<float> out) {
  require_size("multiply", "x", x.size(), out.size());
  require_size("multiply", "y", y.size(), out.size());
  cpu::multiply(x, y, out, threads_);
}

void CpuBackend::degree_power(std::span<const vertex_t> degree, vertex_t add, float exponent, std::span<float> out) {
  require_size("degree_power", "degree", degree.size(), out.size());
  cpu::degree_power(degree, add, exponent, out, threads_);
}

void CpuBackend::reciprocal(std::span<const float> x, std::span<float> out) {
  require_size("reciprocal", "x", x.size(), out.size());
  cpu::reciprocal(x, out, threads_);
}

void CpuBackend::flag_zero(std::span<const float> values, std::span<std::uint8_t> flags) {
  require_size("flag_zero", "values", values.size(), flags.size());
  cpu::flag_zero(values, flags, threads_);
}

void CpuBackend::scale_rows(std::span<float> x, std::size_t width, std::span<const float> scale) {
  require_matrix_size("scale_rows", "x", x.size(), scale.size(), width);
  cpu::scale_rows(x, width, scale, threads_);
}

void CpuBackend::gather(std::span<const vertex_t> values, std::span<const vertex_t> indices,
                        std::span<vertex_t> out) {
  require_size("gather", "indices", indices.size(), out.size());
  require_true(!overlap(values, out) && !overlap(indices, out), "gather", "out may not alias values or indices");
  require_true(cpu::gather(values, indices, out, threads_), "gather", "an index is outside values");
}

void CpuBackend::minimum(std::span<const vertex_t> x, std::span<vertex_t> y) {
  require_size("minimum", "x", x.size(), y.size());
  cpu::minimum(x, y, threads_);
}

void CpuBackend::pagerank_update(std::span<const float> y, std::span<const float> teleport, float damping,
                                 std::span<const float> share, std::span<const float> rank, std::span<float> next_rank,
                                 std::span<float> contribution, std::span<RankSums> sums) {
  constexpr const char* primitive = "pagerank_update";
  require_size(primitive, "y", y.size(), rank.size());
  if (!teleport.empty()) require_size(primitive, "teleport", teleport.size(), rank.size());
  require_size(primitive, "share", share.size(), rank.size());
  require_size(primitive, "next_rank", next_rank.size(), rank.size());
  require_size(primitive, "contribution", contribution.size(), rank.size());
  require_size(primitive, "sums", sums.size(), 1);
  for (const std::span<const float> input : {y, teleport, share, rank})
    require_true(!overlap(next_rank, input) && !overlap(contribution, input), primitive,
                 "next_rank and contribution may not alias an input");
  require_true(!overlap(contribution, next_rank), primitive, "contribution may not alias next_rank");
  for (const std::span<const float> vector : {y, teleport, share, rank, std::span<const float>(next_rank),
                                              std::span<const float>(contribution)})
    require_true(!overlap(sums, vector), primitive, "sums may not alias a vector");
  const float weight = teleport_weight(damping, sums[0].dangling_mass);
  sums[0] = cpu::pagerank_update(y, teleport, damping, weight, share, rank, next_rank, contribution, threads_);
}

double CpuBackend::sum(std::span<const float> x) { return cpu::sum(x, threads_); }
double CpuBackend::sum(std::span<const float> x, VertexMask mask) { return cpu::sum(x, mask, threads_); }

double CpuBackend::l1_distance(std::span<const float> x, std::span<const float> y) {
  require_size("l1_distance", "y", y.size(), x.size());
  return cpu::l1_distance(x, y, threads_);
}

std::size_t CpuBackend::count_nonzero(std::span<const std::uint8_t> x) { return cpu::count_nonzero(x, threads_); }

std::size_t CpuBackend::count_different(std::span<const vertex_t> x, std::span<const vertex_t> y) {
  require_size("count_different", "y", y.size(), x.size());
  return cpu::count_different(x, y, threads_);
}

}  // namespace graphrun::cpu
