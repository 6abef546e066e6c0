#include "graphrun/backend.hpp"
#include "graphrun/error.hpp"

namespace graphrun {

const char* to_string(BackendKind kind) {
  switch (kind) {
    case BackendKind::cpu: return "cpu";
    case BackendKind::cuda: return "cuda";
    case BackendKind::cusparse: return "cusparse";
  }
  return "unknown";
}

BackendKind parse_backend(const std::string& name) {
  if (name == "cpu") return BackendKind::cpu;
  if (name == "cuda") return BackendKind::cuda;
  if (name == "cusparse") return BackendKind::cusparse;
  throw UsageError("unknown backend '" + name + "' (expected cpu, cuda or cusparse)");
}

}  // namespace graphrun
