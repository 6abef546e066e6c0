#include "reference/products.hpp"

#include <cmath>
#include <vector>

namespace graphrun::bench {
namespace {

// Checks y[v, :] = sum_k entry_weight(v, k) * x[column_k, :] + self_weight(v)
// * x[v, :] for every row v of `a`, in float64, against the float result.
template <class EntryWeight, class SelfWeight>
Check check_row_products(const Csr& a, std::span<const float> x, std::span<const float> y, std::size_t width,
                         EntryWeight entry_weight, SelfWeight self_weight) {
  const std::size_t n = static_cast<std::size_t>(a.num_rows());
  if (x.size() != n * width || y.size() != n * width)
    return failed("result holds " + std::to_string(y.size()) + " values, expected " + std::to_string(n * width));
  ScaledErrorCheck total;
#pragma omp parallel
  {
    ScaledErrorCheck local;
    std::vector<double> sum(width), magnitude(width);
#pragma omp for schedule(dynamic, 256)
    for (std::size_t v = 0; v < n; ++v) {
      const double self = self_weight(v);
      for (std::size_t f = 0; f < width; ++f) {
        sum[f] = self * x[v * width + f];
        magnitude[f] = std::abs(sum[f]);
      }
      for (edge_t k = a.offsets[v]; k < a.offsets[v + 1]; ++k) {
        const double weight = entry_weight(v, k);
        const float* row = x.data() + static_cast<std::size_t>(a.indices[static_cast<std::size_t>(k)]) * width;
        for (std::size_t f = 0; f < width; ++f) {
          const double term = weight * row[f];
          sum[f] += term;
          magnitude[f] += std::abs(term);
        }
      }
      for (std::size_t f = 0; f < width; ++f) local.add(y[v * width + f], sum[f], magnitude[f]);
    }
#pragma omp critical
    total.merge(local);
  }
  return total.verdict(float_sum_tolerance);
}

}  // namespace

Check check_spmm(const Csr& a, std::span<const float> x, std::span<const float> y, std::size_t width) {
  auto value = [&](std::size_t, edge_t k) { return static_cast<double>(a.value(k)); };
  return check_row_products(a, x, y, width, value, [](std::size_t) { return 0.0; });
}

Check check_spmv(const Csr& a, std::span<const float> x, std::span<const float> y) { return check_spmm(a, x, y, 1); }

Check check_gcn_aggregate(const Csr& in, std::span<const float> h, std::span<const float> out, std::size_t width) {
  const std::size_t n = static_cast<std::size_t>(in.num_rows());
  std::vector<double> scale(n);
  for (std::size_t v = 0; v < n; ++v) scale[v] = 1.0 / std::sqrt(static_cast<double>(in.degree(static_cast<vertex_t>(v)) + 1));
  auto entry = [&](std::size_t v, edge_t k) { return scale[v] * scale[static_cast<std::size_t>(in.indices[static_cast<std::size_t>(k)])]; };
  auto self = [&](std::size_t v) { return scale[v] * scale[v]; };
  return check_row_products(in, h, out, width, entry, self);
}

std::vector<double> aggregate_reference(const Graph& graph, std::span<const float> features, std::size_t width,
                                        AggregateNorm norm, bool weighted) {
  const auto n = static_cast<std::size_t>(graph.num_vertices());
  const Csr& out = graph.out_edges();
  std::vector<double> in_degree(n, 0.0);
  for (std::size_t k = 0; k < out.indices.size(); ++k) in_degree[static_cast<std::size_t>(out.indices[k])] += 1.0;
  // Coefficient of edge u->v (and of the GCN self term) in row v.
  auto coefficient = [&](std::size_t u, std::size_t v, float w) -> double {
    switch (norm) {
      case AggregateNorm::sum: return weighted ? w : 1.0;
      case AggregateNorm::mean: return 1.0 / in_degree[v];
      case AggregateNorm::gcn: return 1.0 / std::sqrt((in_degree[u] + 1.0) * (in_degree[v] + 1.0));
    }
    return 0.0;
  };
  std::vector<double> result(n * width, 0.0);
  auto add_row = [&](std::size_t u, std::size_t v, double c) {
    for (std::size_t f = 0; f < width; ++f) result[v * width + f] += c * features[u * width + f];
  };
  for (std::size_t u = 0; u < n; ++u)
    for (edge_t k = out.offsets[u]; k < out.offsets[u + 1]; ++k) {
      const auto entry = static_cast<std::size_t>(k);
      const auto v = static_cast<std::size_t>(out.indices[entry]);
      add_row(u, v, coefficient(u, v, out.value(entry)));
    }
  if (norm == AggregateNorm::gcn)
    for (std::size_t v = 0; v < n; ++v) add_row(v, v, 1.0 / (in_degree[v] + 1.0));
  return result;
}

}  // namespace graphrun::bench
