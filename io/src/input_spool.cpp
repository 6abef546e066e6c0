#include "input_spool.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <map>
#include <mutex>
#include <vector>

#include "graphrun/error.hpp"
#include "graphrun/host_memory.hpp"

namespace graphrun::io::detail {
namespace {

constexpr std::size_t copy_block_bytes = std::size_t{1} << 20;
constexpr std::uint64_t check_every_bytes = std::uint64_t{1} << 30;

std::mutex spool_mutex;
std::map<std::string, int> spool_by_path;  // memfds, open until exit

// Copies `from` to its end into `to` (both descriptors, `to` a fresh memfd),
// checking before each further GiB that the machine has it.
void copy_stream(int from, int to, const std::string& path) {
  std::vector<char> block(copy_block_bytes);
  std::uint64_t held = 0, checked = 0;  // bytes copied; bytes the last check covers
  for (;;) {
    if (held >= checked) {
      if (held != 0)
        require_host_memory(check_every_bytes, "holding the stream " + path + " in memory",
                            "a regular file instead of a stream");
      checked += check_every_bytes;
    }
    const ssize_t got = ::read(from, block.data(), block.size());
    if (got == 0) return;
    if (got < 0) {
      if (errno == EINTR) continue;
      throw InputError(path, 0, std::string("read failed: ") + std::strerror(errno));
    }
    for (ssize_t done = 0; done < got;) {
      const ssize_t wrote = ::write(to, block.data() + done, static_cast<std::size_t>(got - done));
      if (wrote < 0 && errno == EINTR) continue;
      if (wrote <= 0)
        throw InputError(path, 0, std::string("cannot hold the input in memory: ") + std::strerror(errno));
      done += wrote;
    }
    held += static_cast<std::uint64_t>(got);
  }
}

// A new descriptor of `spool` with a file offset of its own, at 0 (reopened
// through /proc: a dup would share the offset, left at the end by the copy
// and moved by every sequential reader); the caller holds spool_mutex.
int duplicate(int spool, const std::string& path) {
  const std::string reopen = "/proc/self/fd/" + std::to_string(spool);
  int descriptor = ::open(reopen.c_str(), O_RDONLY | O_CLOEXEC);
  if (descriptor < 0) {  // no /proc: a shared offset, rewound
    descriptor = ::fcntl(spool, F_DUPFD_CLOEXEC, 0);
    if (descriptor >= 0) ::lseek(descriptor, 0, SEEK_SET);
  }
  if (descriptor < 0) throw InputError(path, 0, std::string("cannot reopen the stream's copy: ") + std::strerror(errno));
  return descriptor;
}

}  // namespace

int spooled_descriptor(const std::string& path) {
  const std::lock_guard lock(spool_mutex);
  const auto found = spool_by_path.find(path);
  return found == spool_by_path.end() ? -1 : duplicate(found->second, path);
}

int spool_stream(const std::string& path, int stream_fd) {
  const std::lock_guard lock(spool_mutex);
  auto found = spool_by_path.find(path);
  if (found == spool_by_path.end()) {
    const int spool = ::memfd_create("graphrun-input", MFD_CLOEXEC);
    if (spool < 0) {
      const int error = errno;
      ::close(stream_fd);
      throw InputError(path, 0, std::string("cannot create an in-memory copy of the stream: ") + std::strerror(error));
    }
    try {
      copy_stream(stream_fd, spool, path);
    } catch (...) {
      ::close(spool);
      ::close(stream_fd);
      throw;
    }
    found = spool_by_path.emplace(path, spool).first;
  }
  ::close(stream_fd);
  return duplicate(found->second, path);
}

}  // namespace graphrun::io::detail
