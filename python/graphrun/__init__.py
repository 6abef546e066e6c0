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
    """A built graph: CSR adjacency on the host, uploaded to engines on use;
    or, made from GPU arrays (``from_edges``, ``from_csr`` with torch or
    cupy arrays), resident on that GPU's engine, with a host copy made only
    when host work asks for one."""

    __slots__ = ("_native", "nodes", "_beneath", "_lower", "_home", "__weakref__")

    def __init__(self, native: Optional[_NativeGraph], nodes: Optional[list] = None, home=None):
        #: The host graph; None for a graph made on a GPU until host work needs it.
        self._native = native
        #: The networkx node at each position, for graphs from_networkx made.
        self.nodes = nodes
        self._beneath: dict = {}
        self._lower: Optional["Graph"] = None
        #: (Engine, resident graph) for a graph made on a GPU; (Engine, None) for
        #: a graph derived from one on the host, which runs on that engine too.
        self._home = home

    def _host(self) -> _NativeGraph:
        """The host graph (a graph made on a GPU is downloaded once)."""
        if self._native is None:
            self._native = self._home[1].host_graph()
        return self._native

    def _described(self):
        """Whichever of the host graph and the resident one exists."""
        return self._native if self._native is not None else self._home[1]

    def _derived(self, native: _NativeGraph) -> "Graph":
        """A graph computed from this one on the host: it keeps this one's
        nodes and runs on its GPU engine, if it has one."""
        return Graph(native, self.nodes, home=(self._home[0], None) if self._home is not None else None)

    def _undirected_simple(self, by_direction: bool) -> "Graph":
        """The undirected simple graph beneath this one (kept for reuse)."""
        if by_direction not in self._beneath:
            self._beneath[by_direction] = self._derived(self._host().undirected_simple(by_direction))
        return self._beneath[by_direction]

    def _lower_triangle(self) -> "Graph":
        """L: the lower triangle with the diagonal (kept for reuse)."""
        if self._lower is None:
            self._lower = self._derived(self._host().lower_triangle())
        return self._lower

    # ---- construction -------------------------------------------------
    @staticmethod
    def load(path: str, **options: Any) -> "Graph":
        """See ``graphrun.load``."""
        return load(path, **options)

    @staticmethod
    def from_edges(src, dst, weights=None, n: Optional[int] = None, directed: bool = True,
                   duplicates: str = "first", drop_self_loops: bool = False,
                   engine: Optional["Engine"] = None) -> "Graph":
        """A graph from edge arrays. Ids are positions 0..n-1; n defaults to
        the largest id + 1. ``directed=False`` adds each edge's mirror.
        Repeated edges are merged by ``duplicates`` (first, sum, min or max).

        numpy arrays are built on the host. torch or cupy arrays on a GPU
        are built on that GPU, read in place (int32 or int64 ids, float32
        weights; other types are converted there first), and the graph stays
        resident on its engine (``engine``, or the default cuda engine of
        that GPU); nothing goes through host memory. With a cpu ``engine``
        they are copied to the host instead."""
        eng = _gpu_engine((src, dst, weights), engine, "from_edges")
        if eng is not None:
            src, dst = _gpu_ids(src, "src"), _gpu_ids(dst, "dst")
            if str(src.dtype) != str(dst.dtype):
                src, dst = _gpu_cast(src, "int64"), _gpu_cast(dst, "int64")
            if weights is not None:
                weights = _gpu_floats(weights, "weights")
            _wait_for_producers((src, dst, weights))
            resident = _core.build_on_device(eng._native, src, dst, weights, n, directed, duplicates,
                                             drop_self_loops)
            return Graph(None, home=(eng, resident))
        src = _host_array(src, np.int64, "src")
        dst = _host_array(dst, np.int64, "dst")
        if weights is not None:
            weights = _host_array(weights, np.float32, "weights")
        return Graph(_NativeGraph.from_edges(src, dst, weights, n, directed, duplicates, drop_self_loops))

    @staticmethod
    def from_csr(indptr, indices, values=None, *, directed: bool = True,
                 engine: Optional["Engine"] = None) -> "Graph":
        """A graph adopting a canonical CSR: row u's columns (u's
        out-neighbours) are ``indices[indptr[u]:indptr[u+1]]``, strictly
        increasing; ``values`` (or None: a pattern graph) are finite;
        ``directed=False`` needs a symmetric matrix. Anything else is a
        UsageError naming the first bad row or entry.

        numpy arrays are copied into a host graph. torch or cupy arrays on
        a GPU are read in place for the graph's whole life, without a copy
        when indptr is int64, indices int32 and values float32 (other types
        are converted on the GPU first): do not change them while the graph
        lives. The graph is resident on ``engine`` or the default cuda
        engine of that GPU."""
        eng = _gpu_engine((indptr, indices, values), engine, "from_csr")
        if eng is not None:
            indptr = _gpu_cast(_gpu_ids(indptr, "indptr"), "int64")
            if len(indptr) == 0:  # no rows: the one offset n = 0 has
                indptr = _gpu_zeros_like(indptr, 1)
            indices = _gpu_ids(indices, "indices")
            if str(indices.dtype).endswith("int64"):
                _require_column_range(int(indices.min()) if len(indices) else 0,
                                      int(indices.max()) if len(indices) else 0)
                indices = _gpu_cast(indices, "int32")  # ids past 2^31 - 1 keep their uint32 bits
            if values is not None:
                values = _gpu_floats(values, "values")
            _wait_for_producers((indptr, indices, values))
            resident = _core.adopt_csr_on_device(eng._native, indptr, indices, values, directed)
            return Graph(None, home=(eng, resident))
        indptr = _host_array(indptr, np.int64, "indptr")
        indices = _host_array(indices, np.int64, "indices")
        if indices.size:
            _require_column_range(int(indices.min()), int(indices.max()))
        indices = indices.astype(np.uint32)  # a negative id keeps its int32 bits
        if values is not None:
            values = _host_array(values, np.float32, "values")
        return Graph(_NativeGraph.from_csr(indptr, indices, values, directed))

    @staticmethod
    def from_scipy(matrix, directed: bool = True, weights: bool = True,
                   engine: Optional["Engine"] = None) -> "Graph":
        """A graph from a square scipy.sparse matrix or array (entry (u, v) is
        the edge u->v), or a cupyx.scipy.sparse one on a GPU (built or
        adopted there, as ``from_csr`` and ``from_edges`` say). A canonical
        CSR (sorted, no duplicates) is adopted after a check, without a
        build; any other is built from its entries. ``directed=False`` needs
        a symmetric matrix (a canonical CSR is checked; other formats are
        symmetrized). ``weights=False`` drops the values."""
        on_gpu = type(matrix).__module__.startswith("cupyx")
        if not on_gpu:
            import scipy.sparse as sp

            if not sp.issparse(matrix):
                raise UsageError("from_scipy: expected a scipy.sparse matrix or array, got " + type(matrix).__name__)
        if matrix.shape[0] != matrix.shape[1]:
            raise UsageError(f"from_scipy: the matrix must be square, got shape {matrix.shape}")
        if matrix.format == "csr" and matrix.has_canonical_format:
            if on_gpu:
                return Graph.from_csr(matrix.indptr, matrix.indices, matrix.data if weights else None,
                                      directed=directed, engine=engine)
            values = np.asarray(matrix.data, dtype=np.float32) if weights else None
            if matrix.indices.dtype != np.int32:  # wider ids: checked before they narrow
                return Graph.from_csr(matrix.indptr, matrix.indices, values, directed=directed)
            native = _NativeGraph.from_csr(np.asarray(matrix.indptr, dtype=np.int64),
                                           matrix.indices.view(np.uint32), values, directed)
            return Graph(native)
        coo = matrix.tocoo()
        return Graph.from_edges(coo.row, coo.col, coo.data if weights else None, n=matrix.shape[0],
                                directed=directed, engine=engine)

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

        indptr, indices, values = self._host().csr()
        if values is None:
            values = np.ones(len(indices), dtype=np.float32)
        n = self.num_vertices
        make = getattr(sp, "csr_array", sp.csr_matrix)
        return make((values.copy(), indices.copy(), indptr.copy()), shape=(n, n))

    # ---- properties -----------------------------------------------------
    @property
    def num_vertices(self) -> int:
        return self._described().num_vertices

    @property
    def num_entries(self) -> int:
        """Stored entries: an undirected edge counts twice (both directions)."""
        return self._described().num_entries

    @property
    def directed(self) -> bool:
        return self._described().directed

    @property
    def weighted(self) -> bool:
        return self._described().weighted

    @property
    def duplicates_merged(self) -> int:
        """Repeated (u, v) entries the build merged."""
        return self._described().duplicates_merged

    @property
    def self_loops(self) -> int:
        return self._described().self_loops

    @property
    def on_device(self) -> bool:
        """True for a graph made from GPU arrays that has no host copy yet."""
        return self._native is None

    @property
    def vertex_ids(self) -> np.ndarray:
        """The input's id at each position: a file's ids (int64, or str for
        named vertices); positions for graphs built from arrays."""
        if self._native is None:
            return np.arange(self.num_vertices, dtype=np.int64)
        return self._native.vertex_ids

    def csr(self):
        """(indptr, indices, values or None): read-only numpy views (a graph
        made on a GPU is copied to the host once)."""
        return self._host().csr()

    def device_csr(self, engine: Optional["Engine"] = None):
        """(indptr int64, indices int32, values float32 or None): the CSR
        resident on ``engine`` (by default the graph's own GPU engine, else
        the default cuda engine), in place: DeviceArrays for
        ``torch.from_dlpack`` / ``cupy.from_dlpack``, or numpy views on the
        cpu backend. For a graph from ``from_csr`` on a GPU these are the
        arrays it was given. Read-only: the graph's kernels read them."""
        if engine is None:
            engine = self._home[0] if self._home is not None else _pick_engine("cuda", None, None)
        return engine.upload(self).out_csr()

    def __repr__(self) -> str:
        kind = "directed" if self.directed else "undirected"
        where = ", on the GPU" if self.on_device else ""
        return f"graphrun.Graph({self.num_vertices} vertices, {self.num_entries} stored entries, {kind}{where})"


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

    @property
    def bytes_in_use(self) -> int:
        """Bytes this engine holds on its device now: resident graphs, their
        kernels' formats, and results not yet freed."""
        return self._native.bytes_in_use

    @property
    def peak_bytes_in_use(self) -> int:
        """The most bytes this engine has held on its device at once."""
        return self._native.peak_bytes_in_use

    def upload(self, graph: Graph):
        """The graph resident on this engine (uploaded on first use)."""
        if not isinstance(graph, Graph):
            raise UsageError("expected a graphrun.Graph, got " + type(graph).__name__)
        if graph._home is not None and graph._home[0] is self and graph._home[1] is not None:
            return graph._home[1]
        resident = self._resident.get(graph)
        if resident is None:
            resident = self._native.upload(graph._host())
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


def _on_gpu(x) -> bool:
    """A torch or cupy array in CUDA memory (DLPack device type 2)."""
    probe = getattr(x, "__dlpack_device__", None)
    return probe is not None and not isinstance(x, np.ndarray) and int(probe()[0]) == 2


def _gpu_engine(arrays, engine: Optional["Engine"], what: str) -> Optional["Engine"]:
    """The GPU engine that reads `arrays` in place, or None for the host path
    (no array on a GPU, or a cpu engine, which copies them)."""
    present = [a for a in arrays if a is not None]
    if not any(_on_gpu(a) for a in present):
        return None
    if not all(_on_gpu(a) for a in present):
        raise UsageError(f"{what}: mix of GPU and host arrays; put them all on one side")
    devices = {int(a.__dlpack_device__()[1]) for a in present}
    if len(devices) > 1:
        raise UsageError(f"{what}: the arrays are on different GPUs {sorted(devices)}")
    device_id = devices.pop()
    if engine is not None and engine.backend == "cpu":
        return None
    eng = _pick_engine(engine.backend if engine is not None else "cuda", device_id, engine)
    if eng.device != device_id:
        raise UsageError(f"{what}: the arrays are on GPU {device_id}, the engine on GPU {eng.device}")
    return eng


def _gpu_kind(x) -> str:
    return "torch-cuda" if type(x).__module__.startswith("torch") else "cupy"


def _gpu_cast(x, dtype: str):
    """x as `dtype` (a numpy name), converted on its GPU by its framework;
    x itself when it already is."""
    if str(x.dtype).replace("torch.", "") == dtype:
        return x
    if _gpu_kind(x) == "torch-cuda":
        import torch

        return x.detach().to(getattr(torch, dtype))
    return x.astype(dtype)


def _gpu_ids(x, name: str):
    """A contiguous one-dimensional GPU array of int32 or int64 ids."""
    if len(x.shape) != 1:
        raise UsageError(f"{name} must be one-dimensional, got shape {tuple(x.shape)}")
    dtype = str(x.dtype).replace("torch.", "")
    if not (dtype.startswith("int") or dtype.startswith("uint")):
        raise UsageError(f"{name} must hold integer vertex ids, got {dtype}")
    if dtype.startswith("uint") and len(x) and int(x.max()) > 2**63 - 1:
        raise UsageError(f"{name} holds an id above 2^63 - 1")
    if dtype not in ("int32", "int64"):
        x = _gpu_cast(x, "int64")
    return _gpu_contiguous(x)


def _gpu_floats(x, name: str):
    """A contiguous one-dimensional float32 GPU array."""
    if len(x.shape) != 1:
        raise UsageError(f"{name} must be one-dimensional, got shape {tuple(x.shape)}")
    return _gpu_contiguous(_gpu_cast(x, "float32"))


def _gpu_contiguous(x):
    if _gpu_kind(x) == "torch-cuda":
        return x.detach().contiguous()  # DLPack exports no tensor that requires grad
    import cupy

    return cupy.ascontiguousarray(x)


def _gpu_zeros_like(x, size: int):
    """`size` zeros of x's type on x's GPU."""
    if _gpu_kind(x) == "torch-cuda":
        import torch

        return torch.zeros(size, dtype=x.dtype, device=x.device)
    import cupy

    with cupy.cuda.Device(x.device.id):
        return cupy.zeros(size, dtype=x.dtype)


def _require_column_range(smallest: int, largest: int) -> None:
    """Column ids narrow to 32 bits exactly: ids up to 2^32 - 1 as uint32, a
    negative one as its int32 bits (what lies inside is checked with the CSR,
    which names the row and reads -1 as -1)."""
    if smallest < -(2**31) or largest > 2**32 - 1:
        raise UsageError(f"from_csr: indices hold {smallest if smallest < -(2**31) else largest}, "
                         "outside the 32-bit column ids")


def _wait_for_producers(arrays) -> None:
    """_wait_for_producer once per framework among `arrays`."""
    seen = set()
    for x in arrays:
        if x is not None and _gpu_kind(x) not in seen:
            seen.add(_gpu_kind(x))
            _wait_for_producer(x, _gpu_kind(x))


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


def _engine_for(graph: Graph, backend, device, engine, fallback: Optional[str] = None) -> Engine:
    """The engine a call runs on: the one named, else a graph made on a GPU
    stays on its own engine unless backend= or device= say otherwise, else
    the default engine of `backend` (or `fallback` when no backend is named)."""
    if engine is None and graph._home is not None:
        home = graph._home[0]
        if backend in (None, home.backend) and device in (None, home.device):
            return home
    return _pick_engine(backend or (engine.backend if engine is not None else fallback), device, engine)


def _resident(graph: Graph, backend, device, engine):
    return _engine_for(graph, backend, device, engine).upload(graph)


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
        eng = _engine_for(graph, backend, device_id, engine, fallback="cuda")
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
    eng = _engine_for(graph, backend, device, engine)
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
