#pragma once
// The processes of this run: one, or those of `mpirun -np P graphrun ...`
// (built with MPI). Under several, the root process (rank 0) reads the file
// and is the only one that prints or writes; the others receive their part
// of the graph from it (docs/decisions/034-distributed-row-blocks.md).
#include <string>

#if GRAPHRUN_HAVE_MPI
#include "graphrun/distributed/communicator.hpp"
#endif

namespace graphrun::cli {

// Joins the MPI run when mpirun started this process; a no-op otherwise.
void join_processes();
// Leaves it (MPI_Finalize): before the process exits with `code`. After a
// failure under several processes the whole run is aborted with `code`,
// since the others may wait for this one.
void leave_processes(int code);

int process_rank();
int process_count();
// Among the processes on this host: process k drives GPU --device + k and
// takes its share of the CPU threads.
int local_process_rank();
int local_process_count();
inline bool root_process() { return process_rank() == 0; }

// UsageError when several processes run a command that runs on one only.
void require_one_process(const std::string& command);

#if GRAPHRUN_HAVE_MPI
// The world communicator while several processes run; nullptr otherwise.
const distributed::Communicator* processes_world();
#endif

}  // namespace graphrun::cli
