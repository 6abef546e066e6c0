"""WCC oracle: the partition must equal networkx's (weakly) connected
components exactly, each vertex labelled with its component's smallest id."""
import sys

import oracle_support as support  # first: exits with the skip code when modules are missing
import networkx as nx


GRAPHS = ["karate.mtx", "dolphins.mtx", "polblogs.mtx", "west0067.mtx", "celegansneural.mtx",
          "netscience.mtx", "power.mtx", "email-Enron.mtx", "hep-th.mtx", "as-22july06.mtx",
          "ldbc-directed-example.mtx", "ldbc-undirected-example.mtx"]


def check(checker):
    for name in GRAPHS:
        graph = checker.graph(name)
        nx_graph = graph.networkx()
        parts = nx.weakly_connected_components(nx_graph) if graph.directed else nx.connected_components(nx_graph)
        expected = [None] * graph.n
        count = 0
        for part in parts:
            count += 1
            smallest = min(part) + 1  # original ids
            for v in part:
                expected[v] = smallest
        out_dir, summary = checker.run("wcc", graph)
        component = support.read_vertex_values(f"{out_dir}/component.tsv", graph, int)
        checker.expect(component == expected, f"{name}: components differ")
        checker.expect(int(summary["num_components"]) == count,
                       f"{name}: {summary['num_components']} components, networkx {count}")
        print(f"{name}: {count} components, {summary['iterations']} link passes")


if __name__ == "__main__":
    sys.exit(support.main(check))
