// The C++ API in a few lines: load a graph, pick a backend, run PageRank and
// BFS, read plain host vectors back. Built by tests/install against an
// installed graphrun (find_package(graphrun CONFIG REQUIRED)).
//
//   usage: pagerank_example GRAPH.mtx [cpu|cuda|cusparse]
#include <graphrun/graphrun.hpp>

#include <algorithm>
#include <cstdio>
#include <numeric>

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s GRAPH.mtx [cpu|cuda|cusparse]\n", argv[0]);
    return 1;
  }
  try {
    const graphrun::Graph graph = graphrun::io::load_graph(argv[1]);

    graphrun::EngineOptions options;
    if (argc > 2) options.backend = graphrun::parse_backend(argv[2]);
    graphrun::Engine engine(options);
    const auto resident = engine.upload(graph);  // upload once, run many algorithms

    graphrun::PageRankParams params;
    params.tolerance = 1e-8;
    const graphrun::PageRankResult pr = graphrun::pagerank(engine, *resident, params);

    const auto best = std::max_element(pr.rank.begin(), pr.rank.end()) - pr.rank.begin();
    const double total = std::accumulate(pr.rank.begin(), pr.rank.end(), 0.0);
    std::printf("backend %s: %d vertices, %d iterations, top vertex %lld (rank %.6f), rank sum %.6f\n",
                graphrun::to_string(engine.kind()), graph.num_vertices(), pr.iterations,
                static_cast<long long>(graph.ids().original(static_cast<graphrun::vertex_t>(best))), pr.rank[best], total);

    graphrun::BfsParams bfs_params;
    bfs_params.source = static_cast<graphrun::vertex_t>(best);
    const graphrun::BfsResult levels = graphrun::bfs(engine, *resident, bfs_params);
    std::printf("bfs from the top vertex reached %zu vertices in %d levels\n", levels.reached, levels.depth + 1);
    return std::abs(total - 1.0) < 1e-4 ? 0 : 1;
  } catch (const graphrun::Error& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return static_cast<int>(e.code());
  }
}
