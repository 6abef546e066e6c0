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
  sssp SOURCE  (SOURCE: the file's id) distance[source] = 0; along every edge
               u -> v of weight w (1 in a pattern graph) with u reached,
               distance[v] <= distance[u] + w summed in float32, as graphrun
               sums; every reached vertex but the source has an in-edge on
               which that holds with equality (a tight edge).

Vertices are in the snapshot's compact order, as the .npy rows are. Blocks
of rows are checked in parallel worker processes.

usage: verify-results.py GRAPH.grb bfs SOURCE RESULT.npy
       verify-results.py GRAPH.grb sssp SOURCE RESULT.npy
       verify-results.py GRAPH.grb wcc RESULT.npy
       verify-results.py GRAPH.grb pagerank RESULT.npy [--tolerance T]
exit 0: verified, 1: a check failed (the first failures are printed).
"""
import argparse
import multiprocessing
import os
import struct
import sys

import numpy as np

# Entries per block of rows, the unit of work of one worker process
# (environment GRAPHRUN_VERIFY_BLOCK_ENTRIES: smaller, for tests of the
# parallel path on small graphs).
BLOCK_ENTRIES = int(os.environ.get("GRAPHRUN_VERIFY_BLOCK_ENTRIES", 1 << 26))
FLAG_DIRECTED, FLAG_PATTERN = 1, 2


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
        indices_at = 128 + padded(8 * (self.n + 1))
        self.indices = np.memmap(path, np.int32, "r", indices_at, (self.m,))
        self.values = None if flags & FLAG_PATTERN or self.m == 0 else \
            np.memmap(path, np.float32, "r", indices_at + padded(4 * self.m), (self.m,))

    def row_ranges(self):
        """[first, last) row ranges of about BLOCK_ENTRIES entries each."""
        ranges, row = [], 0
        while row < self.n:
            start = int(self.offsets[row])
            end_row = int(np.searchsorted(self.offsets, start + BLOCK_ENTRIES, side="right")) - 1
            end_row = min(max(end_row, row + 1), self.n)
            ranges.append((row, end_row))
            row = end_row
        return ranges

    def block(self, first, last):
        """(row of each entry, column) of rows [first, last)."""
        begin, end = int(self.offsets[first]), int(self.offsets[last])
        degrees = np.diff(np.asarray(self.offsets[first:last + 1]))
        rows = np.repeat(np.arange(first, last, dtype=np.int64), degrees)
        return rows, np.asarray(self.indices[begin:end], dtype=np.int64)

    def block_weights(self, first, last):
        """The weights of rows [first, last), in block()'s order (1 in a pattern graph)."""
        begin, end = int(self.offsets[first]), int(self.offsets[last])
        if self.values is None:
            return np.ones(end - begin, dtype=np.float32)
        return np.asarray(self.values[begin:end])

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


# The graph and the result under check, shared with the worker processes
# (fork): each task reads one block of rows and returns small results.
SHARED = {}


def over_blocks(task):
    """task(first, last) over every row block, in parallel processes where
    the platform forks; results in block order."""
    ranges = SHARED["graph"].row_ranges()
    if len(ranges) > 1 and "fork" in multiprocessing.get_all_start_methods():
        with multiprocessing.get_context("fork").Pool(min(len(ranges), os.cpu_count() or 1)) as pool:
            return pool.starmap(task, ranges)
    return [task(first, last) for first, last in ranges]


def failures(label, mask, rows, columns):
    """(count, messages) of the edges where mask holds."""
    where = np.flatnonzero(mask)[:5]
    return int(mask.sum()), [f"  {label}: edge {rows[k]} -> {columns[k]}" for k in where]


def bfs_block(first, last):
    graph, level = SHARED["graph"], SHARED["values"]
    unreached = -1
    rows, columns = graph.block(first, last)
    lu, lv = level[rows], level[columns]
    reached = lu != unreached
    counts = [failures("reached vertex, unreached neighbour", reached & (lv == unreached), rows, columns),
              failures("neighbour more than one level down", reached & (lv != unreached) & (lv > lu + 1), rows,
                       columns)]
    parent_edge = reached & (lv == lu + 1)
    if graph.directed:  # in-neighbours are other rows' entries: the supported heads themselves
        return counts, np.unique(columns[parent_edge])
    # Undirected: v's in-neighbours are its row; v is supported when one sits a level up.
    up = (lv != unreached) & (lv == lu - 1)
    return counts, np.arange(first, last)[np.bincount(rows[up] - first, minlength=last - first) > 0]


def verify_search(graph, source, values, task, reached, missing):
    """What BFS and SSSP share: values[source] is 0, each block's edge checks
    hold (task returns its counts and the vertices it finds supported), and
    every reached vertex but the source is supported."""
    bad = 0
    if values[source] != 0:
        print(f"  the source's value is {values[source]}, not 0")
        bad += 1
    SHARED.update(graph=graph, values=values)
    supported = np.zeros(graph.n, dtype=bool)
    supported[source] = True
    for counts, heads in over_blocks(task):
        bad += report(counts)
        supported[heads] = True
    orphans = reached & ~supported
    if orphans.any():
        print(f"  {int(orphans.sum())} reached vertices have {missing}, e.g. {np.flatnonzero(orphans)[:5].tolist()}")
        bad += int(orphans.sum())
    return bad


def verify_bfs(graph, source, level):
    reached = level != -1
    bad = verify_search(graph, source, level, bfs_block, reached, "no in-neighbour one level up")
    print(f"bfs from vertex {source} (compact): {int(reached.sum())} of {graph.n} reached, depth {int(level.max())}")
    return bad


def sssp_block(first, last):
    graph, distance = SHARED["graph"], SHARED["values"]
    rows, columns = graph.block(first, last)
    weights = graph.block_weights(first, last)
    du, dv = distance[rows], distance[columns]
    reached = np.isfinite(du)
    bound = du + weights  # float32 + float32: rounded as graphrun's relaxation rounds
    counts = [failures("negative weight", weights < 0, rows, columns),
              failures("neighbour farther than the edge allows", reached & ~(dv <= bound), rows, columns)]
    return counts, np.unique(columns[reached & (dv == bound)])


def verify_sssp(graph, source, distance):
    distance = distance.astype(np.float32)
    reached = np.isfinite(distance)
    bad = verify_search(graph, source, distance, sssp_block, reached, "no tight in-edge")
    print(f"sssp from vertex {source} (compact): {int(reached.sum())} of {graph.n} reached, "
          f"farthest {float(distance[reached].max()):.9g}")
    return bad


def report(counts):
    bad = 0
    for count, messages in counts:
        bad += count
        for message in messages:
            print(message)
    return bad


def wcc_block(first, last):
    label = SHARED["values"]
    rows, columns = SHARED["graph"].block(first, last)
    return [failures("labels differ", label[rows] != label[columns], rows, columns)]


def verify_wcc(graph, label):
    SHARED.update(graph=graph, values=label)
    bad = sum(report(counts) for counts in over_blocks(wcc_block))
    print(f"wcc: {len(np.unique(label))} components")
    return bad


def pull_block(first, last):
    """y over rows [first, last) of an undirected graph: y[v] = sum of share over v's row."""
    graph, share = SHARED["graph"], SHARED["values"]
    rows, columns = graph.block(first, last)
    return np.bincount(rows - first, weights=share[columns], minlength=last - first)


def verify_pagerank(graph, rank, tolerance, damping=0.85):
    rank = rank.astype(np.float64)
    outdeg = np.diff(np.asarray(graph.offsets)).astype(np.float64)
    share = np.divide(rank, outdeg, out=np.zeros_like(rank), where=outdeg > 0)
    dangling = rank[outdeg == 0].sum()
    if graph.directed:  # y = A^T x: entry u -> v adds x[u] to y[v]
        y = np.zeros(graph.n, dtype=np.float64)
        for rows, columns in graph.blocks():
            y += np.bincount(columns, weights=share[rows], minlength=graph.n)
    else:  # A is symmetric: y = A x, row by row, in parallel
        SHARED.update(graph=graph, values=share)
        y = np.concatenate([np.zeros(0)] + over_blocks(pull_block))
    step = damping * y + ((1.0 - damping) + damping * dangling) / graph.n
    residual = float(np.abs(step - rank).sum())
    total = float(rank.sum())
    print(f"pagerank: L1 change of one more step {residual:.3e} (tolerance {tolerance:g}); ranks sum to {total:.9f}")
    return int(residual > tolerance) + int(abs(total - 1.0) > 1e-4)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("graph")
    parser.add_argument("algorithm", choices=["bfs", "sssp", "wcc", "pagerank"])
    parser.add_argument("args", nargs="+", help="bfs, sssp: SOURCE RESULT.npy; wcc, pagerank: RESULT.npy")
    parser.add_argument("--tolerance", type=float, default=1e-4)
    options = parser.parse_args()
    graph = Snapshot(options.graph)
    print(f"{options.graph}: {graph.n} vertices, {graph.m} stored entries, "
          f"{'directed' if graph.directed else 'undirected'}")
    if options.algorithm == "bfs":
        result = options.args[1]
        bad = verify_bfs(graph, compact_vertex(result, int(options.args[0])), column(result, "level"))
    elif options.algorithm == "sssp":
        result = options.args[1]
        bad = verify_sssp(graph, compact_vertex(result, int(options.args[0])), column(result, "distance"))
    elif options.algorithm == "wcc":
        bad = verify_wcc(graph, column(options.args[0], "component"))
    else:
        bad = verify_pagerank(graph, column(options.args[0], "rank"), options.tolerance)
    print("verified" if bad == 0 else f"FAILED: {bad} violations")
    return 0 if bad == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
