// SpMM Y = A X (plus-times, row-major n x F) at each requested width, with
// every SpMM kernel the backend offers and "auto" (so cuSPARSE is compared
// through its best algorithm per graph and width, not only its default).
#include <limits>
#include <memory>

#include "byte_model.hpp"
#include "inputs.hpp"
#include "reference/products.hpp"
#include "suites/suite_context.hpp"

namespace graphrun::bench {
namespace {

constexpr std::uint64_t x_stream = 2;

void measure_spmm(const SuiteContext& context, EngineSession& session, std::size_t width, ResultRow& row) {
  Backend& backend = session.backend();
  row.upload_ms = session.upload_ms();
  row.resolved_kernel = backend.spmm_kernel_for(session.graph(), width);
  const std::size_t n = static_cast<std::size_t>(context.graph().num_vertices());
  const std::vector<float> host_x = random_values(n * width, context.options.seed, x_stream + width);
  DeviceVector<float> x(backend.memory(), std::span<const float>(host_x));
  DeviceVector<float> y(backend.memory(), n * width);
  backend.fill(y.span(), std::numeric_limits<float>::quiet_NaN());
  auto spmm = [&] { backend.spmm(session.graph(), SpmvDescriptor{}, x.span(), y.span(), width); };

  row.first_call_ms = wall_milliseconds(backend, spmm);
  row.time_ms = time_repeated(backend, spmm, session.flusher(), context.plan());
  row.check = check_spmm(context.graph().out_edges(), host_x, y.to_host(), width);

  row.bytes = spmm_bytes(row.vertices, row.entries, width, context.graph().out_edges().weighted());
  row.gbps = giga_per_second(row.bytes, row.time_ms.median);
  row.gflops = giga_per_second(spmm_flops(row.entries, width), row.time_ms.median);
  row.copy_percent = 100.0 * row.gbps / context.backend.copy.gbps;
}

}  // namespace

void run_spmm_suite(const SuiteContext& context, EngineSession& auto_session) {
  const double n = static_cast<double>(context.graph().num_vertices());
  std::vector<std::string> kernels = auto_session.backend().spmm_kernels();
  kernels.push_back("auto");
  for (const std::string& kernel : kernels) {
    // A forced kernel is a backend option, so it needs an engine (and an
    // upload) of its own; made on its first measured width.
    std::unique_ptr<EngineSession> forced;
    for (std::size_t width : context.options.spmm_widths) {
      ResultRow row = context.new_row("spmm", kernel);
      row.width = width;
      const double dense_bytes = 2.0 * n * static_cast<double>(width) * sizeof(float);
      if (dense_bytes > context.options.max_dense_bytes) {
        row.skipped = true;
        row.note = "X + Y need " + std::to_string(dense_bytes / (1ULL << 30)) + " GiB, over --max-dense-gib";
        context.rows.push_back(std::move(row));
        continue;
      }
      context.record(std::move(row), [&](ResultRow& r) {
        if (kernel != "auto" && !forced) forced = std::make_unique<EngineSession>(context, "auto", kernel);
        measure_spmm(context, kernel == "auto" ? auto_session : *forced, width, r);
      });
    }
  }
}

}  // namespace graphrun::bench
