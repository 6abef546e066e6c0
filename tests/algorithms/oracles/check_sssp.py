"""SSSP oracle: distances against networkx's Dijkstra in float64 on the
file's weights (a pattern graph's are 1). graphrun sums in float32, so a
finite distance must match to LDBC's relative epsilon (1e-4) and the
unreachable set exactly. Delta-stepping at three widths and Bellman-Ford must
agree bit for bit (the least fixed point of float relaxations is unique). The
parents (parents=1) must form a tree rooted at the source whose every edge
is a shortest-path edge by networkx's distances. A graph with a negative
weight must be refused with a non-zero exit.
"""
import math
import random
import sys

import oracle_support as support  # first: exits with the skip code when modules are missing
import networkx as nx

GRAPHS = ["karate.mtx", "dolphins.mtx", "celegansneural.mtx", "netscience.mtx", "power.mtx",
          "email-Enron.mtx", "polblogs.mtx", "pushpull.mtx", "ldbc-directed-example.mtx",
          "ldbc-undirected-example.mtx"]
NEGATIVE = "bcsstk13.mtx"
EPSILON = 1e-4


def expected_distances(graph, source):
    distance = [math.inf] * graph.n
    found = nx.single_source_dijkstra_path_length(graph.networkx(weighted=True), source, weight="weight")
    for v, d in found.items():
        distance[v] = d
    return distance


def check(checker):
    chooser = random.Random(7)
    for name in GRAPHS:
        graph = checker.graph(name)
        assert all(w >= 0 for w in graph.edges.values()), name
        out_degree = [0] * graph.n
        for (u, _) in graph.edges:
            out_degree[u] += 1
        hub = max(range(graph.n), key=lambda v: out_degree[v])
        for source in sorted({0, hub, chooser.randrange(graph.n)}):
            what = f"{name} source={source + 1}"
            expected = expected_distances(graph, source)
            runs = {}
            for label, options in [("auto", {}), ("delta=0.25", {"delta": 0.25}), ("delta=1e6", {"delta": 1e6}),
                                   ("near-far", {"method": "near-far"}),
                                   ("near-far delta=0.25", {"method": "near-far", "delta": 0.25}),
                                   ("bellman-ford", {"method": "bellman-ford"})]:
                out_dir, summary = checker.run("sssp", graph, source=source + 1, **options)
                runs[label] = open(f"{out_dir}/distance.tsv").read()
                got = support.read_vertex_values(f"{out_dir}/distance.tsv", graph, float)
                bad = [v for v in range(graph.n)
                       if not (got[v] == expected[v] or abs(got[v] - expected[v]) <= EPSILON * abs(expected[v]))]
                checker.expect(not bad, f"{what} {label}: {len(bad)} distances differ, first vertex "
                                        f"{bad[0] + 1 if bad else 0}: {got[bad[0]] if bad else 0} against "
                                        f"{expected[bad[0]] if bad else 0}")
                reached = sum(1 for d in expected if d != math.inf)
                checker.expect(int(summary["reached"]) == reached, f"{what} {label}: reached {summary['reached']}")
            checker.expect(len(set(runs.values())) == 1, f"{what}: the methods and widths differ in some bit")
            out_dir, _ = checker.run("sssp", graph, source=source + 1, parents=1)
            parent = support.read_vertex_values(f"{out_dir}/parent.tsv", graph, int)
            weights = graph.networkx(weighted=True)
            bad = []
            for v in range(graph.n):
                p = parent[v] - 1 if parent[v] > 0 else -1
                if expected[v] == math.inf or v == source:
                    ok = p == (source if v == source else -1)
                else:
                    ok = p >= 0 and weights.has_edge(p, v) and abs(expected[p] + weights[p][v]["weight"] - expected[v]) \
                        <= EPSILON * max(1.0, expected[v])
                    walk, steps = v, 0
                    while ok and walk != source and steps <= graph.n:
                        walk, steps = parent[walk] - 1, steps + 1
                    ok = ok and walk == source
                if not ok:
                    bad.append(v)
            checker.expect(not bad, f"{what}: parents of {len(bad)} vertices are not a shortest-path tree "
                                    f"(first {bad[0] + 1 if bad else 0})")
            print(f"{what}: reached {sum(1 for d in expected if d != math.inf)}, "
                  f"max {max(d for d in expected if d != math.inf):.6g}")
    graph = checker.graph(NEGATIVE)
    assert any(w < 0 for w in graph.edges.values())
    try:
        checker.run("sssp", graph, source=1)
        checker.expect(False, f"{NEGATIVE}: negative weights were accepted")
    except RuntimeError as failure:
        checker.expect("negative" in str(failure),
                       f"{NEGATIVE}: unexpected error {failure}")


if __name__ == "__main__":
    sys.exit(support.main(check))
