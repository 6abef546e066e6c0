// The host memory check: small needs pass without asking, large ones are
// held against MemAvailable and refused with the bytes named.
#include <catch2/catch.hpp>

#include <string>

#include "graphrun/error.hpp"
#include "graphrun/host_memory.hpp"

TEST_CASE("needs below a gigabyte pass: needs beyond what is available are refused", "[core][memory]") {
  CHECK_NOTHROW(graphrun::require_host_memory(std::uint64_t{1} << 20, "a small buffer"));
  const auto available = graphrun::available_host_memory();
  if (!available) {
    WARN("this machine does not report MemAvailable: the refusal is not exercised");
    return;
  }
  CHECK(*available > 0);
  const std::uint64_t too_much = *available + (std::uint64_t{1} << 40);
  try {
    graphrun::require_host_memory(too_much, "the test's buffer", "ask for less");
    FAIL("no error for " << too_much << " bytes");
  } catch (const graphrun::RuntimeError& error) {
    const std::string message = error.what();
    CHECK(message.find("the test's buffer needs") != std::string::npos);
    CHECK(message.find("GiB of host memory") != std::string::npos);
    CHECK(message.find("is available: ask for less") != std::string::npos);
    CHECK(error.code() == graphrun::ExitCode::runtime);
  }
}
