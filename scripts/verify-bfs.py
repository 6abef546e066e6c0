#!/usr/bin/python3
"""GAP-style check of a BFS result on a .grb snapshot, for graphs too large
for an oracle: every edge's endpoints are both reached or both not, their
levels differ by at most 1 (undirected graphs; directed: the head at most
one level below the tail), and every reached vertex but the source has an
in-neighbour one level up. Reads the CSR through numpy memmaps, a slab of
rows at a time, so memory stays near the level array's.

usage: verify-bfs.py GRAPH.grb LEVELS.tsv SOURCE_ID
  LEVELS.tsv: `graphrun bfs GRAPH.grb --source SOURCE_ID --output LEVELS.tsv`
  (id, level; -1 unreached). Exit 0: consistent; 1: not, with counts.
"""
import struct
import sys

import numpy as np

grb, levels_tsv, source_id = sys.argv[1], sys.argv[2], int(sys.argv[3])
head = open(grb, "rb").read(128)
if head[:8] != b"\x89GRB\r\n\x1a\n" or struct.unpack_from("<I", head, 8)[0] != 4:
    sys.exit(f"{grb}: not a version 4 .grb snapshot")
n, m, k = struct.unpack_from("<QQQ", head, 24)
base, flags = struct.unpack_from("<qQ", head, 48)
if k != 0:
    sys.exit(f"{grb}: an id map (sparse ids or names): this check reads ids as base + position")
directed = bool(flags & 1)
offsets = np.memmap(grb, dtype=np.int64, mode="r", offset=128, shape=(n + 1,))
indices = np.memmap(grb, dtype=np.int32, mode="r", offset=128 + 8 * (n + 1), shape=(m,))

level = np.full(n, -1, dtype=np.int64)
table = np.loadtxt(levels_tsv, dtype=np.int64, delimiter="\t", ndmin=2)
level[table[:, 0] - base] = table[:, 1]
source = source_id - base

has_parent = np.zeros(n, dtype=bool)
bad = 0
slab = 1 << 22
for first in range(0, n, slab):
    last = min(n, first + slab)
    rows = np.repeat(np.arange(first, last, dtype=np.int64), np.diff(offsets[first:last + 1]))
    columns = np.asarray(indices[offsets[first]:offsets[last]])
    tail, head_level = level[rows], level[columns]
    reached_tail, reached_head = tail >= 0, head_level >= 0
    if directed:  # a reached tail reaches its head, at most one level down
        bad += int(np.count_nonzero(reached_tail & ~reached_head))
        bad += int(np.count_nonzero(reached_tail & (head_level > tail + 1)))
    else:
        bad += int(np.count_nonzero(reached_tail != reached_head))
        bad += int(np.count_nonzero(reached_tail & reached_head & (np.abs(tail - head_level) > 1)))
    up = reached_tail & (head_level == tail + 1)  # the tail is a parent candidate of the head
    has_parent[columns[up]] = True

reached = level >= 0
orphans = int(np.count_nonzero(reached & ~has_parent)) - int(reached[source] and not has_parent[source])
ok = bad == 0 and orphans == 0 and level[source] == 0
print(f"{grb}: n {n}, entries {m}, reached {int(reached.sum())}, depth {int(level.max())}, "
      f"inconsistent edges {bad}, reached vertices without a parent {orphans}: {'ok' if ok else 'FAIL'}")
sys.exit(0 if ok else 1)
