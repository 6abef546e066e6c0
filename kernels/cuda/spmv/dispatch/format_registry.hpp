#pragma once
// The registry of native SpMV formats: one entry per public kernel name
// (the values --spmv-kernel accepts besides "auto"). The plan, the CLI's
// `kernels` listing, the tests and the bench all read this one table, so a
// format added here is parsed, listed, tested and timed with no other edit.
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace graphrun::cuda::spmv {

struct FormatInputs;  // spmv_format.cuh
class SpmvFormat;
struct RowStats;      // selection/row_stats.hpp

// seed: a kernel of the seed papers, kept so the bench compares against it;
// graphrun: one of our own, each chosen by `auto` on some graph class.
enum class FormatFamily { seed, graphrun };

// How a name takes a parameter after a colon ("csr-vector:8").
enum class FormatParameter { none, lanes };

struct SpmvFormatEntry {
  std::string_view name;
  FormatFamily family;
  std::string_view summary;  // one line for `graphrun kernels` and help texts
  FormatParameter parameter = FormatParameter::none;
  // Whether the built format stores the structure as diagonal masks and
  // answers SpmvFormat::diagonal_rows (read before building, so a caller
  // that wants only the masks never builds another format).
  bool diagonal_masks = false;
  // Why the format cannot hold this adjacency (a UsageError message naming
  // the bound and what to use instead); nullopt when it can. Nullptr: every
  // adjacency fits.
  std::optional<std::string> (*refusal)(const RowStats& stats) = nullptr;
  std::unique_ptr<SpmvFormat> (*build)(const FormatInputs& inputs) = nullptr;
};

inline constexpr const char* auto_kernel_name = "auto";

// Every registered format, seed family first, in the order listings show them.
const std::vector<SpmvFormatEntry>& spmv_formats();

// A parsed kernel name: its entry and its parameter (0 when it has none).
struct KernelChoice {
  const SpmvFormatEntry* entry = nullptr;
  int parameter = 0;
  // The canonical name ("csr-vector:8"; "csr-vector" for 32 lanes).
  std::string name() const;
};

// Parses "name" or "name:parameter". Throws UsageError naming the valid
// kernels for an unknown name or a parameter the entry does not take.
// "auto" itself is not a kernel: resolve it first.
KernelChoice parse_kernel(const std::string& name);

// The choice for a registered name and parameter (std::logic_error when the
// name is not registered: a programming error).
KernelChoice kernel_choice(std::string_view name, int parameter = 0);

// Every name that runs a distinct kernel, in registry order: each entry's
// name, and for csr-vector also csr-vector:K for every other lane count
// (what the tests and the bench iterate).
std::vector<std::string> spmv_format_names();

}  // namespace graphrun::cuda::spmv
