"""Betweenness oracle: networkx's betweenness_centrality(G, normalized=False)
on the graph as read (a DiGraph for a directed file, a Graph for an
undirected one), exact, on the smaller bundled graphs; and the k-source
estimate for three given sources against networkx's own per-source
accumulation over those sources, scaled by n / k as networkx scales its
samples (networkx draws its sources itself, so its sampled call cannot be
compared directly).
"""
import sys

import oracle_support as support  # first: exits with the skip code when modules are missing
import networkx as nx
from networkx.algorithms.centrality.betweenness import (_accumulate_basic,
                                                        _single_source_shortest_path_basic)

GRAPHS = ["karate.mtx", "dolphins.mtx", "lesmis.mtx", "polbooks.mtx", "football.mtx", "celegansneural.mtx",
          "west0067.mtx", "jagmesh7.mtx", "netscience.mtx", "ldbc-directed-example.mtx",
          "ldbc-undirected-example.mtx"]
RELATIVE = 1e-5  # graphrun writes float32 text


def sampled(g, sources, directed):
    """networkx's own per-source accumulation over the given sources."""
    value = dict.fromkeys(g, 0.0)
    for s in sources:
        stack, predecessors, sigma, _ = _single_source_shortest_path_basic(g, s)
        value, _ = _accumulate_basic(value, stack, predecessors, sigma, s)
    scale = (1.0 if directed else 0.5) * len(g) / len(sources)
    return {v: x * scale for v, x in value.items()}


def close(got, want):
    return abs(got - want) <= RELATIVE * max(1.0, abs(want))


def check(checker):
    for name in GRAPHS:
        graph = checker.graph(name)
        g = graph.networkx()
        expected = nx.betweenness_centrality(g, normalized=False)
        out_dir, summary = checker.run("bc", graph)
        got = support.read_vertex_values(f"{out_dir}/betweenness.tsv", graph, float)
        bad = [v for v in range(graph.n) if not close(got[v], expected[v])]
        checker.expect(not bad, f"{name}: exact betweenness differs at {len(bad)} vertices, first "
                                f"{bad[:1]} ({[got[v] for v in bad[:1]]} against {[expected[v] for v in bad[:1]]})")
        sources = sorted({0, graph.n // 2, graph.n - 1})
        want = sampled(g, sources, graph.directed)
        out_dir, _ = checker.run("bc", graph, sources=",".join(str(s + 1) for s in sources))
        got = support.read_vertex_values(f"{out_dir}/betweenness.tsv", graph, float)
        bad = [v for v in range(graph.n) if not close(got[v], want[v])]
        checker.expect(not bad, f"{name}: sampled betweenness differs at {len(bad)} vertices")
        print(f"{name}: exact and {len(sources)}-source betweenness checked (max {max(expected.values()):.6g})")


if __name__ == "__main__":
    sys.exit(support.main(check))
