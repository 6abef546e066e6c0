#pragma once
// CSR arrays in device memory that their holder owns: what the device build
// makes and what a CudaGraph keeps.
#include "graphrun/memory.hpp"
#include "graphrun/types.hpp"

namespace graphrun::cuda {

struct OwnedDeviceCsr {
  DeviceVector<edge_t> offsets;   // rows + 1
  DeviceVector<vertex_t> indices;
  DeviceVector<float> values;     // empty: a pattern graph
};

}  // namespace graphrun::cuda
