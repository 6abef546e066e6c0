#include "line_blocks.hpp"

#include <cstring>

#include "graphrun/internal/parallel.hpp"

namespace graphrun::io::detail {

LineBlockReader::LineBlockReader(TextSource& source, std::size_t block_bytes)
    : source_(source), capacity_(block_bytes == 0 ? default_block_bytes : block_bytes) {
  // Uninitialised on purpose: pages a small file never touches cost nothing.
  buffer_ = std::make_unique_for_overwrite<char[]>(capacity_);
  graphrun::detail::advise_huge_pages(buffer_.get(), capacity_);
}

void LineBlockReader::grow() {
  auto bigger = std::make_unique_for_overwrite<char[]>(capacity_ * 2);
  graphrun::detail::advise_huge_pages(bigger.get(), capacity_ * 2);
  std::memcpy(bigger.get(), buffer_.get(), filled_);
  buffer_ = std::move(bigger);
  capacity_ *= 2;
}

std::string_view LineBlockReader::next() {
  // Keep the unfinished line that followed the last block.
  const std::size_t carried = filled_ - handed_out_;
  if (carried > 0 && handed_out_ > 0) std::memmove(buffer_.get(), buffer_.get() + handed_out_, carried);
  filled_ = carried;
  handed_out_ = 0;
  std::size_t searched = 0;  // bytes already known to hold no '\n'
  for (;;) {
    if (!end_of_input_) {
      if (filled_ == capacity_) grow();
      const std::size_t got = source_.read({buffer_.get() + filled_, capacity_ - filled_});
      filled_ += got;
      end_of_input_ = got == 0;
    }
    if (end_of_input_) {
      handed_out_ = filled_;
      return {buffer_.get(), filled_};
    }
    if (filled_ < capacity_) continue;  // a full block first: fewer, larger blocks
    const char* base = buffer_.get();
    const void* last_newline = ::memrchr(base + searched, '\n', filled_ - searched);
    if (last_newline != nullptr) {
      handed_out_ = static_cast<std::size_t>(static_cast<const char*>(last_newline) - base) + 1;
      return {base, handed_out_};
    }
    searched = filled_;  // one line longer than the block: read on
  }
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
