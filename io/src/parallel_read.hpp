#pragma once
// Reads a large part of a file with all threads, each one pread()ing its own
// slice. Why: copying out of the page cache is bound by one core's memory
// copy speed, so a single read() of a GB-sized file is a serial phase that
// caps how far a load scales with cores.
#include <cstdint>
#include <span>

#include "posix_file.hpp"

namespace graphrun::io::detail {

// Below this, one thread reads: waking the others costs more than it saves.
inline constexpr std::size_t parallel_read_bytes = std::size_t{4} << 20;

// Exactly dst.size() bytes from offset, else InputError "truncated" naming `what`.
void read_exact_parallel(const InputFile& file, std::span<char> dst, std::uint64_t offset, const char* what);

}  // namespace graphrun::io::detail
