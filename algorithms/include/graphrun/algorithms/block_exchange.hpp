#pragma once
// Several processes running one algorithm together, each computing the
// vertices of its own block (a contiguous id range), over a graph of which
// it holds the in-edges of that block only (distributed/ implements this
// over MPI). An algorithm given a BlockExchange combines the blocks through
// it at the points below; without one, a process owns every vertex.
//
// Every call is collective: all processes make the same calls in the same
// order, and each returns the same value everywhere. Spans are in the
// backend's memory.
#include <cstddef>
#include <cstdint>
#include <span>

#include "graphrun/memory.hpp"
#include "graphrun/types.hpp"

namespace graphrun {

class BlockExchange {
 public:
  virtual ~BlockExchange() = default;

  // values holds the whole vector, correct on this process's block (the
  // vertices it computes, a contiguous id range): after
  // the call every process holds every block's values.
  virtual void share_blocks(std::span<float> values) = 0;
  virtual void share_blocks(std::span<vertex_t> values) = 0;
  // The same for a row-major matrix of `width` columns, a row per vertex
  // (feature rows): correct on this process's block of rows before.
  virtual void share_row_blocks(std::span<float> values, std::size_t width) = 0;
  // The first `count` entries of `list` are this process's; afterwards
  // `list` starts with every process's entries, in process order, and the
  // total count is returned. `list` has room for every vertex.
  virtual std::size_t concatenate(DeviceVector<vertex_t>& list, std::size_t count) = 0;
  // The sum of `value` over the processes.
  virtual std::uint64_t sum(std::uint64_t value) = 0;
  // values[i] summed over the processes, on every process: counts each
  // process holds a part of (the out-degrees of its block's in-rows, whose
  // sum is the whole graph's out-degrees). The counts' total must fit
  // vertex_t.
  virtual void sum_elements(std::span<vertex_t> values) = 0;
};

}  // namespace graphrun
