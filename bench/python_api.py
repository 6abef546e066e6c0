#!/usr/bin/env python3
"""The Python package against what its users compare it with, on one GPU
machine in one run (issue 52's targets):

  aggregate   graphrun.aggregate(g, X) on a CUDA torch tensor against
              torch.sparse.mm(A^T, X) on the same tensor (width 64).
  pagerank    graphrun.pagerank on a graph made from a scipy CSR (the
              canonical-CSR adoption) against the C++ API on the same graph:
              the `graphrun pagerank FILE.grb --iterations 20 --json` run's
              upload + compute phases against the Python call's first run
              (upload + compute), and the Python call's steady state.
  networkx    nx.pagerank(G) against nx.pagerank(G, backend="graphrun"),
              first call (conversion) and cached calls, same answer within 1e-6.
  construction  graphs from CUDA torch arrays of kron-s22 against the same
              arrays on the host: Graph.from_edges (built on the GPU, against
              the host build from numpy) and Graph.from_csr (adopted in place,
              against from_scipy's host adoption); FAIL unless the CSRs are
              equal and the adopted graph's arrays are the given ones.

Timing: wall clock around whole calls (graphrun returns with its work done;
torch is synchronised), 3 warm-up runs where a steady state is meant, the
median of the repetitions. A row whose result differs prints FAIL.

    python3 bench/python_api.py --graphrun BIN --kron22 k22.grb --nx-graph k16.mtx [--rows R,...] [--out DIR]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

import numpy as np


def median_time(call, reps, warmup=3, sync=lambda: None):
    for _ in range(warmup):
        call()
    sync()
    times = []
    for _ in range(reps):
        start = time.perf_counter()
        call()
        sync()
        times.append(time.perf_counter() - start)
    return statistics.median(times), times


def row(report, name, **values):
    report.append({"row": name, **values})
    print(name, " ".join(f"{k}={v:.4g}" if isinstance(v, float) else f"{k}={v}" for k, v in values.items()),
          flush=True)


def bench_aggregate(report, graph, torch, graphrun, width):
    indptr, indices, values = graph.csr()
    import scipy.sparse as sp

    n = graph.num_vertices
    a = sp.csr_matrix((np.ones(len(indices), np.float32) if values is None else values, indices, indptr),
                      shape=(n, n))
    at = a.T.tocsr()
    at_torch = torch.sparse_csr_tensor(torch.from_numpy(at.indptr.astype(np.int64)),
                                       torch.from_numpy(at.indices.astype(np.int64)),
                                       torch.from_numpy(at.data.astype(np.float32)), size=(n, n), device="cuda")
    x = torch.randn(n, width, device="cuda", generator=torch.Generator("cuda").manual_seed(1))
    engine = graphrun.Engine("cuda")
    sync = torch.cuda.synchronize
    ours, _ = median_time(lambda: graphrun.aggregate(graph, x, engine=engine), 20, sync=sync)
    theirs, _ = median_time(lambda: torch.sparse.mm(at_torch, x), 20, sync=sync)
    same = torch.allclose(graphrun.aggregate(graph, x, engine=engine), torch.sparse.mm(at_torch, x),
                          rtol=1e-3, atol=1e-3)
    row(report, "aggregate" if same else "aggregate FAIL", width=width, graphrun_ms=1e3 * ours,
        torch_sparse_mm_ms=1e3 * theirs, speedup=theirs / ours)


def bench_pagerank(report, grb, cli, graphrun, reps):
    phases = []
    for _ in range(reps):
        run = subprocess.run([cli, "pagerank", grb, "--iterations", "20", "--json", "--backend", "cuda"],
                             check=True, capture_output=True, text=True)
        times = json.loads(run.stdout)["times"]
        phases.append((times["upload_seconds"], times["compute_seconds"]))
    cxx = statistics.median(u + c for u, c in phases)
    cxx_compute = statistics.median(c for _, c in phases)
    csr = graphrun.load(grb).to_scipy()
    start = time.perf_counter()
    g = graphrun.Graph.from_scipy(csr, directed=False)
    adopt = time.perf_counter() - start
    firsts = []
    for _ in range(reps):
        engine = graphrun.Engine("cuda")
        start = time.perf_counter()
        ranks = graphrun.pagerank(g, iterations=20, engine=engine)
        firsts.append(time.perf_counter() - start)
    steady, _ = median_time(lambda: graphrun.pagerank(g, iterations=20, engine=engine), reps)
    expected = graphrun.pagerank(graphrun.load(grb), iterations=20, backend="cuda", to="numpy")
    same = np.array_equal(ranks.to_numpy(), expected)
    first = statistics.median(firsts)
    row(report, "pagerank" if same else "pagerank FAIL", cxx_upload_compute_s=cxx, python_first_s=first,
        ratio_first=first / cxx, cxx_compute_s=cxx_compute, python_steady_s=steady, from_scipy_adopt_s=adopt)


def bench_construction(report, graph, torch, graphrun, reps):
    indptr, indices, values = graph.csr()
    n = graph.num_vertices
    rows = np.repeat(np.arange(n, dtype=np.int64), np.diff(indptr))
    src, dst = torch.from_numpy(rows).cuda(), torch.from_numpy(indices.astype(np.int64)).cuda()
    sync = torch.cuda.synchronize
    on_gpu, _ = median_time(lambda: graphrun.Graph.from_edges(src, dst, n=n), reps, warmup=1, sync=sync)
    on_host, _ = median_time(lambda: graphrun.Graph.from_edges(rows, indices, n=n), reps, warmup=1)
    built = graphrun.Graph.from_edges(src, dst, n=n)
    same = built.on_device and all(np.array_equal(a, b) for a, b in zip(built.csr()[:2], (indptr, indices)))
    row(report, "from_edges" if same else "from_edges FAIL", entries=len(indices), gpu_build_s=on_gpu,
        host_build_s=on_host, speedup=on_host / on_gpu)

    crow, col = torch.from_numpy(indptr.copy()).cuda(), torch.from_numpy(indices.copy()).cuda()
    adopt, _ = median_time(lambda: graphrun.Graph.from_csr(crow, col, directed=False), reps, warmup=1, sync=sync)
    import scipy.sparse as sp

    host_csr = sp.csr_matrix((np.ones(len(indices), np.float32), indices, indptr), shape=(n, n))
    host_adopt, _ = median_time(lambda: graphrun.Graph.from_scipy(host_csr, directed=False, weights=False), reps,
                                warmup=1)
    adopted = graphrun.Graph.from_csr(crow, col, directed=False)
    offsets, columns, _ = adopted.device_csr()
    in_place = offsets.data_pointer == crow.data_ptr() and columns.data_pointer == col.data_ptr()
    engine = adopted._home[0]
    start = time.perf_counter()
    ranks = graphrun.pagerank(adopted, iterations=20, engine=engine, to="numpy")
    first = time.perf_counter() - start
    same = in_place and np.array_equal(ranks, graphrun.pagerank(graph, iterations=20, backend="cuda", to="numpy"))
    row(report, "from_csr" if same else "from_csr FAIL", gpu_adopt_s=adopt, host_adopt_s=host_adopt,
        first_pagerank_s=first, arrays_in_place=in_place)


def bench_networkx(report, path, graphrun):
    import networkx as nx
    import scipy.io

    m = scipy.io.mmread(path).tocsr()
    G = nx.from_scipy_sparse_array(m)
    ref_time, _ = median_time(lambda: nx.pagerank(G), 3, warmup=1)
    expected = nx.pagerank(G)
    start = time.perf_counter()
    got = nx.pagerank(G, backend="graphrun")
    first = time.perf_counter() - start
    cached, _ = median_time(lambda: nx.pagerank(G, backend="graphrun"), 5, warmup=1)
    worst = max(abs(got[v] - expected[v]) for v in G)
    row(report, "networkx" if worst <= 1e-6 else "networkx FAIL", edges=G.number_of_edges(),
        networkx_s=ref_time, graphrun_first_s=first, graphrun_cached_s=cached, speedup_cached=ref_time / cached,
        max_abs_diff=worst)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--graphrun", required=True, help="the graphrun CLI")
    parser.add_argument("--kron22", required=True, help="kron-s22 as a .grb snapshot")
    parser.add_argument("--nx-graph", required=True, help="a ~1M-edge .mtx for the NetworkX rows")
    parser.add_argument("--width", type=int, default=64)
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--rows", default="aggregate,pagerank,networkx,construction",
                        help="which rows to run (comma-separated)")
    parser.add_argument("--out", help="folder for results.json")
    args = parser.parse_args()

    import torch

    import graphrun

    report = [{"device": torch.cuda.get_device_name(), "torch": torch.__version__}]
    print("device:", report[0]["device"], "torch", torch.__version__, flush=True)
    graph = graphrun.load(args.kron22)
    wanted = set(args.rows.split(","))
    if "aggregate" in wanted:
        bench_aggregate(report, graph, torch, graphrun, args.width)
    if "pagerank" in wanted:
        bench_pagerank(report, args.kron22, args.graphrun, graphrun, args.reps)
    if "networkx" in wanted:
        bench_networkx(report, args.nx_graph, graphrun)
    if "construction" in wanted:
        bench_construction(report, graph, torch, graphrun, args.reps)
    if args.out:
        os.makedirs(args.out, exist_ok=True)
        with open(os.path.join(args.out, "results.json"), "w") as f:
            json.dump(report, f, indent=1)
    return 1 if any("FAIL" in r.get("row", "") for r in report) else 0


if __name__ == "__main__":
    sys.exit(main())
