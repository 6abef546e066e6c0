#include "processes.hpp"

#include <optional>

#include "graphrun/error.hpp"

namespace graphrun::cli {
namespace {

// This process's place in the run, set once when it joins.
struct Place {
  int rank = 0;
  int count = 1;
  int local_rank = 0;
  int local_count = 1;
};
Place place;

#if GRAPHRUN_HAVE_MPI
std::optional<distributed::MpiSession> session;
std::optional<distributed::Communicator> world;
#endif

}  // namespace

void join_processes() {
#if GRAPHRUN_HAVE_MPI
  if (!distributed::MpiSession::launched_by_mpi()) return;
  session.emplace();
  world.emplace(distributed::Communicator::world());
  place = {world->rank(), world->size(), world->local_rank(), world->local_size()};
#endif
}

void leave_processes([[maybe_unused]] int code) {
#if GRAPHRUN_HAVE_MPI
  if (!session) return;
  if (code != 0 && world->size() > 1) world->abort(code);
  world.reset();
  session.reset();
  place = {};
#endif
}

int process_rank() { return place.rank; }
int process_count() { return place.count; }
int local_process_rank() { return place.local_rank; }
int local_process_count() { return place.local_count; }

void require_one_process(const std::string& command) {
  if (process_count() > 1)
    throw UsageError(command + " runs on one process only (started here as " + std::to_string(process_count()) +
                     " by mpirun): run it without mpirun; pagerank, bfs, sssp, lp, wcc and aggregate run on several");
}

#if GRAPHRUN_HAVE_MPI
const distributed::Communicator* processes_world() {
  return world && world->size() > 1 ? &*world : nullptr;
}
#endif

}  // namespace graphrun::cli
