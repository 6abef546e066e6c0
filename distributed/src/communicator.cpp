#include "graphrun/distributed/communicator.hpp"

#include <mpi.h>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <type_traits>

#include "graphrun/error.hpp"

namespace graphrun::distributed {
namespace {

bool session_alive = false;

void check(int status, const char* call) {
  if (status == MPI_SUCCESS) return;
  char reason[MPI_MAX_ERROR_STRING];
  int length = 0;
  MPI_Error_string(status, reason, &length);
  throw RuntimeError(std::string(call) + " failed: " + std::string(reason, static_cast<std::size_t>(length)));
}

// Elements move as a contiguous type of `element` bytes, in pieces whose
// count fits MPI's int: transfers of any size.
constexpr std::size_t max_piece = INT_MAX;

class ElementType {
 public:
  explicit ElementType(std::size_t element) {
    check(MPI_Type_contiguous(static_cast<int>(element), MPI_BYTE, &type_), "MPI_Type_contiguous");
    check(MPI_Type_commit(&type_), "MPI_Type_commit");
  }
  ~ElementType() { MPI_Type_free(&type_); }
  ElementType(const ElementType&) = delete;
  ElementType& operator=(const ElementType&) = delete;
  MPI_Datatype get() const { return type_; }

 private:
  MPI_Datatype type_ = MPI_DATATYPE_NULL;
};

}  // namespace

MpiSession::MpiSession() {
  if (session_alive) throw UsageError("MpiSession: MPI is already initialised");
  int provided = 0;
  check(MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided), "MPI_Init_thread");
  try {
    // OpenMP threads run beside MPI; only the main thread calls it.
    if (provided < MPI_THREAD_FUNNELED)
      throw RuntimeError("MPI_Init_thread: this MPI offers no thread support (MPI_THREAD_FUNNELED)");
    // Failures come back as statuses (check()) instead of aborting the run.
    check(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN), "MPI_Comm_set_errhandler");
  } catch (...) {
    MPI_Finalize();
    throw;
  }
  session_alive = true;
}

MpiSession::~MpiSession() {
  session_alive = false;
  MPI_Finalize();
}

bool MpiSession::launched_by_mpi() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK", "MPI_LOCALNRANKS"})
    if (std::getenv(name) != nullptr) return true;
  return false;
}

Communicator Communicator::world() {
  if (!session_alive) throw UsageError("Communicator::world: no MpiSession is alive");
  int rank = 0, size = 1, local_rank = 0, local_size = 1;
  check(MPI_Comm_rank(MPI_COMM_WORLD, &rank), "MPI_Comm_rank");
  check(MPI_Comm_size(MPI_COMM_WORLD, &size), "MPI_Comm_size");
  MPI_Comm host = MPI_COMM_NULL;
  check(MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &host), "MPI_Comm_split_type");
  const int rank_status = MPI_Comm_rank(host, &local_rank);
  const int size_status = MPI_Comm_size(host, &local_size);
  MPI_Comm_free(&host);
  check(rank_status, "MPI_Comm_rank");
  check(size_status, "MPI_Comm_size");
  return Communicator(rank, size, local_rank, local_size);
}

std::uint64_t Communicator::sum(std::uint64_t value) const {
  std::uint64_t total = 0;
  check(MPI_Allreduce(&value, &total, 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD), "MPI_Allreduce");
  return total;
}

void Communicator::sum_elements(std::span<vertex_t> values) const {
  static_assert(std::is_same_v<vertex_t, std::uint32_t>, "vertex_t values are summed as MPI_UINT32_T");
  for (std::size_t offset = 0; offset < values.size(); offset += max_piece) {
    const auto count = static_cast<int>(std::min(max_piece, values.size() - offset));
    check(MPI_Allreduce(MPI_IN_PLACE, values.data() + offset, count, MPI_UINT32_T, MPI_SUM, MPI_COMM_WORLD),
          "MPI_Allreduce");
  }
}

double Communicator::max(double value) const {
  double largest = 0.0;
  check(MPI_Allreduce(&value, &largest, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD), "MPI_Allreduce");
  return largest;
}

void Communicator::barrier() const { check(MPI_Barrier(MPI_COMM_WORLD), "MPI_Barrier"); }

void Communicator::abort(int code) const {
  MPI_Abort(MPI_COMM_WORLD, code);
  std::_Exit(code);  // MPI_Abort does not return; should it, the process still ends
}

std::vector<std::size_t> Communicator::block_starts(std::size_t mine) const {
  std::vector<std::uint64_t> counts(static_cast<std::size_t>(size_));
  const std::uint64_t own = mine;
  check(MPI_Allgather(&own, 1, MPI_UINT64_T, counts.data(), 1, MPI_UINT64_T, MPI_COMM_WORLD), "MPI_Allgather");
  std::vector<std::size_t> starts(counts.size() + 1, 0);
  for (std::size_t r = 0; r < counts.size(); ++r) starts[r + 1] = starts[r] + counts[r];
  return starts;
}

void Communicator::all_gather_blocks_bytes(void* values, std::size_t element, std::span<const std::size_t> starts) const {
  if (starts.size() != static_cast<std::size_t>(size_) + 1)
    throw UsageError("all_gather_blocks: " + std::to_string(starts.size()) + " block starts for " +
                     std::to_string(size_) + " processes");
  const ElementType type(element);
  auto* bytes = static_cast<char*>(values);
  if (starts.back() <= max_piece) {  // counts and displacements fit MPI's int
    std::vector<int> counts(static_cast<std::size_t>(size_)), displacements(static_cast<std::size_t>(size_));
    for (int r = 0; r < size_; ++r) {
      counts[r] = static_cast<int>(starts[r + 1] - starts[r]);
      displacements[r] = static_cast<int>(starts[r]);
    }
    check(MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, bytes, counts.data(), displacements.data(), type.get(),
                         MPI_COMM_WORLD),
          "MPI_Allgatherv");
    return;
  }
  // Larger vectors: each process broadcasts its block, in pieces.
  for (int r = 0; r < size_; ++r)
    broadcast_bytes(bytes + starts[r] * element, element, starts[r + 1] - starts[r], r);
}

void Communicator::broadcast_bytes(void* values, std::size_t element, std::size_t count, int root) const {
  const ElementType type(element);
  auto* bytes = static_cast<char*>(values);
  for (std::size_t offset = 0; offset < count; offset += max_piece)
    check(MPI_Bcast(bytes + offset * element, static_cast<int>(std::min(max_piece, count - offset)), type.get(), root,
                    MPI_COMM_WORLD),
          "MPI_Bcast");
}

void Communicator::send_bytes(const void* values, std::size_t element, std::size_t count, int to) const {
  const ElementType type(element);
  const auto* bytes = static_cast<const char*>(values);
  for (std::size_t offset = 0; offset < count; offset += max_piece)
    check(MPI_Send(bytes + offset * element, static_cast<int>(std::min(max_piece, count - offset)), type.get(), to, 0,
                   MPI_COMM_WORLD),
          "MPI_Send");
}

void Communicator::receive_bytes(void* values, std::size_t element, std::size_t count, int from) const {
  const ElementType type(element);
  auto* bytes = static_cast<char*>(values);
  for (std::size_t offset = 0; offset < count; offset += max_piece)
    check(MPI_Recv(bytes + offset * element, static_cast<int>(std::min(max_piece, count - offset)), type.get(), from,
                   0, MPI_COMM_WORLD, MPI_STATUS_IGNORE),
          "MPI_Recv");
}

}  // namespace graphrun::distributed
