"""Triangle count and LCC oracle: networkx's triangles(G) and clustering(G)
on the undirected simple graph of every bundled graph, and for the directed
ones LDBC's LCC read literally (in- and out-neighbours, the directed edges
among them over d (d - 1)), computed here with Python sets.
"""
import sys

import oracle_support as support  # first: exits with the skip code when modules are missing
import networkx as nx

GRAPHS = ["karate.mtx", "dolphins.mtx", "lesmis.mtx", "polbooks.mtx", "football.mtx", "celegansneural.mtx",
          "west0067.mtx", "netscience.mtx", "power.mtx", "polblogs.mtx", "email-Enron.mtx", "jagmesh7.mtx",
          "ldbc-directed-example.mtx", "ldbc-undirected-example.mtx"]


def simple_undirected(graph):
    g = nx.Graph()
    g.add_nodes_from(range(graph.n))
    g.add_edges_from((u, v) for (u, v) in graph.edges if u != v)
    return g


def ldbc_lcc(graph):
    arcs = {(u, v) for (u, v) in graph.edges if u != v}
    neighbours = [set() for _ in range(graph.n)]
    for (u, v) in arcs:
        neighbours[u].add(v)
        neighbours[v].add(u)
    lcc = []
    for v in range(graph.n):
        near, d = neighbours[v], len(neighbours[v])
        if d < 2:
            lcc.append(0.0)
            continue
        among = sum(1 for a in near for b in neighbours[a] if b in near and (a, b) in arcs)
        lcc.append(among / (d * (d - 1)))
    return lcc


def check(checker):
    for name in GRAPHS:
        graph = checker.graph(name)
        g = simple_undirected(graph)
        triangles = nx.triangles(g)
        out_dir, summary = checker.run("tc", graph)
        got = support.read_vertex_values(f"{out_dir}/triangles.tsv", graph, int)
        checker.expect(got == [triangles[v] for v in range(graph.n)], f"{name}: per-vertex triangles differ")
        total = sum(triangles.values()) // 3
        checker.expect(int(summary["triangles"]) == total, f"{name}: {summary['triangles']} triangles, expected {total}")
        if graph.directed:
            expected = ldbc_lcc(graph)
        else:
            clustering = nx.clustering(g)
            expected = [clustering[v] for v in range(graph.n)]
        out_dir, _ = checker.run("lcc", graph)
        got = support.read_vertex_values(f"{out_dir}/lcc.tsv", graph, float)
        bad = [v for v in range(graph.n) if abs(got[v] - expected[v]) > 1e-6]
        checker.expect(not bad, f"{name}: lcc differs at {len(bad)} vertices, first {bad[:1]}")
        print(f"{name}: {total} triangles, {'LDBC' if graph.directed else 'networkx'} lcc checked")


if __name__ == "__main__":
    sys.exit(support.main(check))
