#pragma once
// OpenMP loop shapes shared by the cpu backend's element-wise primitives.
#include <cstddef>
#include <vector>

#include "cpu/tuning.hpp"

namespace graphrun::cpu {

// Short loops run on the calling thread. Only for loops whose result cannot
// depend on the split (anything order-dependent splits explicitly instead).
inline constexpr std::size_t min_parallel_elements = CpuTuning::min_parallel_elements;

// body(i) for i in [0, count), static schedule.
template <class Body>
void parallel_for(std::size_t count, int threads, Body body) {
#pragma omp parallel for num_threads(threads) schedule(static) if (threads > 1 && count >= min_parallel_elements)
  for (std::size_t i = 0; i < count; ++i) body(i);
}

// Like parallel_for, but returns whether body(i) returned true for any i
// (validation folded into the same pass over the data).
template <class Body>
bool parallel_any(std::size_t count, int threads, Body body) {
  bool any = false;
#pragma omp parallel for num_threads(threads) schedule(static) reduction(|| : any) \
    if (threads > 1 && count >= min_parallel_elements)
  for (std::size_t i = 0; i < count; ++i) any = body(i) || any;
  return any;
}

// Sum of term(i) over [0, count), accumulated in Sum (double, or a small
// struct of doubles with += for several sums in one pass). Fixed blocks are
// summed in parallel and the block sums added in block order, so the result
// is the same for every thread count (PageRank convergence tests stay
// reproducible).
template <class Sum, class Term>
Sum deterministic_reduce(std::size_t count, int threads, Term term) {
  constexpr std::size_t block = CpuTuning::sum_block;
  const std::size_t blocks = (count + block - 1) / block;
  std::vector<Sum> block_sums(blocks);
#pragma omp parallel for num_threads(threads) schedule(static) if (threads > 1 && blocks > 1)
  for (std::size_t b = 0; b < blocks; ++b) {
    const std::size_t end = count < (b + 1) * block ? count : (b + 1) * block;
    Sum sum{};
    for (std::size_t i = b * block; i < end; ++i) sum += term(i);
    block_sums[b] = sum;
  }
  Sum total{};
  for (const Sum& block_sum : block_sums) total += block_sum;
  return total;
}

template <class Term>
double deterministic_sum(std::size_t count, int threads, Term term) {
  return deterministic_reduce<double>(count, threads, term);
}

// Number of i in [0, count) with predicate(i); exact, so any split will do.
template <class Predicate>
std::size_t parallel_count(std::size_t count, int threads, Predicate predicate) {
  std::size_t matches = 0;
#pragma omp parallel for num_threads(threads) schedule(static) reduction(+ : matches) \
    if (threads > 1 && count >= min_parallel_elements)
  for (std::size_t i = 0; i < count; ++i) matches += predicate(i) ? 1 : 0;
  return matches;
}

}  // namespace graphrun::cpu
