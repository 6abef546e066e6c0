#include "cpu/sssp_steps.hpp"

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>
#include <vector>

#include "cpu/parallel_for.hpp"
#include "cpu/tuning.hpp"

namespace graphrun::cpu {
namespace {

constexpr float infinity = std::numeric_limits<float>::infinity();

// Lowers `slot` to `candidate` when that is smaller; true when this call
// lowered it (a racing smaller value wins, and this call then returns false).
bool lower_to(float& slot, float candidate) {
  std::atomic_ref<float> ref(slot);
  float current = ref.load(std::memory_order_relaxed);
  while (candidate < current)
    if (ref.compare_exchange_weak(current, candidate, std::memory_order_relaxed)) return true;
  return false;
}

// Sets `mark` to `value`; true for the one caller that changed it.
bool claim(std::int32_t& mark, std::int32_t value) {
  std::atomic_ref<std::int32_t> ref(mark);
  return ref.load(std::memory_order_relaxed) != value && ref.exchange(value, std::memory_order_relaxed) != value;
}

// A thread's vertices for a shared list, copied in once at the end.
void append_to(std::span<vertex_t> list, std::atomic<std::size_t>& size, const std::vector<vertex_t>& mine) {
  if (mine.empty()) return;
  const std::size_t at = size.fetch_add(mine.size(), std::memory_order_relaxed);
  std::copy(mine.begin(), mine.end(), list.begin() + static_cast<std::ptrdiff_t>(at));
}

// The bin of distance d: floor(d / delta), capped so that it fits.
std::size_t bin_of(float d, double delta) {
  const double bin = static_cast<double>(d) / delta;
  constexpr double largest = 4.0e18;
  return bin < largest ? static_cast<std::size_t>(bin) : static_cast<std::size_t>(largest);
}

}  // namespace

void sssp_run(const CpuGraph& graph, vertex_t source, float delta, std::span<float> distance, int threads,
              SsspWork& work) {
  const Csr& csr = graph.rows(Edges::out);
  constexpr std::size_t none = std::numeric_limits<std::size_t>::max();
  const double width = delta;
  const int team = std::max(threads, 1);
  // Per thread: its least non-empty bin, and the list it takes into the next
  // round (its own bin of that round's index), as pointer and size. The
  // round's frontier is the concatenation of those lists: no copy.
  std::vector<std::size_t> least(static_cast<std::size_t>(team), none);
  std::vector<const vertex_t*> part(static_cast<std::size_t>(team), nullptr);
  std::vector<std::size_t> part_size(static_cast<std::size_t>(team), 0);
  edge_t edges = 0;
  std::size_t rounds = 0, buckets = 0;
#pragma omp parallel num_threads(team) reduction(+ : edges)
  {
    const auto me = static_cast<std::size_t>(omp_get_thread_num());
    const auto members = static_cast<std::size_t>(omp_get_num_threads());
    std::vector<std::vector<vertex_t>> bins;
    std::vector<vertex_t> taken, fused;
    if (me == 0) taken.push_back(source);
    part[me] = taken.data();
    part_size[me] = taken.size();
    std::vector<std::size_t> starts(members + 1);
    std::size_t current = 0, previous = none;
    // Relaxes u's out-edges, filing each vertex it improves in this thread's bins.
    const auto relax = [&](vertex_t u) {
      const auto row = static_cast<std::size_t>(u);
      const float from = std::atomic_ref<float>(distance[row]).load(std::memory_order_relaxed);
      if (bin_of(from, width) < current) return;  // settled in an earlier bin since it was filed
      edges += csr.offsets[row + 1] - csr.offsets[row];
      for (edge_t k = csr.offsets[row]; k < csr.offsets[row + 1]; ++k) {
        const vertex_t v = csr.indices[static_cast<std::size_t>(k)];
        const float candidate = from + csr.value(k);
        if (!lower_to(distance[static_cast<std::size_t>(v)], candidate)) continue;
        const std::size_t bin = std::min(bin_of(candidate, width), current + CpuTuning::sssp_max_bins_ahead);
        if (bin >= bins.size()) bins.resize(bin + 1);
        bins[bin].push_back(v);
      }
    };
#pragma omp barrier
    for (;;) {
      for (std::size_t t = 0; t < members; ++t) starts[t + 1] = starts[t] + part_size[t];
#pragma omp for schedule(dynamic, CpuTuning::sssp_chunk) nowait
      for (std::size_t i = 0; i < starts[members]; ++i) {
        const auto owner = static_cast<std::size_t>(std::upper_bound(starts.begin(), starts.end(), i) - starts.begin() - 1);
        relax(part[owner][i - starts[owner]]);
      }
      // Bucket fusion. `taken` may still be read by the team (the loop has
      // no barrier), so the fused part moves to a list of its own.
      while (current < bins.size() && !bins[current].empty() &&
             bins[current].size() < CpuTuning::sssp_fused_bin_limit) {
        fused.clear();
        std::swap(fused, bins[current]);
        for (const vertex_t u : fused) relax(u);
      }
      std::size_t mine = none;
      for (std::size_t bin = current; bin < bins.size(); ++bin)
        if (!bins[bin].empty()) {
          mine = bin;
          break;
        }
      least[me] = mine;
#pragma omp barrier
      // Every thread reads the same minimum: the team agrees without a single.
      current = *std::min_element(least.begin(), least.begin() + static_cast<std::ptrdiff_t>(members));
      if (me == 0) {
        ++rounds;
        if (current != none && current != previous) ++buckets;
      }
      previous = current;
      if (current == none) break;
      taken.clear();
      if (current < bins.size()) std::swap(taken, bins[current]);
      part[me] = taken.data();
      part_size[me] = taken.size();
#pragma omp barrier
    }
  }
  work = SsspWork{.rounds = rounds, .buckets = buckets, .edges = edges};
}

SsspWeights sssp_weights(const CpuGraph& graph, int threads) {
  const Csr& csr = graph.rows(Edges::out);
  const auto entries = static_cast<std::size_t>(csr.num_entries());
  if (!csr.weighted()) return {.sum = static_cast<double>(entries), .smallest = 1.0f, .invalid = 0};
  struct Partial {
    double sum = 0.0;
    float smallest = infinity;
    edge_t invalid = 0;
    Partial& operator+=(const Partial& other) {
      sum += other.sum;
      smallest = std::min(smallest, other.smallest);
      invalid += other.invalid;
      return *this;
    }
  };
  const Partial total = deterministic_reduce<Partial>(entries, threads, [&](std::size_t k) {
    const float w = csr.values[k];
    if (!(w >= 0.0f)) return Partial{.invalid = 1};
    return Partial{.sum = w, .smallest = w};
  });
  return {.sum = total.sum, .smallest = total.smallest == infinity ? 0.0f : total.smallest, .invalid = total.invalid};
}

bool sssp_relax(const CpuGraph& graph, std::span<const vertex_t> frontier, float limit, std::int32_t round,
                std::span<float> distance, SsspMarks marks, std::span<vertex_t> near, std::span<vertex_t> far,
                std::size_t far_size, int threads, SsspListed& listed) {
  const Csr& csr = graph.rows(Edges::out);
  const vertex_t n = csr.num_rows();
  std::atomic<std::size_t> near_size{0}, far_end{far_size};
  bool ids_ok = true;
  edge_t edges = 0;
  const auto count = static_cast<std::ptrdiff_t>(frontier.size());
#pragma omp parallel num_threads(threads) reduction(&& : ids_ok) reduction(+ : edges) \
    if (threads > 1 && frontier.size() >= CpuTuning::sssp_min_parallel_vertices)
  {
    std::vector<vertex_t> my_near, my_far;
#pragma omp for schedule(dynamic, CpuTuning::sssp_chunk) nowait
    for (std::ptrdiff_t i = 0; i < count; ++i) {
      const vertex_t u = frontier[static_cast<std::size_t>(i)];
      if (!is_vertex(u, n)) {
        ids_ok = false;
        continue;
      }
      const float from = std::atomic_ref<float>(distance[static_cast<std::size_t>(u)]).load(std::memory_order_relaxed);
      const edge_t begin = csr.offsets[static_cast<std::size_t>(u)], end = csr.offsets[static_cast<std::size_t>(u) + 1];
      edges += end - begin;
      for (edge_t k = begin; k < end; ++k) {
        const auto v = static_cast<std::size_t>(csr.indices[static_cast<std::size_t>(k)]);
        const float candidate = from + csr.value(k);
        if (!lower_to(distance[v], candidate)) continue;
        if (candidate < limit) {
          if (claim(marks.near_round[v], round)) my_near.push_back(static_cast<vertex_t>(v));
        } else if (claim(marks.in_far[v], 1)) {
          my_far.push_back(static_cast<vertex_t>(v));
        }
      }
    }
    append_to(near, near_size, my_near);
    append_to(far, far_end, my_far);
  }
  listed = SsspListed{.near = near_size.load(), .far = far_end.load(), .edges = edges};
  return ids_ok;
}

bool sssp_split(std::span<const vertex_t> far, float lower, float limit, std::int32_t round,
                std::span<const float> distance, SsspMarks marks, std::span<vertex_t> near, std::span<vertex_t> kept,
                int threads, SsspListed& listed) {
  const auto n = static_cast<vertex_t>(distance.size());
  std::atomic<std::size_t> near_size{0}, kept_size{0};
  bool ids_ok = true;
  float smallest = infinity;
  const auto count = static_cast<std::ptrdiff_t>(far.size());
#pragma omp parallel num_threads(threads) reduction(&& : ids_ok) reduction(min : smallest) \
    if (threads > 1 && far.size() >= CpuTuning::min_parallel_elements)
  {
    std::vector<vertex_t> my_near, my_kept;
#pragma omp for schedule(static) nowait
    for (std::ptrdiff_t i = 0; i < count; ++i) {
      const vertex_t v = far[static_cast<std::size_t>(i)];
      if (!is_vertex(v, n)) {
        ids_ok = false;
        continue;
      }
      const auto slot = static_cast<std::size_t>(v);
      const float d = distance[slot];
      if (d >= limit) {
        my_kept.push_back(v);
        smallest = std::min(smallest, d);
        continue;
      }
      marks.in_far[slot] = 0;  // far holds v once, so this thread owns its flag
      if (d >= lower && claim(marks.near_round[slot], round)) my_near.push_back(v);
    }
    append_to(near, near_size, my_near);
    append_to(kept, kept_size, my_kept);
  }
  listed = SsspListed{.near = near_size.load(), .far = kept_size.load(), .smallest_far = smallest};
  return ids_ok;
}

}  // namespace graphrun::cpu
