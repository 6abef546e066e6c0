#pragma once
// Shared helpers of the io tests: a per-test temporary directory, writing
// text and gzip files, and capturing the InputError an action throws.
#include <omp.h>
#include <zlib.h>

#include <catch2/catch.hpp>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "graphrun/error.hpp"

namespace graphrun::test {

// A fresh directory under the system temp dir, removed with everything in it.
class TempDir {
 public:
  TempDir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "graphrun-io-XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
    root_ = pattern;
  }
  ~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(root_, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  std::string path(const std::string& name) const { return (root_ / name).string(); }

  std::string write(const std::string& name, const std::string& bytes) const {
    const std::string file = path(name);
    std::ofstream out(file, std::ios::binary);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    if (!out) throw std::runtime_error("cannot write " + file);
    return file;
  }

  std::string write_gzip(const std::string& name, const std::string& bytes) const {
    const std::string file = path(name);
    gzFile gz = gzopen(file.c_str(), "wb");
    if (gz == nullptr) throw std::runtime_error("gzopen failed for " + file);
    const int written = bytes.empty() ? 0 : gzwrite(gz, bytes.data(), static_cast<unsigned>(bytes.size()));
    if (gzclose(gz) != Z_OK || written != static_cast<int>(bytes.size())) throw std::runtime_error("gzwrite failed");
    return file;
  }

 private:
  std::filesystem::path root_;
};

inline std::string read_bytes(const std::string& file) {
  std::ifstream in(file, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Runs action, which must throw InputError, and returns that error.
template <typename Action>
InputError input_error_of(Action&& action) {
  try {
    action();
  } catch (const InputError& error) {
    return error;
  }
  FAIL("expected an InputError, none was thrown");
  throw std::logic_error("unreachable");
}

// Checks file, line and that the reason mentions `reason_part`.
#define CHECK_INPUT_ERROR(action, expected_file, expected_line, reason_part)    \
  do {                                                                          \
    const graphrun::InputError error_ = graphrun::test::input_error_of(action); \
    INFO("what(): " << error_.what());                                          \
    CHECK(error_.file() == (expected_file));                                    \
    CHECK(error_.line() == static_cast<std::uint64_t>(expected_line));          \
    CHECK_THAT(error_.reason(), Catch::Contains(reason_part));                  \
  } while (false)

// Sets the OpenMP thread count for a scope (more threads than cores splits
// blocks into more ranges), and restores it.
class ThreadCount {
 public:
  explicit ThreadCount(int threads) : saved_(omp_get_max_threads()) { omp_set_num_threads(threads); }
  ~ThreadCount() { omp_set_num_threads(saved_); }
  ThreadCount(const ThreadCount&) = delete;
  ThreadCount& operator=(const ThreadCount&) = delete;

 private:
  int saved_;
};

// Seeds are fresh per run and printed on failure, so a failing input can be
// reproduced.
inline std::uint64_t fresh_seed() {
  static const std::uint64_t seed = std::random_device{}();
  return seed;
}

}  // namespace graphrun::test
