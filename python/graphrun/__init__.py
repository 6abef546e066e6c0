"""graphrun: graph analytics on GPUs (own CUDA kernels, cuSPARSE) and CPUs.

Graphs come from files (``load``), numpy/scipy/networkx objects or edge arrays
(``Graph.from_*``). Algorithms take a ``Graph`` and run on an ``Engine``: the
default one for ``backend=``/``device=``, or one you pass as ``engine=``.
An engine keeps each graph it has seen resident, so a second call on the same
graph uploads nothing. Vertex arguments and results use positions 0..n-1;
``Graph.vertex_ids`` maps them back to a file's ids.

Results are numpy arrays on the cpu backend. On a GPU backend they stay in
GPU memory as ``DeviceArray`` objects (``torch.from_dlpack(a)``,
``cupy.from_dlpack(a)``, no copy), unless ``to="numpy"``, ``"torch"`` or
``"cupy"`` asks for that type.
"""
from __future__ import annotations

import weakref
from typing import Any, Optional, Sequence

import numpy as np

from . import errors
from ._core import DeviceArray
from ._core import Engine as _NativeEngine
from ._core import Graph as _NativeGraph
from . import _core
from .errors import GraphrunError, GraphrunRuntimeError, InputError, UsageError

__version__ = "0.1.0"

__all__ = [
    "Graph", "Engine", "DeviceArray", "load", "pagerank", "bfs", "multi_source_bfs", "sssp", "triangle_count",
    "local_clustering", "betweenness", "trsv", "wcc", "label_propagation", "aggregate",
    "cuda_available", "GraphrunError", "UsageError", "InputError", "GraphrunRuntimeError",
]


def cuda_available() -> bool:
    """True when graphrun was built with CUDA and a GPU is visible."""
    return _core.cuda_available()


class Graph:
    """A built graph: CSR adjacency on the host, uploaded to engines on use."""

    __slots__ = ("_native", "nodes", "_beneath", "_lower", "__weakref__")

    def __init__(self, native: _NativeGraph, nodes: Optional[list] = None):
        self._native = native
        #: The networkx node at each position, for graphs from_networkx made.
        self.nodes = nodes
        self._beneath: dict = {}
        self._lower: Optional["Graph"] = None

    def _undirected_simple(self, by_direction: bool) -> "Graph":
        """The undirected simple graph beneath this one (kept for reuse)."""
        if by_direction not in self._beneath:
            self._beneath[by_direction] = Graph(self._native.undirected_simple(by_direction), self.nodes)
        return self._beneath[by_direction]

    def _lower_triangle(self) -> "Graph":
        """L: the lower triangle with the diagonal (kept for reuse)."""
        if self._lower is None:
            self._lower = Graph(self._native.lower_triangle(), self.nodes)
        return self._lower

    # ---- construction -------------------------------------------------
    @staticmethod
    def load(path: str, **options: Any) -> "Graph":
        """See ``graphrun.load``."""
        return load(path, **options)

    @staticmethod
    def from_edges(src, dst, weights=None, n: Optional[int] = None, directed: bool = True,
                   duplicates: str = "first", drop_self_loops: bool = False) -> "Graph":
        """A graph from edge arrays (numpy, or torch/cupy, which are copied to
        the host). Ids are positions 0..n-1; n defaults to the largest id + 1.
        ``directed=False`` adds each edge's mirror. Repeated edges are merged
        by ``duplicates`` (first, sum, min or max)."""
        src = _host_array(src, np.int64, "src")
        dst = _host_array(dst, np.int64, "dst")
        if weights is not None:
            weights = _host_array(weights, np.float32, "weights")
        return Graph(_NativeGraph.from_edges(src, dst, weights, n, directed, duplicates, drop_self_loops))

    @staticmethod
    def from_scipy(matrix, directed: bool = True, weights: bool = True) -> "Graph":
        """A graph from a square scipy.sparse matrix or array (entry (u, v) is
        the edge u->v). A canonical CSR (sorted, no duplicates) is adopted
        after a check, without a build; any other is built from its entries.
        ``directed=False`` needs a symmetric matrix (a canonical CSR is
        checked; other formats are symmetrized). ``weights=False`` drops the
        values."""
        import scipy.sparse as sp

        if not sp.issparse(matrix):
            raise UsageError("from_scipy: expected a scipy.sparse matrix or array, got " + type(matrix).__name__)
        if matrix.shape[0] != matrix.shape[1]:
            raise UsageError(f"from_scipy: the matrix must be square, got shape {matrix.shape}")
        if matrix.format == "csr" and matrix.has_canonical_format:
            values = np.asarray(matrix.data, dtype=np.float32) if weights else None
            native = _NativeGraph.from_csr(np.asarray(matrix.indptr, dtype=np.int64),
                                           np.asarray(matrix.indices, dtype=np.int32), values, directed)
            return Graph(native)
        coo = matrix.tocoo()
        return Graph.from_edges(coo.row, coo.col, coo.data if weights else None, n=matrix.shape[0],
                                directed=directed)

    @staticmethod
    def from_networkx(G, weight: Optional[str] = None) -> "Graph":
        """A graph from a networkx graph: position i is ``list(G)[i]``
        (kept in ``Graph.nodes``); ``weight`` names the edge attribute to use
        (missing on an edge: 1)."""
        from .nx_backend import from_networkx

        return from_networkx(G, weight=weight)

    def to_scipy(self):
        """The out-edge adjacency as a scipy.sparse.csr_array (copies)."""
        import scipy.sparse as sp

        indptr, indices, values = self._native.csr()
        if values is None:
            values = np.ones(len(indices), dtype=np.float32)
        n = self.num_vertices
        make = getattr(sp, "csr_array", sp.csr_matrix)
        return make((values.copy(), indices.copy(), indptr.copy()), shape=(n, n))

    # ---- properties -----------------------------------------------------
    @property
    def num_vertices(self) -> int:
        return self._native.num_vertices

    @property
    def num_entries(self) -> int:
        """Stored entries: an undirected edge counts twice (both directions)."""
        return self._native.num_entries

    @property
    def directed(self) -> bool:
        return self._native.directed

    @property
    def weighted(self) -> bool:
        return self._native.weighted

    @property
    def duplicates_merged(self) -> int:
        """Repeated (u, v) entries the build merged."""
        return self._native.duplicates_merged

    @property
    def self_loops(self) -> int:
        return self._native.self_loops

    @property
    def vertex_ids(self) -> np.ndarray:
        """The input's id at each position: a file's ids (int64, or str for
        named vertices); positions for graphs built from arrays."""
        return self._native.vertex_ids

    def csr(self):
        """(indptr, indices, values or None): read-only numpy views."""
        return self._native.csr()

    def __repr__(self) -> str:
        kind = "directed" if self.directed else "undirected"
        return f"graphrun.Graph({self.num_vertices} vertices, {self.num_entries} stored entries, {kind})"


def load(path: str, *, format: str = "auto", undirected: Optional[bool] = None, drop_self_loops: bool = False,
         duplicates: str = "first", weights: bool = True, src: str = "", dst: str = "", weight: str = "",
         ids: str = "auto", header: str = "auto", build: str = "host", backend: Optional[str] = None,
         device: int = 0, engine: Optional["Engine"] = None) -> Graph:
    """Reads a graph file, as the command line does: ``format`` (auto, mtx,
    el, gr, metis, ldbc, el64, el32, grb), ``undirected`` (None: as the file
    says), ``drop_self_loops``, ``duplicates`` (first, sum, min, max),
    ``weights=False`` (read the structure only), ``src``/``dst``/``weight``
    (column names of an edge list with a header row), ``ids`` (auto, numbers
    or names: string ids, relabelled in byte order; ``vertex_ids`` gives the
    names back), ``header`` (auto, yes, no). ``build="auto"`` or
    ``"device"`` builds the CSR on the engine's GPU (``backend``/``device``
    or ``engine``), as ``--build`` does; the default builds on the host."""
    native_engine = None
    if build != "host":
        native_engine = _pick_engine(backend, device, engine)._native
    return Graph(_NativeGraph.load(path, format, undirected, drop_self_loops, duplicates, weights, src, dst, weight,
                                   ids, header, native_engine, build))


class Engine:
    """A backend (cpu, cuda or cusparse) and the graphs uploaded to it.

    Graphs stay resident while both the engine and the graph live; results
    in GPU memory keep their engine alive."""

    def __init__(self, backend: Optional[str] = None, device: int = 0, threads: int = 0,
                 spmv_kernel: str = "auto", spmm_kernel: str = "auto"):
        self._native = _NativeEngine(backend, device, threads, spmv_kernel, spmm_kernel)
        self._resident: "weakref.WeakKeyDictionary[Graph, Any]" = weakref.WeakKeyDictionary()

    @property
    def backend(self) -> str:
        return self._native.backend

    @property
    def device(self) -> int:
        return self._native.device

    @property
    def device_name(self) -> str:
        return self._native.device_name

    def upload(self, graph: Graph):
        """The graph resident on this engine (uploaded on first use)."""
        if not isinstance(graph, Graph):
            raise UsageError("expected a graphrun.Graph, got " + type(graph).__name__)
        resident = self._resident.get(graph)
        if resident is None:
            resident = self._native.upload(graph._native)
            self._resident[graph] = resident
        return resident

    def __repr__(self) -> str:
        return f"graphrun.Engine({self.backend!r}, {self.device_name!r})"


_default_engines: dict = {}


def _pick_engine(backend: Optional[str], device: Optional[int], engine: Optional[Engine]) -> Engine:
    if engine is not None:
        if backend is not None and backend != engine.backend:
            raise UsageError(f"backend={backend!r} conflicts with the engine's backend {engine.backend!r}")
        return engine
    key = (backend or "auto", device or 0)
    if key not in _default_engines:
        _default_engines[key] = Engine(backend, device or 0)
    return _default_engines[key]


def _host_array(values, dtype, name: str) -> np.ndarray:
    """A contiguous numpy array of `dtype`; torch and cupy arrays are copied
    to the host. Integer ids must convert exactly."""
    if hasattr(values, "get") and type(values).__module__.startswith("cupy"):
        values = values.get()
    elif type(values).__module__.startswith("torch"):
        values = values.detach().cpu().numpy()
    array = np.asarray(values)
    if array.ndim != 1:
        raise UsageError(f"{name} must be one-dimensional, got shape {array.shape}")
    if np.issubdtype(dtype, np.integer):
        if array.size and not np.issubdtype(array.dtype, np.integer):
            raise UsageError(f"{name} must hold integer vertex ids, got {array.dtype}")
    return np.ascontiguousarray(array, dtype=dtype)


def _convert(result, to: Optional[str]):
    """A native result (numpy or DeviceArray) as the type `to` names."""
    if to is None:
        return result
    if to == "numpy":
        return result if isinstance(result, np.ndarray) else result.to_numpy()
    if to == "torch":
        import torch

        return torch.from_numpy(result) if isinstance(result, np.ndarray) else torch.from_dlpack(result)
    if to == "cupy":
        import cupy

        return cupy.asarray(result) if isinstance(result, np.ndarray) else cupy.from_dlpack(result)
    raise UsageError(f"to must be None, 'numpy', 'torch' or 'cupy' (got {to!r})")


def _resident(graph: Graph, backend, device, engine):
    return _pick_engine(backend, device, engine).upload(graph)


def pagerank(graph: Graph, *, damping: float = 0.85, tolerance: float = 1e-5, max_iterations: int = 100,
             iterations: Optional[int] = None, personalization: Optional[Sequence[int]] = None,
             weighted: bool = False, backend: Optional[str] = None, device: Optional[int] = None,
             engine: Optional[Engine] = None, to: Optional[str] = None, return_info: bool = False):
    """PageRank (LDBC Graphalytics semantics; ranks sum to 1). Stops when the
    L1 change of the ranks drops below ``tolerance`` or after
    ``max_iterations``; ``iterations=N`` runs exactly N. ``personalization``:
    positions that receive the teleport uniformly. ``weighted``: edge weights
    as transition weights. ``return_info=True`` also returns a dict with
    iterations, residual and converged."""
    fixed = iterations is not None
    personal = [int(v) for v in personalization] if personalization is not None else []
    ranks, info = _core.pagerank(_resident(graph, backend, device, engine), damping, tolerance,
                                 iterations if fixed else max_iterations, fixed, personal, weighted)
    ranks = _convert(ranks, to)
    return (ranks, info) if return_info else ranks


def bfs(graph: Graph, source: int, *, direction: str = "optimizing", alpha: float = 15.0, beta: float = 18.0,
        backend: Optional[str] = None, device: Optional[int] = None, engine: Optional[Engine] = None,
        to: Optional[str] = None, return_info: bool = False):
    """Breadth-first search from position ``source``: (level, parent), -1
    where unreached; the source's parent is itself, and each parent is the
    smallest-position vertex one level up. ``direction``: optimizing (Beamer's
    push/pull switch with ``alpha``/``beta``), push or pull."""
    level, parent, info = _core.bfs(_resident(graph, backend, device, engine), int(source), direction, alpha, beta)
    result = (_convert(level, to), _convert(parent, to))
    return (result, info) if return_info else result


def multi_source_bfs(graph: Graph, sources: Sequence[int], *, backend: Optional[str] = None,
                     device: Optional[int] = None, engine: Optional[Engine] = None, to: Optional[str] = None,
                     return_info: bool = False):
    """Breadth-first searches from several positions in one call: an int32
    array of shape (len(sources), n) whose row s holds the levels of the
    search from ``sources[s]`` (-1 where unreached; repeats allowed), the
    levels ``bfs`` gives for each source. On the GPU backends up to 64
    searches share each pass over the matrix (one bit per search); on the
    cpu they run one after another. ``return_info=True`` adds {"depth": [...],
    "reached": [...], "bit_parallel_batches": B}."""
    chosen = [int(s) for s in sources]
    levels, info = _core.multi_source_bfs(_resident(graph, backend, device, engine), chosen)
    levels = _convert(levels, to)
    return (levels, info) if return_info else levels


def sssp(graph: Graph, source: int, *, delta: float = 0.0, method: str = "delta-stepping", parents: bool = False,
         backend: Optional[str] = None, device: Optional[int] = None, engine: Optional[Engine] = None,
         to: Optional[str] = None, return_info: bool = False):
    """Single-source shortest paths from position ``source`` over the edge
    weights (1 on a pattern graph): float32 distances, ``inf`` where
    unreachable (LDBC Graphalytics semantics). Weights must be >= 0.
    ``delta``: bucket width of delta-stepping (0 picks one); ``method``:
    delta-stepping (the backend's best loop), near-far (the GPU's steps, on
    any backend) or bellman-ford (min-plus SpMV rounds, the reference).
    Every backend, width and method gives the same bits. ``parents=True``
    returns (distance, parent): an int32 shortest-path tree, -1 where
    unreachable, the source its own parent; each parent is the smallest
    strictly closer in-neighbour whose edge is tight (a host pass)."""
    distance, parent, info = _core.sssp(_resident(graph, backend, device, engine), int(source), float(delta), method,
                                        bool(parents))
    result = (_convert(distance, to), _convert(parent, to)) if parents else _convert(distance, to)
    return (result, info) if return_info else result


def triangle_count(graph: Graph, *, per_vertex: bool = False, backend: Optional[str] = None,
                   device: Optional[int] = None, engine: Optional[Engine] = None):
    """Triangles of the undirected simple graph beneath ``graph`` (direction,
    self-loops and repeated edges dropped), each counted once (GAP's tc).
    ``per_vertex=True`` returns (total, counts) with each vertex's triangles
    as a uint64 numpy array (networkx's ``triangles``)."""
    total, counts = _core.triangle_count(_resident(graph._undirected_simple(False), backend, device, engine),
                                         per_vertex)
    return (total, counts) if per_vertex else total


def local_clustering(graph: Graph, *, backend: Optional[str] = None, device: Optional[int] = None,
                     engine: Optional[Engine] = None, return_info: bool = False):
    """Local clustering coefficient, LDBC Graphalytics' LCC: with N(v) the in-
    and out-neighbours of v other than v and d = |N(v)|, the directed edges
    among N(v) over d (d - 1); 0 when d < 2. On an undirected graph this is
    networkx's ``clustering``. A float64 numpy array; ``return_info=True``
    adds {"average": mean over all vertices}."""
    coefficient, average = _core.local_clustering(
        _resident(graph._undirected_simple(True), backend, device, engine))
    return (coefficient, {"average": average}) if return_info else coefficient


def betweenness(graph: Graph, *, sources: Optional[Sequence[int]] = None, backend: Optional[str] = None,
                device: Optional[int] = None, engine: Optional[Engine] = None):
    """Betweenness centrality (Brandes), equal to networkx's
    ``betweenness_centrality(G, normalized=False)``: on an undirected graph
    each unordered pair counts once. ``sources``: positions to sum over
    instead of every vertex, scaled by n / len(sources) (networkx's k-sample
    estimate). A float64 numpy array."""
    chosen = [int(s) for s in sources] if sources is not None else []
    if sources is not None and not chosen:
        raise UsageError("betweenness: sources is empty")
    return _core.betweenness(_resident(graph, backend, device, engine), chosen)


def trsv(graph: Graph, b=None, *, method: str = "auto", precision: str = "double", backend: Optional[str] = None,
         device: Optional[int] = None, engine: Optional[Engine] = None, return_info: bool = False):
    """Solves L x = b with L the lower triangle of the graph's matrix (row i:
    vertex i's out-edges j <= i), diagonal included; a row without a
    non-zero diagonal entry is an InputError naming it. ``b``: a vector of
    num_vertices entries (default: ones). ``method``: auto, or the
    backend's (cpu: sequential, level-set; cuda: level-set, sync-free,
    recursive-block; cusparse: library, cuSPARSE SpSV). ``precision``:
    double or float (vectors and sums; the entries are float32 weights).
    A numpy array; ``return_info=True`` adds {method, levels, residual:
    ||Lx - b|| / ||b||}."""
    vector = None if b is None else np.ascontiguousarray(np.asarray(b, dtype=np.float64))
    x, info = _core.trsv(_resident(graph._lower_triangle(), backend, device, engine), vector, method, precision)
    return (x, info) if return_info else x


def wcc(graph: Graph, *, backend: Optional[str] = None, device: Optional[int] = None,
        engine: Optional[Engine] = None, to: Optional[str] = None, return_info: bool = False):
    """Weakly connected components: each vertex's label is the smallest
    position in its component."""
    component, info = _core.wcc(_resident(graph, backend, device, engine))
    component = _convert(component, to)
    return (component, info) if return_info else component


def label_propagation(graph: Graph, *, iterations: int = 10, until_stable: bool = False,
                      backend: Optional[str] = None, device: Optional[int] = None,
                      engine: Optional[Engine] = None, to: Optional[str] = None, return_info: bool = False):
    """Community detection by label propagation (LDBC Graphalytics CDLP:
    synchronous rounds, the most frequent neighbour label, the smallest on
    ties). ``until_stable=True`` stops at the first round that changes no
    label (``iterations`` is then the cap)."""
    labels, info = _core.label_propagation(_resident(graph, backend, device, engine), iterations, until_stable)
    labels = _convert(labels, to)
    return (labels, info) if return_info else labels


def aggregate(graph: Graph, features, *, norm: str = "sum", weighted: bool = False,
              backend: Optional[str] = None, device: Optional[int] = None, engine: Optional[Engine] = None):
    """GNN neighbourhood aggregation: row v of the result combines the
    feature rows of v's in-neighbours. ``norm``: sum (A^T X), mean (divided
    by in-degree) or gcn (D^-1/2 (A^T + I) D^-1/2 X, D = in-degree + 1).

    ``features`` is a float32 (vertices x width) array. A torch or cupy
    tensor on a GPU is read in place and the result comes back as the same
    kind of tensor on the same GPU, without copies; a numpy array gives a
    numpy array."""
    kind = _array_kind(features)
    if kind in ("torch-cuda", "cupy"):
        _, device_id = features.__dlpack_device__()
        if device is not None and device != device_id:
            raise UsageError(f"device={device} but the features are on GPU {device_id}")
        eng = _pick_engine(backend or (engine.backend if engine else "cuda"), device_id, engine)
        if eng.backend == "cpu":
            raise UsageError("the features are on a GPU; the cpu backend cannot read them (use backend='cuda')")
        _wait_for_producer(features, kind)
        result = _core.aggregate_tensor(eng.upload(graph), features, norm, weighted)
        return _convert(result, "torch" if kind == "torch-cuda" else "cupy")
    if kind == "torch-cpu":
        array = features.detach().numpy()
        return _convert(aggregate(graph, array, norm=norm, weighted=weighted, backend=backend, device=device,
                                  engine=engine), "torch")
    array = np.asarray(features)
    if array.dtype != np.float32:
        raise UsageError(f"aggregate: features must be float32, got {array.dtype} (use .astype(np.float32))")
    if array.ndim != 2:
        raise UsageError(f"aggregate: features must be two-dimensional (vertices x width), got shape {array.shape}")
    eng = _pick_engine(backend, device, engine)
    if eng.backend == "cpu":
        return _core.aggregate_tensor(eng.upload(graph), np.ascontiguousarray(array), norm, weighted)
    return _core.aggregate_host(eng.upload(graph), array, norm, weighted)


def _array_kind(x) -> str:
    module = type(x).__module__
    if module.startswith("torch"):
        if x.dtype.__repr__() != "torch.float32":
            raise UsageError(f"aggregate: features must be float32, got {x.dtype}")
        return "torch-cuda" if x.is_cuda else "torch-cpu"
    if module.startswith("cupy"):
        return "cupy"
    return "numpy"


def _wait_for_producer(x, kind: str) -> None:
    """graphrun reads the tensor on its own stream: finish the producer's
    queued work on it first."""
    if kind == "torch-cuda":
        import torch

        torch.cuda.current_stream(x.device).synchronize()
    else:
        import cupy

        with cupy.cuda.Device(x.device.id):
            cupy.cuda.get_current_stream().synchronize()
