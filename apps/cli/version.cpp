#include "version.hpp"

#include "graphrun/engine.hpp"

// Set by apps/cli/CMakeLists.txt on this file only.
#ifndef GRAPHRUN_VERSION
#define GRAPHRUN_VERSION "unknown"
#endif
#ifndef GRAPHRUN_GIT_COMMIT
#define GRAPHRUN_GIT_COMMIT "unknown"
#endif

namespace graphrun::cli {

void print_version(std::ostream& out) {
  out << "graphrun " << GRAPHRUN_VERSION << "\ncommit " << GRAPHRUN_GIT_COMMIT << "\nbackends: ";
  const char* separator = "";
  for (const auto& backend : compiled_kernels()) {
    out << separator << to_string(backend.first);
    separator = ", ";
  }
  out << "\nprocesses: " << (GRAPHRUN_HAVE_MPI ? "mpirun -np P (MPI)" : "one (built without MPI)") << "\n";
}

}  // namespace graphrun::cli
