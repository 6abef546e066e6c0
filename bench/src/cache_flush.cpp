#include "cache_flush.hpp"

#include <unistd.h>

#include <algorithm>

namespace graphrun::bench {
namespace {
constexpr std::size_t mebibyte = std::size_t{1} << 20;
}

std::size_t default_flush_bytes(BackendKind kind, bool quick) {
  std::size_t bytes = 256 * mebibyte;
  if (kind == BackendKind::cpu) {
    // The OS may report the L3 of the whole package (hundreds of MiB on big
    // server parts, even inside a 2-core VM) although one core only reaches
    // its own slice; 128 MiB exceeds any slice and keeps a flush cheap.
    const long l3 = sysconf(_SC_LEVEL3_CACHE_SIZE);
    bytes = l3 > 0 ? std::min(2 * static_cast<std::size_t>(l3), 128 * mebibyte) : 64 * mebibyte;
  }
  return quick ? std::min(bytes, 8 * mebibyte) : bytes;
}

CacheFlusher::CacheFlusher(Backend& backend, std::size_t bytes)
    : backend_(&backend), buffer_(backend.memory(), bytes / sizeof(float)) {}

void CacheFlusher::flush() {
  if (buffer_.empty()) return;
  // A different value each time, so no layer can skip the write as redundant.
  value_ += 1.0f;
  backend_->fill(buffer_.span(), value_);
}

std::function<void()> CacheFlusher::callback() {
  if (buffer_.empty()) return {};
  return [this] { flush(); };
}

}  // namespace graphrun::bench
