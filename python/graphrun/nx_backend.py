"""graphrun as a NetworkX backend, and networkx graphs as graphrun graphs.

``from_networkx(G, weight=None)`` builds a ``graphrun.Graph`` from a networkx
graph (position i is ``list(G)[i]``, kept in ``Graph.nodes``).

The rest is a backend for NetworkX's dispatching (networkx >= 3.2). Once the
package is installed with its entry points (``networkx.backends`` names
``BackendInterface``, ``networkx.backend_info`` names
``_graphrun_nx_info.get_info``, a module that imports no native code), either
of these runs graphrun instead of networkx's own code::

    nx.pagerank(G, backend="graphrun")          # this call only
    nx.config.backend_priority = ["graphrun"]   # every supported call
    # or NETWORKX_BACKEND_PRIORITY=graphrun in the environment

What dispatches (each function keeps networkx's signature, results and
exceptions; ``can_run`` declines the arguments it cannot honour exactly, and
networkx then runs its own code when dispatching by priority, or raises
NotImplementedError (RuntimeError in networkx 3.3) when ``backend="graphrun"``
was asked for by name):

- ``pagerank``: see its docstring for the accepted personalization, nstart
  and dangling vectors and the tolerance mapping.
- ``single_source_shortest_path_length``, ``descendants_at_distance``:
  graphrun's BFS levels.
- ``connected_components``, ``number_connected_components``,
  ``is_connected`` (undirected graphs) and their weakly connected
  counterparts (directed graphs): graphrun's WCC labels. Components come in
  networkx's order (by their first node in ``list(G)``).

What does not, and why:

- ``bfs_edges``, ``bfs_tree``, ``bfs_predecessors``, ``bfs_successors``,
  ``bfs_layers``: networkx reports tree edges and layer members in discovery
  order, which follows each node's adjacency insertion order; graphrun's BFS
  gives levels and, as parent, the smallest-position vertex one level up. A
  vertex with several parents one level up gets a different tree edge, and
  the order within a layer differs, so the results would not be networkx's.
  Reproducing them needs a Python pass over the adjacency in networkx's
  order, i.e. networkx's own algorithm. (``descendants_at_distance`` returns
  a set and ``single_source_shortest_path_length`` a mapping, so levels are
  all they need.)
- ``label_propagation_communities``: networkx's algorithm is
  semi-synchronous (Cordasco and Gargano: a greedy colouring, colour classes
  updated in turn, Prec-Max tie breaking) and its output is deterministic
  for a given ``G``. graphrun's is the LDBC CDLP: synchronous rounds, the
  smallest label on ties, and it can oscillate instead of settling (on
  bipartite parts). The communities differ, so returning graphrun's would
  not honour networkx's documented semantics, even though "communities are
  not unique" in general. It is not offered (``can_run`` says why when
  asked); ``graphrun.label_propagation`` on ``graphrun.Graph.from_networkx(G)``
  runs the CDLP directly.

Backend graphs. ``BackendInterface.convert_from_nx`` returns a
``GraphrunGraph``: the node list, directedness, multigraph flag, graph
attributes, and one built ``graphrun.Graph`` per edge attribute it was asked
for (structure only when none). Its values are what
``nx.to_scipy_sparse_array(G, weight=attr)`` would hold: parallel edges of a
multigraph summed, an edge without the attribute counted as the default (1);
for ``attr=None`` a multigraph's entry is its number of parallel edges, as
networkx's pagerank counts them. Every function also accepts a networkx
graph directly (``BackendInterface.pagerank(G)``) and converts it.

Caching. networkx (>= 3.3) caches each conversion in
``G.__networkx_cache__["backends"]["graphrun"]`` under a key made from the
requested edge attributes, so a second call on an unchanged ``G`` reuses the
converted graph (and, through it, the copy graphrun keeps resident on the
engine); nothing here is needed for that beyond ``convert_from_nx``. A direct
call with a networkx graph uses the same cache entries with networkx >= 3.4.
networkx clears the cache in every method that changes the graph
(``add_edge``, ``add_edges_from``, ``remove_node``, ``update``, ``clear``, ...).
Changing attribute dictionaries in place (``G[u][v]["weight"] = 2``,
``G.edges[u, v]["weight"] = 2``) does not: call
``G.__networkx_cache__.clear()`` then. ``nx.config.cache_converted_graphs =
False`` turns the cache off.

Every function takes an extra keyword ``engine`` (a ``graphrun.Engine``); by
default graphrun's default engine runs it: cuda when a GPU is visible, else
cpu.
"""
from __future__ import annotations

import inspect
import itertools
from collections.abc import Mapping
import math
import numbers
import operator
from typing import Optional

import numpy as np

import networkx as nx

from _graphrun_nx_info import get_info  # the backend_info entry point (no native import)

from . import Graph as _Graph
from . import betweenness as _betweenness
from . import bfs as _bfs
from . import local_clustering as _local_clustering
from . import pagerank as _pagerank
from . import triangle_count as _triangle_count
from . import wcc as _wcc

__all__ = ["from_networkx", "GraphrunGraph", "BackendInterface", "get_info"]

BACKEND_NAME = "graphrun"

# PageRank ranks are float32 in graphrun: their L1 change per iteration
# settles at float32 rounding noise (a few 1e-8 summed over the graph), so a
# stopping threshold N * tol below this may never be met where networkx's
# float64 iteration meets it. Such calls are declined.
_PAGERANK_MIN_THRESHOLD = 1e-6
_INT32_MAX = 2**31 - 1


# ---------------------------------------------------------------------------
# networkx graph -> edge arrays
# ---------------------------------------------------------------------------
class _Adjacency:
    """The adjacency of a networkx graph as position arrays: one entry per
    stored neighbour (u, v) in ``list(G)`` order, for an undirected graph
    only the entries with pos(u) <= pos(v) (each edge once, self-loops once)."""

    def __init__(self, G, nodes: list):
        adj = G._adj if hasattr(G, "_adj") else G.adj
        n = len(nodes)
        self.multigraph = G.is_multigraph()
        if type(adj) is dict:
            self.rows = [adj[u] for u in nodes]
        elif self.multigraph:
            # A graph view (subgraph_view, edge_subgraph, ...): its filtered
            # mappings' len() need not match what they iterate, so copy them.
            self.rows = [{v: dict(keyed.items()) for v, keyed in adj[u].items()} for u in nodes]
        else:
            self.rows = [dict(adj[u].items()) for u in nodes]
        degree = np.fromiter(map(len, self.rows), dtype=np.int64, count=n)
        self.count = int(degree.sum())
        self.src = np.repeat(np.arange(n, dtype=np.int64), degree)
        self.dst = self._positions(nodes)
        self.keep = None if G.is_directed() else self.src <= self.dst
        if self.keep is not None:
            self.src = self.src[self.keep]
            self.dst = self.dst[self.keep]

    def _positions(self, nodes: list) -> np.ndarray:
        """The neighbours' positions, entry by entry."""
        neighbours = itertools.chain.from_iterable(self.rows)
        try:
            identity = nodes == list(range(len(nodes)))
        except Exception:  # a node type whose == does not answer a bool
            identity = False
        if identity:
            # Nodes 0..n-1 in order: a neighbour is its own position (a key
            # equal to node i, 1.0 for 1 say, converts to i). Saves a
            # dictionary look-up per entry.
            try:
                return np.fromiter(neighbours, dtype=np.int64, count=self.count)
            except (TypeError, ValueError, OverflowError):
                neighbours = itertools.chain.from_iterable(self.rows)
        index = {node: i for i, node in enumerate(nodes)}
        return np.fromiter(map(index.__getitem__, neighbours), dtype=np.int64, count=self.count)

    def _entries(self):
        """The neighbour values in entry order: attribute dicts, or for a
        multigraph the {key: attribute dict} of each neighbour."""
        return itertools.chain.from_iterable(map(operator.methodcaller("values"), self.rows))

    def carries(self, attr) -> bool:
        """Whether any edge has the attribute."""
        if self.multigraph:
            return any(attr in data for keyed in self._entries() for data in keyed.values())
        return any(map(operator.methodcaller("__contains__", attr), self._entries()))

    def values(self, attr, default):
        """(float64 values per kept entry, whether every edge had attr): the
        values to_scipy_sparse_array(G, weight=attr) holds: parallel edges
        added, a missing attribute read as default; attr None: 1 per edge
        (a multigraph's entry counts its edges)."""
        complete = True
        try:
            if attr is None:
                if not self.multigraph:
                    return np.ones(len(self.src), dtype=np.float64), True
                values = np.fromiter(map(len, self._entries()), dtype=np.float64, count=self.count)
            elif self.multigraph:
                values = np.fromiter((sum(data.get(attr, default) for data in keyed.values())
                                      for keyed in self._entries()), dtype=np.float64, count=self.count)
                complete = all(attr in data for keyed in self._entries() for data in keyed.values())
            else:
                # One pass with NaN for a missing attribute; a second pass
                # tells a missing attribute from a NaN value only if needed.
                values = np.fromiter(map(operator.methodcaller("get", attr, math.nan), self._entries()),
                                     dtype=np.float64, count=self.count)
                unknown = np.isnan(values)
                if unknown.any():
                    present = np.fromiter(map(operator.methodcaller("__contains__", attr), self._entries()),
                                          dtype=bool, count=self.count)
                    values[~present] = default
                    complete = bool(present.all())
        except (TypeError, ValueError) as error:
            raise TypeError(f"edge attribute {attr!r} must hold numbers: {error}") from None
        return (values if self.keep is None else values[self.keep]), complete


def _weight_problem(values: np.ndarray, weights32: np.ndarray) -> Optional[str]:
    """Why these weights cannot stand for networkx's in PageRank, or None."""
    if not np.all(np.isfinite(weights32)):
        return "an edge weight is not finite in float32 (graphrun's weight type)"
    if np.any(values < 0):
        return "an edge weight is negative (graphrun's PageRank needs weights >= 0)"
    if np.any((weights32 == 0) & (values != 0)):
        return "an edge weight underflows to 0 in float32 (graphrun's weight type)"
    return None


def _build(adjacency: _Adjacency, n: int, directed: bool, attr, default, *, keep_unit_weights: bool):
    """(graphrun.Graph, problem, complete): the graph whose entries hold
    values(attr, default), why those cannot be PageRank weights (or None),
    and whether every edge had attr; weights left out when there are none
    to keep (attr None on a simple graph) or, unless keep_unit_weights, when
    all are 1."""
    weights = None
    problem = None
    complete = True
    if attr is not None or adjacency.multigraph:
        values, complete = adjacency.values(attr, default)
        weights = values.astype(np.float32)
        problem = _weight_problem(values, weights)
        if not keep_unit_weights and problem is None and np.all(weights == 1.0):
            weights = None
    graph = _Graph.from_edges(adjacency.src, adjacency.dst, weights, n=n, directed=directed)
    return graph, problem, complete


def from_networkx(G, weight=None):
    """A ``graphrun.Graph`` from a networkx graph.

    Position i is ``list(G)[i]`` (kept in the result's ``nodes``). A directed
    graph gives a directed graph, an undirected one an undirected graph (each
    edge stored both ways, self-loops once). ``weight`` names the edge
    attribute to use as weights, 1.0 on an edge without it; None builds the
    structure only. A multigraph's parallel edges merge into one entry whose
    weight is their sum, as ``nx.to_scipy_sparse_array`` does. Weights are
    stored as float32."""
    if not isinstance(G, nx.Graph):
        raise TypeError(f"from_networkx: expected a networkx graph, got {type(G).__name__}")
    nodes = list(G)
    adjacency = _Adjacency(G, nodes)
    if weight is None:
        graph = _Graph.from_edges(adjacency.src, adjacency.dst, None, n=len(nodes), directed=G.is_directed())
    else:
        graph, _, _ = _build(adjacency, len(nodes), G.is_directed(), weight, 1.0, keep_unit_weights=True)
    graph.nodes = nodes
    return graph


# ---------------------------------------------------------------------------
# The backend graph
# ---------------------------------------------------------------------------
class _View:
    __slots__ = ("graph", "problem", "complete")

    def __init__(self, graph: _Graph, problem: Optional[str], complete: bool):
        self.graph = graph          # graphrun.Graph
        self.problem = problem      # why its weights cannot be used, or None
        self.complete = complete    # every edge had the attribute (the default never applied)


class GraphrunGraph:
    """A networkx graph converted for graphrun: the nodes in ``list(G)``
    order, the graph's kind and attributes, and built ``graphrun.Graph``
    objects keyed by (edge attribute, default); (None, 1) is the structure
    (for a multigraph: the number of parallel edges as weights)."""

    __networkx_backend__ = BACKEND_NAME

    def __init__(self, nodes: list, directed: bool, multigraph: bool, graph_attrs: Optional[dict] = None):
        self.nodes = nodes
        self.graph = dict(graph_attrs) if graph_attrs else {}
        self._directed = bool(directed)
        self._multigraph = bool(multigraph)
        self._index: Optional[dict] = None
        self._views: dict = {}
        # networkx caches conversions of this graph (to networkx, when
        # falling back) here; nothing changes a GraphrunGraph in place.
        self.__networkx_cache__: dict = {}

    # ---- what networkx asks of a backend graph ------------------------
    def is_directed(self) -> bool:
        return self._directed

    def is_multigraph(self) -> bool:
        return self._multigraph

    def __len__(self) -> int:
        return len(self.nodes)

    def number_of_nodes(self) -> int:
        return len(self.nodes)

    order = number_of_nodes

    def __iter__(self):
        return iter(self.nodes)

    def __contains__(self, node) -> bool:
        try:
            return node in self.index
        except TypeError:
            return False

    @property
    def index(self) -> dict:
        """node -> position."""
        if self._index is None:
            self._index = {node: i for i, node in enumerate(self.nodes)}
        return self._index

    def position(self, node) -> Optional[int]:
        try:
            return self.index.get(node)
        except TypeError:
            return None

    @property
    def edge_attributes(self) -> list:
        """The (attribute, default) pairs converted; attribute None is the
        structure."""
        return list(self._views)

    def __repr__(self) -> str:
        kind = ("Multi" if self._multigraph else "") + ("DiGraph" if self._directed else "Graph")
        return f"GraphrunGraph({kind}, {len(self.nodes)} nodes, edge attributes {self.edge_attributes})"

    # ---- the built graphs ---------------------------------------------
    def structure(self) -> _Graph:
        """A graphrun.Graph of the edges (weights, if any, are ignored by
        the algorithms that use this)."""
        view = self._views.get((None, 1))
        if view is not None:
            return view.graph
        if not self._views:
            raise NotImplementedError("this GraphrunGraph holds no converted graph")
        return next(iter(self._views.values())).graph

    def weighted(self, attr, default=1) -> _View:
        """The view whose weights are networkx's for weight=attr (missing ->
        default). NotImplementedError when it was not converted."""
        view = self._views.get((attr, default))
        if view is not None:
            return view
        for (have, _), view in self._views.items():
            if have == attr and view.complete:
                return view
        if attr is None and not self._multigraph and self._views:
            # The structure of a simple graph: any converted graph's entries.
            view = self._structure_from(next(iter(self._views.values())).graph)
            self._views[(None, 1)] = view
            return view
        raise NotImplementedError(
            f"this GraphrunGraph was converted without edge attribute {attr!r} (default {default!r}); "
            f"it holds {self.edge_attributes}: convert the networkx graph with edge_attrs={{{attr!r}: {default!r}}}")

    def _structure_from(self, graph: _Graph) -> _View:
        indptr, indices, _ = graph.csr()
        src = np.repeat(np.arange(graph.num_vertices, dtype=np.int64), np.diff(indptr))
        dst = np.asarray(indices, dtype=np.int64)
        if not self._directed:
            keep = src <= dst
            src, dst = src[keep], dst[keep]
        return _View(_Graph.from_edges(src, dst, None, n=graph.num_vertices, directed=self._directed), None, True)


def _convert(G, edge_attrs: Optional[dict] = None, preserve_edge_attrs: bool = False,
             preserve_graph_attrs: bool = False) -> GraphrunGraph:
    if isinstance(G, GraphrunGraph):
        return G
    if not isinstance(G, nx.Graph):
        raise TypeError(f"expected a networkx graph, got {type(G).__name__}")
    nodes = list(G)
    result = GraphrunGraph(nodes, G.is_directed(), G.is_multigraph(), G.graph if preserve_graph_attrs else None)
    adjacency = _Adjacency(G, nodes)
    n = len(nodes)
    wanted: dict = {}
    if preserve_edge_attrs:
        # Every attribute some edge has, each with default 1 (what the
        # functions here ask for); attributes that are not numbers cannot be
        # weights and are left out.
        names: set = set()
        for entry in adjacency._entries():
            for data in (entry.values() if adjacency.multigraph else (entry,)):
                names.update(data)
        wanted.update((name, 1) for name in names)
    if edge_attrs:
        wanted.update(edge_attrs)
    if adjacency.multigraph or not wanted:
        wanted.setdefault(None, 1)
    directed = G.is_directed()
    structure = None
    for attr, default in wanted.items():
        if not adjacency.multigraph and (attr is None or (default == 1 and not adjacency.carries(attr))):
            # A simple graph's structure: no weights, or all of them the default 1.
            if structure is None:
                structure = _Graph.from_edges(adjacency.src, adjacency.dst, None, n=n, directed=directed)
            result._views[(attr, default)] = _View(structure, None, attr is None)
            continue
        optional = preserve_edge_attrs and attr not in (edge_attrs or {})
        try:
            value = float(default)
        except (TypeError, ValueError):
            if optional:
                continue
            raise NotImplementedError(f"graphrun needs a numeric default for edge attribute {attr!r}, "
                                      f"got {default!r}") from None
        try:
            graph, problem, complete = _build(adjacency, n, directed, attr, value, keep_unit_weights=False)
        except TypeError:
            if optional:
                continue  # an attribute that is not a number cannot be a weight
            raise
        result._views[(attr, default)] = _View(graph, problem, complete)
    return result


def _cache_helpers():
    """networkx's conversion-cache helpers (networkx >= 3.4), or None."""
    backends = getattr(getattr(nx, "utils", None), "backends", None)
    helpers = tuple(getattr(backends, name, None) for name in ("_get_cache_key", "_get_from_cache", "_set_to_cache"))
    return helpers if all(helpers) else None


def _to_backend(G, edge_attrs: Optional[dict] = None) -> GraphrunGraph:
    """G as a GraphrunGraph: itself, or a networkx graph converted (through
    networkx's cache on G when networkx has one that is turned on)."""
    if isinstance(G, GraphrunGraph):
        return G
    if not isinstance(G, nx.Graph):
        raise TypeError(f"expected a networkx graph or a GraphrunGraph, got {type(G).__name__}")
    helpers = _cache_helpers()
    nx_cache = getattr(G, "__networkx_cache__", None)
    config = getattr(nx, "config", None)
    if helpers is None or nx_cache is None or not getattr(config, "cache_converted_graphs", False):
        return _convert(G, edge_attrs)
    get_key, get_from_cache, set_to_cache = helpers
    try:  # private networkx helpers: a change of theirs costs the cache, not the call
        key = get_key(edge_attrs=edge_attrs, node_attrs=None, preserve_edge_attrs=False, preserve_node_attrs=False,
                      preserve_graph_attrs=True)
        cache = nx_cache.setdefault("backends", {}).setdefault(BACKEND_NAME, {})
        _, found = get_from_cache(cache, key)
    except Exception:
        return _convert(G, edge_attrs)
    if isinstance(found, GraphrunGraph):
        return found
    converted = _convert(G, edge_attrs, preserve_graph_attrs=True)
    try:
        set_to_cache(cache, key, converted)
    except Exception:
        pass
    return converted


def _to_networkx(graph: GraphrunGraph):
    """A networkx graph of the same kind with the nodes, the edges (a
    multigraph's parallel edges as many times as they were counted) and the
    converted edge attributes of a simple graph. Attributes of a
    multigraph's parallel edges were summed on conversion and are left out."""
    cls = {(False, False): nx.Graph, (True, False): nx.DiGraph, (False, True): nx.MultiGraph,
           (True, True): nx.MultiDiGraph}[(graph.is_directed(), graph.is_multigraph())]
    H = cls()
    H.graph.update(graph.graph)
    H.add_nodes_from(graph.nodes)
    if not graph._views:
        return H
    nodes = graph.nodes

    def entries(g: _Graph):
        indptr, indices, values = g.csr()
        src = np.repeat(np.arange(g.num_vertices, dtype=np.int64), np.diff(indptr))
        dst = np.asarray(indices, dtype=np.int64)
        keep = np.ones(len(dst), dtype=bool) if graph.is_directed() else src <= dst
        vals = None if values is None else np.asarray(values)[keep]
        return src[keep], dst[keep], vals

    base = graph.weighted(None, 1)
    src, dst, counts = entries(base.graph)
    if graph.is_multigraph():
        repeat = np.ones(len(src), dtype=np.int64) if counts is None else counts.astype(np.int64)
        H.add_edges_from(zip(map(nodes.__getitem__, np.repeat(src, repeat).tolist()),
                             map(nodes.__getitem__, np.repeat(dst, repeat).tolist())))
        return H
    H.add_edges_from(zip(map(nodes.__getitem__, src.tolist()), map(nodes.__getitem__, dst.tolist())))
    for (attr, _), view in graph._views.items():
        if attr is None:
            continue
        a_src, a_dst, values = entries(view.graph)
        values = np.ones(len(a_src)) if values is None else values
        for u, v, w in zip(a_src.tolist(), a_dst.tolist(), values.tolist()):
            H[nodes[u]][nodes[v]][attr] = w
    return H


# ---------------------------------------------------------------------------
# Argument checks shared by can_run and the functions
# ---------------------------------------------------------------------------
def _is_real(x) -> bool:
    return isinstance(x, numbers.Real)


def _uniform_support(values, G, what: str):
    """For a node -> value dict as networkx's pagerank reads it (keys that
    are not nodes ignored, absent nodes 0, then divided by the sum): the
    list of nodes with a nonzero value when those values are equal (so the
    normalized vector is uniform on them), else a reason string."""
    if not isinstance(values, Mapping):
        return f"{what} must be a dict"
    support = []
    common = None
    for node, value in values.items():
        if node not in G:
            continue
        try:
            x = float(value)
        except (TypeError, ValueError):
            return f"{what} values must be numbers"
        if x == 0:
            continue
        if not math.isfinite(x):
            return f"{what} values must be finite"
        if common is None:
            common = x
        elif x != common:
            return (f"{what}: graphrun supports only a uniform distribution over a set of nodes "
                    "(all nonzero values equal)")
        support.append(node)
    return support


def _pagerank_plan(G, alpha, personalization, max_iter, tol, nstart, weight, dangling):
    """A reason string when graphrun cannot run this pagerank exactly, else
    the personalization support (list of nodes, or None for all nodes)."""
    if weight is not None and (callable(weight) or not _hashable(weight)):
        return "weight must be an edge attribute name or None"
    if not _is_real(alpha) or not 0 <= alpha <= 1:
        return "alpha must be a real number in [0, 1]"
    if isinstance(max_iter, bool) or not isinstance(max_iter, numbers.Integral):
        return "max_iter must be an integer"
    if not _is_real(tol):
        return "tol must be a real number"
    n = len(G)
    if n and 0 < tol and n * tol < _PAGERANK_MIN_THRESHOLD:
        return (f"the stopping threshold N * tol = {n * tol:g} is below what graphrun's float32 ranks resolve "
                f"({_PAGERANK_MIN_THRESHOLD:g})")
    support = None
    if personalization is not None:
        support = _uniform_support(personalization, G, "personalization")
        if isinstance(support, str):
            return support
        # An empty support: networkx raises ZeroDivisionError; so does the
        # backend function.
    teleport = None if support is None else set(support)
    for name, given in (("nstart", nstart), ("dangling", dangling)):
        if given is None:
            continue
        # graphrun starts from, and sends dangling mass to, the teleport
        # distribution: accept the vectors that equal it.
        other = _uniform_support(given, G, name)
        if isinstance(other, str):
            return other
        if not other:
            return f"{name} has no nonzero value on a node of G"
        matches = len(other) == n if teleport is None else set(other) == teleport
        if not matches:
            return (f"{name} must equal the teleport distribution (uniform over "
                    f"{'all nodes' if teleport is None else 'the personalization nodes'}): graphrun starts "
                    "from it and sends dangling mass to it")
    return support


def _hashable(x) -> bool:
    try:
        hash(x)
    except TypeError:
        return False
    return True


def _max_level(cutoff):
    """The largest BFS level a cutoff keeps (None: all), or a reason string.
    networkx 2.8/3.0 keep levels <= cutoff and >= 3.1 levels <= max(0,
    ceil(cutoff)); both agree on None, inf and integers >= 0, which are the
    values accepted."""
    if cutoff is None:
        return None
    if not _is_real(cutoff):
        return "cutoff must be None or a number"
    if cutoff == math.inf:
        return None
    if cutoff < 0 or cutoff != math.floor(cutoff):
        return "cutoff must be None, inf or an integer >= 0 (networkx versions differ on other values)"
    return int(cutoff)


def _engine_kwargs(engine) -> dict:
    return {"engine": engine} if engine is not None else {"backend": None}


# ---------------------------------------------------------------------------
# Algorithms (networkx's signatures; G is a GraphrunGraph or a networkx graph)
# ---------------------------------------------------------------------------
def pagerank(G, alpha=0.85, personalization=None, max_iter=100, tol=1.0e-6, nstart=None, weight="weight",
             dangling=None, *, engine=None):
    """networkx's pagerank on graphrun: a dict node -> rank (Python floats).

    The iteration is networkx's: x_0 uniform, x' = alpha (x A + dangling mass
    * p) + (1 - alpha) p with A row-normalized by out-weights; it stops when
    the L1 change is below N * tol (graphrun's tolerance is its L1 change,
    so it gets N * tol) and raises PowerIterationFailedConvergence after
    max_iter iterations without that. Ranks are computed in float32.

    Accepted: a personalization whose nonzero values (on nodes of G) are
    equal, i.e. a uniform teleport over a set of nodes; nstart and dangling
    only when they equal that teleport distribution (uniform over all nodes
    without personalization), since graphrun starts from it and sends
    dangling mass to it. A personalization changes the start vector: networkx
    starts from uniform 1/N unless nstart says otherwise, graphrun from the
    teleport distribution; both iterate to the same fixed point and stop
    within the same tolerance, so the ranks agree to about N * tol (exactly,
    up to float32, when nstart is also given as the teleport distribution).
    Declined: other vectors, alpha outside [0, 1], N * tol below 1e-6, and
    weights that are negative or not representable in float32."""
    plan = _pagerank_plan(G, alpha, personalization, max_iter, tol, nstart, weight, dangling)
    if isinstance(plan, str):
        raise NotImplementedError(f"graphrun pagerank: {plan}")
    n = len(G)
    if n == 0:
        return {}
    if plan is not None and not plan:
        raise ZeroDivisionError("personalization has no nonzero value on a node of G")
    if max_iter <= 0 or not tol > 0:
        # networkx's loop runs no iteration, or its test err < N * tol can never hold.
        raise nx.PowerIterationFailedConvergence(max_iter)
    bg = _to_backend(G, {weight: 1} if weight is not None else None)
    view = bg.weighted(weight, 1)
    if view.problem is not None:
        raise NotImplementedError(f"graphrun pagerank: {view.problem}")
    graph = view.graph
    teleport = None
    if plan is not None and len(plan) < n:
        teleport = sorted(bg.index[node] for node in plan)
    ranks, info = _pagerank(graph, damping=float(alpha), tolerance=float(n * tol),
                            max_iterations=min(int(max_iter), _INT32_MAX), personalization=teleport,
                            weighted=graph.weighted, to="numpy", return_info=True, **_engine_kwargs(engine))
    if not info["converged"]:
        raise nx.PowerIterationFailedConvergence(max_iter)
    return dict(zip(bg.nodes, ranks.tolist()))


def _levels(bg: GraphrunGraph, source: int, engine) -> np.ndarray:
    (level, _parent) = _bfs(bg.structure(), source, to="numpy", **_engine_kwargs(engine))
    return level


def single_source_shortest_path_length(G, source, cutoff=None, *, engine=None):
    """networkx's single_source_shortest_path_length on graphrun's BFS: a
    dict node -> number of hops from source (out-edges on a directed
    graph), for the nodes within cutoff hops, in order of level. cutoff:
    None, inf or an integer >= 0 (others are declined)."""
    max_level = _max_level(cutoff)
    if isinstance(max_level, str):
        raise NotImplementedError(f"graphrun single_source_shortest_path_length: {max_level}")
    bg = _to_backend(G)
    start = bg.position(source)
    if start is None:
        raise nx.NodeNotFound(f"Source {source} is not in G")
    level = _levels(bg, start, engine)
    reached = level >= 0
    if max_level is not None:
        reached &= level <= max_level
    found = np.flatnonzero(reached)
    found = found[np.argsort(level[found], kind="stable")]
    return dict(zip(map(bg.nodes.__getitem__, found.tolist()), level[found].tolist()))


def descendants_at_distance(G, source, distance, *, engine=None):
    """networkx's descendants_at_distance on graphrun's BFS: the set of
    nodes exactly ``distance`` hops from source (out-edges on a directed
    graph); an empty set when no BFS layer has that index."""
    bg = _to_backend(G)
    start = bg.position(source)
    if start is None:
        raise nx.NetworkXError(f"The node {source} is not in the graph.")
    # networkx compares each layer index i (0, 1, ...) with `distance`.
    try:
        hops = int(distance)
        exact = hops == distance and hops >= 0
    except (TypeError, ValueError, OverflowError):
        exact = False
    if not exact:
        return set()
    if hops == 0:
        return {source}
    level = _levels(bg, start, engine)
    return set(map(bg.nodes.__getitem__, np.flatnonzero(level == hops).tolist()))


def _components(bg: GraphrunGraph, engine):
    """The components as lists of positions, ordered by their smallest
    position (networkx's order: by each component's first node in G)."""
    n = len(bg.nodes)
    if n == 0:
        return []
    label = _wcc(bg.structure(), to="numpy", **_engine_kwargs(engine))
    order = np.argsort(label, kind="stable")
    ordered = label[order]
    starts = np.flatnonzero(np.concatenate(([True], ordered[1:] != ordered[:-1])))
    bounds = np.concatenate((starts, [n])).tolist()
    order = order.tolist()
    return [order[bounds[i]:bounds[i + 1]] for i in range(len(starts))]


def _component_sets(bg: GraphrunGraph, engine):
    nodes = bg.nodes
    for members in _components(bg, engine):
        yield set(map(nodes.__getitem__, members))


def _count_components(bg: GraphrunGraph, engine) -> int:
    if len(bg.nodes) == 0:
        return 0
    _, info = _wcc(bg.structure(), to="numpy", return_info=True, **_engine_kwargs(engine))
    return int(info["num_components"])


def _require(G, directed: bool) -> None:
    if G.is_directed() != directed:
        raise nx.NetworkXNotImplemented(f"not implemented for {'undirected' if directed else 'directed'} type")


def connected_components(G, *, engine=None):
    """networkx's connected_components on graphrun's WCC: a generator of
    sets of nodes, one per component, in networkx's order (undirected
    graphs only)."""
    _require(G, directed=False)
    bg = _to_backend(G)
    return _component_sets(bg, engine)  # computed now; sets made as iterated


def number_connected_components(G, *, engine=None):
    """networkx's number_connected_components on graphrun's WCC."""
    _require(G, directed=False)
    return _count_components(_to_backend(G), engine)


def is_connected(G, *, engine=None):
    """networkx's is_connected on graphrun's WCC."""
    _require(G, directed=False)
    if len(G) == 0:
        raise nx.NetworkXPointlessConcept("Connectivity is undefined for the null graph.")
    return _count_components(_to_backend(G), engine) == 1


def weakly_connected_components(G, *, engine=None):
    """networkx's weakly_connected_components on graphrun's WCC: a generator
    of sets of nodes in networkx's order (directed graphs only)."""
    _require(G, directed=True)
    bg = _to_backend(G)
    return _component_sets(bg, engine)


def number_weakly_connected_components(G, *, engine=None):
    """networkx's number_weakly_connected_components on graphrun's WCC."""
    _require(G, directed=True)
    return _count_components(_to_backend(G), engine)


def is_weakly_connected(G, *, engine=None):
    """networkx's is_weakly_connected on graphrun's WCC."""
    _require(G, directed=True)
    if len(G) == 0:
        raise nx.NetworkXPointlessConcept("Connectivity is undefined for the null graph.")
    return _count_components(_to_backend(G), engine) == 1


def _per_node(G, bg: GraphrunGraph, values: np.ndarray, nodes, kind):
    """networkx's shape of a per-node result: the value of one node when
    ``nodes`` is a node of G, else a dict over ``nodes`` (all when None;
    nodes not in G are skipped, as G.nbunch_iter does)."""
    if nodes is not None and _hashable(nodes) and nodes in G:
        return kind(values[bg.position(nodes)])
    chosen = bg.nodes if nodes is None else list(G.nbunch_iter(nodes))
    index = bg.index
    return {node: kind(values[index[node]]) for node in chosen}


def triangles(G, nodes=None, *, engine=None):
    """networkx's triangles on graphrun's triangle count: each node's
    triangles (self-loops ignored), a dict, or an int for one node
    (undirected graphs only)."""
    _require(G, directed=False)
    bg = _to_backend(G)
    if len(bg.nodes) == 0:
        return {} if nodes is None or not (_hashable(nodes) and nodes in G) else 0
    _total, counts = _triangle_count(bg.structure(), per_vertex=True, **_engine_kwargs(engine))
    return _per_node(G, bg, counts, nodes, int)


def clustering(G, nodes=None, weight=None, *, engine=None):
    """networkx's clustering on graphrun's local clustering coefficient
    (LDBC LCC, which is networkx's formula on an undirected graph): a dict,
    or a float for one node. Undirected and unweighted only (others are
    declined: networkx's directed formula differs)."""
    reason = _clustering_problem(G, weight)
    if reason is not None:
        raise NotImplementedError(f"graphrun clustering: {reason}")
    bg = _to_backend(G)
    if len(bg.nodes) == 0:
        return {}
    coefficient = _local_clustering(bg.structure(), **_engine_kwargs(engine))
    return _per_node(G, bg, coefficient, nodes, float)


def average_clustering(G, nodes=None, weight=None, count_zeros=True, *, engine=None):
    """networkx's average_clustering over every node, on graphrun's local
    clustering coefficient (undirected, unweighted, count_zeros)."""
    reason = _clustering_problem(G, weight) or _average_problem(nodes, count_zeros)
    if reason is not None:
        raise NotImplementedError(f"graphrun average_clustering: {reason}")
    if len(G) == 0:
        raise ZeroDivisionError("division by zero")  # networkx's sum(c) / len(c) on no nodes
    _coefficient, info = _local_clustering(_to_backend(G).structure(), return_info=True, **_engine_kwargs(engine))
    return float(info["average"])


def betweenness_centrality(G, k=None, normalized=True, weight=None, endpoints=False, seed=None, *, engine=None):
    """networkx's betweenness_centrality, exact (k=None), unweighted and
    without endpoints, on graphrun's Brandes: a dict of floats, scaled as
    networkx scales (normalized: 1 / ((n - 1)(n - 2)) of the path count
    over ordered pairs; else halved on an undirected graph)."""
    reason = _betweenness_problem(k, weight, endpoints)
    if reason is not None:
        raise NotImplementedError(f"graphrun betweenness_centrality: {reason}")
    bg = _to_backend(G)
    n = len(bg.nodes)
    if n == 0:
        return {}
    values = _betweenness(bg.structure(), **_engine_kwargs(engine))  # networkx's normalized=False values
    if normalized:
        ordered = values if G.is_directed() else 2.0 * values
        values = ordered if n <= 2 else ordered / ((n - 1) * (n - 2))
    return dict(zip(bg.nodes, values.tolist()))


def _clustering_problem(G, weight) -> Optional[str]:
    if G.is_directed():
        return "networkx's directed clustering counts directed triangles; graphrun's LCC does not"
    if weight is not None:
        return "weighted clustering is not computed (weight must be None)"
    return None


def _average_problem(nodes, count_zeros) -> Optional[str]:
    if nodes is not None:
        return "only the average over every node (nodes=None)"
    if not count_zeros:
        return "only count_zeros=True"
    return None


def _betweenness_problem(k, weight, endpoints) -> Optional[str]:
    if k is not None:
        return "only exact betweenness (k=None): networkx's sample of k sources comes from its own random stream"
    if weight is not None:
        return "only unweighted shortest paths (weight=None)"
    if endpoints:
        return "endpoints=True is not computed"
    return None


# Checks run by can_run: bound arguments -> reason string or None.
def _check_pagerank(a) -> Optional[str]:
    plan = _pagerank_plan(a["G"], a["alpha"], a["personalization"], a["max_iter"], a["tol"], a["nstart"],
                          a["weight"], a["dangling"])
    return plan if isinstance(plan, str) else None


def _check_sssp_length(a) -> Optional[str]:
    level = _max_level(a["cutoff"])
    return level if isinstance(level, str) else None


def _check_clustering(a) -> Optional[str]:
    return _clustering_problem(a["G"], a["weight"])


def _check_average_clustering(a) -> Optional[str]:
    return _clustering_problem(a["G"], a["weight"]) or _average_problem(a["nodes"], a["count_zeros"])


def _check_betweenness(a) -> Optional[str]:
    return _betweenness_problem(a["k"], a["weight"], a["endpoints"])


_FUNCTIONS = {
    "pagerank": (pagerank, _check_pagerank),
    "single_source_shortest_path_length": (single_source_shortest_path_length, _check_sssp_length),
    "descendants_at_distance": (descendants_at_distance, None),
    "connected_components": (connected_components, None),
    "number_connected_components": (number_connected_components, None),
    "is_connected": (is_connected, None),
    "weakly_connected_components": (weakly_connected_components, None),
    "number_weakly_connected_components": (number_weakly_connected_components, None),
    "is_weakly_connected": (is_weakly_connected, None),
    "triangles": (triangles, None),
    "clustering": (clustering, _check_clustering),
    "average_clustering": (average_clustering, _check_average_clustering),
    "betweenness_centrality": (betweenness_centrality, _check_betweenness),
}

_DECLINED = {
    "label_propagation_communities": (
        "graphrun's label propagation is the LDBC CDLP (synchronous, smallest label on ties), not networkx's "
        "semi-synchronous algorithm: the communities differ"),
    "bfs_edges": "graphrun's BFS parents and order differ from networkx's discovery order",
    "bfs_tree": "graphrun's BFS parents differ from networkx's discovery order",
    "bfs_predecessors": "graphrun's BFS parents differ from networkx's discovery order",
    "bfs_successors": "graphrun's BFS parents differ from networkx's discovery order",
    "bfs_layers": "networkx orders each layer by discovery, graphrun's BFS gives levels only",
}


# ---------------------------------------------------------------------------
# The dispatch interface
# ---------------------------------------------------------------------------
class BackendInterface:
    """The object the ``networkx.backends`` entry point ``graphrun`` names."""

    @staticmethod
    def convert_from_nx(G, edge_attrs=None, node_attrs=None, preserve_edge_attrs=False, preserve_node_attrs=False,
                        preserve_graph_attrs=False, preserve_all_attrs=False, name=None, graph_name=None,
                        **kwargs) -> GraphrunGraph:
        """A GraphrunGraph of G with the edge attributes ``edge_attrs``
        ({attribute: default for edges without it}), or every numeric
        attribute (default 1) when ``preserve_edge_attrs``. Node attributes
        are not kept: no function here uses them."""
        if preserve_all_attrs:
            preserve_edge_attrs = preserve_graph_attrs = True
        return _convert(G, dict(edge_attrs) if edge_attrs else None, preserve_edge_attrs=preserve_edge_attrs is True,
                        preserve_graph_attrs=bool(preserve_graph_attrs))

    @staticmethod
    def convert_to_nx(obj, *, name=None):
        """A GraphrunGraph as a networkx graph; results pass unchanged."""
        if isinstance(obj, GraphrunGraph):
            return _to_networkx(obj)
        return obj

    @staticmethod
    def can_run(name, args, kwargs):
        """True, or a string saying why graphrun cannot run ``name`` with
        these arguments exactly as networkx would."""
        if name in _DECLINED:
            return _DECLINED[name]
        entry = _FUNCTIONS.get(name)
        if entry is None:
            return False
        func, check = entry
        if check is None:
            return True
        try:
            bound = inspect.signature(func).bind(*args, **kwargs)
        except TypeError:
            return True  # the call itself raises the TypeError networkx would
        bound.apply_defaults()
        reason = check(bound.arguments)
        return True if reason is None else reason

    @staticmethod
    def should_run(name, args, kwargs):
        return True

    pagerank = staticmethod(pagerank)
    single_source_shortest_path_length = staticmethod(single_source_shortest_path_length)
    descendants_at_distance = staticmethod(descendants_at_distance)
    connected_components = staticmethod(connected_components)
    number_connected_components = staticmethod(number_connected_components)
    is_connected = staticmethod(is_connected)
    weakly_connected_components = staticmethod(weakly_connected_components)
    number_weakly_connected_components = staticmethod(number_weakly_connected_components)
    is_weakly_connected = staticmethod(is_weakly_connected)
    triangles = staticmethod(triangles)
    clustering = staticmethod(clustering)
    average_clustering = staticmethod(average_clustering)
    betweenness_centrality = staticmethod(betweenness_centrality)
