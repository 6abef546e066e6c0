"""Each algorithm against an independent oracle: networkx's PageRank,
scipy.sparse.csgraph's BFS and components, scipy products for aggregation,
and a direct reading of LDBC's CDLP rule for label propagation."""
import gc
from collections import Counter

import networkx as nx
import numpy as np
import pytest
import scipy.sparse as sp
import scipy.io
import scipy.sparse.csgraph as csgraph
import scipy.sparse.linalg as spla

import graphrun
from conftest import data_path, scipy_graph

BACKENDS = ["cpu"] + (["cuda", "cusparse"] if graphrun.cuda_available() else [])


@pytest.fixture(params=BACKENDS)
def backend(request):
    return request.param


def loaded(name):
    return graphrun.load(data_path(name), weights=False)


def test_pagerank_matches_networkx(real_graph, backend):
    g = loaded(real_graph)
    m, directed = scipy_graph(real_graph)
    G = nx.from_scipy_sparse_array(m, create_using=nx.DiGraph if directed else nx.Graph)
    expected = nx.pagerank(G, alpha=0.85, tol=1e-12, max_iter=1000)
    # 200 fixed iterations: 0.85^200 is far below float32's resolution (a
    # tolerance that tight may never be met in float32, see PageRankParams).
    ranks, info = graphrun.pagerank(g, iterations=200, backend=backend, to="numpy", return_info=True)
    assert info["iterations"] == 200 and info["residual"] < 1e-5
    assert ranks.dtype == np.float32
    np.testing.assert_allclose(ranks, [expected[v] for v in range(m.shape[0])], atol=2e-6)


def test_pagerank_fixed_iterations_and_personalization(backend):
    g = loaded("karate.mtx")
    _, info = graphrun.pagerank(g, iterations=3, backend=backend, return_info=True)
    assert info["iterations"] == 3
    ranks = graphrun.pagerank(g, personalization=[0, 33], iterations=200, backend=backend, to="numpy")
    m, _ = scipy_graph("karate.mtx")
    G = nx.from_scipy_sparse_array(m)
    expected = nx.pagerank(G, personalization={0: 1, 33: 1}, tol=1e-12, max_iter=1000)
    np.testing.assert_allclose(ranks, [expected[v] for v in range(34)], atol=2e-6)
    with pytest.raises(graphrun.UsageError):
        graphrun.pagerank(g, damping=1.5, backend=backend)


def test_bfs_levels_and_parents(real_graph, backend):
    g = loaded(real_graph)
    m, directed = scipy_graph(real_graph)
    source = int(np.argmax(np.diff(m.indptr)))  # a vertex with out-edges
    level, parent = graphrun.bfs(g, source, backend=backend, to="numpy")
    distance = csgraph.shortest_path(m, directed=directed, unweighted=True, indices=source)
    reached = np.isfinite(distance)
    assert np.array_equal(level[reached], distance[reached].astype(np.int32))
    assert (level[~reached] == -1).all() and (parent[~reached] == -1).all()
    assert parent[source] == source
    # Each parent is the smallest in-neighbour one level up.
    into = m.T.tocsr()
    for v in np.flatnonzero(reached):
        if v == source:
            continue
        up = [u for u in into.indices[into.indptr[v]:into.indptr[v + 1]] if level[u] == level[v] - 1]
        assert parent[v] == min(up)


def test_bfs_source_out_of_range(backend):
    with pytest.raises(graphrun.UsageError, match="outside"):
        graphrun.bfs(loaded("karate.mtx"), 34, backend=backend)


def test_multi_source_bfs_gives_each_sources_levels(real_graph, backend):
    g = loaded(real_graph)
    m, directed = scipy_graph(real_graph)
    n = m.shape[0]
    rng = np.random.default_rng(5)
    sources = [int(s) for s in rng.integers(0, n, 70)]  # two groups of searches
    sources[1] = sources[0]
    levels, info = graphrun.multi_source_bfs(g, sources, backend=backend, to="numpy", return_info=True)
    assert levels.shape == (len(sources), n) and levels.dtype == np.int32
    distance = csgraph.shortest_path(m, directed=directed, unweighted=True, indices=sources)
    expected = np.where(np.isfinite(distance), distance, -1).astype(np.int32)
    assert np.array_equal(levels, expected)
    assert info["reached"] == list((expected >= 0).sum(axis=1))
    assert info["depth"] == list(expected.max(axis=1))
    assert info["bit_parallel_batches"] == (0 if backend == "cpu" else 2)  # cusparse shares cuda's batch
    assert np.array_equal(levels[3], graphrun.bfs(g, sources[3], backend=backend, to="numpy")[0])


def test_multi_source_bfs_refuses_no_sources_and_bad_ones(backend):
    g = loaded("karate.mtx")
    with pytest.raises(graphrun.UsageError, match="no sources"):
        graphrun.multi_source_bfs(g, [], backend=backend)
    with pytest.raises(graphrun.UsageError, match="outside"):
        graphrun.multi_source_bfs(g, [0, 34], backend=backend)


def test_sssp_matches_scipy_dijkstra(real_graph, backend):
    m, directed = scipy_graph(real_graph)
    coo = m.tocoo()
    # Positive random weights (scipy reads a stored 0 as "no edge").
    weights = np.random.default_rng(3).uniform(0.5, 2.0, coo.nnz).astype(np.float32)
    g = graphrun.Graph.from_edges(coo.row, coo.col, weights, n=m.shape[0], directed=True)
    weighted = sp.csr_matrix((weights.astype(np.float64), (coo.row, coo.col)), shape=m.shape)
    source = int(np.argmax(np.diff(m.indptr)))
    expected = csgraph.dijkstra(weighted, directed=True, indices=source)
    distance, info = graphrun.sssp(g, source, backend=backend, to="numpy", return_info=True)
    assert distance.dtype == np.float32
    reached = np.isfinite(expected)
    assert np.array_equal(np.isfinite(distance), reached) and info["reached"] == reached.sum()
    np.testing.assert_allclose(distance[reached], expected[reached], rtol=1e-5)
    # Every width and method gives the same bits.
    for options in ({"delta": 0.3}, {"method": "near-far"}, {"method": "bellman-ford"}):
        again = graphrun.sssp(g, source, backend=backend, to="numpy", **options)
        assert np.array_equal(again.view(np.uint32), distance.view(np.uint32)), options


def test_sssp_parents_are_a_shortest_path_tree(real_graph, backend):
    m, _ = scipy_graph(real_graph)
    coo = m.tocoo()
    weights = np.random.default_rng(4).integers(0, 3, coo.nnz).astype(np.float32)  # zeros and ties
    g = graphrun.Graph.from_edges(coo.row, coo.col, weights, n=m.shape[0], directed=True)
    source = int(np.argmax(np.diff(m.indptr)))
    distance, parent = graphrun.sssp(g, source, parents=True, backend=backend, to="numpy")
    assert parent.dtype == np.int32 and parent[source] == source
    reached = np.isfinite(distance)
    assert np.array_equal(parent >= 0, reached)
    # Each parent edge is tight: some stored (parent, v) edge of weight w has d[p] + w == d[v].
    tight = {}
    for u, v, w in zip(coo.row.tolist(), coo.col.tolist(), weights.tolist()):
        tight.setdefault((u, v), np.float32(distance[u]) + np.float32(w))
    for v in np.flatnonzero(reached):
        if v != source:
            assert tight.get((int(parent[v]), int(v))) == distance[v], v
    # Following parents ends at the source.
    for v in np.flatnonzero(reached):
        walk, steps = int(v), 0
        while walk != source and steps <= len(parent):
            walk, steps = int(parent[walk]), steps + 1
        assert walk == source


@pytest.mark.parametrize("name", ["bcsstk13.mtx", "jagmesh7.mtx"])
def test_trsv_matches_scipy(name, backend):
    path = data_path(name)
    lower = sp.tril(scipy.io.mmread(path).tocsr()).tocsr()
    lower.data = lower.data.astype(np.float32).astype(np.float64)  # graphrun reads entries as float32
    b = np.random.default_rng(8).standard_normal(lower.shape[0])
    expected = spla.spsolve_triangular(lower, b, lower=True)
    g = graphrun.load(path)
    x, info = graphrun.trsv(g, b, backend=backend, return_info=True)
    assert x.dtype == np.float64 and info["residual"] < 1e-13
    np.testing.assert_allclose(x, expected, rtol=0, atol=1e-9 * np.abs(expected).max())
    ones = graphrun.trsv(g, precision="float", backend=backend)
    assert ones.dtype == np.float32
    np.testing.assert_allclose(ones, spla.spsolve_triangular(lower, np.ones(lower.shape[0]), lower=True),
                               rtol=0, atol=1e-4 * np.abs(expected).max() + 1e-4)


def test_trsv_refuses_a_missing_diagonal_and_a_wrong_b(backend):
    with pytest.raises(graphrun.InputError, match="row 1 has no diagonal entry"):
        graphrun.trsv(loaded("karate.mtx"), backend=backend)
    with pytest.raises(graphrun.UsageError, match="1138 entries"):
        graphrun.trsv(loaded("jagmesh7.mtx"), np.ones(3), backend=backend)


def test_sssp_refuses_negative_weights(backend):
    g = graphrun.Graph.from_edges(np.array([0, 1]), np.array([1, 2]), np.array([1.0, -1.0], dtype=np.float32), n=3)
    with pytest.raises(graphrun.UsageError, match="negative"):
        graphrun.sssp(g, 0, backend=backend)


def test_triangles_and_clustering_match_networkx(real_graph, backend):
    m, directed = scipy_graph(real_graph)
    g = loaded(real_graph)
    simple = nx.Graph(nx.from_scipy_sparse_array(m, create_using=nx.DiGraph))
    simple.remove_edges_from(nx.selfloop_edges(simple))
    expected = nx.triangles(simple)
    total, counts = graphrun.triangle_count(g, per_vertex=True, backend=backend)
    assert counts.dtype == np.uint64
    assert counts.tolist() == [expected[v] for v in range(m.shape[0])]
    assert total == sum(expected.values()) // 3 == graphrun.triangle_count(g, backend=backend)
    if not directed:  # directed graphs: LDBC's definition, checked by the C++ and oracle tests
        coefficient, info = graphrun.local_clustering(g, backend=backend, return_info=True)
        clustering = nx.clustering(simple)
        np.testing.assert_allclose(coefficient, [clustering[v] for v in range(m.shape[0])], atol=1e-12)
        assert info["average"] == pytest.approx(nx.average_clustering(simple))


def test_betweenness_matches_networkx(real_graph, backend):
    m, directed = scipy_graph(real_graph)
    if m.shape[0] > 2000:
        pytest.skip("exact betweenness is n searches; the small graphs cover it")
    G = nx.from_scipy_sparse_array(m, create_using=nx.DiGraph if directed else nx.Graph)
    expected = nx.betweenness_centrality(G, normalized=False)
    got = graphrun.betweenness(loaded(real_graph), backend=backend)
    assert got.dtype == np.float64
    np.testing.assert_allclose(got, [expected[v] for v in range(m.shape[0])], rtol=1e-9, atol=1e-9)
    with pytest.raises(graphrun.UsageError, match="outside"):
        graphrun.betweenness(loaded(real_graph), sources=[m.shape[0]], backend=backend)


def test_wcc_matches_scipy(real_graph, backend):
    g = loaded(real_graph)
    m, _ = scipy_graph(real_graph)
    component, info = graphrun.wcc(g, backend=backend, to="numpy", return_info=True)
    count, labels = csgraph.connected_components(m, directed=True, connection="weak")
    smallest = {}
    for v, c in enumerate(labels):
        smallest.setdefault(c, v)
    assert np.array_equal(component, [smallest[c] for c in labels])
    assert info["num_components"] == count


def cdlp_reference(m: sp.csr_matrix, directed: bool, rounds: int) -> np.ndarray:
    """LDBC Graphalytics CDLP read literally: synchronous rounds; a vertex
    takes the most frequent label among its neighbours (in- and
    out-neighbours on a directed graph, each edge counted), the smallest on
    ties, and keeps its label when it has none."""
    n = m.shape[0]
    out, into = m.tocsr(), m.T.tocsr()
    labels = np.arange(n)
    for _ in range(rounds):
        nxt = labels.copy()
        for v in range(n):
            seen = list(labels[out.indices[out.indptr[v]:out.indptr[v + 1]]])
            if directed:
                seen += list(labels[into.indices[into.indptr[v]:into.indptr[v + 1]]])
            if seen:
                counts = Counter(seen)
                best = max(counts.values())
                nxt[v] = min(label for label, c in counts.items() if c == best)
        labels = nxt
    return labels


@pytest.mark.parametrize("name", ["karate.mtx", "dolphins.mtx", "west0067.mtx", "polbooks.mtx"])
def test_label_propagation_matches_the_ldbc_rule(name, backend):
    g = loaded(name)
    m, directed = scipy_graph(name)
    labels = graphrun.label_propagation(g, iterations=5, backend=backend, to="numpy")
    assert np.array_equal(labels, cdlp_reference(m, directed, 5))


def test_label_propagation_until_stable_reports_convergence(backend):
    # Two triangles settle in two rounds (a lone edge would swap its two
    # labels for ever under synchronous rounds).
    g = graphrun.Graph.from_edges(np.array([0, 1, 2, 3, 4, 5]), np.array([1, 2, 0, 4, 5, 3]), directed=False)
    labels, info = graphrun.label_propagation(g, iterations=100, until_stable=True, backend=backend,
                                              to="numpy", return_info=True)
    assert info["converged"] and info["iterations"] == 3
    assert list(labels) == [0, 0, 0, 3, 3, 3]


@pytest.mark.parametrize("norm", ["sum", "mean", "gcn"])
def test_aggregate_matches_scipy(real_graph, norm, backend):
    g = loaded(real_graph)
    m, _ = scipy_graph(real_graph)
    rng = np.random.default_rng(7)
    x = rng.standard_normal((m.shape[0], 8)).astype(np.float32)
    at = m.T.tocsr().astype(np.float64)
    indegree = np.asarray(at.sum(axis=1)).ravel()
    if norm == "sum":
        expected = at @ x
    elif norm == "mean":
        with np.errstate(divide="ignore"):
            inv = np.where(indegree > 0, 1 / indegree, 0)
        expected = inv[:, None] * (at @ x)
    else:
        d = 1 / np.sqrt(indegree + 1)
        expected = d[:, None] * ((at + sp.identity(m.shape[0])) @ (d[:, None] * x))
    got = graphrun.aggregate(g, x, norm=norm, backend=backend)
    assert isinstance(got, np.ndarray) and got.shape == x.shape
    np.testing.assert_allclose(got, expected, rtol=1e-4, atol=1e-4)
    assert np.array_equal(x, rng.__class__(np.random.PCG64(7)).standard_normal(x.shape).astype(np.float32))


def test_aggregate_refuses_wrong_types(backend):
    g = loaded("karate.mtx")
    with pytest.raises(graphrun.UsageError, match="float32"):
        graphrun.aggregate(g, np.ones((34, 2)), backend=backend)
    with pytest.raises(graphrun.UsageError, match="rows"):
        graphrun.aggregate(g, np.ones((33, 2), np.float32), backend=backend)
    with pytest.raises(graphrun.UsageError, match="weights"):
        graphrun.aggregate(g, np.ones((34, 2), np.float32), norm="mean", weighted=True, backend=backend)


def test_engine_keeps_graphs_resident_and_results_outlive_it():
    engine = graphrun.Engine("cpu", threads=2)
    g = loaded("karate.mtx")
    assert engine.upload(g) is engine.upload(g)
    ranks = graphrun.pagerank(g, engine=engine)
    before = ranks.copy()
    del engine
    gc.collect()
    assert np.array_equal(ranks, before) and abs(ranks.sum() - 1) < 1e-5
    with pytest.raises(graphrun.UsageError):
        graphrun.pagerank(g, engine=graphrun.Engine("cpu"), backend="cuda")


def test_engine_counts_what_it_holds_and_its_peak(backend):
    engine = graphrun.Engine(backend)
    g = loaded("karate.mtx")
    resident = engine.upload(g)
    held = engine.bytes_in_use
    # The cpu backend reads the host graph in place: it holds no copy.
    assert held >= (0 if backend == "cpu" else resident.bytes) and engine.peak_bytes_in_use >= held
    graphrun.pagerank(g, engine=engine, to="numpy")
    # PageRank's share and two carried vectors (34 floats each) were held
    # beside the graph at once, then given back.
    assert engine.peak_bytes_in_use >= held + 3 * 34 * 4
    assert engine.peak_bytes_in_use >= engine.bytes_in_use


def test_cpu_results_are_numpy_without_a_copy():
    g = loaded("karate.mtx")
    component = graphrun.wcc(g, backend="cpu")
    assert isinstance(component, np.ndarray) and component.base is not None


def test_unknown_backend_and_to():
    with pytest.raises(graphrun.UsageError):
        graphrun.Engine("tpu")
    with pytest.raises(graphrun.UsageError):
        graphrun.wcc(loaded("karate.mtx"), backend="cpu", to="pandas")
