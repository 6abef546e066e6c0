#include "input_spool.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <condition_variable>
#include <exception>
#include <cstdint>
#include <cstring>
#include <map>
#include <mutex>
#include <vector>

#include "graphrun/error.hpp"
#include "graphrun/host_memory.hpp"
#include "graphrun/io/stream_scope.hpp"

namespace graphrun::io {
namespace detail {
namespace {

constexpr std::size_t copy_block_bytes = std::size_t{1} << 20;
constexpr std::uint64_t check_every_bytes = std::uint64_t{1} << 30;

// A stream's copy: made by the first scope (memfd -1 until `ready`), shared
// by the scopes that follow, freed with the last. Readers that arrive while
// it is being made wait for it, so one stream is never read twice at once.
struct Copy {
  int memfd = -1;
  int scopes = 0;
  bool ready = false;
  std::exception_ptr failure;  // set when making the copy failed
};
std::mutex copies_mutex;
std::condition_variable copy_made;
std::map<std::string, Copy> copies;  // by path, while a scope holds them

std::string errno_text() { return std::strerror(errno); }

// Copies `from` to its end into `to` (a fresh memfd), checking before each
// further GiB that the machine has it.
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
      throw InputError(path, 0, "read failed: " + errno_text());
    }
    for (ssize_t done = 0; done < got;) {
      const ssize_t wrote = ::write(to, block.data() + done, static_cast<std::size_t>(got - done));
      if (wrote < 0 && errno == EINTR) continue;
      if (wrote <= 0) throw InputError(path, 0, "cannot hold the input in memory: " + errno_text());
      done += wrote;
    }
    held += static_cast<std::uint64_t>(got);
  }
}

// A new descriptor of the memfd with a file offset of its own, at 0:
// reopened through /proc (a dup would share one offset among readers).
int reopen(int memfd, const std::string& path) {
  const std::string self = "/proc/self/fd/" + std::to_string(memfd);
  int descriptor = ::open(self.c_str(), O_RDONLY | O_CLOEXEC);
  if (descriptor < 0) {  // no /proc: a shared offset, rewound
    descriptor = ::fcntl(memfd, F_DUPFD_CLOEXEC, 0);
    if (descriptor >= 0) ::lseek(descriptor, 0, SEEK_SET);
  }
  if (descriptor < 0) throw InputError(path, 0, "cannot reopen the stream's copy: " + errno_text());
  return descriptor;
}

// A memfd holding the whole stream (stream_fd taken and closed).
int memfd_of_stream(const std::string& path, int stream_fd) {
  const int memfd = ::memfd_create("graphrun-input", MFD_CLOEXEC);
  if (memfd < 0) {
    const std::string why = errno_text();
    ::close(stream_fd);
    throw InputError(path, 0, "cannot create an in-memory copy of the stream: " + why);
  }
  try {
    copy_stream(stream_fd, memfd, path);
  } catch (...) {
    ::close(memfd);
    ::close(stream_fd);
    throw;
  }
  ::close(stream_fd);
  return memfd;
}

}  // namespace

int scoped_copy(const std::string& path) {
  std::unique_lock lock(copies_mutex);
  const auto found = copies.find(path);
  if (found == copies.end()) return -1;
  copy_made.wait(lock, [&] { return found->second.ready; });
  return found->second.memfd < 0 ? -1 : reopen(found->second.memfd, path);
}

int copy_of_stream(const std::string& path, int stream_fd) {
  const int memfd = memfd_of_stream(path, stream_fd);
  try {
    const int descriptor = reopen(memfd, path);  // keeps the memory file alive
    ::close(memfd);
    return descriptor;
  } catch (...) {
    ::close(memfd);
    throw;
  }
}

bool is_stream(const std::string& path) {
  struct stat info {};
  const int status = path == "-" ? ::fstat(STDIN_FILENO, &info) : ::stat(path.c_str(), &info);
  return status == 0 && !S_ISREG(info.st_mode) && !S_ISDIR(info.st_mode);
}

int open_path(const std::string& path) {
  if (path != "-") return ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  struct stat info {};
  if (::fstat(STDIN_FILENO, &info) == 0 && S_ISREG(info.st_mode)) {
    const int reopened = ::open("/proc/self/fd/0", O_RDONLY | O_CLOEXEC);
    if (reopened >= 0) return reopened;
  }
  return ::fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 0);
}

}  // namespace detail

StreamScope::StreamScope(std::string path) : path_(std::move(path)) {
  if (!detail::is_stream(path_)) return;
  std::unique_lock lock(detail::copies_mutex);
  auto [entry, first] = detail::copies.try_emplace(path_);
  detail::Copy& copy = entry->second;
  ++copy.scopes;
  holds_ = true;
  if (first) {  // this scope makes the copy; the stream is read without the lock
    lock.unlock();
    int memfd = -1;
    std::exception_ptr failure;
    try {
      const int stream_fd = detail::open_path(path_);
      if (stream_fd < 0) throw InputError(path_, 0, "cannot open for reading: " + detail::errno_text());
      memfd = detail::memfd_of_stream(path_, stream_fd);
    } catch (...) {
      failure = std::current_exception();
    }
    lock.lock();
    copy.memfd = memfd;
    copy.failure = failure;
    copy.ready = true;
    detail::copy_made.notify_all();
  } else {
    detail::copy_made.wait(lock, [&] { return copy.ready; });
  }
  if (copy.failure) {
    const std::exception_ptr failure = copy.failure;
    holds_ = false;
    if (--copy.scopes == 0) detail::copies.erase(entry);
    std::rethrow_exception(failure);
  }
}

StreamScope::~StreamScope() {
  if (!holds_) return;
  const std::lock_guard lock(detail::copies_mutex);
  const auto found = detail::copies.find(path_);
  if (found == detail::copies.end() || --found->second.scopes > 0) return;
  if (found->second.memfd >= 0) ::close(found->second.memfd);
  detail::copies.erase(found);
}

}  // namespace graphrun::io
