#include "posix_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "graphrun/error.hpp"
#include "input_spool.hpp"
#include "partial_files.hpp"

namespace graphrun::io::detail {
namespace {
std::string errno_text(int error) { return std::strerror(error); }

// Repeats `read_call(destination, bytes, bytes_done)` (read or pread) until
// dst is full or the file ends; EINTR retries, other failures throw.
template <class ReadCall>
std::size_t read_until_full(std::span<char> dst, const std::string& path, ReadCall read_call) {
  std::size_t done = 0;
  while (done < dst.size()) {
    const ssize_t got = read_call(dst.data() + done, dst.size() - done, done);
    if (got == 0) break;
    if (got < 0) {
      if (errno == EINTR) continue;
      throw InputError(path, 0, "read failed: " + errno_text(errno));
    }
    done += static_cast<std::size_t>(got);
  }
  return done;
}
}  // namespace

InputFile::InputFile(std::string path) : path_(std::move(path)) {
  fd_ = scoped_copy(path_);  // a stream a StreamScope holds
  if (fd_ < 0) fd_ = open_path(path_);
  if (fd_ < 0) {
    const int error = errno;
    if (error == ENOENT) throw InputError(path_, 0, "no such file");
    throw InputError(path_, 0, "cannot open for reading: " + errno_text(error));
  }
  struct stat info {};
  if (::fstat(fd_, &info) != 0) {
    const int error = errno;
    ::close(fd_);
    throw InputError(path_, 0, "cannot stat: " + errno_text(error));
  }
  if (S_ISDIR(info.st_mode)) {
    ::close(fd_);
    throw InputError(path_, 0, "is a directory, expected a graph file");
  }
  if (!S_ISREG(info.st_mode)) {  // a stream no scope holds: this open's own copy
    fd_ = copy_of_stream(path_, fd_);
    if (::fstat(fd_, &info) != 0) {
      const int error = errno;
      ::close(fd_);
      throw InputError(path_, 0, "cannot stat: " + errno_text(error));
    }
  }
  size_ = static_cast<std::uint64_t>(info.st_size);
}

InputFile::~InputFile() {
  if (fd_ >= 0) ::close(fd_);
}

std::size_t InputFile::read_some(std::span<char> dst) {
  return read_until_full(dst, path_, [this](char* to, std::size_t bytes, std::size_t) { return ::read(fd_, to, bytes); });
}

void InputFile::read_exact(std::span<char> dst, const char* what) {
  if (read_some(dst) != dst.size())
    throw InputError(path_, 0, std::string("truncated file: ") + what + " is incomplete");
}

std::size_t InputFile::read_some_at(std::span<char> dst, std::uint64_t offset) const {
  return read_until_full(dst, path_, [this, offset](char* to, std::size_t bytes, std::size_t done) {
    return ::pread(fd_, to, bytes, static_cast<off_t>(offset + done));
  });
}

void InputFile::read_exact_at(std::span<char> dst, std::uint64_t offset, const char* what) const {
  if (read_some_at(dst, offset) != dst.size())
    throw InputError(path_, 0, std::string("truncated file: ") + what + " is incomplete");
}

void InputFile::rewind() {
  if (::lseek(fd_, 0, SEEK_SET) != 0) throw InputError(path_, 0, "cannot seek: " + errno_text(errno));
}

namespace {
// The process's umask, read once: a temporary from mkstemp is 0600, and the
// finished file gets the mode a plain creat(0666) would have given it.
mode_t creation_mode() {
  static const mode_t mode = [] {
    const mode_t mask = ::umask(0);
    ::umask(mask);
    return static_cast<mode_t>(0666 & ~mask);
  }();
  return mode;
}

// /dev/stdout, /dev/fd/N, /proc/self/fd/N: links to a descriptor the process
// already holds. Replacing their target would detach it from that
// descriptor, so they are written in place even when it is a regular file.
bool names_a_descriptor(const std::string& path) { return path.starts_with("/dev/") || path.starts_with("/proc/"); }

std::string directory_of(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}
}  // namespace

OutputFile::OutputFile(std::string path) : path_(std::move(path)) {
  if (path_.empty()) throw InputError("(empty path)", 0, "an output path must not be empty");
  if (path_ == "-" || path_ == "/dev/stdout") {  // the descriptor itself: /dev/stdout may be missing (containers)
    std::fflush(stdout);  // what the program printed before comes first
    fd_ = STDOUT_FILENO;
    owns_fd_ = false;
    return;
  }
  struct stat link_info {};
  if (::lstat(path_.c_str(), &link_info) != 0) {  // nothing there: creating the temporary says why not
    open_temporary(path_);
    return;
  }
  struct stat info = link_info;
  if (S_ISLNK(link_info.st_mode) && ::stat(path_.c_str(), &info) != 0)
    fail("is a symbolic link to a missing or unreachable file (" + errno_text(errno) + "): refusing to replace the link");
  if (S_ISDIR(info.st_mode)) fail("is a directory, expected a file to write");
  if (!S_ISREG(info.st_mode) || (S_ISLNK(link_info.st_mode) && names_a_descriptor(path_))) {
    open_in_place(path_);
    return;
  }
  if (!S_ISLNK(link_info.st_mode)) {
    open_temporary(path_);
    return;
  }
  char* resolved = ::realpath(path_.c_str(), nullptr);
  if (resolved == nullptr) fail("cannot resolve the symbolic link: " + errno_text(errno));
  const std::string target = resolved;
  std::free(resolved);
  open_temporary(target);
}

void OutputFile::open_in_place(const std::string& target) {
  fd_ = ::open(target.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd_ < 0) fail("cannot open for writing: " + errno_text(errno));
}

void OutputFile::open_temporary(const std::string& target) {
  final_path_ = target;
  std::string name = target + ".XXXXXX.partial";
  fd_ = ::mkostemps(name.data(), 8, O_CLOEXEC);
  if (fd_ < 0) {
    const int error = errno;
    fail("cannot open for writing (a temporary file in " + directory_of(target) + "): " + errno_text(error));
  }
  partial_path_ = std::move(name);
  signal_slot_ = register_partial_file(partial_path_.c_str());
  if (::fchmod(fd_, creation_mode()) != 0) fail("cannot set the mode of " + partial_path_ + ": " + errno_text(errno));
}

void OutputFile::remove_temporary() noexcept {
  if (partial_path_.empty()) return;
  ::unlink(partial_path_.c_str());
  unregister_partial_file(signal_slot_);
  signal_slot_ = -1;
  partial_path_.clear();
}

OutputFile::~OutputFile() {
  if (fd_ >= 0 && owns_fd_) ::close(fd_);
  remove_temporary();
}

void OutputFile::write(std::span<const char> bytes) {
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t put = ::write(fd_, bytes.data() + done, bytes.size() - done);
    if (put < 0) {
      if (errno == EINTR) continue;
      fail("write failed: " + errno_text(errno));
    }
    done += static_cast<std::size_t>(put);
  }
}

void OutputFile::commit() {
  const int fd = fd_;
  fd_ = -1;
  if (owns_fd_ && ::close(fd) != 0) fail("write failed on close: " + errno_text(errno));
  if (partial_path_.empty()) return;  // written in place
  if (std::rename(partial_path_.c_str(), final_path_.c_str()) != 0)
    fail("cannot rename the finished file into place: " + errno_text(errno));
  unregister_partial_file(signal_slot_);
  signal_slot_ = -1;
  partial_path_.clear();
}

// Closes and removes the temporary, then throws; `what` is built by the
// caller before anything here can change errno.
void OutputFile::fail(const std::string& what) {
  if (fd_ >= 0 && owns_fd_) ::close(fd_);
  fd_ = -1;
  remove_temporary();
  throw InputError(path_, 0, what);
}

}  // namespace graphrun::io::detail
