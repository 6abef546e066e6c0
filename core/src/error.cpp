#include "graphrun/error.hpp"

namespace graphrun {
namespace {
std::string format_input_error(const std::string& file, std::uint64_t line, const std::string& reason) {
  if (line == 0) return file + ": " + reason;
  return file + ":" + std::to_string(line) + ": " + reason;
}
}  // namespace

InputError::InputError(std::string file, std::uint64_t line, std::string reason)
    : Error(ExitCode::input, format_input_error(file, line, reason)),
      file_(std::move(file)),
      line_(line),
      reason_(std::move(reason)) {}

}  // namespace graphrun
