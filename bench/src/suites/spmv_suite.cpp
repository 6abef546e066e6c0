// SpMV y = A x (plus-times, float) with every kernel the backend offers and
// "auto" (or those of --spmv-kernels): one engine per kernel (the kernel is
// a backend option), upload and the first call (format builds) timed apart
// from the kernel itself.
#include <algorithm>
#include <limits>

#include "byte_model.hpp"
#include "inputs.hpp"
#include "reference/products.hpp"
#include "suites/suite_context.hpp"

namespace graphrun::bench {
namespace {

constexpr std::uint64_t x_stream = 1;

void measure_spmv(const SuiteContext& context, const std::string& kernel, const std::vector<float>& host_x,
                  ResultRow& row) {
  EngineSession session(context, kernel);
  Backend& backend = session.backend();
  row.upload_ms = session.upload_ms();
  row.resolved_kernel = backend.spmv_kernel_for(session.graph(), Edges::out);

  const std::size_t n = static_cast<std::size_t>(context.graph().num_vertices());
  DeviceVector<float> x(backend.memory(), std::span<const float>(host_x));
  DeviceVector<float> y(backend.memory(), n);
  backend.fill(y.span(), std::numeric_limits<float>::quiet_NaN());  // poison: unwritten rows show as NaN
  auto spmv = [&] { backend.spmv(session.graph(), PlusTimes<float>{}, SpmvDescriptor{}, x.span(), y.span()); };

  row.first_call_ms = wall_milliseconds(backend, spmv);
  row.time_ms = time_repeated(backend, spmv, session.flusher(), context.plan());
  row.check = check_spmv(context.graph().out_edges(), host_x, y.to_host());

  row.bytes = spmv_bytes(row.vertices, row.entries, context.graph().out_edges().weighted());
  row.gbps = giga_per_second(row.bytes, row.time_ms.median);
  row.gflops = giga_per_second(spmv_flops(row.entries), row.time_ms.median);
  row.copy_percent = 100.0 * row.gbps / context.backend.copy.gbps;
}

}  // namespace

void run_spmv_suite(const SuiteContext& context) {
  const std::vector<float> host_x =
      random_values(static_cast<std::size_t>(context.graph().num_vertices()), context.options.seed, x_stream);
  std::vector<std::string> kernels = make_backend(context.backend.kind, context.backend.options)->spmv_kernels();
  kernels.push_back("auto");
  const std::vector<std::string>& asked = context.options.spmv_kernels;
  if (!asked.empty())
    std::erase_if(kernels,
                  [&](const std::string& kernel) { return std::find(asked.begin(), asked.end(), kernel) == asked.end(); });
  for (const std::string& kernel : kernels)
    context.record(context.new_row("spmv", kernel),
                   [&](ResultRow& row) { measure_spmv(context, kernel, host_x, row); });
}

}  // namespace graphrun::bench
