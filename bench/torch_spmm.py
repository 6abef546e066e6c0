#!/usr/bin/env python3
"""torch.sparse.mm on the same matrices as graphrun-bench's SpMM rows.

Not part of the build: the comparison the performance issue asks for, run by
hand on a machine with PyTorch and a GPU. It reads a Matrix Market file (as
`graphrun generate KIND --scale S --weighted --output FILE.mtx` writes it; that
is the graph `graphrun-bench --generate KIND:S` builds with the same seed),
multiplies the weighted adjacency (rows = sources, symmetric files mirrored,
repeated entries merged keeping the first: graphrun's out-edges) by a random row-major n x F matrix with
torch.sparse.mm on a CSR tensor, and times it the way graphrun-bench does:
CUDA events, 3 warm-up and 20 measured runs, a 256 MiB cache flush before
each, the median. The result is checked against a float64 CPU product of a
few random rows.

    python3 bench/torch_spmm.py FILE.mtx [FILE.mtx ...] [--widths 16,32,64,128,256]
"""
import argparse
import statistics
import sys

import numpy as np
import torch


def read_matrix_market(path):
    """Coordinate real/pattern general/symmetric .mtx -> (n_rows, n_cols, rows, cols, values)."""
    with open(path, "rb") as f:
        header = f.readline().decode().lower().split()
        if len(header) < 5 or header[0] != "%%matrixmarket" or header[2] != "coordinate":
            sys.exit(f"{path}: not a coordinate Matrix Market file")
        field, symmetry = header[3], header[4]
        line = f.readline()
        while line.startswith(b"%"):
            line = f.readline()
        n_rows, n_cols, count = (int(v) for v in line.split())
        body = np.fromstring(f.read(), dtype=np.float64, sep=" ")  # text mode: parsed in C
    width = 2 if field == "pattern" else 3
    if body.size != count * width:
        sys.exit(f"{path}: expected {count} entries of {width} fields, read {body.size} fields")
    body = body.reshape(count, width)
    rows = body[:, 0].astype(np.int64) - 1
    cols = body[:, 1].astype(np.int64) - 1
    values = body[:, 2].astype(np.float32) if width == 3 else np.ones(count, dtype=np.float32)
    if symmetry == "symmetric":
        off = rows != cols
        rows, cols, values = (np.concatenate([rows, cols[off]]), np.concatenate([cols, rows[off]]),
                              np.concatenate([values, values[off]]))
    return n_rows, n_cols, rows, cols, values


def csr_on_gpu(n_rows, n_cols, rows, cols, values):
    # Sorted by (row, column), repeated entries merged keeping the first, as
    # graphrun builds its CSR (DuplicatePolicy::keep_first).
    _, first = np.unique(rows * n_cols + cols, return_index=True)
    rows, cols, values = rows[first], cols[first], values[first]
    offsets = np.zeros(n_rows + 1, dtype=np.int64)
    np.add.at(offsets, rows + 1, 1)
    np.cumsum(offsets, out=offsets)
    device = torch.device("cuda")
    return torch.sparse_csr_tensor(torch.from_numpy(offsets).to(device), torch.from_numpy(cols).to(device),
                                   torch.from_numpy(values).to(device), size=(n_rows, n_cols)), (rows, cols, values)


def time_product(a, x, warmup=3, reps=20, flush_bytes=256 << 20):
    flush = torch.empty(flush_bytes // 4, dtype=torch.float32, device="cuda")
    for _ in range(warmup):
        torch.sparse.mm(a, x)
    times = []
    for _ in range(reps):
        flush.fill_(1.0)
        start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        y = torch.sparse.mm(a, x)
        stop.record()
        stop.synchronize()
        times.append(start.elapsed_time(stop))
    return statistics.median(times), y


def check(coo, x_host, y, samples=64, seed=7):
    rows, cols, values = coo
    rng = np.random.default_rng(seed)
    picks = rng.choice(np.unique(rows), size=min(samples, len(np.unique(rows))), replace=False)
    for r in picks:
        mask = rows == r
        expected = (values[mask].astype(np.float64)[:, None] * x_host[cols[mask]].astype(np.float64)).sum(axis=0)
        bound = (np.abs(values[mask])[:, None] * np.abs(x_host[cols[mask]])).sum(axis=0) * 1e-4 + 1e-30
        if np.any(np.abs(y[r].astype(np.float64) - expected) > bound):
            return False
    return True


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="+")
    parser.add_argument("--widths", default="16,32,64,128,256")
    args = parser.parse_args()
    print(f"torch {torch.__version__}, {torch.cuda.get_device_name()}")
    print("graph\tentries\tF\ttorch.sparse.mm median ms\tcheck")
    for path in args.files:
        n_rows, n_cols, rows, cols, values = read_matrix_market(path)
        a, coo = csr_on_gpu(n_rows, n_cols, rows, cols, values)
        name = path.rsplit("/", 1)[-1].removesuffix(".mtx")
        for width in (int(w) for w in args.widths.split(",")):
            x_host = np.random.default_rng(width).uniform(-1, 1, size=(n_cols, width)).astype(np.float32)
            x = torch.from_numpy(x_host).cuda()
            ms, y = time_product(a, x)
            ok = check(coo, x_host, y.cpu().numpy())
            print(f"{name}\t{len(coo[2])}\t{width}\t{ms:.4f}\t{'ok' if ok else 'FAIL'}", flush=True)
            del x, y
            torch.cuda.empty_cache()


if __name__ == "__main__":
    main()
