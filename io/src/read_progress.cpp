#include "read_progress.hpp"

#include <unistd.h>

#include <cstdio>

namespace graphrun::io::detail {
namespace {
constexpr std::uint64_t progress_threshold_bytes = std::uint64_t{100} << 20;
}

ReadProgress::ReadProgress(const TextSource& source, bool requested)
    : source_(source),
      enabled_(requested && source.file_size() > progress_threshold_bytes && ::isatty(STDERR_FILENO)) {}

ReadProgress::~ReadProgress() {
  if (enabled_ && last_percent_ >= 0) std::fputs("\r\x1b[K", stderr);
}

void ReadProgress::update(std::uint64_t done) {
  if (!enabled_) return;
  const std::uint64_t total = source_.file_size();
  const int percent = static_cast<int>(total == 0 ? 100 : done * 100 / total);
  if (percent == last_percent_) return;
  last_percent_ = percent;
  std::fprintf(stderr, "\rreading %s: %3d%% (%.0f of %.0f MB)", source_.path().c_str(), percent,
               static_cast<double>(done) / 1e6, static_cast<double>(total) / 1e6);
  std::fflush(stderr);
}

}  // namespace graphrun::io::detail
