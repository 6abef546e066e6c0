#include "text_source.hpp"

#include <zlib.h>

#include <algorithm>
#include <array>
#include <vector>

#include "graphrun/error.hpp"
#include "parallel_read.hpp"
#include "posix_file.hpp"

namespace graphrun::io::detail {
namespace {

class PlainTextSource final : public TextSource {
 public:
  explicit PlainTextSource(std::unique_ptr<InputFile> file) : file_(std::move(file)) {}
  // Positional reads: the part of dst that the file's size (at open) covers
  // is read with all threads; anything beyond it (a file growing while it is
  // read) one thread at a time, up to the end of the file as before.
  std::size_t read(std::span<char> dst) override {
    const std::uint64_t promised = file_->size() > consumed_ ? file_->size() - consumed_ : 0;
    const auto bulk = static_cast<std::size_t>(std::min<std::uint64_t>(dst.size(), promised));
    std::size_t got = 0;
    if (bulk >= parallel_read_bytes) {
      read_exact_parallel(*file_, dst.first(bulk), consumed_, "the text (the file shrank while being read)");
      got = bulk;
    }
    got += file_->read_some_at(dst.subspan(got), consumed_ + got);
    consumed_ += got;
    return got;
  }
  std::uint64_t file_bytes_read() const override { return consumed_; }
  std::uint64_t file_size() const override { return file_->size(); }
  bool compressed() const override { return false; }
  const std::string& path() const override { return file_->path(); }

 private:
  std::unique_ptr<InputFile> file_;
  std::uint64_t consumed_ = 0;
};

// Inflates with zlib directly rather than through gzread: the end of each
// member is visible, so a file cut short is reported as truncated instead of
// silently yielding a prefix. Concatenated members (what `cat a.gz b.gz`
// makes) are read one after another, as gunzip does.
class GzipTextSource final : public TextSource {
 public:
  explicit GzipTextSource(std::unique_ptr<InputFile> file) : file_(std::move(file)), input_(1 << 20) {
    // 15 + 16: a gzip wrapper with the largest window.
    if (inflateInit2(&stream_, 15 + 16) != Z_OK) throw InputError(path(), 0, "cannot initialise zlib");
  }
  ~GzipTextSource() override { inflateEnd(&stream_); }

  std::size_t read(std::span<char> dst) override {
    std::size_t produced = 0;
    while (produced < dst.size() && !finished_) {
      if (stream_.avail_in == 0 && !refill()) {
        if (in_member_) throw InputError(path(), 0, "truncated gzip stream: the file ends inside compressed data");
        finished_ = true;
        break;
      }
      stream_.next_out = reinterpret_cast<Bytef*>(dst.data() + produced);
      const std::size_t room = std::min<std::size_t>(dst.size() - produced, 1u << 30);
      stream_.avail_out = static_cast<uInt>(room);
      in_member_ = true;
      const int status = inflate(&stream_, Z_NO_FLUSH);
      produced += room - stream_.avail_out;
      if (status == Z_STREAM_END) {
        in_member_ = false;
        inflateReset(&stream_);
        // Like gunzip, bytes after a member that do not start another member
        // (zero padding from tape or block devices) end the input.
        if (stream_.avail_in == 0) refill();
        if (stream_.avail_in == 0 || *stream_.next_in != 0x1f) finished_ = true;
      } else if (status != Z_OK && status != Z_BUF_ERROR) {
        const std::string detail = stream_.msg ? stream_.msg : "zlib error " + std::to_string(status);
        throw InputError(path(), 0, "corrupt gzip data: " + detail);
      }
    }
    return produced;
  }
  std::uint64_t file_bytes_read() const override { return consumed_; }
  std::uint64_t file_size() const override { return file_->size(); }
  bool compressed() const override { return true; }
  const std::string& path() const override { return file_->path(); }

 private:
  bool refill() {
    const std::size_t got = file_->read_some(input_);
    consumed_ += got;
    stream_.next_in = reinterpret_cast<Bytef*>(input_.data());
    stream_.avail_in = static_cast<uInt>(got);
    return got > 0;
  }

  std::unique_ptr<InputFile> file_;
  std::vector<char> input_;
  z_stream stream_{};
  std::uint64_t consumed_ = 0;
  bool in_member_ = false;
  bool finished_ = false;
};

}  // namespace

bool has_gzip_magic(std::span<const char> first_bytes) {
  return first_bytes.size() >= 2 && static_cast<unsigned char>(first_bytes[0]) == 0x1f &&
         static_cast<unsigned char>(first_bytes[1]) == 0x8b;
}

std::unique_ptr<TextSource> open_text_source(const std::string& path) {
  auto file = std::make_unique<InputFile>(path);
  std::array<char, 2> magic{};
  const std::size_t got = file->read_some(magic);
  file->rewind();
  if (has_gzip_magic(std::span<const char>(magic.data(), got)))
    return std::make_unique<GzipTextSource>(std::move(file));
  return std::make_unique<PlainTextSource>(std::move(file));
}

std::string peek_text(const std::string& path, std::size_t bytes) {
  try {
    auto source = open_text_source(path);
    std::string text(bytes, '\0');
    text.resize(source->read(text));
    return text;
  } catch (const InputError&) {
    return {};  // the reader that follows reports the problem with context
  }
}

}  // namespace graphrun::io::detail
