#!/usr/bin/env python3
"""What a 1D and a 2D partition of a graph's SpMV move and balance, per process.

The model behind decision 034's choice of partition, evaluated on a real
graph rather than assumed. One PageRank iteration is y = A^T x over the
in-rows; for P processes:

- 1D (graphrun's): P blocks of in-rows, each balanced by entries plus rows
  (distributed::balanced_blocks). A process computes its block of y and must
  then hold every other block: "dense" counts the whole vector's other
  blocks (the allgather graphrun runs), "sparse" only the x entries its
  in-rows read outside its block.
- 2D (CombBLAS, Graph500): a pr x pc grid (pr * pc = P, pr <= pc, as
  square as P allows); process (i, j) holds the entries of row block i and
  column block j, the row and column blocks balanced as the 1D ones are.
  It receives column block j's x from the other pr - 1 processes of its
  grid column (expand) and adds its partial y into row block i with the
  other pc - 1 of its grid row (fold): "dense" counts whole pieces,
  "sparse" the x entries its entries read and the rows they write.

Words are vector entries (4 bytes each) received by the busiest process per
iteration; "entries" is the largest share of the matrix's entries over the
mean share (the SpMV's load balance). Run with Debian's python3 and the
package built (scripts/install-python.sh, or PYTHONPATH=build/python):

    python3 bench/partition_volumes.py G.grb [G2.grb ...] [--processes 2,4,8,16]
"""
import argparse
import sys

import numpy as np

import graphrun


def in_rows(graph):
    """(offsets, indices) of the in-edges: row v lists v's sources."""
    indptr, indices, _ = graph.csr()
    if not graph.directed:
        return np.asarray(indptr, dtype=np.int64), np.asarray(indices)
    n = graph.num_vertices
    rows = np.repeat(np.arange(n, dtype=np.int32), np.diff(indptr))
    order = np.argsort(indices, kind="stable")
    offsets = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(np.bincount(indices, minlength=n), out=offsets[1:])
    return offsets, rows[order]


def balanced_starts(offsets, parts):
    """Block starts of equal cost, a row costing its entries plus one."""
    n = len(offsets) - 1
    cost = offsets + np.arange(n + 1, dtype=np.int64)
    targets = (np.arange(1, parts, dtype=np.float64) * cost[-1] / parts).astype(np.int64)
    return np.concatenate(([0], np.searchsorted(cost, targets, side="left"), [n])).astype(np.int64)


def grid(processes):
    rows = int(np.sqrt(processes))
    while processes % rows:
        rows -= 1
    return rows, processes // rows


def one_d(offsets, indices, processes):
    n = len(offsets) - 1
    starts = balanced_starts(offsets, processes)
    dense = sparse = 0
    shares = []
    for r in range(processes):
        lo, hi = offsets[starts[r]], offsets[starts[r + 1]]
        read = np.zeros(n, dtype=bool)
        read[indices[lo:hi]] = True
        read[starts[r]:starts[r + 1]] = False
        dense = max(dense, n - (starts[r + 1] - starts[r]))
        sparse = max(sparse, int(read.sum()))
        shares.append(hi - lo)
    return dense, sparse, max(shares) / (sum(shares) / processes)


def two_d(offsets, indices, processes):
    n = len(offsets) - 1
    pr, pc = grid(processes)
    row_starts, col_starts = balanced_starts(offsets, pr), balanced_starts(offsets, pc)
    row_of = np.repeat(np.arange(n, dtype=np.int32), np.diff(offsets))
    dense = sparse = 0
    shares = []
    for i in range(pr):
        lo, hi = offsets[row_starts[i]], offsets[row_starts[i + 1]]
        column_block = np.searchsorted(col_starts, indices[lo:hi], side="right") - 1
        for j in range(pc):
            mine = column_block == j
            cols, rows = indices[lo:hi][mine], row_of[lo:hi][mine]
            x_piece = col_starts[j + 1] - col_starts[j]
            y_piece = row_starts[i + 1] - row_starts[i]
            # Expand: column block j's x, of which this process owns 1/pr;
            # fold: the partial y of row block i, owned in 1/pc pieces.
            dense = max(dense, x_piece * (pr - 1) // pr + y_piece * (pc - 1) // pc)
            read = np.unique(cols).size
            written = np.unique(rows).size
            sparse = max(sparse, read * (pr - 1) // pr + written * (pc - 1) // pc)
            shares.append(int(mine.sum()))
    return dense, sparse, max(shares) / (sum(shares) / processes)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("graphs", nargs="+")
    parser.add_argument("--processes", default="2,4,8,16")
    args = parser.parse_args()
    counts = [int(p) for p in args.processes.split(",")]
    print(f"{'graph':16}{'P':>4}{'grid':>7}{'1D dense':>11}{'1D sparse':>11}{'2D dense':>11}{'2D sparse':>11}"
          f"{'1D entries':>12}{'2D entries':>12}")
    for path in args.graphs:
        graph = graphrun.load(path)
        offsets, indices = in_rows(graph)
        name = path.rsplit("/", 1)[-1]
        for p in counts:
            d1, s1, b1 = one_d(offsets, indices, p)
            d2, s2, b2 = two_d(offsets, indices, p)
            pr, pc = grid(p)
            print(f"{name:16}{p:>4}{f'{pr}x{pc}':>7}{d1:>11}{s1:>11}{d2:>11}{s2:>11}{b1:>12.2f}{b2:>12.2f}")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
