// The device generators of a build without CUDA: none.
#include "graphrun/error.hpp"
#include "graphrun/generators/on_device.hpp"

namespace graphrun {

DeviceBuild generate_on_device(Backend&, const GeneratorSpec& spec) {
  check_generator_spec(spec);
  throw UsageError("this graphrun was built without CUDA: generating on the device needs it");
}

}  // namespace graphrun
