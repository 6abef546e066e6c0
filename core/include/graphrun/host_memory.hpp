#pragma once
// The host memory check before a large allocation: allocation follows the
// data, and an allocation of a gigabyte or more is checked against what the
// machine has left, so it fails with a message naming the need rather than
// the kernel's OOM killer (Linux overcommits: the allocation itself would
// succeed and the first write kill the process).
#include <cstdint>
#include <optional>
#include <string>

namespace graphrun {

// Allocations of at least this many bytes are checked.
inline constexpr std::uint64_t checked_allocation_bytes = std::uint64_t{1} << 30;

// "1.50 GiB": the form every memory message uses.
std::string format_gib(std::uint64_t bytes);

// What the kernel reports available (MemAvailable in /proc/meminfo), or
// nothing where it cannot tell.
std::optional<std::uint64_t> available_host_memory();

// For `bytes` of at least checked_allocation_bytes: throws RuntimeError (exit
// 3) naming `what`, the bytes needed and available, and `advice`, when the
// machine has less available. Smaller needs, and machines that do not say,
// pass.
void require_host_memory(std::uint64_t bytes, const std::string& what, const std::string& advice = {});

}  // namespace graphrun
