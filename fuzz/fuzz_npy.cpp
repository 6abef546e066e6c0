// libFuzzer target: .npy feature matrices through the reader.
#include "fuzz_file.hpp"
#include "graphrun/io/npy.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return graphrun::fuzz::run_reader(data, size, [](const std::string& path) { (void)graphrun::io::read_npy(path); });
}
