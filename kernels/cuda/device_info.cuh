#pragma once
// Which CUDA devices exist and what they are. cuda_device_count() itself is
// declared in kernels/backends.hpp (the engine asks it to pick a default
// backend); it never throws, because a machine without a driver or GPU is the
// normal CPU-only case, not an error.
#include <string>

namespace graphrun::cuda {

// Why no device is usable ("no CUDA driver ...", "no CUDA-capable device"),
// or an empty string when at least one is visible.
std::string cuda_unavailable_reason();

// Makes `ordinal` the calling thread's current device. RuntimeError naming
// the valid range when it does not exist (and the reason when none does).
void select_device(int ordinal);

// "NVIDIA H100 80GB HBM3 (device 0, sm_90, 132 SMs)"
std::string describe_device(int ordinal);

int multiprocessor_count(int ordinal);

}  // namespace graphrun::cuda
