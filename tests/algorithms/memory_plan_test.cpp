// The memory plan's arithmetic and messages without a device (the GPU
// tests, tests/kernels/cuda/memory_plan_test.cpp, hold it to real uploads
// and peaks): totals, the usable share, the OutOfMemoryError a plan past the
// free memory raises, the cpu backend's empty plan, and the workspace
// bounds' per-vertex terms.
#include <catch2/catch.hpp>

#include <string>

#include "algorithm_test_support.hpp"
#include "graphrun/algorithms/workspace.hpp"
#include "graphrun/engine.hpp"
#include "graphrun/error.hpp"
#include "graphrun/graph.hpp"
#include "graphrun/memory_plan.hpp"

namespace {

constexpr std::size_t gib = std::size_t{1} << 30;

graphrun::MemoryPlan plan_of(std::size_t graph, std::size_t vectors, std::size_t free) {
  graphrun::MemoryPlan plan;
  plan.needs = {{"graph", graph}, {"pagerank vectors", vectors}};
  plan.free_bytes = free;
  return plan;
}

}  // namespace

TEST_CASE("a memory plan totals its needs and fits within 95% of the free memory", "[memory_plan]") {
  const graphrun::MemoryPlan plan = plan_of(2 * gib, gib / 2, 10 * gib);
  CHECK(plan.total() == 2 * gib + gib / 2);
  CHECK(plan.fits());
  CHECK(plan.describe() == "graph 2.00 GiB + pagerank vectors 0.50 GiB = 2.50 GiB");
  CHECK(plan_of(95 * gib, 0, 100 * gib).fits());
  CHECK_FALSE(plan_of(95 * gib, gib, 100 * gib).fits());
  graphrun::MemoryPlan no_device;
  no_device.needs = {{"graph", 1000 * gib}};
  CHECK(no_device.fits());  // nothing to hold it against
}

TEST_CASE("a plan past the free memory names the work, each need and the free bytes", "[memory_plan]") {
  CHECK_NOTHROW(graphrun::require_fit(plan_of(gib, gib, 4 * gib), "pagerank on a.mtx", "GPU 0"));
  try {
    graphrun::require_fit(plan_of(2 * gib, gib / 2, gib), "pagerank on a.mtx", "GPU 0");
    FAIL("no error");
  } catch (const graphrun::OutOfMemoryError& error) {
    CHECK(error.code() == graphrun::ExitCode::runtime);
    CHECK(std::string(error.what()) ==
          "out of GPU memory on GPU 0: pagerank on a.mtx needs graph 2.00 GiB + pagerank vectors 0.50 GiB = 2.50 GiB, "
          "and 1.00 GiB is free (a plan may fill 95% of it); use a smaller graph, a GPU with more memory, or "
          "--backend cpu");
  }
}

TEST_CASE("the cpu backend has no device memory to plan", "[memory_plan]") {
  graphrun::Engine cpu = graphrun::test::cpu_engine();
  const graphrun::Graph graph = graphrun::test::make_graph(3, {{0, 1}, {1, 2}}, false);
  const graphrun::MemoryPlan plan =
      graphrun::plan_memory(cpu.backend(), graph, {graphrun::pagerank_workspace(3, false)});
  CHECK_FALSE(plan.free_bytes.has_value());
  CHECK(plan.needs.empty());
  CHECK(plan.fits());
}

TEST_CASE("workspace bounds grow with the vertices and count the personalized teleport", "[memory_plan]") {
  using graphrun::workspace_scratch_bytes;
  const graphrun::vertex_t n = 1000;
  CHECK(graphrun::pagerank_workspace(0, false).bytes == workspace_scratch_bytes);
  CHECK(graphrun::pagerank_workspace(n, true).bytes - graphrun::pagerank_workspace(n, false).bytes == 4 * n);
  // At least the vectors each algorithm holds throughout (4 bytes a vertex
  // each; pagerank: share and the two carried ranks).
  CHECK(graphrun::pagerank_workspace(n, false).bytes >= workspace_scratch_bytes + 3 * 4 * n);
  CHECK(graphrun::bfs_workspace(n).bytes >= workspace_scratch_bytes + 4 * 4 * n);
  CHECK(graphrun::sssp_workspace(n).bytes >= workspace_scratch_bytes + 7 * 4 * n);
  CHECK(graphrun::wcc_workspace(n).bytes >= workspace_scratch_bytes + 4 * n);
  CHECK(graphrun::label_propagation_workspace(n).bytes >= workspace_scratch_bytes + 2 * 4 * n);
  CHECK(graphrun::bfs_workspace(n).what.find("bfs") == 0);
}
