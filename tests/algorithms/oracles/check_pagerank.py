"""PageRank oracle: graphrun's PageRank against networkx.pagerank.

networkx implements the same definition (uniform teleport, dangling rank
spread like the teleport / personalization vector, weights normalised by the
out-weight sum). It runs in double precision to tol 1e-13; graphrun runs in
float for a fixed 120 iterations (0.85^120 ~ 3e-9). Tolerances: every rank
within 1e-6 absolute (relative 1e-5 for ranks above 0.1) and the L1 distance of
the whole vector below 1e-5 (float rounding measured here: L1 ~1e-7 to 1e-6).
"""
import sys

import oracle_support as support  # first: exits with the skip code when modules are missing
import networkx as nx
import numpy as np


# (file, weighted runs as well, personalization in original ids or None)
CASES = [
    ("karate.mtx", False, None),
    ("karate.mtx", False, [1, 34]),
    ("dolphins.mtx", False, None),
    ("polblogs.mtx", False, None),           # directed, dangling vertices, self-loops, duplicates
    ("polblogs.mtx", False, [1, 50, 100]),
    ("west0067.mtx", False, None),           # directed; weights negative, so unweighted only
    ("celegansneural.mtx", True, None),      # directed, weighted, duplicates
    ("netscience.mtx", True, None),          # undirected, weighted, many components
    ("power.mtx", False, None),
    ("email-Enron.mtx", False, None),
    ("ldbc-directed-example.mtx", True, None),
]


def check(checker):
    for name, also_weighted, personalization in CASES:
        graph = checker.graph(name)
        for weighted in [False, True] if also_weighted else [False]:
            options = {"iterations": 120, "fixed": 1, "weighted": int(weighted)}
            nx_personalization = None
            if personalization:
                options["personalization"] = ",".join(str(v) for v in personalization)
                nx_personalization = {v - 1: 1.0 for v in personalization}
            out_dir, summary = checker.run("pagerank", graph, **options)
            rank = np.array(support.read_vertex_values(f"{out_dir}/rank.tsv", graph))
            expected_map = nx.pagerank(graph.networkx(weighted), alpha=0.85, max_iter=10000, tol=1e-13,
                                       weight="weight" if weighted else None,
                                       personalization=nx_personalization)
            expected = np.array([expected_map[v] for v in range(graph.n)])
            error = np.abs(rank - expected)
            allowed = np.maximum(1e-6, 1e-5 * expected)
            what = f"{name} weighted={weighted} personalization={personalization}"
            print(f"{what}: max error {error.max():.2e}, L1 {error.sum():.2e}, iterations {summary['iterations']}")
            checker.expect(bool((error <= allowed).all()), f"{what}: max abs error {error.max():.3e}")
            checker.expect(error.sum() <= 1e-5, f"{what}: L1 error {error.sum():.3e}")
            checker.expect(summary["iterations"] == "120", f"{what}: ran {summary['iterations']} iterations")
    # Tolerance mode on one graph: stops early, still close to the fixed point.
    graph = checker.graph("polblogs.mtx")
    out_dir, summary = checker.run("pagerank", graph, tolerance=1e-6, iterations=1000)
    rank = np.array(support.read_vertex_values(f"{out_dir}/rank.tsv", graph))
    expected_map = nx.pagerank(graph.networkx(), alpha=0.85, max_iter=10000, tol=1e-13, weight=None)
    error = np.abs(rank - np.array([expected_map[v] for v in range(graph.n)]))
    checker.expect(summary["converged"] == "1" and int(summary["iterations"]) < 1000,
                   f"polblogs tolerance mode: {summary}")
    checker.expect(error.sum() <= 2e-5, f"polblogs tolerance mode: L1 error {error.sum():.3e}")


if __name__ == "__main__":
    sys.exit(support.main(check))
