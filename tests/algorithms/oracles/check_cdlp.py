"""CDLP oracle: an independent Python implementation of the LDBC Graphalytics
rules, compared exactly.

LDBC CDLP: L_0(v) = v (original ids); each synchronous round v takes the most
frequent label among its neighbours, the smallest on a tie, and keeps its label
without neighbours. Directed graphs: in- and out-neighbours, a vertex linked
both ways counted twice. Undirected graphs: each edge once per endpoint.
"""
import collections
import sys

import oracle_support as support

# (file, rounds)
CASES = [("karate.mtx", 10), ("dolphins.mtx", 10), ("polblogs.mtx", 10), ("west0067.mtx", 10),
         ("celegansneural.mtx", 10), ("netscience.mtx", 10), ("power.mtx", 10), ("email-Enron.mtx", 10),
         ("ldbc-directed-example.mtx", 5), ("ldbc-cdlp-undirected-example.mtx", 5)]


def neighbour_lists(graph):
    neighbours = [[] for _ in range(graph.n)]
    for (u, v) in graph.edges:  # undirected graphs hold both (u, v) and (v, u)
        neighbours[u].append(v)
        if graph.directed:
            neighbours[v].append(u)
    return neighbours


def ldbc_cdlp(graph, rounds):
    neighbours = neighbour_lists(graph)
    label = [v + 1 for v in range(graph.n)]
    for _ in range(rounds):
        next_label = list(label)
        for v in range(graph.n):
            if neighbours[v]:
                counts = collections.Counter(label[u] for u in neighbours[v])
                best = max(counts.values())
                next_label[v] = min(candidate for candidate, count in counts.items() if count == best)
        label = next_label
    return label


def check(checker):
    for name, rounds in CASES:
        graph = checker.graph(name)
        out_dir, summary = checker.run("cdlp", graph, iterations=rounds)
        label = support.read_vertex_values(f"{out_dir}/label.tsv", graph, int)
        expected = ldbc_cdlp(graph, rounds)
        wrong = sum(a != b for a, b in zip(label, expected))
        checker.expect(wrong == 0, f"{name}: {wrong} labels differ after {rounds} rounds")
        previous = ldbc_cdlp(graph, rounds - 1)
        changes = sum(a != b for a, b in zip(previous, expected))
        checker.expect(int(summary["last_changes"]) == changes,
                       f"{name}: last_changes {summary['last_changes']} != {changes}")
        print(f"{name}: {len(set(expected))} labels after {rounds} rounds, {changes} changed last")
    # Stop-when-stable: the first round that changes nothing ends the run.
    graph = checker.graph("karate.mtx")
    out_dir, summary = checker.run("cdlp", graph, iterations=100, stable=1)
    rounds = int(summary["iterations"])
    checker.expect(rounds < 100 and ldbc_cdlp(graph, rounds) == ldbc_cdlp(graph, rounds - 1)
                   and ldbc_cdlp(graph, rounds - 1) != ldbc_cdlp(graph, rounds - 2),
                   f"karate stable: stopped after {rounds} rounds")


if __name__ == "__main__":
    sys.exit(support.main(check))
