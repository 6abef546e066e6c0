"""Aggregation oracle: graphrun's sum / mean / gcn aggregation against scipy
sparse products in double precision.

  sum:  H' = A^T H            (weighted: A holds the edge weights)
  mean: H' = D_in^-1 A^T H    (rows without in-edges stay 0)
  gcn:  H' = D^-1/2 (A^T + I) D^-1/2 H,  D = in-degree + 1
Float rounding scales with the terms summed, not with the (possibly
cancelling) result, so each entry must lie within 1e-5 of the same product
taken over absolute values (plus 1e-6).
"""
import os
import sys

import oracle_support as support  # first: exits with the skip code when modules are missing
import numpy as np
import scipy.sparse


# (file, also weighted)
CASES = [("karate.mtx", False), ("polblogs.mtx", False), ("west0067.mtx", True), ("celegansneural.mtx", True),
         ("netscience.mtx", True), ("power.mtx", False), ("email-Enron.mtx", False)]
WIDTH = 8


def operator(graph, norm, weighted):
    """The n x n matrix M with H' = M H."""
    transposed = graph.adjacency(weighted).T.tocsr()
    in_degree = np.asarray(graph.adjacency(False).sum(axis=0)).ravel()
    if norm == "sum":
        return transposed
    if norm == "mean":
        inverse = np.divide(1.0, in_degree, out=np.zeros_like(in_degree), where=in_degree > 0)
        return scipy.sparse.diags(inverse) @ transposed
    scale = scipy.sparse.diags(1.0 / np.sqrt(in_degree + 1.0))
    return scale @ (transposed + scipy.sparse.identity(graph.n)) @ scale


def check(checker):
    generator = np.random.default_rng(11)
    for name, also_weighted in CASES:
        graph = checker.graph(name)
        features = generator.standard_normal((graph.n, WIDTH)).astype(np.float32)
        features_path = os.path.join(checker.scratch.name, f"{name}.features.npy")
        np.save(features_path, features)
        runs = [("sum", False), ("mean", False), ("gcn", False)] + ([("sum", True)] if also_weighted else [])
        for norm, weighted in runs:
            what = f"{name} {norm} weighted={weighted}"
            out_dir, _ = checker.run("aggregate", graph, features=features_path, norm=norm, weighted=int(weighted))
            result = np.load(os.path.join(out_dir, "aggregate.npy"))
            matrix = operator(graph, norm, weighted)
            expected = matrix @ features.astype(np.float64)
            magnitude = abs(matrix) @ np.abs(features.astype(np.float64))
            error = np.abs(result.astype(np.float64) - expected)
            ok = result.shape == expected.shape and bool((error <= 1e-5 * magnitude + 1e-6).all())
            checker.expect(ok, f"{what}: max error {error.max():.3e}")
            print(f"{what}: max error {error.max():.2e}")


if __name__ == "__main__":
    sys.exit(support.main(check))
