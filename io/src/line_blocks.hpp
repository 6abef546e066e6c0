#pragma once
// Cuts a text stream into large blocks of whole lines, so that each block can
// be split again at newlines and parsed by several threads, and walks lines
// one at a time where the format needs sequential reading (headers).
//
// With enough threads, reading overlaps parsing: when next() hands out a
// block, a background thread starts filling the other of two buffers with
// the next one (the unfinished last line first), so the file's read (or
// gunzip) runs while the caller parses. The source is touched by that thread
// only while a fill runs; next() waits for it, so a caller never sees the
// source mid-read. With few threads the fill runs in next() itself: the
// parse already has every core (decision 028).
#include <cstddef>
#include <cstdint>
#include <future>
#include <memory>
#include <string_view>

#include "text_source.hpp"

namespace graphrun::io::detail {

inline constexpr std::size_t default_block_bytes = std::size_t{64} << 20;

struct BlockReadPolicy {
  // OpenMP threads from which the next block is read in the background.
  static constexpr int min_threads_to_overlap = 8;
};

class LineBlockReader {
 public:
  // block_bytes: 0 = default_block_bytes. A line longer than a block grows
  // the buffer instead of being split.
  LineBlockReader(TextSource& source, std::size_t block_bytes);

  ~LineBlockReader();  // waits for a fill in flight
  LineBlockReader(const LineBlockReader&) = delete;
  LineBlockReader& operator=(const LineBlockReader&) = delete;

  // The next run of whole lines: it ends just after a '\n', or at the end of
  // the input for a last line without one. Empty only at the end of the
  // input. The view stays valid until the next call. Rethrows what the
  // source threw while filling it.
  std::string_view next();

  TextSource& source() const noexcept { return source_; }
  // Bytes of the file on disk behind the blocks handed out so far (what
  // progress and size estimates may use while the next fill runs).
  std::uint64_t file_bytes_consumed() const noexcept { return consumed_; }

 private:
  struct Buffer {
    std::unique_ptr<char[]> data;
    std::size_t capacity = 0;
    std::size_t filled = 0;
    bool end_of_input = false;
    std::uint64_t file_bytes = 0;  // the source's file_bytes_read() after this fill
  };
  // carry (an unfinished line, possibly inside `buffer` itself) then source
  // data, until the buffer is full and holds a '\n' or the input ends;
  // grows for a line longer than a block.
  void fill(Buffer& buffer, std::string_view carry);

  TextSource& source_;
  std::size_t block_bytes_;
  Buffer current_, spare_;
  bool overlap_;               // fill spare_ in the background (BlockReadPolicy)
  std::future<void> filling_;  // spare_, in the background
  std::string_view carry_;     // no overlap: the unfinished line at the end of current_
  std::uint64_t consumed_ = 0;
  bool exhausted_ = false;
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
