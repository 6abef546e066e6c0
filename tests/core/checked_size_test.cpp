// Size products from input: checked_product and product_or_throw at the
// edge of std::size_t, and a DeviceVector whose byte count would wrap.
#include <catch2/catch.hpp>

#include <cstdint>
#include <limits>
#include <string>

#include "graphrun/checked_size.hpp"
#include "graphrun/error.hpp"
#include "graphrun/memory.hpp"

namespace {

constexpr std::size_t largest = std::numeric_limits<std::size_t>::max();

// Counts the bytes asked of it; never expected to be called for a
// wrapping size.
class CountingMemory final : public graphrun::MemoryResource {
 public:
  void* allocate(std::size_t bytes) override {
    asked += bytes;
    count_allocation(bytes);
    return ::operator new(bytes);
  }
  void deallocate(void* pointer, std::size_t bytes) noexcept override {
    count_deallocation(bytes);
    ::operator delete(pointer);
  }
  void copy(void*, const void*, std::size_t, graphrun::CopyKind) override {}
  std::size_t asked = 0;
};

}  // namespace

TEST_CASE("checked_product refuses what wraps around", "[core][size]") {
  STATIC_REQUIRE(graphrun::checked_product(6, 7) == std::size_t{42});
  CHECK(graphrun::checked_product(largest, 1) == largest);
  CHECK(graphrun::checked_product(largest / 2 + 1, 2) == std::nullopt);
  CHECK(graphrun::checked_product(std::size_t{1} << 32, std::size_t{1} << 32) == std::nullopt);
  CHECK(graphrun::checked_product(0, largest) == std::size_t{0});
  CHECK(graphrun::product_or_throw(1000, 1000, "test") == 1'000'000);
  CHECK_THROWS_WITH(graphrun::product_or_throw(largest, 3, "aggregate: vertices x width"),
                    Catch::Contains("aggregate: vertices x width") && Catch::Contains("exceeds the address space"));
}

TEST_CASE("a DeviceVector whose byte count would wrap is refused before allocating", "[core][size]") {
  CountingMemory memory;
  // 2^62 + 1 floats: the byte count wraps to 4 without the check.
  CHECK_THROWS_AS(graphrun::DeviceVector<float>(memory, (std::size_t{1} << 62) + 1), graphrun::UsageError);
  CHECK(memory.asked == 0);
  const graphrun::DeviceVector<double> small(memory, 3);
  CHECK(memory.asked == 3 * sizeof(double));
}
