"""The GPU paths: results in GPU memory through DLPack, and aggregation on
torch and cupy tensors without copies. Skipped without a visible GPU (CI);
scripts/gpu-tests.sh runs them on the GPU machine."""
import gc

import numpy as np
import pytest

import graphrun
from conftest import data_path, scipy_graph

pytestmark = pytest.mark.skipif(not graphrun.cuda_available(),
                                reason="no CUDA device visible (or graphrun built without CUDA)")


def loaded(name):
    return graphrun.load(data_path(name), weights=False)


@pytest.mark.parametrize("backend", ["cuda", "cusparse"])
def test_results_stay_on_the_gpu_and_match_the_cpu_backend(backend):
    g = loaded("polblogs.mtx")
    ranks = graphrun.pagerank(g, iterations=50, backend=backend)
    assert isinstance(ranks, graphrun.DeviceArray)
    assert ranks.shape == (g.num_vertices,) and ranks.dtype == np.float32
    expected = graphrun.pagerank(g, iterations=50, backend="cpu")
    np.testing.assert_allclose(ranks.to_numpy(), expected, atol=1e-6)
    np.testing.assert_allclose(np.asarray(ranks), expected, atol=1e-6)
    level, parent = graphrun.bfs(g, 0, backend=backend, to="numpy")
    cpu_level, cpu_parent = graphrun.bfs(g, 0, backend="cpu")
    assert np.array_equal(level, cpu_level) and np.array_equal(parent, cpu_parent)
    assert np.array_equal(graphrun.wcc(g, backend=backend, to="numpy"), graphrun.wcc(g, backend="cpu"))
    assert np.array_equal(graphrun.label_propagation(g, backend=backend, to="numpy"),
                          graphrun.label_propagation(g, backend="cpu"))


def test_dlpack_consumers_share_the_memory():
    torch = pytest.importorskip("torch")
    cupy = pytest.importorskip("cupy")
    g = loaded("karate.mtx")
    ranks = graphrun.pagerank(g, backend="cuda")
    as_torch = torch.from_dlpack(ranks)
    as_cupy = cupy.from_dlpack(ranks)
    assert as_torch.is_cuda and as_torch.data_ptr() == ranks.data_pointer
    assert as_cupy.data.ptr == ranks.data_pointer
    del ranks
    gc.collect()  # the tensors keep the memory (and the engine) alive
    torch.cuda.synchronize()
    assert abs(float(as_torch.sum()) - 1) < 1e-5 and abs(float(as_cupy.sum()) - 1) < 1e-5
    assert isinstance(graphrun.wcc(g, backend="cuda", to="torch"), torch.Tensor)
    assert isinstance(graphrun.wcc(g, backend="cuda", to="cupy"), cupy.ndarray)


def torch_adjacency_transpose(torch, name):
    m, _ = scipy_graph(name)
    at = m.T.tocsr().astype(np.float32)
    return torch.sparse_csr_tensor(torch.from_numpy(at.indptr.astype(np.int64)),
                                   torch.from_numpy(at.indices.astype(np.int64)),
                                   torch.from_numpy(at.data), size=at.shape, device="cuda")


@pytest.mark.parametrize("name", ["polblogs.mtx", "email-Enron.mtx"])
def test_aggregate_on_torch_tensors_matches_torch_sparse_mm(name):
    torch = pytest.importorskip("torch")
    g = loaded(name)
    x = torch.randn(g.num_vertices, 64, device="cuda", generator=torch.Generator("cuda").manual_seed(5))
    x_before = x.clone()
    for norm in ["sum", "mean", "gcn"]:
        h = graphrun.aggregate(g, x, norm=norm)
        assert isinstance(h, torch.Tensor) and h.is_cuda and h.dtype == torch.float32 and h.shape == x.shape
        at = torch_adjacency_transpose(torch, name)
        if norm == "sum":
            expected = torch.sparse.mm(at, x)
        elif norm == "mean":
            degree = torch.diff(at.crow_indices()).to(torch.float32)
            expected = torch.sparse.mm(at, x) / degree.clamp(min=1)[:, None]
        else:
            d = (torch.diff(at.crow_indices()).to(torch.float32) + 1).rsqrt()[:, None]
            expected = d * (torch.sparse.mm(at, d * x) + d * x)
        torch.testing.assert_close(h, expected, rtol=1e-4, atol=1e-4)
    assert torch.equal(x, x_before)  # read in place, never written


def test_aggregate_matches_pyg_spmm():
    torch = pytest.importorskip("torch")
    pyg_utils = pytest.importorskip("torch_geometric.utils")
    g = loaded("email-Enron.mtx")
    at = torch_adjacency_transpose(torch, "email-Enron.mtx")
    x = torch.randn(g.num_vertices, 32, device="cuda")
    for reduce in ["sum", "mean"]:
        expected = pyg_utils.spmm(at, x, reduce=reduce)
        torch.testing.assert_close(graphrun.aggregate(g, x, norm=reduce), expected, rtol=1e-4, atol=1e-4)


def test_aggregate_on_cupy_arrays():
    cupy = pytest.importorskip("cupy")
    g = loaded("karate.mtx")
    x = cupy.random.default_rng(3).standard_normal((g.num_vertices, 16), dtype=cupy.float32)
    h = graphrun.aggregate(g, x)
    assert isinstance(h, cupy.ndarray)
    expected = graphrun.aggregate(g, cupy.asnumpy(x), backend="cpu")
    np.testing.assert_allclose(cupy.asnumpy(h), expected, rtol=1e-5, atol=1e-5)


def test_aggregate_refuses_what_it_cannot_read_in_place():
    torch = pytest.importorskip("torch")
    g = loaded("karate.mtx")
    with pytest.raises(graphrun.UsageError, match="float32"):
        graphrun.aggregate(g, torch.ones(34, 4, device="cuda", dtype=torch.float64))
    with pytest.raises(graphrun.UsageError, match="contiguous"):
        graphrun.aggregate(g, torch.ones(4, 34, device="cuda").t())
    with pytest.raises(graphrun.UsageError, match="cpu backend"):
        graphrun.aggregate(g, torch.ones(34, 4, device="cuda"), backend="cpu")
    host = graphrun.aggregate(g, torch.ones(34, 4), backend="cpu")
    assert isinstance(host, torch.Tensor) and not host.is_cuda


def test_device_build_gives_the_host_graph():
    g_host = graphrun.load(data_path("email-Enron.mtx"))
    g_device = graphrun.load(data_path("email-Enron.mtx"), build="device", backend="cuda")
    for a, b in zip(g_host.csr(), g_device.csr()):
        assert (a is None and b is None) or np.array_equal(a, b)


# ---- graphs made from GPU arrays: built or adopted there, nothing through the host ----

def coo_of(name):
    m, directed = scipy_graph(name)
    coo = m.tocoo()
    rng = np.random.default_rng(7)
    return coo.row, coo.col, rng.uniform(0.5, 2.0, coo.nnz).astype(np.float32), m.shape[0], directed


@pytest.mark.parametrize("framework,id_dtype", [("torch", "int64"), ("torch", "int32"), ("cupy", "int32"),
                                                ("cupy", "int64")])
def test_from_edges_on_gpu_arrays_builds_the_host_graph_there(framework, id_dtype):
    lib = pytest.importorskip(framework)
    row, col, w, n, _ = coo_of("polblogs.mtx")
    if framework == "torch":
        on_gpu = lambda a, t: lib.tensor(a.astype(t), device="cuda")  # noqa: E731
    else:
        on_gpu = lambda a, t: lib.asarray(a.astype(t))  # noqa: E731
    src, dst, weights = on_gpu(row, id_dtype), on_gpu(col, id_dtype), on_gpu(w, "float32")
    for directed in (True, False):
        g = graphrun.Graph.from_edges(src, dst, weights, n=n + 3, directed=directed, duplicates="sum")
        host = graphrun.Graph.from_edges(row, col, w, n=n + 3, directed=directed, duplicates="sum")
        assert g.on_device and g.num_vertices == n + 3 and g.num_entries == host.num_entries
        assert g.weighted and g.directed == directed and g.duplicates_merged == host.duplicates_merged
        ranks = graphrun.pagerank(g, iterations=30, weighted=True, to="numpy")
        np.testing.assert_allclose(ranks, graphrun.pagerank(host, iterations=30, weighted=True, backend="cpu"),
                                   atol=1e-6)
        level, _ = graphrun.bfs(g, 1, to="numpy")
        assert np.array_equal(level, graphrun.bfs(host, 1, backend="cpu")[0])
        assert g.on_device  # the algorithms ran on the resident graph
        for ours, theirs in zip(g.csr(), host.csr()):  # downloaded once, equal to the host build
            assert np.array_equal(ours, theirs)
        assert not g.on_device
        assert np.array_equal(graphrun.wcc(g, backend="cpu"), graphrun.wcc(host, backend="cpu"))


def test_from_csr_on_gpu_arrays_reads_them_in_place():
    torch = pytest.importorskip("torch")
    cupy = pytest.importorskip("cupy")
    m, directed = scipy_graph("email-Enron.mtx")
    m = m.astype(np.float32)
    host = graphrun.Graph.from_scipy(m, directed=directed)
    indptr = torch.tensor(m.indptr.astype(np.int64), device="cuda")
    indices = torch.tensor(m.indices.astype(np.int32), device="cuda")
    values = torch.tensor(m.data, device="cuda")
    g = graphrun.Graph.from_csr(indptr, indices, values, directed=directed)
    offsets, columns, weights = g.device_csr()
    assert offsets.data_pointer == indptr.data_ptr()  # no copy: the graph reads the given arrays
    assert columns.data_pointer == indices.data_ptr()
    assert weights.data_pointer == values.data_ptr()
    del indptr, indices, values
    gc.collect()  # the graph keeps the tensors alive
    np.testing.assert_allclose(graphrun.pagerank(g, iterations=20, to="numpy"),
                               graphrun.pagerank(host, iterations=20, backend="cpu"), atol=1e-6)
    assert np.array_equal(graphrun.label_propagation(g, to="numpy"), graphrun.label_propagation(host, backend="cpu"))

    c = cupy.asarray(m.indptr.astype(np.int64)), cupy.asarray(m.indices), cupy.asarray(m.data)
    pattern = graphrun.Graph.from_csr(c[0], c[1], directed=directed)
    assert pattern.device_csr()[0].data_pointer == c[0].data.ptr and pattern.device_csr()[2] is None
    assert not pattern.weighted
    assert np.array_equal(graphrun.bfs(pattern, 0, to="numpy")[0], graphrun.bfs(host, 0, backend="cpu")[0])
    cupyx_sparse = pytest.importorskip("cupyx.scipy.sparse")
    from_cupyx = graphrun.Graph.from_scipy(cupyx_sparse.csr_matrix(m), directed=directed)
    assert from_cupyx.on_device and from_cupyx.num_entries == host.num_entries


def test_uint32_gpu_edge_arrays_keep_their_ids():
    cupy = pytest.importorskip("cupy")
    src, dst = [0, 4, 2, 4], [1, 0, 3, 2]
    wide = graphrun.Graph.from_edges(cupy.asarray(src, dtype=cupy.int64), cupy.asarray(dst, dtype=cupy.int64))
    narrow = graphrun.Graph.from_edges(cupy.asarray(src, dtype=cupy.uint32), cupy.asarray(dst, dtype=cupy.uint32))
    assert narrow.num_vertices == wide.num_vertices == 5
    for a, b in zip(narrow.csr()[:2], wide.csr()[:2]):
        assert np.array_equal(a, b)


def test_graphs_from_gpu_arrays_refuse_bad_input_with_the_host_messages():
    cupy = pytest.importorskip("cupy")
    with pytest.raises(graphrun.UsageError, match="from_edges: edge 2 has a negative vertex id"):
        graphrun.Graph.from_edges(cupy.asarray([0, 1, -1]), cupy.asarray([1, 2, 0]))
    with pytest.raises(graphrun.UsageError, match="vertex id 9 is not below n = 5"):
        graphrun.Graph.from_edges(cupy.asarray([7, 9]), cupy.asarray([1, 2]), n=5)
    for src, dst, n in (([9, -1], [0, 0], 5), ([3], [-1], 2), ([0, 2**32 - 1], [1, 0], None), ([0], [1], 2**32 - 1)):
        with pytest.raises(graphrun.UsageError) as on_host:
            graphrun.Graph.from_edges(np.array(src), np.array(dst), n=n)
        with pytest.raises(graphrun.UsageError) as on_gpu:
            graphrun.Graph.from_edges(cupy.asarray(src), cupy.asarray(dst), n=n)
        assert str(on_gpu.value) == str(on_host.value)
    with pytest.raises(graphrun.UsageError, match="integer vertex ids"):
        graphrun.Graph.from_edges(cupy.asarray([0.0, 1.0]), cupy.asarray([1, 2]))
    with pytest.raises(graphrun.UsageError, match="mix of GPU and host arrays"):
        graphrun.Graph.from_edges(cupy.asarray([0, 1]), np.array([1, 2]))
    unsorted = (np.array([0, 2, 3], dtype=np.int64), np.array([1, 0, 0], dtype=np.int32))
    with pytest.raises(graphrun.UsageError) as on_host:
        graphrun.Graph.from_csr(*unsorted)
    with pytest.raises(graphrun.UsageError) as on_gpu:
        graphrun.Graph.from_csr(*(cupy.asarray(a) for a in unsorted))
    assert str(on_gpu.value) == str(on_host.value)
    asymmetric = (cupy.asarray(np.array([0, 1, 1], dtype=np.int64)), cupy.asarray(np.array([1], dtype=np.int32)))
    with pytest.raises(graphrun.UsageError, match="must be symmetric"):
        graphrun.Graph.from_csr(*asymmetric, directed=False)


def test_graphs_from_gpu_arrays_serve_host_work_and_other_engines():
    torch = pytest.importorskip("torch")
    row, col, _, n, _ = coo_of("karate.mtx")
    g = graphrun.Graph.from_edges(torch.tensor(row, device="cuda"), torch.tensor(col, device="cuda"), n=n,
                                  directed=False)
    host = graphrun.Graph.from_edges(row, col, n=n, directed=False)
    assert graphrun.triangle_count(g) == graphrun.triangle_count(host, backend="cpu")
    np.testing.assert_allclose(graphrun.betweenness(g), graphrun.betweenness(host, backend="cpu"), rtol=1e-9)
    assert np.array_equal(graphrun.pagerank(g, iterations=10, backend="cpu"),
                          graphrun.pagerank(host, iterations=10, backend="cpu"))
    assert np.array_equal(graphrun.sssp(g, 0, parents=True, to="numpy")[0], graphrun.sssp(host, 0, backend="cpu"))
    assert np.array_equal(g.vertex_ids, np.arange(n))
    home = g._home[0]
    graphrun.triangle_count(g)  # derived on the host, run on the graph's own engine
    assert g._undirected_simple(False) in home._resident
    weights = torch.ones(len(row), device="cuda", requires_grad=True)  # read without its autograd history
    assert graphrun.Graph.from_edges(torch.tensor(row, device="cuda"), torch.tensor(col, device="cuda"), weights,
                                     n=n).weighted
    empty = graphrun.Graph.from_csr(torch.zeros(0, dtype=torch.int64, device="cuda"),
                                    torch.zeros(0, dtype=torch.int32, device="cuda"))
    assert empty.on_device and empty.num_vertices == 0
    dropped = graphrun.Graph.from_edges(torch.tensor([2], device="cuda"), torch.tensor([2], device="cuda"),
                                        torch.tensor([1.0], device="cuda"), drop_self_loops=True)
    assert not dropped.weighted and dropped.num_entries == 0  # as the host build: no entries, no weights
    cpu_engine = graphrun.Engine("cpu")
    copied = graphrun.Graph.from_edges(torch.tensor(row, device="cuda"), torch.tensor(col, device="cuda"), n=n,
                                       engine=cpu_engine)  # a cpu engine copies the arrays to the host
    assert not copied.on_device and copied.num_entries == len(row)
