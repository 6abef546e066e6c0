"""Graph construction and conversion: files, edge arrays, scipy, errors."""
import os

import numpy as np
import pytest
import scipy.sparse as sp

import graphrun
from conftest import data_path, scipy_graph


def test_load_matches_scipy(real_graph):
    g = graphrun.load(data_path(real_graph), weights=False)
    expected, directed = scipy_graph(real_graph)
    assert g.directed == directed
    assert g.num_vertices == expected.shape[0]
    got = g.to_scipy()
    assert (got != expected).nnz == 0


def test_vertex_ids_keep_the_files_ids(tmp_path):
    path = tmp_path / "sparse.el"
    path.write_text("10 20\n20 30\n30 10\n7 10\n")
    g = graphrun.load(str(path))
    assert list(g.vertex_ids) == [7, 10, 20, 30]
    assert g.num_vertices == 4 and g.directed


def test_from_edges_directed_and_undirected():
    src, dst = np.array([0, 1, 2, 2]), np.array([1, 2, 0, 0])
    g = graphrun.Graph.from_edges(src, dst, n=5)
    assert g.num_vertices == 5 and g.directed
    assert g.num_entries == 3 and g.duplicates_merged == 1
    a = g.to_scipy().toarray()
    assert a[0, 1] == 1 and a[1, 2] == 1 and a[2, 0] == 1 and a.sum() == 3
    u = graphrun.Graph.from_edges(src, dst, directed=False)
    assert not u.directed and u.num_vertices == 3
    b = u.to_scipy().toarray()
    assert (b == b.T).all() and b.sum() == 6


def test_from_edges_weights_and_duplicate_policies():
    src, dst, w = np.array([0, 0, 1]), np.array([1, 1, 0]), np.array([2.0, 5.0, 1.5])
    for policy, expected in [("first", 2.0), ("sum", 7.0), ("min", 2.0), ("max", 5.0)]:
        g = graphrun.Graph.from_edges(src, dst, w, duplicates=policy)
        assert g.weighted
        assert g.to_scipy()[0, 1] == expected


def test_from_scipy_canonical_csr_is_adopted_without_a_build():
    m = sp.random(300, 300, density=0.02, format="csr", random_state=np.random.default_rng(3), dtype=np.float32)
    m.sort_indices()
    assert m.has_canonical_format
    g = graphrun.Graph.from_scipy(m)
    indptr, indices, values = g.csr()
    assert np.array_equal(indptr, m.indptr) and np.array_equal(indices, m.indices)
    assert np.array_equal(values, m.data)
    assert not values.flags.writeable


def test_from_scipy_other_formats_match_the_csr_path():
    rng = np.random.default_rng(4)
    m = sp.random(200, 200, density=0.03, format="coo", random_state=rng, dtype=np.float32)
    via_coo = graphrun.Graph.from_scipy(m).to_scipy()
    via_csr = graphrun.Graph.from_scipy(m.tocsr()).to_scipy()
    assert abs(via_coo - via_csr).max() == 0
    sym = m + m.T
    u = graphrun.Graph.from_scipy(sym.tocsr(), directed=False)
    assert not u.directed and abs(u.to_scipy() - sym.tocsr()).max() < 1e-6


def test_from_scipy_refuses_an_asymmetric_matrix_as_undirected():
    m = sp.csr_matrix(np.array([[0, 1], [0, 0]], dtype=np.float32))
    with pytest.raises(graphrun.UsageError, match="symmetric"):
        graphrun.Graph.from_scipy(m, directed=False)


def test_from_csr_names_the_bad_row():
    indptr = np.array([0, 2, 3], dtype=np.int64)
    indices = np.array([1, 0, 0], dtype=np.int32)  # row 0 not increasing
    with pytest.raises(graphrun.UsageError, match="row 0"):
        graphrun._core.Graph.from_csr(indptr, indices, None, True)
    with pytest.raises(graphrun.UsageError):
        graphrun._core.Graph.from_csr(indptr, np.array([1, 5, 0], dtype=np.int32), None, True)


def test_from_csr_adopts_host_arrays_and_serves_them_in_place_on_the_cpu_engine():
    m = sp.random(120, 120, density=0.05, format="csr", random_state=np.random.default_rng(5), dtype=np.float32)
    m.sort_indices()
    g = graphrun.Graph.from_csr(m.indptr, m.indices, m.data)
    assert not g.on_device and g.weighted and g.num_entries == m.nnz
    assert abs(g.to_scipy() - m).max() == 0
    engine = graphrun.Engine("cpu")
    offsets, indices, values = g.device_csr(engine)  # the cpu engine shares the host arrays
    host_offsets, host_indices, host_values = g.csr()
    assert offsets.ctypes.data == host_offsets.ctypes.data and indices.ctypes.data == host_indices.ctypes.data
    assert np.array_equal(values, m.data)
    pattern = graphrun.Graph.from_csr(m.indptr, m.indices)
    assert not pattern.weighted and pattern.device_csr(engine)[2] is None
    assert not offsets.flags.writeable and not indices.flags.writeable  # the graph's own arrays
    with pytest.raises(graphrun.UsageError, match="row 0"):
        graphrun.Graph.from_csr(np.array([0, 2, 3]), np.array([1, 0, 0]))
    with pytest.raises(graphrun.UsageError, match=r"row 0's column 4294967295 \(-1 as int32\) is out of range"):
        graphrun.Graph.from_csr(np.array([0, 1, 1]), np.array([-1], dtype=np.int64))
    past_int32 = r"column 2147483653 \(-2147483643 as int32\) is out of range \(n = 2\)"
    with pytest.raises(graphrun.UsageError, match=past_int32):
        graphrun.Graph.from_csr(np.array([0, 1, 1]), np.array([2**31 + 5], dtype=np.int64))
    unsigned = graphrun.Graph.from_csr(np.array([0, 1, 2]), np.array([1, 0], dtype=np.uint32))
    assert unsigned.num_entries == 2 and unsigned.csr()[1].dtype == np.int32  # ids of a small graph read as int32
    with pytest.raises(graphrun.UsageError, match="outside the 32-bit column ids"):  # not wrapped to column 1
        graphrun.Graph.from_csr(np.array([0, 1, 1]), np.array([2**32 + 1], dtype=np.int64))
    empty = graphrun.Graph.from_csr(np.array([], dtype=np.int64), np.array([], dtype=np.int32))
    assert empty.num_vertices == 0 and empty.num_entries == 0


@pytest.mark.parametrize("src,dst,kwargs,message", [
    ([0, -1], [1, 1], {}, "negative"),
    ([0, 3], [1, 1], {"n": 3}, "not below n"),
    ([0, 1], [1], {}, "equal length"),
    ([0.5], [1], {}, "integer"),
])
def test_from_edges_errors(src, dst, kwargs, message):
    with pytest.raises(graphrun.UsageError, match=message):
        graphrun.Graph.from_edges(np.array(src), np.array(dst), **kwargs)


def test_bad_duplicates_policy():
    with pytest.raises(graphrun.UsageError, match="first, sum, min or max"):
        graphrun.Graph.from_edges(np.array([0]), np.array([1]), duplicates="mean")


def test_input_errors_name_file_and_line(tmp_path):
    path = tmp_path / "bad.mtx"
    path.write_text("%%MatrixMarket matrix coordinate pattern general\n3 3 2\n1 2\n1 x\n")
    with pytest.raises(graphrun.InputError) as caught:
        graphrun.load(str(path))
    assert caught.value.file == str(path) and caught.value.line == 4
    assert "bad.mtx:4" in str(caught.value)
    assert isinstance(caught.value, ValueError)
    with pytest.raises(graphrun.InputError, match="no such file"):
        graphrun.load(str(tmp_path / "missing.mtx"))


def test_load_options(tmp_path):
    path = tmp_path / "g.csv"
    path.write_text("who,whom,w\n1,2,0.5\n2,3,1.5\n3,3,2\n")
    g = graphrun.load(str(path), weight="w", drop_self_loops=True, undirected=True)
    assert not g.directed and g.weighted and g.num_entries == 4
    with pytest.raises(graphrun.UsageError):
        graphrun.load(str(path), format="nosuchformat")


def test_to_scipy_of_a_pattern_graph_has_ones():
    g = graphrun.load(data_path("karate.mtx"))
    m = g.to_scipy()
    assert m.dtype == np.float32 and (m.data == 1).all() and m.nnz == g.num_entries


def test_named_vertices_come_back_by_name(tmp_path):
    path = tmp_path / "people.csv"
    path.write_text("who,whom\nalice,bob\nbob,carol\n")
    g = graphrun.load(str(path))
    assert list(g.vertex_ids) == ["alice", "bob", "carol"]
    level, parent = graphrun.bfs(g, 0, backend="cpu")
    assert list(level) == [0, 1, 2] and list(g.vertex_ids[parent]) == ["alice", "alice", "bob"]
    plain = tmp_path / "people.txt"
    plain.write_text("1 2\n2 x\n")
    with pytest.raises(graphrun.InputError, match="--ids names"):
        graphrun.load(str(plain))
    assert list(graphrun.load(str(plain), ids="names").vertex_ids) == ["1", "2", "x"]
    with pytest.raises(graphrun.UsageError):
        graphrun.load(str(plain), header="maybe")
