#pragma once
// One exception hierarchy for the whole engine. Each kind maps to the CLI's
// exit code, so a caller can tell "your input is wrong" from "the machine
// failed" without parsing messages.
#include <cstdint>
#include <stdexcept>
#include <string>

namespace graphrun {

enum class ExitCode : int {
  success = 0,
  usage = 1,    // bad command line or API misuse
  input = 2,    // a file that cannot be read or is malformed
  runtime = 3,  // device, driver or other run-time failure
};

class Error : public std::runtime_error {
 public:
  Error(ExitCode code, const std::string& message) : std::runtime_error(message), code_(code) {}
  ExitCode code() const noexcept { return code_; }

 private:
  ExitCode code_;
};

// The caller asked for something impossible (unknown option, bad value,
// unsupported combination).
class UsageError : public Error {
 public:
  explicit UsageError(const std::string& message) : Error(ExitCode::usage, message) {}
};

// Malformed or unreadable input. what() reads "FILE:LINE: reason" (line 0 =
// not tied to a line, printed as "FILE: reason").
class InputError : public Error {
 public:
  InputError(std::string file, std::uint64_t line, std::string reason);
  const std::string& file() const noexcept { return file_; }
  std::uint64_t line() const noexcept { return line_; }
  const std::string& reason() const noexcept { return reason_; }

 private:
  std::string file_;
  std::uint64_t line_;
  std::string reason_;
};

// CUDA / cuSPARSE / out-of-memory and other failures of the machine.
class RuntimeError : public Error {
 public:
  explicit RuntimeError(const std::string& message) : Error(ExitCode::runtime, message) {}
};

// A device allocation or a planned footprint that does not fit the free
// device memory. Its own type so that a caller with a cheaper way (a
// format without a copy of the matrix) can take it and not other failures.
class OutOfMemoryError : public RuntimeError {
 public:
  explicit OutOfMemoryError(const std::string& message) : RuntimeError(message) {}
};

}  // namespace graphrun
