#pragma once
// Inputs that are streams: standard input ("-") and FIFOs, character
// devices or sockets named by path. Readers open an input several times
// (format detection, then the read) and read it with pread from several
// threads, which a stream cannot serve; so the first open of such a path
// reads the whole stream into an anonymous in-memory file (memfd), and every
// open of that path, then and later, gets a descriptor of that file. The
// spool holds the whole input in memory for the life of the process;
// standard input is read once per process.
#include <string>

namespace graphrun::io::detail {

// A new descriptor (the caller closes it) of path's spooled content, or -1
// when `path` has not been spooled. Asked before opening: a FIFO whose
// writer is gone would block the open for ever.
int spooled_descriptor(const std::string& path);

// Reads the stream `stream_fd` to its end into path's spool (the first time
// only; a concurrent second reader gets the first one's copy) and returns a
// new descriptor of it. Takes `stream_fd` and closes it. InputError naming
// `path` when reading or spooling fails.
int spool_stream(const std::string& path, int stream_fd);

}  // namespace graphrun::io::detail
