"""BFS oracle: levels against networkx (exact), parents against their
definition (the smallest-id in-neighbour one level up), reach and the
edges_traversed count (sum of out-degrees of reached vertices, duplicates
merged), for every direction mode; the modes must agree exactly.
"""
import random
import sys

import oracle_support as support  # first: exits with the skip code when modules are missing
import networkx as nx


GRAPHS = ["karate.mtx", "dolphins.mtx", "polblogs.mtx", "west0067.mtx", "celegansneural.mtx",
          "netscience.mtx", "power.mtx", "email-Enron.mtx", "ldbc-directed-example.mtx"]
DIRECTIONS = ["optimizing", "push", "pull"]
# pushpull is 2000 levels deep with dense levels: a forced pull step scans
# every unvisited in-edge, so only the modes that stay affordable run there.
DEEP_GRAPHS = {"pushpull.mtx": ["optimizing", "push"]}


def expected_bfs(graph, nx_graph, source):
    level = [-1] * graph.n
    for v, distance in nx.single_source_shortest_path_length(nx_graph, source).items():
        level[v] = distance
    parent = [-1] * graph.n
    parent[source] = source
    for (u, v) in graph.edges:
        if v != source and level[u] >= 0 and level[v] == level[u] + 1 and (parent[v] == -1 or u < parent[v]):
            parent[v] = u
    return level, parent


def check(checker):
    chooser = random.Random(5)
    cases = [(name, DIRECTIONS, 3) for name in GRAPHS] + [(name, modes, 1) for name, modes in DEEP_GRAPHS.items()]
    for name, directions, num_sources in cases:
        graph = checker.graph(name)
        nx_graph = graph.networkx()
        out_degree = [0] * graph.n
        for (u, _) in graph.edges:
            out_degree[u] += 1
        hub = max(range(graph.n), key=lambda v: out_degree[v])
        for source in sorted({0, hub, chooser.randrange(graph.n)})[:num_sources]:
            level, parent = expected_bfs(graph, nx_graph, source)
            reached = [v for v in range(graph.n) if level[v] >= 0]
            for direction in directions:
                what = f"{name} source={source + 1} {direction}"
                out_dir, summary = checker.run("bfs", graph, source=source + 1, direction=direction)
                got_level = support.read_vertex_values(f"{out_dir}/level.tsv", graph, int)
                got_parent = support.read_vertex_values(f"{out_dir}/parent.tsv", graph, int)
                got_parent = [p - 1 if p > 0 else p for p in got_parent]  # original -> 0-based
                checker.expect(got_level == level, f"{what}: levels differ")
                checker.expect(got_parent == parent, f"{what}: parents differ")
                checker.expect(int(summary["reached"]) == len(reached), f"{what}: reached {summary['reached']}")
                checker.expect(int(summary["depth"]) == max(level), f"{what}: depth {summary['depth']}")
                traversed = sum(out_degree[v] for v in reached)
                checker.expect(int(summary["edges_traversed"]) == traversed,
                               f"{what}: edges_traversed {summary['edges_traversed']} != {traversed}")
                push, pull = int(summary["push_steps"]), int(summary["pull_steps"])
                checker.expect(push + pull == max(level) + 1, f"{what}: {push} push + {pull} pull steps")
                if direction == "push":
                    checker.expect(pull == 0, f"{what}: forced push took {pull} pull steps")
                if direction == "pull":
                    checker.expect(push == 0, f"{what}: forced pull took {push} push steps")
                print(f"{what}: reached {len(reached)}, depth {max(level)}, push {push}, pull {pull}")


if __name__ == "__main__":
    sys.exit(support.main(check))
