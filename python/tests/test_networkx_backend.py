"""graphrun's networkx backend (graphrun.nx_backend) against networkx itself.

The direct tests call the backend's functions with networkx graphs and run
on any networkx (2.8 has no dispatching). The dispatch tests need networkx
>= 3.2 and graphrun installed with its ``networkx.backends`` entry point;
they skip otherwise.
"""
import math
import os
import pathlib

import numpy as np
import pytest

nx = pytest.importorskip("networkx")

import graphrun  # noqa: E402
from graphrun import nx_backend  # noqa: E402
from graphrun.nx_backend import BackendInterface as B  # noqa: E402

DATA = pathlib.Path(os.environ.get("GRAPHRUN_TEST_DATA_DIR",
                                   pathlib.Path(__file__).resolve().parents[2] / "tests" / "data"))
KARATE_MTX = DATA / "karate.mtx"
NX_VERSION = tuple(int(part) for part in nx.__version__.split(".")[:2] if part.isdigit())


# ---------------------------------------------------------------------------
# Graphs
# ---------------------------------------------------------------------------
def karate():
    return nx.karate_club_graph()  # undirected, 'weight' on every edge (networkx >= 2.8)


def karate_mtx():
    scipy_io = pytest.importorskip("scipy.io")
    if not KARATE_MTX.exists():
        pytest.skip(f"{KARATE_MTX} is missing")
    matrix = scipy_io.mmread(str(KARATE_MTX))
    return nx.from_scipy_sparse_array(matrix.tocsr())


def gnp_directed():
    return nx.gnp_random_graph(200, 0.03, seed=1, directed=True)


def path():
    return nx.path_graph(12)


def isolated_strings():
    """String nodes, isolated nodes, a self-loop, edges added out of order,
    some edges with a weight and some without."""
    G = nx.Graph()
    G.add_node("lonely")
    G.add_edge("b", "a", weight=2.5)
    G.add_edge("c", "a")
    G.add_edge("c", "d", weight=0.5)
    G.add_node("z")
    G.add_edge("d", "d", weight=3.0)
    G.add_edges_from([("e", "f"), ("f", "g"), ("g", "e")])
    G.add_node("also alone")
    return G


def karate_shuffled():
    """Integer nodes that are not 0..n-1 in order."""
    order = np.random.default_rng(5).permutation(34).tolist()
    G = nx.Graph()
    G.add_nodes_from(order)
    G.add_edges_from((order[u], order[v], data) for u, v, data in karate().edges(data=True))
    return G


def dangling_digraph():
    """Directed, with dangling nodes (no out-edges), a self-loop and weights."""
    G = nx.DiGraph()
    G.add_weighted_edges_from([(0, 1, 1.0), (1, 2, 3.0), (2, 0, 0.5), (2, 3, 2.0), (3, 3, 1.0), (4, 0, 1.0),
                               (1, 5, 1.0), (6, 5, 4.0)])
    G.add_node(7)
    return G


def multigraph(directed=False):
    G = nx.MultiDiGraph() if directed else nx.MultiGraph()
    G.add_edge(0, 1, w=2.0)
    G.add_edge(0, 1, w=3.0)
    G.add_edge(1, 0)  # no w: counts 1
    G.add_edge(1, 2, w=1.5)
    G.add_edge(2, 2, w=4.0)
    G.add_edge(2, 2, w=1.0)
    G.add_edge(3, 1)
    G.add_edge(2, 3, w=0.25)
    G.add_node(4)
    return G


UNDIRECTED = {"karate": karate, "karate_shuffled": karate_shuffled, "path": path, "isolated_strings": isolated_strings,
              "multigraph": multigraph, "karate_mtx": karate_mtx}
DIRECTED = {"gnp_directed": gnp_directed, "dangling_digraph": dangling_digraph,
            "multidigraph": lambda: multigraph(directed=True)}
ALL = {**UNDIRECTED, **DIRECTED}


def dense(matrix):
    return np.asarray(matrix.toarray() if hasattr(matrix, "toarray") else matrix, dtype=np.float64)


def nx_matrix(G, weight):
    return dense(nx.to_scipy_sparse_array(G, nodelist=list(G), weight=weight, dtype=float))


# ---------------------------------------------------------------------------
# from_networkx
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(ALL))
def test_from_networkx_structure(name):
    G = ALL[name]()
    g = nx_backend.from_networkx(G)
    assert g.nodes == list(G)
    assert g.num_vertices == G.number_of_nodes()
    assert g.directed == G.is_directed()
    assert not g.weighted
    expected = nx_matrix(G, None) != 0
    np.testing.assert_array_equal(dense(g.to_scipy()) != 0, expected)
    assert g.num_entries == int(expected.sum())


@pytest.mark.parametrize("name,weight", [("karate", "weight"), ("isolated_strings", "weight"),
                                         ("dangling_digraph", "weight"), ("multigraph", "w"),
                                         ("multidigraph", "w"), ("gnp_directed", "weight")])
def test_from_networkx_weights(name, weight):
    G = ALL[name]()
    g = nx_backend.from_networkx(G, weight=weight)
    assert g.weighted
    assert g.nodes == list(G)
    # networkx sums parallel edges and reads a missing attribute as 1.
    np.testing.assert_allclose(dense(g.to_scipy()), nx_matrix(G, weight).astype(np.float32), rtol=1e-7)


def test_from_networkx_undirected_self_loop_and_mirrors():
    G = isolated_strings()
    g = nx_backend.from_networkx(G, weight="weight")
    A = dense(g.to_scipy())
    np.testing.assert_array_equal(A, A.T)
    d = list(G).index("d")
    assert A[d, d] == 3.0  # stored once, not doubled
    loops = nx.number_of_selfloops(G)
    assert g.num_entries == 2 * G.number_of_edges() - loops
    lonely = list(G).index("lonely")
    assert A[lonely].sum() == 0 and A[:, lonely].sum() == 0


def test_from_networkx_multigraph_merges_parallel_edges():
    G = multigraph()
    unweighted = nx_backend.from_networkx(G)
    pairs = {frozenset((u, v)) for u, v in G.edges()}
    loops = sum(1 for pair in pairs if len(pair) == 1)
    assert unweighted.num_entries == 2 * len(pairs) - loops
    weighted = nx_backend.from_networkx(G, weight="w")
    A = dense(weighted.to_scipy())
    assert A[0, 1] == 2.0 + 3.0 + 1.0  # two with w, one without (1)
    assert A[2, 2] == 5.0


def test_missing_and_nan_weights():
    G = path()
    G[0][1]["weight"] = math.nan
    G[2][3]["weight"] = 2.0
    A = dense(nx_backend.from_networkx(G, weight="weight").to_scipy())
    assert math.isnan(A[0, 1]) and math.isnan(A[1, 0])
    assert A[2, 3] == 2.0 and A[5, 6] == 1.0
    with pytest.raises(NotImplementedError):
        B.pagerank(G)  # a NaN weight is declined, not read as missing


def test_keys_equal_to_integer_nodes():
    G = nx.Graph()
    G.add_nodes_from(range(4))
    G.add_edge(1.0, 2)  # the neighbour key stored at 2 is the float 1.0
    G.add_edge(True, 3)
    G.add_edge(np.int64(0), 3)
    g = nx_backend.from_networkx(G)
    np.testing.assert_array_equal(dense(g.to_scipy()) != 0, nx_matrix(G, None) != 0)
    assert B.single_source_shortest_path_length(G, 0) == nx.single_source_shortest_path_length(G, 0)


def test_graph_views():
    # Subgraph views filter their mappings; their len() need not match what
    # they iterate (networkx's MultiGraph edge_subgraph), so nothing may rely on it.
    M = nx.MultiGraph()
    M.add_weighted_edges_from([(0, 1, 2), (0, 1, 4), (0, 3, 1), (1, 2, 6), (1, 4, 12), (2, 3, 5), (2, 4, 7),
                               (2, 4, 14), (3, 4, 3), (3, 4, 6)])
    D = gnp_directed()
    views = [M.edge_subgraph([(0, 1, 0), (1, 2, 0), (2, 4, 1), (3, 4, 0)]),
             M.edge_subgraph([(0, 1, 1), (0, 1, 0), (2, 4, 0)]),
             D.subgraph(range(0, 200, 3)),
             nx.restricted_view(karate(), [5, 6], [(0, 1), (32, 33)])]
    for view in views:
        for weight in ("weight", None):
            A = nx_matrix(view, weight)
            np.testing.assert_allclose(dense(nx_backend.from_networkx(view, weight=weight).to_scipy()),
                                       A if weight else (A != 0))
            assert_ranks_match(B.pagerank(view, weight=weight), nx.pagerank(view, weight=weight))
        first = next(iter(view))
        assert B.single_source_shortest_path_length(view, first) == \
            nx.single_source_shortest_path_length(view, first)
        components = B.weakly_connected_components if view.is_directed() else B.connected_components
        expected = nx.weakly_connected_components if view.is_directed() else nx.connected_components
        assert component_list(components(view)) == component_list(expected(view))


def test_graph_from_networkx_entry_point_and_empty_graph():
    G = karate()
    g = graphrun.Graph.from_networkx(G, weight="weight")
    assert g.nodes == list(G) and g.weighted
    np.testing.assert_allclose(dense(g.to_scipy()), nx_matrix(G, "weight"))
    empty = graphrun.Graph.from_networkx(nx.DiGraph())
    assert empty.num_vertices == 0 and empty.nodes == []


def test_from_networkx_rejects_non_graphs():
    with pytest.raises(TypeError):
        nx_backend.from_networkx({"a": ["b"]})


# ---------------------------------------------------------------------------
# pagerank
# ---------------------------------------------------------------------------
def assert_ranks_match(ours, theirs, atol=1e-6):
    assert list(ours) == list(theirs)
    assert all(type(value) is float for value in ours.values())
    worst = max((abs(ours[node] - theirs[node]) for node in theirs), default=0.0)
    assert worst <= atol, f"largest difference {worst:g}"
    if ours:
        assert math.isclose(sum(ours.values()), 1.0, abs_tol=1e-5)


@pytest.mark.parametrize("name", sorted(ALL))
@pytest.mark.parametrize("weight", ["weight", "w", None])
def test_pagerank_matches_networkx(name, weight):
    G = ALL[name]()
    assert_ranks_match(B.pagerank(G, weight=weight), nx.pagerank(G, weight=weight))


@pytest.mark.parametrize("alpha", [0.0, 0.5, 0.99, 1.0])
def test_pagerank_alpha(alpha):
    G = dangling_digraph() if alpha == 1.0 else gnp_directed()
    try:
        expected = nx.pagerank(G, alpha=alpha, max_iter=1000)
    except nx.PowerIterationFailedConvergence:
        with pytest.raises(nx.PowerIterationFailedConvergence):
            B.pagerank(G, alpha=alpha, max_iter=1000)
        return
    assert_ranks_match(B.pagerank(G, alpha=alpha, max_iter=1000), expected, atol=2e-6)


def iterations_networkx_needs(G, **kwargs):
    for max_iter in range(1, 1000):
        try:
            nx.pagerank(G, max_iter=max_iter, **kwargs)
            return max_iter
        except nx.PowerIterationFailedConvergence:
            continue
    raise AssertionError("networkx did not converge")


@pytest.mark.parametrize("name", ["karate", "gnp_directed", "path", "dangling_digraph"])
def test_pagerank_stops_where_networkx_stops(name):
    # tol maps to graphrun's L1 tolerance N * tol: the same number of
    # iterations converges, one fewer raises.
    G = ALL[name]()
    needed = iterations_networkx_needs(G)
    assert needed > 1
    assert_ranks_match(B.pagerank(G, max_iter=needed), nx.pagerank(G, max_iter=needed))
    with pytest.raises(nx.PowerIterationFailedConvergence):
        B.pagerank(G, max_iter=needed - 1)


def test_pagerank_power_iteration_failed_convergence():
    G = karate()
    with pytest.raises(nx.PowerIterationFailedConvergence):
        nx.pagerank(G, max_iter=1)
    with pytest.raises(nx.PowerIterationFailedConvergence):
        B.pagerank(G, max_iter=1)
    with pytest.raises(nx.PowerIterationFailedConvergence):
        B.pagerank(G, max_iter=0)
    with pytest.raises(nx.PowerIterationFailedConvergence):
        B.pagerank(G, tol=0.0)


def test_pagerank_personalization_with_matching_nstart_is_networkx_exactly():
    G = gnp_directed()
    members = [3, 17, 42, 99, 150]
    personalization = {node: 2.0 for node in members}
    nstart = {node: 1.0 for node in members}
    expected = nx.pagerank(G, personalization=personalization, nstart=nstart)
    assert_ranks_match(B.pagerank(G, personalization=personalization, nstart=nstart), expected)
    # dangling equal to the teleport distribution is graphrun's rule too.
    expected = nx.pagerank(G, personalization=personalization, nstart=nstart, dangling=personalization)
    assert_ranks_match(B.pagerank(G, personalization=personalization, nstart=nstart, dangling=nstart), expected)


def test_pagerank_personalization_converges_to_networkx_fixed_point():
    # Without nstart networkx starts from uniform and graphrun from the
    # teleport distribution: both stop within N * tol of the fixed point.
    G = karate()
    personalization = {0: 1, 33: 1, 5: 1, "not a node": 7}
    fixed_point = nx.pagerank(G, personalization=personalization, tol=1e-12, max_iter=10000)
    ours = B.pagerank(G, personalization=personalization)
    theirs = nx.pagerank(G, personalization=personalization)
    bound = len(G) * 1e-6 * 0.85 / (1 - 0.85)
    assert sum(abs(ours[n] - fixed_point[n]) for n in G) <= bound
    assert sum(abs(theirs[n] - fixed_point[n]) for n in G) <= bound
    assert_ranks_match(ours, fixed_point, atol=bound)


def test_pagerank_equal_negative_values_normalize_to_uniform():
    # networkx divides by the sum: equal negative values are a uniform vector.
    G = dangling_digraph()
    personalization = {0: -2.0, 5: -2.0, 7: 0}
    nstart = {0: -1, 5: -1}
    expected = nx.pagerank(G, personalization=personalization, nstart=nstart, dangling=nstart)
    assert_ranks_match(B.pagerank(G, personalization=personalization, nstart=nstart, dangling=nstart), expected)


def test_pagerank_personalization_over_all_nodes_is_plain_pagerank():
    G = isolated_strings()
    everyone = {node: 0.5 for node in G}
    assert_ranks_match(B.pagerank(G, personalization=everyone), nx.pagerank(G, personalization=everyone))
    assert_ranks_match(B.pagerank(G, nstart=everyone, dangling=everyone), nx.pagerank(G))


@pytest.mark.parametrize("kwargs", [
    {"personalization": {0: 1.0, 1: 2.0}},
    {"personalization": {0: 1.0, 1: -1.0}},
    {"personalization": {0: math.inf}},
    {"personalization": {0: "a"}},
    {"nstart": {0: 1.0}},
    {"nstart": {node: float(node + 1) for node in range(34)}},
    {"dangling": {0: 1.0}},
    {"personalization": {0: 1.0}, "nstart": {1: 1.0}},
    {"alpha": 1.5},
    {"alpha": -0.1},
    {"max_iter": 2.5},
    {"tol": 1e-9},
    {"weight": lambda u, v, d: 1.0},
])
def test_pagerank_declines_what_it_cannot_honour(kwargs):
    G = karate()
    reason = B.can_run("pagerank", (G,), kwargs)
    assert isinstance(reason, str) and reason
    with pytest.raises(NotImplementedError):
        B.pagerank(G, **kwargs)


def test_pagerank_can_run_accepts_supported_arguments():
    G = karate()
    assert B.can_run("pagerank", (G,), {}) is True
    assert B.can_run("pagerank", (G, 0.9), {"personalization": {1: 3, 2: 3, 5: 0}}) is True
    assert B.can_run("pagerank", (G,), {"personalization": {1: 3}, "nstart": {1: 1}, "dangling": {1: 9}}) is True
    assert B.can_run("pagerank", (G,), {"nstart": {n: 1 for n in G}}) is True
    assert B.can_run("pagerank", (G,), {"weight": None, "tol": 1e-7}) is True


def test_pagerank_zero_personalization_raises_like_networkx():
    G = path()
    with pytest.raises(ZeroDivisionError):
        nx.pagerank(G, personalization={0: 0})
    with pytest.raises(ZeroDivisionError):
        B.pagerank(G, personalization={0: 0})


def test_pagerank_negative_weight_is_declined():
    G = path()
    G[3][4]["weight"] = -1.0
    with pytest.raises(NotImplementedError):
        B.pagerank(G)
    assert_ranks_match(B.pagerank(G, weight=None), nx.pagerank(G, weight=None))


def test_pagerank_empty_graph():
    assert B.pagerank(nx.Graph()) == nx.pagerank(nx.Graph()) == {}


# ---------------------------------------------------------------------------
# BFS: shortest path lengths, descendants at distance
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(ALL))
@pytest.mark.parametrize("cutoff", [None, 0, 1, 2, 3.0, math.inf])
def test_single_source_shortest_path_length(name, cutoff):
    G = ALL[name]()
    for source in list(G)[:: max(1, len(G) // 15)]:
        ours = B.single_source_shortest_path_length(G, source, cutoff)
        assert ours == nx.single_source_shortest_path_length(G, source, cutoff)
        levels = list(ours.values())
        assert levels == sorted(levels) and next(iter(ours)) == source


def test_single_source_shortest_path_length_errors():
    G = isolated_strings()
    with pytest.raises(nx.NodeNotFound):
        B.single_source_shortest_path_length(G, "nope")
    for cutoff in (1.5, -1, "2"):
        assert isinstance(B.can_run("single_source_shortest_path_length", (G, "a", cutoff), {}), str)
        with pytest.raises(NotImplementedError):
            B.single_source_shortest_path_length(G, "a", cutoff)
    assert B.can_run("single_source_shortest_path_length", (G, "a"), {"cutoff": 2}) is True
    assert B.single_source_shortest_path_length(G, "lonely") == {"lonely": 0}


@pytest.mark.parametrize("name", sorted(ALL))
def test_descendants_at_distance(name):
    G = ALL[name]()
    for source in list(G)[:: max(1, len(G) // 10)]:
        depth = max(nx.single_source_shortest_path_length(G, source).values())
        for distance in [*range(depth + 2), -1, 1.0, 1.5, "1"]:
            assert B.descendants_at_distance(G, source, distance) == nx.descendants_at_distance(G, source, distance)
    with pytest.raises(nx.NetworkXError):
        B.descendants_at_distance(G, "not a node", 1)


# ---------------------------------------------------------------------------
# Components
# ---------------------------------------------------------------------------
def component_list(components):
    return [frozenset(c) for c in components]


@pytest.mark.parametrize("name", sorted(UNDIRECTED))
def test_connected_components(name):
    G = UNDIRECTED[name]()
    ours = component_list(B.connected_components(G))
    theirs = component_list(nx.connected_components(G))
    assert set(ours) == set(theirs)
    assert ours == theirs  # networkx's order: by each component's first node
    assert B.number_connected_components(G) == nx.number_connected_components(G)
    assert B.is_connected(G) == nx.is_connected(G)


@pytest.mark.parametrize("name", sorted(DIRECTED))
def test_weakly_connected_components(name):
    G = DIRECTED[name]()
    ours = component_list(B.weakly_connected_components(G))
    theirs = component_list(nx.weakly_connected_components(G))
    assert set(ours) == set(theirs)
    assert ours == theirs
    assert B.number_weakly_connected_components(G) == nx.number_weakly_connected_components(G)
    assert B.is_weakly_connected(G) == nx.is_weakly_connected(G)


def test_components_of_a_random_graph_with_many_components():
    G = nx.gnp_random_graph(500, 0.002, seed=7)
    assert component_list(B.connected_components(G)) == component_list(nx.connected_components(G))
    D = nx.gnp_random_graph(500, 0.002, seed=8, directed=True)
    assert component_list(B.weakly_connected_components(D)) == component_list(nx.weakly_connected_components(D))
    assert B.number_connected_components(G) > 10


def test_components_reject_the_wrong_kind_of_graph_eagerly():
    with pytest.raises(nx.NetworkXNotImplemented):
        B.connected_components(gnp_directed())  # raised at the call, as networkx's decorator does
    with pytest.raises(nx.NetworkXNotImplemented):
        B.number_connected_components(gnp_directed())
    with pytest.raises(nx.NetworkXNotImplemented):
        B.weakly_connected_components(karate())
    with pytest.raises(nx.NetworkXNotImplemented):
        B.is_weakly_connected(karate())


def test_components_of_the_null_graph():
    assert list(B.connected_components(nx.Graph())) == list(nx.connected_components(nx.Graph())) == []
    assert B.number_weakly_connected_components(nx.DiGraph()) == 0
    with pytest.raises(nx.NetworkXPointlessConcept):
        B.is_connected(nx.Graph())
    with pytest.raises(nx.NetworkXPointlessConcept):
        B.is_weakly_connected(nx.DiGraph())


# ---------------------------------------------------------------------------
# The backend graph, conversions, the interface
# ---------------------------------------------------------------------------
def test_backend_graph_runs_every_function():
    G = isolated_strings()
    bg = B.convert_from_nx(G, edge_attrs={"weight": 1}, preserve_graph_attrs=True, name="pagerank", graph_name="G")
    assert bg.__networkx_backend__ == "graphrun"
    assert not bg.is_directed() and not bg.is_multigraph()
    assert len(bg) == len(G) and list(bg) == list(G) and "a" in bg and "nope" not in bg and [] not in bg
    assert_ranks_match(B.pagerank(bg), nx.pagerank(G))
    # The structure of a simple graph comes from the weighted conversion.
    assert_ranks_match(B.pagerank(bg, weight=None), nx.pagerank(G, weight=None))
    assert component_list(B.connected_components(bg)) == component_list(nx.connected_components(G))
    assert B.single_source_shortest_path_length(bg, "a") == nx.single_source_shortest_path_length(G, "a")
    with pytest.raises(NotImplementedError):
        B.pagerank(bg, weight="other")  # not converted


def test_convert_from_nx_preserve_edge_attrs_and_extra_keywords():
    G = multigraph(directed=True)
    bg = B.convert_from_nx(G, preserve_edge_attrs=True, preserve_all_attrs=False, some_future_keyword=1)
    assert bg.is_multigraph() and bg.is_directed()
    assert_ranks_match(B.pagerank(bg, weight="w"), nx.pagerank(G, weight="w"))
    assert_ranks_match(B.pagerank(bg, weight=None), nx.pagerank(G, weight=None))


@pytest.mark.parametrize("name", sorted(ALL))
def test_convert_to_nx_round_trip(name):
    G = ALL[name]()
    weight = "w" if G.is_multigraph() else "weight"
    bg = B.convert_from_nx(G, edge_attrs={weight: 1})
    H = B.convert_to_nx(bg)
    assert type(H) is type(G)
    assert list(H) == list(G)
    assert sorted(map(repr, H.edges())) == sorted(map(repr, G.edges()))
    if not G.is_multigraph():
        for u, v, data in G.edges(data=True):
            assert H[u][v][weight] == pytest.approx(data.get(weight, 1))
    assert B.convert_to_nx({"a": 1.0}) == {"a": 1.0}


def test_can_run_and_declined_functions():
    G = karate()
    assert B.can_run("connected_components", (G,), {}) is True
    assert B.can_run("closeness_centrality", (G,), {}) is False  # not a graphrun function
    reason = B.can_run("label_propagation_communities", (G,), {})
    assert isinstance(reason, str) and "CDLP" in reason
    assert not hasattr(B, "label_propagation_communities") and not hasattr(B, "bfs_edges")
    assert B.should_run("pagerank", (G,), {}) is True


def test_get_info():
    info = nx_backend.get_info()
    assert info["backend_name"] == "graphrun" and info["backend_name"].isidentifier()
    for key in ("project", "package", "url", "short_summary", "functions"):
        assert key in info
    for name, about in info["functions"].items():
        assert callable(getattr(B, name)), name
        assert set(about) <= {"extra_docstring", "extra_parameters", "url", "additional_docs",
                              "additional_parameters"}
    assert "pagerank" in info["functions"] and "label_propagation_communities" not in info["functions"]


def test_info_entry_point_loads_no_native_code():
    """networkx imports every backend's info when it is imported itself."""
    import subprocess
    import sys

    code = "import _graphrun_nx_info, sys; info = _graphrun_nx_info.get_info(); " \
           "assert 'graphrun' not in sys.modules and 'numpy' not in sys.modules, sorted(sys.modules)"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_engine_keyword():
    G = karate()
    engine = graphrun.Engine("cpu")
    assert_ranks_match(B.pagerank(G, engine=engine), nx.pagerank(G))
    assert B.number_connected_components(G, engine=engine) == 1


# ---------------------------------------------------------------------------
# Dispatch (networkx >= 3.2 with the entry point installed)
# ---------------------------------------------------------------------------
def require_dispatch():
    if NX_VERSION < (3, 2):
        pytest.skip(f"networkx {nx.__version__} has no backend dispatch (needs >= 3.2)")
    installed = getattr(nx.utils.backends, "backends", {})
    if "graphrun" not in installed:
        pytest.skip("the networkx.backends entry point 'graphrun' is not installed (pip install the package)")
    return installed["graphrun"]


def set_algorithm_priority(backends):
    """nx.config.backend_priority for algorithms: a list in networkx 3.3, a
    BackendPriorities whose `algos` it is from 3.4 on."""
    priority = nx.config.backend_priority
    if hasattr(priority, "algos"):
        priority.algos = list(backends)
    else:
        nx.config.backend_priority = list(backends)


def algorithm_priority():
    priority = nx.config.backend_priority
    return list(priority.algos if hasattr(priority, "algos") else priority)


@pytest.fixture
def dispatch():
    entry_point = require_dispatch()
    saved = algorithm_priority() if hasattr(nx, "config") else None
    ignored = getattr(getattr(nx, "config", None), "warnings_to_ignore", None)
    added = ignored is not None and "cache" not in ignored
    if added:
        ignored.add("cache")  # networkx >= 3.4 warns each time a cached conversion is used
    yield entry_point
    if added:
        ignored.discard("cache")
    if saved is not None:
        set_algorithm_priority(saved)


def test_dispatch_entry_points(dispatch):
    assert dispatch.value == "graphrun.nx_backend:BackendInterface"
    assert "graphrun" in nx.pagerank.backends
    assert "graphrun" in nx.connected_components.backends
    assert "graphrun" not in nx.community.label_propagation_communities.backends


def test_dispatch_pagerank(dispatch):
    G = karate()
    assert_ranks_match(nx.pagerank(G, backend="graphrun"), nx.pagerank(G))
    D = gnp_directed()
    assert_ranks_match(nx.pagerank(D, weight=None, backend="graphrun"), nx.pagerank(D, weight=None))
    with pytest.raises(nx.PowerIterationFailedConvergence):
        nx.pagerank(G, max_iter=1, backend="graphrun")


def test_dispatch_traversals_and_components(dispatch):
    G = isolated_strings()
    assert nx.single_source_shortest_path_length(G, "a", backend="graphrun") == \
        nx.single_source_shortest_path_length(G, "a")
    assert nx.descendants_at_distance(G, "b", 2, backend="graphrun") == nx.descendants_at_distance(G, "b", 2)
    assert component_list(nx.connected_components(G, backend="graphrun")) == \
        component_list(nx.connected_components(G))
    assert nx.number_connected_components(G, backend="graphrun") == nx.number_connected_components(G)
    D = gnp_directed()
    assert component_list(nx.weakly_connected_components(D, backend="graphrun")) == \
        component_list(nx.weakly_connected_components(D))
    with pytest.raises(nx.NetworkXNotImplemented):
        nx.connected_components(D, backend="graphrun")


def test_dispatch_triangles_clustering_betweenness(dispatch):
    G = karate()
    assert nx.triangles(G, backend="graphrun") == nx.triangles(G)
    ours, theirs = nx.clustering(G, backend="graphrun"), nx.clustering(G)
    assert all(ours[v] == pytest.approx(theirs[v], rel=1e-12, abs=1e-15) for v in theirs)
    assert nx.average_clustering(G, backend="graphrun") == pytest.approx(nx.average_clustering(G), rel=1e-12)
    D = gnp_directed()
    ours, theirs = nx.betweenness_centrality(D, backend="graphrun"), nx.betweenness_centrality(D)
    assert all(ours[v] == pytest.approx(theirs[v], rel=1e-9, abs=1e-12) for v in theirs)
    with pytest.raises((NotImplementedError, RuntimeError), match="graphrun"):
        nx.betweenness_centrality(G, k=4, seed=1, backend="graphrun")


def test_dispatch_declined_arguments(dispatch):
    G = karate()
    personalization = {0: 1.0, 1: 2.0}
    # networkx 3.3 raises RuntimeError here, the others NotImplementedError.
    with pytest.raises((NotImplementedError, RuntimeError), match="graphrun"):
        nx.pagerank(G, personalization=personalization, backend="graphrun")
    if not hasattr(nx, "config"):
        return
    set_algorithm_priority([])
    networkx_declined = nx.pagerank(G, personalization=personalization)
    networkx_plain = nx.pagerank(G)
    set_algorithm_priority(["graphrun"])
    # Declined: networkx runs its own pagerank.
    assert nx.pagerank(G, personalization=personalization) == networkx_declined
    # Supported: graphrun runs it (float32 ranks are not networkx's float64).
    ours = nx.pagerank(G)
    assert_ranks_match(ours, networkx_plain)
    assert ours != networkx_plain


def test_dispatch_backend_graph_input(dispatch):
    G = karate()
    bg = B.convert_from_nx(G, edge_attrs={"weight": 1})
    assert_ranks_match(nx.pagerank(bg), nx.pagerank(G))
    assert nx.number_connected_components(bg) == 1
    with pytest.raises(nx.NetworkXNotImplemented):
        nx.weakly_connected_components(bg)


def test_dispatch_caches_conversions(dispatch, monkeypatch):
    if NX_VERSION < (3, 4):
        pytest.skip(f"networkx {nx.__version__}: the conversion cache this relies on came in 3.4")
    if hasattr(nx, "config"):
        monkeypatch.setattr(nx.config, "cache_converted_graphs", True)
        monkeypatch.setattr(nx.config, "warnings_to_ignore", set(nx.config.warnings_to_ignore) | {"cache"})
    calls = []
    convert = nx_backend._convert

    def counting(*args, **kwargs):
        calls.append(kwargs.get("edge_attrs", args[1] if len(args) > 1 else None))
        return convert(*args, **kwargs)

    monkeypatch.setattr(nx_backend, "_convert", counting)
    G = karate()
    first = nx.pagerank(G, backend="graphrun")
    assert nx.pagerank(G, backend="graphrun") == first
    assert len(calls) == 1
    # A conversion with 'weight' serves functions that need no attribute.
    nx.number_connected_components(G, backend="graphrun")
    assert len(calls) == 1
    # Direct calls share networkx's cache.
    assert B.pagerank(G) == first
    assert len(calls) == 1
    # A method that changes the graph clears the cache.
    G.add_edge(0, 33, weight=10.0)
    changed = nx.pagerank(G, backend="graphrun")
    assert len(calls) == 2
    assert_ranks_match(changed, nx.pagerank(G))


# ---------------------------------------------------------------------------
# Triangles, clustering, betweenness (direct calls: any networkx)
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("make", [karate, karate_mtx, path, isolated_strings])
def test_triangles_and_clustering_match_networkx(make):
    G = make()
    assert nx_backend.triangles(G) == nx.triangles(G)
    first = next(iter(G))
    assert nx_backend.triangles(G, first) == nx.triangles(G, first)
    some = list(G)[:3]
    assert nx_backend.triangles(G, some) == nx.triangles(G, some)
    got, want = nx_backend.clustering(G), nx.clustering(G)
    assert got.keys() == want.keys()
    assert all(got[v] == pytest.approx(want[v], rel=1e-12, abs=1e-15) for v in want)
    assert nx_backend.clustering(G, first) == pytest.approx(nx.clustering(G, first), rel=1e-12, abs=1e-15)
    assert nx_backend.average_clustering(G) == pytest.approx(nx.average_clustering(G), rel=1e-12, abs=1e-15)


def test_triangles_and_clustering_decline_what_they_do_not_compute():
    directed = gnp_directed()
    with pytest.raises(nx.NetworkXNotImplemented):
        nx_backend.triangles(directed)
    with pytest.raises(NotImplementedError):
        nx_backend.clustering(directed)
    assert isinstance(B.can_run("clustering", (directed,), {}), str)
    assert isinstance(B.can_run("clustering", (karate(),), {"weight": "weight"}), str)
    assert isinstance(B.can_run("average_clustering", (karate(),), {"count_zeros": False}), str)
    assert B.can_run("clustering", (karate(),), {}) is True
    assert B.can_run("triangles", (karate(),), {}) is True


@pytest.mark.parametrize("make", [karate, gnp_directed, path, isolated_strings])
@pytest.mark.parametrize("normalized", [True, False])
def test_betweenness_centrality_matches_networkx(make, normalized):
    G = make()
    got = nx_backend.betweenness_centrality(G, normalized=normalized)
    want = nx.betweenness_centrality(G, normalized=normalized)
    assert got.keys() == want.keys()
    assert all(got[v] == pytest.approx(want[v], rel=1e-9, abs=1e-12) for v in want)


def test_betweenness_centrality_declines_samples_weights_and_endpoints():
    G = karate()
    for kwargs in ({"k": 5}, {"weight": "weight"}, {"endpoints": True}):
        assert isinstance(B.can_run("betweenness_centrality", (G,), kwargs), str), kwargs
        with pytest.raises(NotImplementedError):
            nx_backend.betweenness_centrality(G, **kwargs)
    assert B.can_run("betweenness_centrality", (G,), {"normalized": False}) is True
