#include "line_blocks.hpp"

#include <omp.h>

#include <algorithm>
#include <cstring>

#include "graphrun/internal/parallel.hpp"

namespace graphrun::io::detail {

LineBlockReader::LineBlockReader(TextSource& source, std::size_t block_bytes)
    : source_(source),
      block_bytes_(block_bytes == 0 ? default_block_bytes : block_bytes),
      overlap_(omp_get_max_threads() >= BlockReadPolicy::min_threads_to_overlap) {}

LineBlockReader::~LineBlockReader() {
  if (filling_.valid()) filling_.wait();
}

void LineBlockReader::fill(Buffer& buffer, std::string_view carry) {
  const std::size_t wanted = std::max(block_bytes_, carry.size() + 1);
  if (buffer.capacity < wanted) {
    // Uninitialised on purpose: pages a small file never touches cost nothing.
    buffer.data = std::make_unique_for_overwrite<char[]>(wanted);
    graphrun::detail::advise_huge_pages(buffer.data.get(), wanted);
    buffer.capacity = wanted;
  }
  // memmove: without overlap the carry lies in this very buffer.
  if (!carry.empty()) std::memmove(buffer.data.get(), carry.data(), carry.size());
  buffer.filled = carry.size();
  buffer.end_of_input = false;
  std::size_t searched = carry.size();  // the carry holds no '\n'
  for (;;) {
    if (buffer.filled == buffer.capacity) {  // a full block first: fewer, larger blocks
      if (::memrchr(buffer.data.get() + searched, '\n', buffer.filled - searched) != nullptr) break;
      searched = buffer.filled;  // one line longer than the block: grow and read on
      auto bigger = std::make_unique_for_overwrite<char[]>(buffer.capacity * 2);
      graphrun::detail::advise_huge_pages(bigger.get(), buffer.capacity * 2);
      std::memcpy(bigger.get(), buffer.data.get(), buffer.filled);
      buffer.data = std::move(bigger);
      buffer.capacity *= 2;
    }
    const std::size_t got = source_.read({buffer.data.get() + buffer.filled, buffer.capacity - buffer.filled});
    if (got == 0) {
      buffer.end_of_input = true;
      break;
    }
    buffer.filled += got;
  }
  buffer.file_bytes = source_.file_bytes_read();
}

std::string_view LineBlockReader::next() {
  if (exhausted_) return {};
  if (!overlap_) {
    fill(current_, carry_);  // one buffer, as a plain read loop would
  } else {
    if (filling_.valid())
      filling_.get();  // rethrows a read error
    else
      fill(spare_, {});  // the first block: nothing to overlap with yet
    std::swap(current_, spare_);
  }
  consumed_ = current_.file_bytes;
  const char* base = current_.data.get();
  if (current_.end_of_input) {
    exhausted_ = true;
    return {base, current_.filled};
  }
  const auto* last_newline = static_cast<const char*>(::memrchr(base, '\n', current_.filled));
  const std::size_t handed_out = static_cast<std::size_t>(last_newline - base) + 1;
  // With overlap the caller reads [0, handed_out) of current_ while the
  // fill copies the carry after it: both only read current_.
  const std::string_view carry(base + handed_out, current_.filled - handed_out);
  if (overlap_) {
    filling_ = std::async(std::launch::async, [this, carry] {
      omp_set_num_threads(1);  // this thread's reads only: the caller's parse has the cores
      fill(spare_, carry);
    });
  } else {
    carry_ = carry;  // moved to the front on the next call
  }
  return {base, handed_out};
}

bool SequentialLines::next(std::string_view& line) {
  while (position_ >= block_.size()) {
    block_ = reader_.next();
    position_ = 0;
    if (block_.empty()) return false;
  }
  last_line_start_ = position_;
  const std::size_t newline = block_.find('\n', position_);
  const std::size_t end = newline == std::string_view::npos ? block_.size() : newline;
  line = block_.substr(position_, end - position_);
  position_ = newline == std::string_view::npos ? block_.size() : newline + 1;
  ++line_number_;
  return true;
}

void SequentialLines::unread_last() {
  position_ = last_line_start_;
  --line_number_;
}

}  // namespace graphrun::io::detail
