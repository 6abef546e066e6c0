#include "cuda/spmv/formats/stencil_packed/packed_stencil_format.cuh"

#include "cuda/runtime/launch.cuh"
#include "cuda/spmv/common/mask_type.hpp"
#include "cuda/spmv/selection/auto_rule.hpp"
#include "cuda/spmv/formats/stencil_packed/packed_stencil_kernels.cuh"
#include "cuda/spmv/formats/stencil/stencil_format.cuh"

namespace graphrun::cuda::spmv {

PackedStencilFormat::PackedStencilFormat(const CsrView& csr, const std::vector<std::int32_t>& diagonals,
                                         const DeviceContext& context) {
  take_diagonals("stencil-packed", diagonals, view_.diagonals, view_.offsets);
  const std::int64_t rows = csr.num_rows;
  const std::int64_t tiles = row_tiles(rows);
  view_.mask_bytes = packed_mask_bytes(view_.diagonals);
  masks_ = DeviceVector<std::uint8_t>(context.memory, static_cast<std::size_t>(rows * view_.mask_bytes));
  tile_starts_ = DeviceVector<edge_t>(context.memory, static_cast<std::size_t>(tiles));
  view_.masks = masks_.data();
  view_.tile_starts = tile_starts_.data();
  view_.weights = csr.values;
  view_.rows = rows;
  if (rows == 0) return;
  for_each_index(context, tiles, TileStartFill{csr.offsets, tile_starts_.data()});
  with_mask_type(view_.mask_bytes, [&](auto mask) {
    using Mask = decltype(mask);
    for_each_index(context, rows, PackedStencilFill<Mask>{csr, view_, reinterpret_cast<Mask*>(masks_.data())});
  });
}

}  // namespace graphrun::cuda::spmv
