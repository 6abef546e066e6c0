#!/usr/bin/python3
"""GAP-style verifiers of graphrun's results on graphs too large for a
reference run (issue 54): each reads the graph's .grb snapshot by the format's
definition (scripts/grb-checksum.py), memory-mapped, in blocks of rows, and
a result written by `graphrun ALGORITHM ... --output RESULT.npy`.

  bfs SOURCE   (SOURCE: the file's id) level[source] = 0; along every edge
               u -> v with u reached, v is reached and level[v] <= level[u]
               + 1; every reached vertex but the source has an in-neighbour
               one level up.
  wcc          the two ends of every edge carry the same label.
  pagerank     one more PageRank step (damping 0.85, pagerank.cpp's
               formula) changes the ranks by an L1 distance below --tolerance,
               and the ranks sum to 1.

Vertices are in the snapshot's compact order, as the .npy rows are.

usage: verify-results.py GRAPH.grb bfs SOURCE RESULT.npy
       verify-results.py GRAPH.grb wcc RESULT.npy
       verify-results.py GRAPH.grb pagerank RESULT.npy [--tolerance T]
exit 0: verified, 1: a check failed (the first failures are printed).
"""
import argparse
import struct
import sys

import numpy as np

BLOCK_ENTRIES = 1 << 26
FLAG_DIRECTED = 1


def padded(size):
    return (size + 7) // 8 * 8


class Snapshot:
    """The out-CSR of a .grb (format version 4), memory-mapped."""

    def __init__(self, path):
        with open(path, "rb") as f:
            header = f.read(128)
        if header[:8] != b"\x89GRB\r\n\x1a\n":
            sys.exit(f"{path}: not a .grb snapshot")
        version, = struct.unpack_from("<I", header, 8)
        if version != 4:
            sys.exit(f"{path}: format version {version}, this script knows version 4")
        self.n, self.m, _ = struct.unpack_from("<QQQ", header, 24)
        flags, = struct.unpack_from("<Q", header, 56)
        self.directed = bool(flags & FLAG_DIRECTED)
        self.offsets = np.memmap(path, np.int64, "r", 128, (self.n + 1,))
        self.indices = np.memmap(path, np.int32, "r", 128 + padded(8 * (self.n + 1)), (self.m,))

    def blocks(self):
        """(rows of each entry, columns) over row blocks of about BLOCK_ENTRIES entries."""
        row = 0
        while row < self.n:
            start = int(self.offsets[row])
            end_row = int(np.searchsorted(self.offsets, start + BLOCK_ENTRIES, side="right")) - 1
            end_row = min(max(end_row, row + 1), self.n)
            begin, end = start, int(self.offsets[end_row])
            degrees = np.diff(np.asarray(self.offsets[row:end_row + 1]))
            rows = np.repeat(np.arange(row, end_row, dtype=np.int64), degrees)
            yield rows, np.asarray(self.indices[begin:end], dtype=np.int64)
            row = end_row


def column(result, name):
    records = np.load(result, mmap_mode="r")
    fields = [f for f in records.dtype.names if f != "id"]
    if name not in fields:
        sys.exit(f"{result}: no '{name}' column (columns: {', '.join(fields)})")
    return np.asarray(records[name])


def compact_vertex(result, file_id):
    """The row (compact vertex) of the vertex the file names file_id."""
    rows = np.flatnonzero(np.asarray(np.load(result, mmap_mode="r")["id"]) == file_id)
    if len(rows) != 1:
        sys.exit(f"{result}: no vertex with id {file_id}")
    return int(rows[0])


def failures(label, mask, rows, columns):
    if not mask.any():
        return 0
    where = np.flatnonzero(mask)[:5]
    for k in where:
        print(f"  {label}: edge {rows[k]} -> {columns[k]}")
    return int(mask.sum())


def verify_bfs(graph, source, level):
    unreached = -1
    bad = 0
    if level[source] != 0:
        print(f"  level[source] = {level[source]}, not 0")
        bad += 1
    supported = np.zeros(graph.n, dtype=bool)
    supported[source] = True
    for rows, columns in graph.blocks():
        lu, lv = level[rows], level[columns]
        reached = lu != unreached
        bad += failures("reached vertex, unreached neighbour", reached & (lv == unreached), rows, columns)
        bad += failures("neighbour more than one level down", reached & (lv != unreached) & (lv > lu + 1), rows,
                        columns)
        supported[columns[reached & (lv == lu + 1)]] = True
    orphans = (level != unreached) & ~supported
    if orphans.any():
        print(f"  {int(orphans.sum())} reached vertices have no in-neighbour one level up, e.g. "
              f"{np.flatnonzero(orphans)[:5].tolist()}")
        bad += int(orphans.sum())
    reached = int((level != unreached).sum())
    print(f"bfs from vertex {source} (compact): {reached} of {graph.n} reached, depth {int(level.max())}")
    return bad


def verify_wcc(graph, label):
    bad = 0
    for rows, columns in graph.blocks():
        bad += failures("labels differ", label[rows] != label[columns], rows, columns)
    print(f"wcc: {len(np.unique(label))} components")
    return bad


def verify_pagerank(graph, rank, tolerance, damping=0.85):
    rank = rank.astype(np.float64)
    outdeg = np.diff(np.asarray(graph.offsets)).astype(np.float64)
    share = np.divide(rank, outdeg, out=np.zeros_like(rank), where=outdeg > 0)
    dangling = rank[outdeg == 0].sum()
    y = np.zeros(graph.n, dtype=np.float64)
    for rows, columns in graph.blocks():  # y = A^T x: entry u -> v adds x[u] to y[v]
        y += np.bincount(columns, weights=share[rows], minlength=graph.n)
    step = damping * y + ((1.0 - damping) + damping * dangling) / graph.n
    residual = float(np.abs(step - rank).sum())
    total = float(rank.sum())
    print(f"pagerank: L1 change of one more step {residual:.3e} (tolerance {tolerance:g}); ranks sum to {total:.9f}")
    return int(residual > tolerance) + int(abs(total - 1.0) > 1e-4)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("graph")
    parser.add_argument("algorithm", choices=["bfs", "wcc", "pagerank"])
    parser.add_argument("args", nargs="+", help="bfs: SOURCE RESULT.npy; wcc, pagerank: RESULT.npy")
    parser.add_argument("--tolerance", type=float, default=1e-4)
    options = parser.parse_args()
    graph = Snapshot(options.graph)
    print(f"{options.graph}: {graph.n} vertices, {graph.m} stored entries, "
          f"{'directed' if graph.directed else 'undirected'}")
    if options.algorithm == "bfs":
        result = options.args[1]
        bad = verify_bfs(graph, compact_vertex(result, int(options.args[0])), column(result, "level"))
    elif options.algorithm == "wcc":
        bad = verify_wcc(graph, column(options.args[0], "component"))
    else:
        bad = verify_pagerank(graph, column(options.args[0], "rank"), options.tolerance)
    print("verified" if bad == 0 else f"FAILED: {bad} violations")
    return 0 if bad == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
