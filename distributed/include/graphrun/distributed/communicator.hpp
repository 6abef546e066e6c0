#pragma once
// The processes of an MPI run (mpirun -np P), as graphrun uses them: the
// world communicator, typed collectives on host vectors, point-to-point
// transfers of any size. Every MPI status is checked: a failed call throws
// RuntimeError naming the call and MPI's reason.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>
#include <vector>

#include "graphrun/types.hpp"

namespace graphrun::distributed {

// MPI for the life of the object (MPI_Init_thread, MPI_Finalize). At most one.
// Every call here is collective unless it says otherwise: all processes make
// the same calls in the same order. A process that fails between two
// collectives leaves the others waiting: end the run with abort().
class MpiSession {
 public:
  MpiSession();
  ~MpiSession();
  MpiSession(const MpiSession&) = delete;
  MpiSession& operator=(const MpiSession&) = delete;

  // True when this process was started by mpirun / mpiexec (Open MPI, MPICH
  // or a PMI launcher), so that MPI_Init joins the other processes.
  static bool launched_by_mpi();
};

class Communicator {
 public:
  // MPI_COMM_WORLD of the MpiSession that is alive (UsageError without one).
  static Communicator world();

  int rank() const { return rank_; }
  int size() const { return size_; }
  bool root() const { return rank_ == 0; }
  // This process's place among those on its host (shared memory): which
  // GPU it drives, how many CPU threads it may take.
  int local_rank() const { return local_rank_; }
  int local_size() const { return local_size_; }

  std::uint64_t sum(std::uint64_t value) const;
  // values[i] summed over the processes, into every process's values (all
  // pass the same size): exact, integers added in any order.
  void sum_elements(std::span<vertex_t> values) const;
  double max(double value) const;
  void barrier() const;
  // Ends every process of the run with `code` (MPI_Abort): after a failure
  // on one process, which the others may be waiting for.
  [[noreturn]] void abort(int code) const;

  // values[starts[r], starts[r+1]) as process r holds them, into every
  // process's `values` (all pass the same starts, size() + 1 of them).
  template <class T>
  void all_gather_blocks(std::span<T> values, std::span<const std::size_t> starts) const {
    all_gather_blocks_bytes(values.data(), sizeof(T), starts);
  }
  // Prefix sums of every process's count (size() + 1 entries): where each
  // process's part starts in a concatenation.
  std::vector<std::size_t> block_starts(std::size_t mine) const;
  // Every process's `mine`, concatenated in process order, on every process.
  template <class T>
  std::vector<T> all_concatenate(std::span<const T> mine) const {
    std::vector<std::size_t> starts = block_starts(mine.size());
    std::vector<T> all(starts.back());
    std::copy(mine.begin(), mine.end(), all.begin() + static_cast<std::ptrdiff_t>(starts[rank_]));
    all_gather_blocks(std::span<T>(all), starts);
    return all;
  }
  // The root's `values` (size included) on every process.
  template <class T>
  void broadcast(std::vector<T>& values, int root = 0) const {
    std::uint64_t count = values.size();
    broadcast_bytes(&count, sizeof count, 1, root);
    values.resize(count);
    broadcast_bytes(values.data(), sizeof(T), values.size(), root);
  }
  template <class T>
  void broadcast(T& value, int root = 0) const {
    static_assert(std::is_trivially_copyable_v<T>, "broadcast(T&) sends T's bytes");
    broadcast_bytes(&value, sizeof(T), 1, root);
  }
  template <class T>
  void send(std::span<const T> values, int to) const {
    const std::uint64_t count = values.size();
    send_bytes(&count, sizeof count, 1, to);
    send_bytes(values.data(), sizeof(T), values.size(), to);
  }
  template <class T>
  std::vector<T> receive(int from) const {
    std::uint64_t count = 0;
    receive_bytes(&count, sizeof count, 1, from);
    std::vector<T> values(count);
    receive_bytes(values.data(), sizeof(T), values.size(), from);
    return values;
  }

 private:
  Communicator(int rank, int size, int local_rank, int local_size)
      : rank_(rank), size_(size), local_rank_(local_rank), local_size_(local_size) {}
  void all_gather_blocks_bytes(void* values, std::size_t element, std::span<const std::size_t> starts) const;
  void broadcast_bytes(void* values, std::size_t element, std::size_t count, int root) const;
  void send_bytes(const void* values, std::size_t element, std::size_t count, int to) const;
  void receive_bytes(void* values, std::size_t element, std::size_t count, int from) const;

  int rank_ = 0;
  int size_ = 1;
  int local_rank_ = 0;
  int local_size_ = 1;
};

}  // namespace graphrun::distributed
