#pragma once
// The unsigned type a stencil copy's row masks are stored in (1, 2 or 4
// bytes: stencil-packed narrows them, stencil keeps 4), as a template
// argument for the kernels that read them.
#include <cstdint>
#include <stdexcept>
#include <string>

namespace graphrun::cuda::spmv {

// Calls launch(Mask{}) for the unsigned type of `mask_bytes` bytes (1, 2 or 4).
template <class Launch>
void with_mask_type(int mask_bytes, Launch&& launch) {
  switch (mask_bytes) {
    case 1: return launch(std::uint8_t{});
    case 2: return launch(std::uint16_t{});
    case 4: return launch(std::uint32_t{});
    default: throw std::logic_error("stencil masks of " + std::to_string(mask_bytes) + " bytes are not supported");
  }
}

}  // namespace graphrun::cuda::spmv
