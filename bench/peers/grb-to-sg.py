#!/usr/bin/python3
"""Writes an undirected pattern .grb snapshot as GAP's serialized graph (.sg),
so that GAP's kernels (github.com/sbeamer/gapbs) run on the very graph
graphrun ran on, without a text round trip:

  grb-to-sg.py GRAPH.grb OUT.sg

GAP's .sg (its writer.h, WriteSerializedGraph): bool directed, int64 stored
entries, int64 vertices, then (n + 1) int64 offsets and the int32 neighbours
of the out-CSR; an undirected graph stores nothing more. The .grb's out-CSR
is copied as it is (self-loops included: GAP's own builder drops them, which
changes no BFS level and no component). Directed graphs and weighted
snapshots are refused: their .sg needs the in-CSR or int32 weights.
"""
import struct
import sys

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


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    grb, sg = sys.argv[1:]
    with open(grb, "rb") as source:
        header = source.read(128)
        if header[:8] != b"\x89GRB\r\n\x1a\n" or struct.unpack_from("<I", header, 8)[0] != 4:
            sys.exit(f"{grb}: not a version-4 .grb snapshot")
        n, m, _ = struct.unpack_from("<QQQ", header, 24)
        flags, = struct.unpack_from("<Q", header, 56)
        if flags & FLAG_DIRECTED or not flags & FLAG_PATTERN:
            sys.exit(f"{grb}: only undirected pattern graphs convert (GAP's .sg of others needs more sections)")
        offsets_bytes = 8 * (n + 1)
        with open(sg, "wb") as target:
            target.write(struct.pack("<?qq", False, m, n))
            copy(source, target, 128, offsets_bytes)
            copy(source, target, 128 + (offsets_bytes + 7) // 8 * 8, 4 * m)
    print(f"wrote {sg}: {n} vertices, {m} stored entries")


if __name__ == "__main__":
    main()
