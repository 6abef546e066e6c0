#include "graphrun/memory_plan.hpp"

#include "graphrun/backend.hpp"
#include "graphrun/error.hpp"
#include "graphrun/host_memory.hpp"

namespace graphrun {

std::size_t MemoryPlan::total() const {
  std::size_t bytes = 0;
  for (const MemoryNeed& need : needs) bytes += need.bytes;
  return bytes;
}

bool MemoryPlan::fits() const {
  return !free_bytes || static_cast<double>(total()) <= usable_free_share * static_cast<double>(*free_bytes);
}

std::string MemoryPlan::describe() const {
  std::string text;
  for (const MemoryNeed& need : needs) {
    if (!text.empty()) text += " + ";
    text += need.what + " " + format_gib(need.bytes);
  }
  return text + " = " + format_gib(total());
}

MemoryPlan plan_memory(Backend& backend, const Graph& graph, std::vector<MemoryNeed> workspace) {
  MemoryPlan plan;
  auto* facts = dynamic_cast<DeviceMemoryFacts*>(&backend);
  if (facts == nullptr) return plan;  // no device: nothing to plan
  plan.free_bytes = facts->free_device_bytes();
  plan.needs.push_back({"graph", facts->resident_bytes(graph)});
  for (MemoryNeed& need : workspace) plan.needs.push_back(std::move(need));
  return plan;
}

void require_fit(const MemoryPlan& plan, const std::string& work, const std::string& device) {
  if (plan.fits()) return;
  throw OutOfMemoryError("out of GPU memory on " + device + ": " + work + " needs " + plan.describe() + ", and " +
                         format_gib(*plan.free_bytes) + " is free (a plan may fill " +
                         std::to_string(static_cast<int>(usable_free_share * 100)) +
                         "% of it); use a smaller graph, a GPU with more memory, or --backend cpu");
}

}  // namespace graphrun
