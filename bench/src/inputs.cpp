#include "inputs.hpp"

#include "graphrun/generators/counter_rng.hpp"

namespace graphrun::bench {
using generators::CounterRng;
using generators::Stream;

std::vector<float> random_values(std::size_t count, std::uint64_t seed, std::uint64_t stream) {
  std::vector<float> values(count);
  const std::uint64_t stream_seed = generators::splitmix64(seed ^ (stream * 0x9e3779b97f4a7c15ULL));
#pragma omp parallel for schedule(static)
  for (std::size_t i = 0; i < count; ++i)
    values[i] = static_cast<float>(2.0 * CounterRng(stream_seed, Stream::weights, i).uniform() - 1.0);
  return values;
}

}  // namespace graphrun::bench
