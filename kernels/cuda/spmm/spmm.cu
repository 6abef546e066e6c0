// Host-side dispatch of the native SpMM kernels: names, the "auto" rule,
// vector-width selection and launches. Kernels live in *_kernel.cuh.
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "graphrun/error.hpp"
#include "graphrun/memory.hpp"
#include "cuda/runtime/check.cuh"
#include "cuda/runtime/launch.cuh"
#include "cuda/spmm/long_row_kernel.cuh"
#include "cuda/spmm/nnz_split_kernel.cuh"
#include "cuda/spmm/row_cache_kernel.cuh"
#include "cuda/spmm/row_group_kernel.cuh"
#include "cuda/spmm/slice_staged_kernel.cuh"
#include "cuda/spmm/spmm.cuh"
#include "cuda/spmm/spmm_policy.cuh"
#include "cuda/spmm/warp_row_kernel.cuh"

namespace graphrun::cuda {
namespace {

constexpr const char* warp_row_name = "warp-row";
constexpr const char* row_cache_name = "row-cache";
constexpr const char* row_group_name = "row-group";
constexpr const char* nnz_split_name = "nnz-split";
constexpr const char* slice_staged_name = "slice-staged";

// Widest access (4, 2 or 1 floats) that divides the row width; the pointers
// must also be aligned to it, or a row start could straddle a float4.
int vector_width(std::size_t width, const float* x, const float* y) {
  const auto aligned = [&](std::uintptr_t bytes) {
    return reinterpret_cast<std::uintptr_t>(x) % bytes == 0 && reinterpret_cast<std::uintptr_t>(y) % bytes == 0;
  };
  if (width % 4 == 0 && aligned(16)) return 4;
  if (width % 2 == 0 && aligned(8)) return 2;
  return 1;
}

// "auto" needs no row statistics beyond the plan's long-row count:
// slice-staged takes what fits one block, nnz-split balances any row
// lengths, and row-group adapts per row (short rows per lane group, longer
// ones per warp, hubs per block), so the sizes and the width pick.
// `v`: the vector width the call can use (vector_width).
std::string resolve(const std::string& requested, const CsrView& a, bool has_long_rows, std::size_t width, int v) {
  const std::size_t vectors = width / static_cast<std::size_t>(v);
  if (requested == "auto") {
    if (SpmmAutoRule::prefer_slice_staged(a.num_rows, a.num_cols, a.num_entries, vectors, v, has_long_rows))
      return slice_staged_name;
    if (SpmmAutoRule::prefer_nnz_split(a.num_entries, a.num_rows, vectors)) return nnz_split_name;
    return SpmmAutoRule::prefer_row_group(vectors) ? row_group_name : row_cache_name;
  }
  for (const std::string& name : spmm_kernel_names())
    if (requested == name) return name;
  std::string valid = "auto";
  for (const std::string& name : spmm_kernel_names()) valid += ", " + name;
  throw UsageError("unknown SpMM kernel '" + requested + "' for the cuda backend (valid: " + valid + ")");
}

// Road-network-like rows (RowGroupPolicy::short_rows_mean_entries): row-group
// and row-cache both take their loads in flight from vectors, not entries.
bool has_short_rows(const CsrView& a) {
  return a.num_entries < RowGroupPolicy::short_rows_mean_entries * static_cast<std::int64_t>(a.num_rows);
}

// Lanes per group when each lane owns `per_lane` vectors of a pass: the
// smallest power of two covering the row's vectors, at most a warp.
int group_lanes_for(std::size_t vectors, int per_lane = 1) {
  const auto per = static_cast<std::size_t>(per_lane);
  const std::size_t lanes_needed = (vectors + per - 1) / per;
  int lanes = 1;
  while (lanes < spmm_warp_size && static_cast<std::size_t>(lanes) < lanes_needed) lanes *= 2;
  return lanes;
}

template <int V, bool UseWeights>
void launch_warp_row(const CsrView& a, const float* x, float* y, std::size_t width, cudaStream_t stream) {
  using Policy = WarpRowPolicy;
  const auto blocks = static_cast<unsigned>((static_cast<std::int64_t>(a.num_rows) + Policy::warps_per_block - 1) /
                                            Policy::warps_per_block);
  spmm_detail::warp_row_spmm_kernel<V, UseWeights>
      <<<blocks, Policy::threads_per_block, 0, stream>>>(a, x, y, width, group_lanes_for(width / V));
  GRAPHRUN_CUDA_CHECK_LAUNCH();
}

template <int V, bool UseWeights, int P>
void launch_row_group_kernels(const CsrView& a, const MediumRowList& medium, const float* x, float* y,
                              std::size_t width, cudaStream_t stream) {
  using Policy = RowGroupPolicy;
  const int group_lanes = group_lanes_for(width / V, P);
  const std::int64_t rows_per_block =
      static_cast<std::int64_t>(Policy::warps_per_block) * (spmm_warp_size / group_lanes);
  const auto blocks =
      static_cast<unsigned>((static_cast<std::int64_t>(a.num_rows) + rows_per_block - 1) / rows_per_block);
  spmm_detail::row_group_spmm_kernel<V, UseWeights, P>
      <<<blocks, Policy::threads_per_block, 0, stream>>>(a, x, y, width, group_lanes);
  GRAPHRUN_CUDA_CHECK_LAUNCH();
  if (medium.count == 0) return;
  const auto medium_blocks =
      static_cast<unsigned>((medium.count + Policy::warps_per_block - 1) / Policy::warps_per_block);
  spmm_detail::row_group_medium_spmm_kernel<V, UseWeights, P>
      <<<medium_blocks, Policy::threads_per_block, 0, stream>>>(a, x, y, width, group_lanes, medium.rows,
                                                                 medium.count);
  GRAPHRUN_CUDA_CHECK_LAUNCH();
}

template <int V, bool UseWeights>
void launch_row_group(const CsrView& a, const MediumRowList& medium, const float* x, float* y, std::size_t width,
                      cudaStream_t stream) {
  using Policy = RowGroupPolicy;
  const std::size_t vectors = width / V;
  const bool two_per_lane =
      vectors >= Policy::wide_min_vectors || (has_short_rows(a) && vectors >= Policy::short_rows_min_vectors);
  if (two_per_lane)
    launch_row_group_kernels<V, UseWeights, Policy::wide_vectors_per_lane>(a, medium, x, y, width, stream);
  else
    launch_row_group_kernels<V, UseWeights, 1>(a, medium, x, y, width, stream);
}

template <int V, bool UseWeights, int P, int Unroll>
void launch_row_cache_kernel(const CsrView& a, const float* x, float* y, std::size_t width, cudaStream_t stream) {
  using Policy = RowCachePolicy;
  const auto row_blocks = static_cast<unsigned>((static_cast<std::int64_t>(a.num_rows) + Policy::warps_per_block - 1) /
                                                Policy::warps_per_block);
  constexpr std::size_t tile_vectors = static_cast<std::size_t>(P) * spmm_warp_size;
  const std::size_t tiles = (width / V + tile_vectors - 1) / tile_vectors;
  const dim3 grid(row_blocks, static_cast<unsigned>(tiles < Policy::max_grid_y ? tiles : Policy::max_grid_y));
  spmm_detail::row_cache_spmm_kernel<V, UseWeights, P, Unroll>
      <<<grid, Policy::threads_per_block, 0, stream>>>(a, x, y, width);
  GRAPHRUN_CUDA_CHECK_LAUNCH();
}

template <int V, bool UseWeights>
void launch_row_cache(const CsrView& a, const float* x, float* y, std::size_t width, cudaStream_t stream) {
  using Policy = RowCachePolicy;
  if (!has_short_rows(a))
    launch_row_cache_kernel<V, UseWeights, 1, Policy::entry_unroll>(a, x, y, width, stream);
  else if (width / V >= Policy::wide_min_vectors)
    launch_row_cache_kernel<V, UseWeights, Policy::short_rows_vectors_per_lane, Policy::short_rows_entry_unroll>(
        a, x, y, width, stream);
  else
    launch_row_cache_kernel<V, UseWeights, 1, Policy::short_rows_entry_unroll>(a, x, y, width, stream);
}

// One launch over every piece of the plan's RowPieces; two span slots per warp.
template <int V, bool UseWeights, int P>
void launch_nnz_split_kernel(const DeviceContext& context, const RowPieces& pieces, const CsrView& a,
                             const float* x, float* y, std::size_t width) {
  using Policy = NnzSplitPolicy;
  const int group_lanes = group_lanes_for(width / V, P);
  const RowPieceList list = pieces.list();
  const std::int64_t pieces_per_warp = spmm_warp_size / group_lanes;
  const std::int64_t warps = (list.pieces + pieces_per_warp - 1) / pieces_per_warp;
  float* slots = pieces.span_slots(context, static_cast<std::size_t>(warps) * 2 * width);
  const auto blocks = static_cast<unsigned>((warps + Policy::warps_per_block - 1) / Policy::warps_per_block);
  // Two vectors per lane start at wide_min_vectors, whose groups already
  // span a piece's lanes; only one vector per lane has narrower groups.
  static_assert(Policy::wide_min_vectors / Policy::wide_vectors_per_lane >= Policy::piece_entries,
                "two vectors per lane must come with groups of at least a piece's lanes");
  if (P > 1 || group_lanes >= Policy::piece_entries) {
    spmm_detail::nnz_split_shuffled_kernel<V, UseWeights, P>
        <<<blocks, Policy::threads_per_block, 0, context.stream>>>(a, x, y, width, group_lanes, list, warps, slots);
  } else if constexpr (P == 1) {
    spmm_detail::nnz_split_columns_first_kernel<V, UseWeights>
        <<<blocks, Policy::threads_per_block, 0, context.stream>>>(a, x, y, width, group_lanes, list, warps, slots);
  }
  GRAPHRUN_CUDA_CHECK_LAUNCH();
}

template <int V, bool UseWeights>
void launch_nnz_split(const DeviceContext& context, const RowPieces& pieces, const CsrView& a, const float* x,
                      float* y, std::size_t width) {
  using Policy = NnzSplitPolicy;
  const std::size_t vectors = width / V;
  if (vectors >= Policy::wide_min_vectors)
    launch_nnz_split_kernel<V, UseWeights, Policy::wide_vectors_per_lane>(context, pieces, a, x, y, width);
  else
    launch_nnz_split_kernel<V, UseWeights, 1>(context, pieces, a, x, y, width);
}

// One block per column slice of X; refused (nothing launched) when not even
// a one-vector slice fits next to the matrix, or when a dense row has more
// vectors than the kernel's 32-bit counts take. The dispatch narrows V
// first, so a refusal of the first kind means that one float of X per row
// does not fit.
template <int V, bool UseWeights>
void launch_slice_staged(const CsrView& a, const float* x, float* y, std::size_t width, cudaStream_t stream) {
  using Policy = SliceStagedPolicy;
  const std::size_t vectors = width / V;
  const Policy::LaunchShape shape = Policy::launch_shape(a.num_rows, a.num_cols, a.num_entries, vectors, V);
  if (shape.slice_vectors == 0) {
    if (vectors > Policy::max_vectors)
      throw UsageError("cuda spmm: slice-staged takes at most " + std::to_string(Policy::max_vectors) +
                       " vectors per dense row, but width " + std::to_string(width) + " has " +
                       std::to_string(vectors));
    throw UsageError("cuda spmm: slice-staged needs the whole matrix in one block's shared memory (" +
                     std::to_string(Policy::max_shared_bytes) + " bytes), but " + std::to_string(a.num_rows) +
                     " rows and " + std::to_string(a.num_entries) + " entries take " +
                     std::to_string(Policy::layout(a.num_rows, a.num_cols, a.num_entries, 1).bytes) +
                     " bytes with one float of X per row");
  }
  spmm_detail::slice_staged_spmm_kernel<V, UseWeights>
      <<<shape.blocks, Policy::threads_per_block, shape.shared_bytes, stream>>>(a, x, y, width, shape);
  GRAPHRUN_CUDA_CHECK_LAUNCH();
}

// Rows the main kernels skip (long_row_kernel.cuh), as the plan listed them:
// multiply every piece, then add up the rows of several pieces. Nothing is
// launched when there are none.
template <int V, bool UseWeights>
void launch_long_rows(const DeviceContext& context, const CsrView& a, const LongRowList& long_rows, const float* x,
                      float* y, std::size_t width) {
  using Policy = LongRowPolicy;
  if (long_rows.count == 0) return;
  // Scratch rows only matter for rows of several pieces, but a row's pieces
  // are numbered among all pieces; one row per piece keeps the indexing flat.
  DeviceVector<float> piece_sums(context.memory, long_rows.pieces > long_rows.count
                                                     ? static_cast<std::size_t>(long_rows.pieces) * width
                                                     : std::size_t{0});
  spmm_detail::long_row_piece_kernel<V, UseWeights>
      <<<static_cast<unsigned>(long_rows.pieces), Policy::threads_per_block, 0, context.stream>>>(
          a, x, y, width, group_lanes_for(width / V), long_rows.rows, long_rows.piece_counts, long_rows.piece_begin,
          long_rows.count, piece_sums.data());
  GRAPHRUN_CUDA_CHECK_LAUNCH();
  if (long_rows.pieces == long_rows.count) return;  // every long row was one piece, already in Y
  // Plain pointers: the lambda captures them.
  const float* sums = piece_sums.data();
  const vertex_t* rows = long_rows.rows;
  const std::uint32_t* pieces = long_rows.piece_counts;
  const std::uint32_t* begins = long_rows.piece_begin;
  for_each_index(context, long_rows.count * static_cast<std::int64_t>(width / V), [=] __device__(std::int64_t item) {
    spmm_detail::sum_long_row_pieces<V>(item, y, width, rows, pieces, begins, sums);
  });
}

// Turns the run-time vector width and weight flag into template arguments.
template <class Launch>
void with_instantiation(int vector_width, bool use_weights, Launch&& launch) {
  const auto with_weights = [&](auto width_constant) {
    if (use_weights)
      launch(width_constant, std::true_type{});
    else
      launch(width_constant, std::false_type{});
  };
  switch (vector_width) {
    case 4:
      with_weights(std::integral_constant<int, 4>{});
      break;
    case 2:
      with_weights(std::integral_constant<int, 2>{});
      break;
    default:
      with_weights(std::integral_constant<int, 1>{});
      break;
  }
}

}  // namespace

std::vector<KernelInfo> spmm_kernel_info() {
  return {{warp_row_name, "seed", "warp per row, (column, value) chunks staged in shared memory, float4 (seed 004)"},
          {row_cache_name, "graphrun", "warp per row and column tile, the row's entries kept in registers"},
          {row_group_name, "graphrun", "a lane group per short row, a warp per medium row, blocks for long rows"},
          {nnz_split_name, "graphrun", "rows cut into pieces of at most 16 entries, a lane group per piece"},
          {slice_staged_name, "graphrun", "the whole matrix and a slice of X staged in one block's shared memory"}};
}

std::vector<std::string> spmm_kernel_names() {
  std::vector<std::string> names;
  for (const KernelInfo& kernel : spmm_kernel_info()) names.push_back(kernel.name);
  return names;
}

std::string choose_spmm_kernel(const std::string& requested, const CsrView& a, bool has_long_rows,
                               std::size_t width) {
  // Dense buffers from the backend's pool are 256-byte aligned, so only
  // divisibility decides the vector width here (null pointers are aligned
  // to every access width).
  return resolve(requested, a, has_long_rows, width, vector_width(width, nullptr, nullptr));
}

void spmm(const DeviceContext& context, const std::string& kernel, const CsrView& a, const SpmmPlan& plan,
          bool use_weights, const float* x, float* y, std::size_t width) {
  const cudaStream_t stream = context.stream;
  int v = vector_width(width, x, y);
  const std::string resolved = resolve(kernel, a, plan.long_rows().count > 0, width, v);
  // slice-staged stages at least one vector of X per row: narrower vectors
  // let every matrix that fits with a one-float slice run, at any width.
  if (resolved == slice_staged_name)
    while (v > 1 && SliceStagedPolicy::slice_vectors(a.num_rows, a.num_cols, a.num_entries,
                                                     width / static_cast<std::size_t>(v), v) == 0)
      v /= 2;
  if (width == 0 || a.num_rows == 0) return;
  if (y == nullptr || (x == nullptr && a.num_entries > 0))
    throw UsageError("cuda spmm: null dense matrix for a " + std::to_string(a.num_rows) + "-row product");

  with_instantiation(v, use_weights, [&](auto width_constant, auto weights_constant) {
    constexpr int V = decltype(width_constant)::value;
    constexpr bool UseWeights = decltype(weights_constant)::value;
    if (resolved == slice_staged_name) {
      launch_slice_staged<V, UseWeights>(a, x, y, width, stream);
      return;  // one thread walks each row, long or not
    }
    if (resolved == nnz_split_name) {
      launch_nnz_split<V, UseWeights>(context, plan.pieces(context, a), a, x, y, width);
      return;  // its pieces cover the long rows too
    }
    if (resolved == row_group_name)
      launch_row_group<V, UseWeights>(a, plan.medium_rows(), x, y, width, stream);
    else if (resolved == row_cache_name)
      launch_row_cache<V, UseWeights>(a, x, y, width, stream);
    else
      launch_warp_row<V, UseWeights>(a, x, y, width, stream);
    launch_long_rows<V, UseWeights>(context, a, plan.long_rows(), x, y, width);
  });
}

void spmm(const DeviceContext& context, const std::string& kernel, const CsrView& a, bool use_weights, const float* x,
          float* y, std::size_t width) {
  resolve(kernel, a, false, 1, 1);  // an unknown name is refused before the plan is built
  const SpmmPlan plan(context, a);
  spmm(context, kernel, a, plan, use_weights, x, y, width);
}

}  // namespace graphrun::cuda
