#pragma once
// Shared by the fuzz targets: the fuzzer's bytes as a file the readers open
// (an in-memory memfd, rewritten for each input), and the rule that only
// graphrun's own errors may leave a reader. Any other exception, a crash, a
// sanitizer report or a memory claim past libFuzzer's limits is a finding.
#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <utility>

#include "graphrun/error.hpp"

namespace graphrun::fuzz {

// Vertices of the largest graph a target builds after reading it.
inline constexpr int largest_built_graph = 1 << 22;

class FuzzFile {
 public:
  FuzzFile() : fd_(memfd_create("graphrun-fuzz", 0)), path_("/proc/self/fd/" + std::to_string(fd_)) {
    if (fd_ < 0) std::abort();
  }
  // Replaces the file's content with the input.
  const std::string& hold(const std::uint8_t* data, std::size_t size) {
    if (ftruncate(fd_, 0) != 0) std::abort();
    std::size_t done = 0;
    while (done < size) {
      const ssize_t wrote = pwrite(fd_, data + done, size - done, static_cast<off_t>(done));
      if (wrote <= 0) std::abort();
      done += static_cast<std::size_t>(wrote);
    }
    return path_;
  }

 private:
  int fd_;
  std::string path_;
};

// Runs `read` on the input's file; graphrun's errors (bad input, usage,
// not enough memory) are expected outcomes, nothing else is.
template <class Read>
int run_reader(const std::uint8_t* data, std::size_t size, const Read& read) {
  static FuzzFile file;
  try {
    read(file.hold(data, size));
  } catch (const graphrun::Error&) {
  }
  return 0;
}

}  // namespace graphrun::fuzz
