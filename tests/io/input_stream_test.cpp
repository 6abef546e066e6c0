// Inputs that are streams: "-" (standard input) and FIFOs read like regular
// files (graphrun/io/stream_scope.hpp): format detection and the parallel
// read both work, every open under a StreamScope gets the same bytes, and
// errors name the path as given.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <string>
#include <thread>

#include "graphrun/io/read.hpp"
#include "graphrun/io/snapshot.hpp"
#include "graphrun/io/stream_scope.hpp"
#include "support/test_data.hpp"
#include "io/io_test_support.hpp"

using graphrun::Graph;
using graphrun::io::load_graph;
using graphrun::test::TempDir;

namespace {

constexpr const char* path_graph_mtx = "%%MatrixMarket matrix coordinate pattern symmetric\n4 4 3\n2 1\n3 2\n4 3\n";

// Writes `text` into the descriptor and closes it.
void write_and_close(int fd, const std::string& text) {
  for (std::size_t done = 0; done < text.size();) {
    const ssize_t wrote = ::write(fd, text.data() + done, text.size() - done);
    if (wrote <= 0) break;
    done += static_cast<std::size_t>(wrote);
  }
  ::close(fd);
}

// Standard input replaced by `fd` for the object's lifetime.
class StandardInputFrom {
 public:
  explicit StandardInputFrom(int fd) : saved_(::dup(STDIN_FILENO)) {
    ::dup2(fd, STDIN_FILENO);
    ::close(fd);
  }
  ~StandardInputFrom() {
    ::dup2(saved_, STDIN_FILENO);
    ::close(saved_);
  }
  StandardInputFrom(const StandardInputFrom&) = delete;
  StandardInputFrom& operator=(const StandardInputFrom&) = delete;

 private:
  int saved_;
};

// A broken stream path blocks (a FIFO open without a writer) rather than
// failing: SIGALRM ends the test binary instead of letting it hang.
class Watchdog {
 public:
  Watchdog() { ::alarm(60); }
  ~Watchdog() { ::alarm(0); }
  Watchdog(const Watchdog&) = delete;
  Watchdog& operator=(const Watchdog&) = delete;
};

void check_path_graph(const Graph& graph) {
  CHECK(graph.num_vertices() == 4);
  CHECK(graph.num_entries() == 6);
  CHECK_FALSE(graph.directed());
}

}  // namespace

TEST_CASE("a FIFO is read like a file, and opened again from its spooled copy", "[io][input]") {
  const Watchdog watchdog;
  TempDir dir;
  const std::string fifo = dir.path("graph-pipe");  // no extension: the banner says Matrix Market
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  std::thread writer([&] { write_and_close(::open(fifo.c_str(), O_WRONLY), path_graph_mtx); });
  {
    const graphrun::io::StreamScope scope(fifo);  // reads the FIFO to its end
    writer.join();
    check_path_graph(load_graph(fifo));
    check_path_graph(load_graph(fifo));  // no writer now: the scope's copy
  }
  // Without a scope the FIFO is opened again: a new writer, new content.
  std::thread second([&] { write_and_close(::open(fifo.c_str(), O_WRONLY), "0 1\n"); });
  const Graph other = load_graph(fifo);
  second.join();
  CHECK(other.num_entries() == 1);
}

TEST_CASE("a .grb snapshot through a FIFO: its header is read sequentially from the start", "[io][input]") {
  const Watchdog watchdog;
  TempDir dir;
  const Graph graph = load_graph(graphrun::test::data_path("karate.mtx"));
  graphrun::io::write_snapshot(graph, dir.path("karate.grb"));
  const std::string bytes = graphrun::test::read_bytes(dir.path("karate.grb"));
  const std::string fifo = dir.path("snapshot-pipe");
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  std::thread writer([&] { write_and_close(::open(fifo.c_str(), O_WRONLY), bytes); });
  const graphrun::io::StreamScope scope(fifo);
  writer.join();
  const Graph first = load_graph(fifo);
  const Graph again = graphrun::io::read_snapshot(fifo);  // a second sequential read of the copy
  for (const Graph* copy : {&first, &again}) {
    CHECK(copy->num_vertices() == graph.num_vertices());
    CHECK(copy->out_edges().indices == graph.out_edges().indices);
  }
}

TEST_CASE("the path - reads standard input: a pipe, or a redirected regular file", "[io][input]") {
  const Watchdog watchdog;
  SECTION("a pipe holding a malformed file: the error names - and the line") {
    int ends[2];
    REQUIRE(::pipe(ends) == 0);
    std::thread writer([&] { write_and_close(ends[1], "%%MatrixMarket matrix coordinate pattern general\n3 3 2\n1 2\n2 x\n"); });
    const StandardInputFrom input(ends[0]);
    CHECK_INPUT_ERROR([] { load_graph("-"); }, "-", 4, "");
    writer.join();
  }
  SECTION("a regular file: each open reads it from the start") {
    TempDir dir;
    const std::string file = dir.write("graph.txt", path_graph_mtx);
    const StandardInputFrom input(::open(file.c_str(), O_RDONLY));
    check_path_graph(load_graph("-"));
    check_path_graph(load_graph("-"));
  }
}
