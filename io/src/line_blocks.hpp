#pragma once
// Cuts a text stream into large blocks of whole lines, so that each block can
// be split again at newlines and parsed by several threads, and walks lines
// one at a time where the format needs sequential reading (headers).
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>

#include "text_source.hpp"

namespace graphrun::io::detail {

inline constexpr std::size_t default_block_bytes = std::size_t{64} << 20;

class LineBlockReader {
 public:
  // block_bytes: 0 = default_block_bytes. A line longer than a block grows
  // the buffer instead of being split.
  LineBlockReader(TextSource& source, std::size_t block_bytes);

  // The next run of whole lines: it ends just after a '\n', or at the end of
  // the input for a last line without one. Empty only at the end of the
  // input. The view stays valid until the next call.
  std::string_view next();

  TextSource& source() const noexcept { return source_; }

 private:
  void grow();

  TextSource& source_;
  std::unique_ptr<char[]> buffer_;
  std::size_t capacity_ = 0;
  std::size_t filled_ = 0;      // valid bytes in buffer_
  std::size_t handed_out_ = 0;  // bytes of buffer_ returned by the last next()
  bool end_of_input_ = false;
};

// Sequential line-by-line walk over a LineBlockReader, with line numbers
// counted from 1. Lines come without their '\n'.
class SequentialLines {
 public:
  explicit SequentialLines(LineBlockReader& reader) : reader_(reader) {}

  bool next(std::string_view& line);
  // Number of the line last returned by next() (0 before the first).
  std::uint64_t line_number() const noexcept { return line_number_; }
  // Puts the line last returned back, so rest() starts with it.
  void unread_last();
  // Unconsumed whole lines of the current block; its first line is number
  // line_number() + 1. Continue with the reader for the blocks after it.
  std::string_view rest() const noexcept { return block_.substr(position_); }

 private:
  LineBlockReader& reader_;
  std::string_view block_;
  std::size_t position_ = 0;
  std::size_t last_line_start_ = 0;
  std::uint64_t line_number_ = 0;
};

}  // namespace graphrun::io::detail
