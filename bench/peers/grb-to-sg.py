#!/usr/bin/python3
"""Writes an undirected .grb snapshot as GAP's serialized graph, so that
GAP's kernels (github.com/sbeamer/gapbs) run on the very graph graphrun ran
on, without a text round trip:

  grb-to-sg.py GRAPH.grb OUT.sg     a pattern graph, for bfs, pr, cc, tc, bc
  grb-to-sg.py GRAPH.grb OUT.wsg    weighted, for sssp: a pattern graph's
                                    weights are 1 (as graphrun reads it); a
                                    weighted one's must be whole numbers in
                                    0..2^31-1 (GAP's weights are int32)

GAP's .sg (its writer.h, WriteSerializedGraph): bool directed, int64 stored
entries, int64 vertices, then (n + 1) int64 offsets and the out-CSR's
neighbours: int32 ids (.sg) or {int32 id, int32 weight} pairs (.wsg); an
undirected graph stores nothing more. The .grb's out-CSR is copied as it is
(self-loops included: GAP's own builder drops them, which changes no BFS
level, component or distance). Directed graphs are refused: their .sg needs
the in-CSR.
"""
import struct
import sys

import numpy as np

CHUNK = 1 << 28
FLAG_DIRECTED, FLAG_PATTERN = 1, 2


def copy(source, target, offset, size):
    source.seek(offset)
    while size > 0:
        data = source.read(min(CHUNK, size))
        if not data:
            sys.exit("unexpected end of the snapshot")
        target.write(data)
        size -= len(data)


def write_weighted(source, target, n, m, pattern):
    """The .wsg's neighbours: (id, weight) int32 pairs, CHUNK bytes of ids at a time."""
    indices_at = 128 + (8 * (n + 1) + 7) // 8 * 8
    values_at = indices_at + (4 * m + 7) // 8 * 8
    step = CHUNK // 4
    for first in range(0, m, step):
        count = min(step, m - first)
        pairs = np.empty((count, 2), dtype=np.int32)
        source.seek(indices_at + 4 * first)
        pairs[:, 0] = np.frombuffer(source.read(4 * count), dtype=np.int32)
        if pattern:
            pairs[:, 1] = 1
        else:
            source.seek(values_at + 4 * first)
            weights = np.frombuffer(source.read(4 * count), dtype=np.float32)
            whole = (weights >= 0) & (weights <= 2**31 - 1) & (weights == np.floor(weights))
            if not whole.all():
                bad = first + int(np.flatnonzero(~whole)[0])
                sys.exit(f"entry {bad} has weight {weights[bad - first]!r}: GAP's .wsg holds whole int32 weights")
            pairs[:, 1] = weights.astype(np.int32)
        target.write(pairs.tobytes())


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    grb, sg = sys.argv[1:]
    weighted = sg.endswith(".wsg")
    with open(grb, "rb") as source:
        header = source.read(128)
        if header[:8] != b"\x89GRB\r\n\x1a\n" or struct.unpack_from("<I", header, 8)[0] != 4:
            sys.exit(f"{grb}: not a version-4 .grb snapshot")
        n, m, _ = struct.unpack_from("<QQQ", header, 24)
        flags, = struct.unpack_from("<Q", header, 56)
        pattern = bool(flags & FLAG_PATTERN)
        if flags & FLAG_DIRECTED:
            sys.exit(f"{grb}: only undirected graphs convert (GAP's .sg of a directed one needs the in-CSR)")
        if not weighted and not pattern:
            sys.exit(f"{grb}: a weighted graph converts to a .wsg, not a .sg")
        offsets_bytes = 8 * (n + 1)
        with open(sg, "wb") as target:
            target.write(struct.pack("<?qq", False, m, n))
            copy(source, target, 128, offsets_bytes)
            if weighted:
                write_weighted(source, target, n, m, pattern)
            else:
                copy(source, target, 128 + (offsets_bytes + 7) // 8 * 8, 4 * m)
    print(f"wrote {sg}: {n} vertices, {m} stored entries" + (" with int32 weights" if weighted else ""))


if __name__ == "__main__":
    main()
