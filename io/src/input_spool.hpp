#pragma once
// The copies of streams behind io::StreamScope (graphrun/io/stream_scope.hpp),
// as InputFile uses them.
#include <string>

namespace graphrun::io::detail {

// A new descriptor, at offset 0, of the copy a live StreamScope holds for
// `path`, or -1 when none does.
int scoped_copy(const std::string& path);

// Reads the stream `stream_fd` (taken and closed) to its end into a new
// in-memory file and returns a descriptor of it at offset 0. InputError
// naming `path` when reading fails; RuntimeError when memory runs short.
int copy_of_stream(const std::string& path, int stream_fd);

// True when `path` names a stream (see stream_scope.hpp); never blocks.
bool is_stream(const std::string& path);

// A descriptor of `path` for reading, or -1 with errno set: standard input
// for "-" (reopened through /proc when it is a regular file, for an offset
// of its own, read from the file's start), else open(2).
int open_path(const std::string& path);

}  // namespace graphrun::io::detail
