#pragma once
// Semirings and descriptors of the primitive interface, as small value types
// (GraphBLAS style). Kernels are templated on the semiring; the interface
// names it by tag so algorithms read like `mxv` calls.
#include <cstdint>
#include <limits>

#include "graphrun/types.hpp"  // vertex_t, GRAPHRUN_HOST_DEVICE

namespace graphrun {

// y_i = sum_j a_ij * x_j   (float or double vectors; a_ij read as float)
template <class T>
struct PlusTimes {
  using value_type = T;
  static constexpr bool reads_weights = true;
  static GRAPHRUN_HOST_DEVICE T identity() { return T(0); }
  static GRAPHRUN_HOST_DEVICE T add(T a, T b) { return a + b; }
  static GRAPHRUN_HOST_DEVICE T multiply(float a, T x) { return static_cast<T>(a) * x; }
};

// y_i = min_j (a_ij + x_j): shortest-path relaxation.
struct MinPlus {
  using value_type = float;
  static constexpr bool reads_weights = true;
  static GRAPHRUN_HOST_DEVICE float identity() { return std::numeric_limits<float>::infinity(); }
  static GRAPHRUN_HOST_DEVICE float add(float a, float b) { return a < b ? a : b; }
  static GRAPHRUN_HOST_DEVICE float multiply(float a, float x) { return a + x; }
};

// y_i = OR_j (a_ij AND x_j) on 0/1 bytes: reachability.
struct OrAnd {
  using value_type = std::uint8_t;
  static constexpr bool reads_weights = false;
  static GRAPHRUN_HOST_DEVICE std::uint8_t identity() { return 0; }
  static GRAPHRUN_HOST_DEVICE std::uint8_t add(std::uint8_t a, std::uint8_t b) { return a | b; }
  static GRAPHRUN_HOST_DEVICE std::uint8_t multiply(float, std::uint8_t x) { return x; }
};

// y_i = min_j x_j over stored a_ij (GraphBLAS MIN_SECOND) on vertex ids:
// BFS with deterministic parents (x_j = j on the frontier) and min-label
// propagation. Identity is the largest vertex_t.
struct MinSecond {
  using value_type = vertex_t;
  static constexpr bool reads_weights = false;
  static GRAPHRUN_HOST_DEVICE vertex_t identity() { return std::numeric_limits<vertex_t>::max(); }
  static GRAPHRUN_HOST_DEVICE vertex_t add(vertex_t a, vertex_t b) { return a < b ? a : b; }
  static GRAPHRUN_HOST_DEVICE vertex_t multiply(float, vertex_t x) { return x; }
};

// Names a semiring at run time: the tag Backend::spmv passes to the
// backend's one SpMV virtual (visit_semiring in primitive_dispatch.hpp turns
// it back into the type). SemiringOf<S>::id is the tag of semiring S.
enum class SemiringId : std::uint8_t { plus_times_float, plus_times_double, min_plus, or_and, min_second };

template <class Semiring>
struct SemiringOf;
template <>
struct SemiringOf<PlusTimes<float>> {
  static constexpr SemiringId id = SemiringId::plus_times_float;
  static constexpr const char* name = "plus-times, float";
};
template <>
struct SemiringOf<PlusTimes<double>> {
  static constexpr SemiringId id = SemiringId::plus_times_double;
  static constexpr const char* name = "plus-times, double";
};
template <>
struct SemiringOf<MinPlus> {
  static constexpr SemiringId id = SemiringId::min_plus;
  static constexpr const char* name = "min-plus";
};
template <>
struct SemiringOf<OrAnd> {
  static constexpr SemiringId id = SemiringId::or_and;
  static constexpr const char* name = "or-and";
};
template <>
struct SemiringOf<MinSecond> {
  static constexpr SemiringId id = SemiringId::min_second;
  static constexpr const char* name = "min-second";
};

// Which adjacency a primitive walks. Row v of `out` lists v's out-neighbours
// (rows of A); row v of `in` lists v's in-neighbours (rows of A^T, the CSC of
// A). A pull-style update "y_v from the x_u of edges u->v" uses `in`.
// `both` (label_mode only) walks in- and out-neighbours, a vertex linked both
// ways counted twice; on an undirected graph in == out and `both` means out.
enum class Edges : std::uint8_t { out, in, both };

// What the caller of label_mode knows of its input labels. `distinct`: no
// two vertices share a label (label propagation's first round, from each
// vertex's own id). On a single adjacency (rows hold each neighbour once)
// every label a row sees then counts once, and its mode is the smallest, so
// a backend may take the maximum of the candidate keys instead of counting;
// with Edges::both on a directed graph a vertex linked both ways still
// counts twice, and the labels are counted. The result is the same either
// way, so a backend may ignore it; a false promise gives wrong labels.
enum class LabelSet : std::uint8_t { any, distinct };

// A vertex mask selects the y entries a primitive computes; entries it does not
// select are left unchanged (GraphBLAS mask without replace). `flags` points
// into backend memory, one byte per vertex, non-zero = set. complement selects
// the vertices whose flag is zero.
struct VertexMask {
  const std::uint8_t* flags = nullptr;  // nullptr: no mask, every entry selected
  bool complement = false;
};

// Descriptor of an SpMV / SpMM call.
struct SpmvDescriptor {
  Edges edges = Edges::out;
  bool use_weights = true;   // false: every stored entry counts as 1 (structure only)
  bool accumulate = false;   // true: y = y (+) A x  with the semiring's add
  VertexMask mask{};
};

}  // namespace graphrun
