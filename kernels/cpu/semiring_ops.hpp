#pragma once
// The per-entry and per-row steps every SpMV / SpMM kernel of the cpu backend
// shares, so csr and coo kernels differ only in how they walk the entries.
#include <cstdint>
#include <type_traits>

#include "graphrun/semiring.hpp"
#include "graphrun/types.hpp"

namespace graphrun::cpu {

// Whether y_i is computed (semiring.hpp: unselected entries stay unchanged).
struct MaskView {
  const std::uint8_t* flags = nullptr;
  bool complement = false;

  explicit MaskView(const VertexMask& mask) : flags(mask.flags), complement(mask.complement) {}
  bool selects(vertex_t i) const { return flags == nullptr || ((flags[i] != 0) != complement); }
};

// Weight of stored entry k: its value, or 1 when weights are not used
// (structure only). A template argument, so the inner loops carry no branch.
template <bool UseWeights>
inline float entry_weight(const float* values, edge_t k) {
  if constexpr (UseWeights)
    return values[k];
  else
    return 1.0f;
}

// a_ij (x) x_j for stored entry k; semirings that ignore weights never read them.
template <class Semiring, bool UseWeights>
inline typename Semiring::value_type entry_product(const float* values, edge_t k,
                                                   typename Semiring::value_type x_j) {
  return Semiring::multiply(entry_weight<Semiring::reads_weights && UseWeights>(values, k), x_j);
}

// Calls body(std::true_type) or body(std::false_type) for use_weights, turning
// the run-time descriptor flag into the compile-time one entry_product wants.
// Callers pass false for a pattern graph (Csr::weighted): its weights are 1,
// which the unweighted path multiplies by exactly.
template <class Body>
inline void with_weights_flag(bool use_weights, Body&& body) {
  if (use_weights)
    body(std::true_type{});
  else
    body(std::false_type{});
}

}  // namespace graphrun::cpu
