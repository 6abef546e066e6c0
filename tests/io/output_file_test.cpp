// OutputFile never clobbers: a regular file is replaced atomically through a
// unique temporary, devices, FIFOs and descriptor links are written in
// place, symbolic links survive, "-" is standard output, and the temporary
// is gone after every failure (a full disk, a file-size limit, a signal).
#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "io/io_test_support.hpp"
#include "io/src/posix_file.hpp"

using graphrun::InputError;
using graphrun::io::detail::OutputFile;
using graphrun::test::read_bytes;
using graphrun::test::TempDir;

namespace {

std::vector<std::string> names_in(const TempDir& dir) {
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(std::filesystem::path(dir.path(""))))
    names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

void write_all(const std::string& path, const std::string& text) {
  OutputFile out(path);
  out.write(text.data(), text.size());
  out.commit();
}

mode_t umask_now() {
  const mode_t mask = ::umask(0);
  ::umask(mask);
  return mask;
}

}  // namespace

TEST_CASE("a regular file is replaced whole, with the mode creat would give", "[io][output]") {
  TempDir dir;
  const std::string path = dir.write("out.txt", "old contents\n");
  {
    OutputFile out(path);
    out.write("new", 3);
    CHECK(read_bytes(path) == "old contents\n");  // untouched until commit
    CHECK(out.partial_path().starts_with(path + "."));
    CHECK(out.partial_path().ends_with(".partial"));
    out.commit();
  }
  CHECK(read_bytes(path) == "new");
  CHECK(names_in(dir) == std::vector<std::string>{"out.txt"});
  struct stat info {};
  REQUIRE(::stat(path.c_str(), &info) == 0);
  CHECK((info.st_mode & 0777) == (0666 & ~umask_now()));

  SECTION("without commit the old file stays and the temporary goes") {
    { OutputFile out(path); out.write("x", 1); }
    CHECK(read_bytes(path) == "new");
    CHECK(names_in(dir) == std::vector<std::string>{"out.txt"});
  }
}

TEST_CASE("two writers of one path use distinct temporaries: the last commit wins", "[io][output]") {
  TempDir dir;
  const std::string path = dir.path("shared.txt");
  OutputFile first(path), second(path);
  CHECK(first.partial_path() != second.partial_path());
  first.write("first", 5);
  second.write("second", 6);
  first.commit();
  CHECK(read_bytes(path) == "first");
  second.commit();
  CHECK(read_bytes(path) == "second");
  CHECK(names_in(dir) == std::vector<std::string>{"shared.txt"});
}

TEST_CASE("devices and FIFOs are written in place, never renamed onto", "[io][output]") {
  SECTION("/dev/null") {
    OutputFile out("/dev/null");
    REQUIRE(out.partial_path().empty());  // checked first: a rename onto /dev/null (as root) would replace it
    out.write("discarded\n", 10);
    out.commit();
    struct stat info {};
    REQUIRE(::stat("/dev/null", &info) == 0);
    CHECK(S_ISCHR(info.st_mode));
  }
  SECTION("a FIFO") {
    TempDir dir;
    const std::string fifo = dir.path("pipe");
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    std::string received;
    std::thread reader([&] { received = read_bytes(fifo); });
    write_all(fifo, "through the pipe\n");
    reader.join();
    CHECK(received == "through the pipe\n");
    struct stat info {};
    REQUIRE(::lstat(fifo.c_str(), &info) == 0);
    CHECK(S_ISFIFO(info.st_mode));
    CHECK(names_in(dir) == std::vector<std::string>{"pipe"});
  }
  SECTION("a directory is refused") {
    TempDir dir;
    CHECK_THROWS_WITH(OutputFile(dir.path("")), Catch::Contains("is a directory"));
  }
}

TEST_CASE("a symbolic link is never replaced: its target is", "[io][output]") {
  TempDir dir;
  const std::string target = dir.write("target.txt", "old\n");
  const std::string link = dir.path("link.txt");
  REQUIRE(::symlink(target.c_str(), link.c_str()) == 0);
  write_all(link, "through the link\n");
  struct stat info {};
  REQUIRE(::lstat(link.c_str(), &info) == 0);
  CHECK(S_ISLNK(info.st_mode));
  CHECK(read_bytes(target) == "through the link\n");
  CHECK(names_in(dir) == std::vector<std::string>{"link.txt", "target.txt"});

  SECTION("a link to nothing is refused and kept") {
    const std::string dangling = dir.path("dangling");
    REQUIRE(::symlink(dir.path("nowhere").c_str(), dangling.c_str()) == 0);
    CHECK_THROWS_WITH(OutputFile(dangling), Catch::Contains("symbolic link to a missing"));
    REQUIRE(::lstat(dangling.c_str(), &info) == 0);
    CHECK(S_ISLNK(info.st_mode));
  }
}

TEST_CASE("'-' is standard output, and no file named '-' appears", "[io][output]") {
  TempDir dir;
  const std::string captured = dir.path("stdout.txt");
  const int saved = ::dup(STDOUT_FILENO);
  const int capture = ::open(captured.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  REQUIRE((saved >= 0 && capture >= 0));
  std::fflush(stdout);
  ::dup2(capture, STDOUT_FILENO);
  ::close(capture);
  write_all("-", "to stdout\n");
  ::dup2(saved, STDOUT_FILENO);
  ::close(saved);
  CHECK(read_bytes(captured) == "to stdout\n");
  CHECK(!std::filesystem::exists("-"));
}

TEST_CASE("a failed write removes the temporary and keeps the old file", "[io][output]") {
  SECTION("a full device") {  // /dev/full: every write fails with ENOSPC
    OutputFile out("/dev/full");
    CHECK_THROWS_WITH(out.write("x", 1), Catch::Contains("write failed") && Catch::Contains("No space left"));
  }
  SECTION("a file-size limit, as a full disk on a regular file") {
    TempDir dir;
    const std::string path = dir.write("kept.txt", "old\n");
    struct rlimit saved {};
    REQUIRE(::getrlimit(RLIMIT_FSIZE, &saved) == 0);
    struct sigaction ignore {}, saved_action {};
    ignore.sa_handler = SIG_IGN;
    ::sigaction(SIGXFSZ, &ignore, &saved_action);  // EFBIG instead of death
    struct rlimit small = saved;
    small.rlim_cur = 4096;
    REQUIRE(::setrlimit(RLIMIT_FSIZE, &small) == 0);
    std::string error;
    try {
      OutputFile out(path);
      const std::string block(1024, 'x');
      for (int k = 0; k < 8; ++k) out.write(block.data(), block.size());
      out.commit();
    } catch (const InputError& e) {
      error = e.what();
    }
    ::setrlimit(RLIMIT_FSIZE, &saved);
    ::sigaction(SIGXFSZ, &saved_action, nullptr);
    CHECK_THAT(error, Catch::Contains("kept.txt") && Catch::Contains("write failed"));
    CHECK(read_bytes(path) == "old\n");
    CHECK(names_in(dir) == std::vector<std::string>{"kept.txt"});
  }
}

TEST_CASE("SIGTERM and SIGINT remove the temporary and still end the process", "[io][output]") {
  for (const int signal_number : {SIGTERM, SIGINT}) {
    TempDir dir;
    const std::string path = dir.write("kept.txt", "old\n");
    const pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0) {
      ::signal(signal_number, SIG_DFL);  // Catch2 installs its own handlers
      OutputFile out(path);
      out.write("half", 4);
      ::raise(signal_number);
      ::_exit(0);  // not reached when the signal ends the process
    }
    int status = 0;
    REQUIRE(::waitpid(child, &status, 0) == child);
    INFO("signal " << signal_number);
    CHECK(WIFSIGNALED(status));
    CHECK((WIFSIGNALED(status) && WTERMSIG(status) == signal_number));
    CHECK(read_bytes(path) == "old\n");
    CHECK(names_in(dir) == std::vector<std::string>{"kept.txt"});
  }
}
