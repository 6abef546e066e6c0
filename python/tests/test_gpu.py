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
