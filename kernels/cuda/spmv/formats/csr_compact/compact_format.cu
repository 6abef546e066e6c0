#include "cuda/spmv/formats/csr_compact/compact_format.cuh"

#include "cuda/runtime/launch.cuh"
#include "cuda/spmv/formats/csr_compact/compact_kernels.cuh"

namespace graphrun::cuda::spmv {

CompactFormat::CompactFormat(const CsrView& csr, const DeviceContext& context) {
  const std::int64_t rows = csr.num_rows;
  const std::int64_t tiles = row_tiles(rows);
  tile_starts_ = DeviceVector<edge_t>(context.memory, static_cast<std::size_t>(tiles));
  lengths_ = DeviceVector<std::uint8_t>(context.memory, static_cast<std::size_t>(rows));
  column_offsets_ = DeviceVector<std::int16_t>(context.memory, static_cast<std::size_t>(csr.num_entries));
  view_ = CompactView{tile_starts_.data(), lengths_.data(), column_offsets_.data(), csr.values, rows};
  for_each_index(context, tiles, TileStartFill{csr.offsets, tile_starts_.data()});
  for_each_index(context, rows, CompactFill{csr, lengths_.data(), column_offsets_.data()});
}

}  // namespace graphrun::cuda::spmv
