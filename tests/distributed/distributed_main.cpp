// Catch2 under MPI: every process runs every test case in the same order
// (the calls they make are collective) and checks its own results.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include "graphrun/distributed/communicator.hpp"

int main(int argc, char** argv) {
  graphrun::distributed::MpiSession session;
  return Catch::Session().run(argc, argv);
}
