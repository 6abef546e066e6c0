#!/usr/bin/python3
"""Recomputes a .grb snapshot's two checksums from the format's definition,
independently of graphrun (python3-xxhash), and compares them with the
header's. Format version 4 (io/src/snapshot_format.hpp, snapshot_checksum.hpp):

  header checksum  = XXH3-64 of header bytes 0..119, stored at byte 120
  payload checksum = XXH3-64 of the 8-byte digests, XXH3-64 each, of every
                     section cut into 1 MiB chunks (unpadded, file order),
                     stored at byte 112

usage: grb-checksum.py FILE.grb ...     exit 0: all match, 1: a mismatch
"""
import struct
import sys

import xxhash

CHUNK = 1 << 20
PATTERN, NAMED = 2, 4


def padded(size):
    return (size + 7) // 8 * 8


def check(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89GRB\r\n\x1a\n":
        return "not a .grb snapshot"
    version, order = struct.unpack_from("<II", data, 8)
    if order != 0x01020304:
        return "written on a big-endian machine: not handled here"
    if version != 4:
        return f"format version {version}, this script knows version 4"
    n, m, k = struct.unpack_from("<QQQ", data, 24)
    flags, = struct.unpack_from("<Q", data, 56)
    payload_bytes, payload_hash, header_hash = struct.unpack_from("<QQQ", data, 104)
    if xxhash.xxh3_64_intdigest(data[:120]) != header_hash:
        return "header checksum mismatch"
    sizes = [8 * (n + 1), 4 * m, 0 if flags & PATTERN else 4 * m, 8 * k]
    if flags & NAMED and k:  # the names' bytes: as long as the last name end says
        ends_at = 128 + sum(padded(s) for s in sizes[:3])
        sizes.append(struct.unpack_from("<q", data, ends_at + 8 * (k - 1))[0])
    digests, at = [], 128
    for size in sizes:
        section = memoryview(data)[at:at + size]
        digests += [xxhash.xxh3_64_intdigest(section[c:c + CHUNK]) for c in range(0, size, CHUNK)]
        at += padded(size)
    if at != 128 + payload_bytes:
        return f"sections end at byte {at}, the header says {128 + payload_bytes}"
    if xxhash.xxh3_64_intdigest(struct.pack(f"<{len(digests)}Q", *digests)) != payload_hash:
        return "payload checksum mismatch"
    return None


status = 0
for path in sys.argv[1:]:
    problem = check(path)
    print(f"{path}: {problem or 'checksums match'}")
    status |= problem is not None
sys.exit(status)
