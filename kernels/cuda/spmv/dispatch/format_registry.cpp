#include "cuda/spmv/dispatch/format_registry.hpp"

#include <charconv>
#include <stdexcept>

#include "graphrun/error.hpp"

namespace graphrun::cuda::spmv {

// One line per format: its folder under formats/ defines `<id>_entry()`.
// The seed papers' kernels first, then graphrun's own.
#define GRAPHRUN_SPMV_FORMATS(X) \
  X(csr_scalar)                  \
  X(csr_scalar_unroll4)          \
  X(csr_vector)                  \
  X(csr_vector_shared_x)         \
  X(ell)                         \
  X(hyb)                         \
  X(coo_atomic)                  \
  X(coo_segmented)               \
  X(csr_stream)                  \
  X(csr_compact)                 \
  X(ell_compact)                 \
  X(stencil)                     \
  X(stencil_packed)              \
  X(coo_column_split)            \
  X(csr_merge)                   \
  X(csr_hub_split)

#define GRAPHRUN_DECLARE_ENTRY(id) SpmvFormatEntry id##_entry();
GRAPHRUN_SPMV_FORMATS(GRAPHRUN_DECLARE_ENTRY)
#undef GRAPHRUN_DECLARE_ENTRY

namespace {

// Lanes per row csr-vector:K accepts.
constexpr int lane_counts[] = {2, 4, 8, 16, 32};
constexpr int default_lanes = 32;

bool valid_lanes(int lanes) {
  for (int valid : lane_counts)
    if (lanes == valid) return true;
  return false;
}

std::string valid_names() {
  std::string valid = auto_kernel_name;
  for (const SpmvFormatEntry& entry : spmv_formats()) {
    valid += ", ";
    valid += entry.name;
    if (entry.parameter == FormatParameter::lanes) valid += "[:2|4|8|16|32]";
  }
  return valid;
}

const SpmvFormatEntry* find_entry(std::string_view name) {
  for (const SpmvFormatEntry& entry : spmv_formats())
    if (entry.name == name) return &entry;
  return nullptr;
}

}  // namespace

const std::vector<SpmvFormatEntry>& spmv_formats() {
  static const std::vector<SpmvFormatEntry> formats = {
#define GRAPHRUN_LIST_ENTRY(id) id##_entry(),
      GRAPHRUN_SPMV_FORMATS(GRAPHRUN_LIST_ENTRY)
#undef GRAPHRUN_LIST_ENTRY
  };
  return formats;
}

std::string KernelChoice::name() const {
  std::string name(entry->name);
  if (entry->parameter == FormatParameter::lanes && parameter != default_lanes) name += ":" + std::to_string(parameter);
  return name;
}

KernelChoice parse_kernel(const std::string& name) {
  const std::size_t colon = name.find(':');
  const std::string_view base = std::string_view(name).substr(0, colon);
  const SpmvFormatEntry* entry = find_entry(base);
  if (entry == nullptr)
    throw UsageError("unknown SpMV kernel '" + name + "' for the cuda backend (valid: " + valid_names() + ")");
  if (entry->parameter == FormatParameter::none) {
    if (colon != std::string::npos)
      throw UsageError("SpMV kernel '" + std::string(base) + "' takes no parameter, found '" + name + "'");
    return {entry, 0};
  }
  if (colon == std::string::npos) return {entry, default_lanes};
  const std::string_view digits = std::string_view(name).substr(colon + 1);
  int lanes = 0;
  const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), lanes);
  if (error != std::errc{} || end != digits.data() + digits.size() || !valid_lanes(lanes))
    throw UsageError("SpMV kernel '" + name + "': lanes per row must be 2, 4, 8, 16 or 32, found '" +
                     std::string(digits) + "'");
  return {entry, lanes};
}

KernelChoice kernel_choice(std::string_view name, int parameter) {
  const SpmvFormatEntry* entry = find_entry(name);
  if (entry == nullptr) throw std::logic_error("SpMV format '" + std::string(name) + "' is not registered");
  if (entry->parameter == FormatParameter::lanes && parameter == 0) parameter = default_lanes;
  return {entry, parameter};
}

std::vector<std::string> spmv_format_names() {
  std::vector<std::string> names;
  for (const SpmvFormatEntry& entry : spmv_formats()) {
    names.emplace_back(entry.name);
    if (entry.parameter == FormatParameter::lanes)
      for (int lanes : lane_counts)
        if (lanes != default_lanes) names.push_back(kernel_choice(entry.name, lanes).name());
  }
  return names;
}

}  // namespace graphrun::cuda::spmv
