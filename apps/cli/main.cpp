// graphrun: command-line front end of the engine.
//
// Exit codes: 0 success, 1 usage error, 2 input error, 3 device/run-time
// error; each failure prints one line on stderr, "graphrun COMMAND: REASON"
// (the command named once, by this file only).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <iostream>
#include <new>
#include <string>
#include <vector>

#include "commands/commands.hpp"
#include "graphrun/error.hpp"
#include "processes.hpp"
#include "suggest.hpp"
#include "version.hpp"

namespace {

struct CommandEntry {
  const char* name;
  int (*run)(const graphrun::cli::Arguments&);
  const char* summary;
  bool several_processes = false;  // runs under mpirun -np P > 1 (processes.hpp)
};

constexpr CommandEntry commands[] = {
    {"pagerank", graphrun::cli::run_pagerank, "PageRank (LDBC semantics), personalized PageRank", true},
    {"bfs", graphrun::cli::run_bfs, "breadth-first search levels and parents (direction-optimizing)", true},
    {"sssp", graphrun::cli::run_sssp, "single-source shortest path distances (delta-stepping)", true},
    {"tc", graphrun::cli::run_triangle_count, "triangle count of the undirected simple graph (GAP tc)"},
    {"lcc", graphrun::cli::run_local_clustering, "local clustering coefficient (LDBC LCC)"},
    {"bc", graphrun::cli::run_betweenness, "betweenness centrality (Brandes; exact or sampled)"},
    {"trsv", graphrun::cli::run_trsv, "sparse lower triangular solve L x = b (L: the matrix's lower triangle)"},
    {"lp", graphrun::cli::run_label_propagation, "community detection by label propagation (LDBC CDLP)", true},
    {"wcc", graphrun::cli::run_wcc, "weakly connected components", true},
    {"aggregate", graphrun::cli::run_aggregate, "GNN feature aggregation H' = A H (sum, mean, gcn)", true},
    {"info", graphrun::cli::run_info, "graph statistics: sizes, degrees, memory, load time"},
    {"convert", graphrun::cli::run_convert, "save a graph as a binary .grb snapshot"},
    {"generate", graphrun::cli::run_generate, "write a generated graph (kron, road, uniform, urand, banded, mesh)"},
    {"kernels", graphrun::cli::run_kernels, "list the SpMV and SpMM kernels of each available backend"},
};

void print_usage(std::ostream& out) {
  out << "usage: graphrun COMMAND FILE [options]   (graphrun COMMAND --help for its options)\n"
         "       graphrun --version\n\ncommands:\n";
  for (const auto& c : commands) out << "  " << c.name << std::string(12 - std::strlen(c.name), ' ') << c.summary << "\n";
}

// Under several processes (mpirun) a failure names the process; a usage
// error, which every process meets alike, is printed by the root only.
std::string failing(const std::string& name, bool usage = false) {
  using graphrun::cli::process_count, graphrun::cli::process_rank;
  if (process_count() == 1) return "graphrun " + name + ": ";
  if (usage && process_rank() != 0) return {};
  return "graphrun " + name + " (process " + std::to_string(process_rank()) + " of " +
         std::to_string(process_count()) + "): ";
}

void print_failure(const std::string& prefix, const std::string& reason) {
  if (!prefix.empty()) std::cerr << prefix << reason << "\n";
}

int run_command(const CommandEntry& command, const std::string& name, const graphrun::cli::Arguments& args) {
  using graphrun::ExitCode;
  try {
    if (!command.several_processes) graphrun::cli::require_one_process(name);
    return command.run(args);
  } catch (const graphrun::Error& e) {
    print_failure(failing(name, e.code() == ExitCode::usage), e.what());
    return static_cast<int>(e.code());
  } catch (const std::bad_alloc&) {
    print_failure(failing(name), "out of host memory");
    return static_cast<int>(ExitCode::runtime);
  } catch (const std::exception& e) {
    print_failure(failing(name), e.what());
    return static_cast<int>(ExitCode::runtime);
  }
}

// Ends the process without the teardown of static objects and atexit
// handlers (the CUDA runtime's context destruction among them): every output
// is complete and flushed by now, and the system reclaims memory and the
// device faster than a buffer-by-buffer teardown would (see
// AlgorithmCommand::start).
[[noreturn]] void exit_now(int code) {
  graphrun::cli::leave_processes(code);
  std::cout.flush();
  std::cerr.flush();
  std::fflush(nullptr);
  std::_Exit(code);
}

}  // namespace

int main(int argc, char** argv) {
  using graphrun::ExitCode;
  if (argc < 2) {
    print_usage(std::cerr);
    return static_cast<int>(ExitCode::usage);
  }
  const std::string name = argv[1];
  if (name == "--help" || name == "-h" || name == "help") {
    print_usage(std::cout);
    return 0;
  }
  if (name == "--version" || name == "-V") {
    graphrun::cli::print_version(std::cout);
    return 0;
  }
  const graphrun::cli::Arguments args(argv + 2, argv + argc);
  for (const auto& command : commands) {
    if (name != command.name) continue;
    try {
      graphrun::cli::join_processes();
    } catch (const graphrun::Error& e) {
      std::cerr << "graphrun " << name << ": " << e.what() << "\n";
      exit_now(static_cast<int>(e.code()));
    }
    exit_now(run_command(command, name, args));
  }
  std::vector<std::string> names;
  for (const auto& command : commands) names.emplace_back(command.name);
  std::cerr << "graphrun: unknown command '" << name << "'" << graphrun::cli::did_you_mean(name, names) << "\n";
  print_usage(std::cerr);
  return static_cast<int>(ExitCode::usage);
}
