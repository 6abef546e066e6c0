#pragma once
// `graphrun --version`: what this binary is.
#include <ostream>

namespace graphrun::cli {

// Three lines: "graphrun VERSION" (CMake's PROJECT_VERSION), "commit HASH"
// (`git rev-parse --short HEAD` when CMake configured the build, "unknown"
// outside a git checkout) and "backends: cpu[, cuda, cusparse]" (those
// compiled in, whether or not a GPU is visible).
void print_version(std::ostream& out);

}  // namespace graphrun::cli
