#pragma once
// A one-line progress bar on stderr while a large input is read. Shown only
// for inputs over ~100 MB and only when stderr is a terminal, so logs and
// pipes never fill with carriage returns.
#include <cstdint>

#include "text_source.hpp"

namespace graphrun::io::detail {

class ReadProgress {
 public:
  ReadProgress(const TextSource& source, bool requested);
  ~ReadProgress();  // erases the bar
  ReadProgress(const ReadProgress&) = delete;
  ReadProgress& operator=(const ReadProgress&) = delete;

  // `done`: bytes of the file consumed so far (LineBlockReader's count: the
  // source itself may be mid-read on another thread).
  void update(std::uint64_t done);

 private:
  const TextSource& source_;
  bool enabled_ = false;
  int last_percent_ = -1;
};

}  // namespace graphrun::io::detail
