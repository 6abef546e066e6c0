"""Shared pieces of the algorithm oracles: load a Matrix Market graph with the
same semantics graphrun's builder uses, run graphrun-algorithm-driver, read
its output.

Matrix Market semantics (graphrun's default BuildOptions):
  * 'symmetric' = undirected: every stored (i, j) also stands for (j, i);
  * duplicate (i, j) entries are merged, the first occurrence's weight kept;
  * 'pattern' files have weight 1 everywhere; self-loops are kept;
  * vertex ids in the driver's output are the file's 1-based ids.
"""
import os
import subprocess
import sys
import tempfile

SKIP = 77  # CTest SKIP_RETURN_CODE

try:
    import networkx as nx
    import numpy as np
    import scipy.io
    import scipy.sparse
except ImportError as missing:  # pragma: no cover - depends on the machine
    print(f"SKIP: the oracle needs networkx, numpy and scipy ({missing}); "
          f"run it with /usr/bin/python3 (Debian python3-networkx, python3-scipy)")
    sys.exit(SKIP)


class Graph:
    """A built graph: n vertices, directed flag, merged edges {(u, v): w} (0-based)."""

    def __init__(self, path):
        with open(path) as header_file:
            header = header_file.readline().lower().split()
        self.name = os.path.basename(path)
        self.path = path
        self.directed = header[4] == "general"
        self.pattern = header[3] == "pattern"
        matrix = scipy.io.mmread(path).tocoo()
        self.n = matrix.shape[0]
        # scipy lists the stored entries in file order and appends the mirror
        # images of a symmetric file's off-diagonal entries after them.
        self.edges = {}
        self._networkx = {}
        for u, v, w in zip(matrix.row.tolist(), matrix.col.tolist(), matrix.data.tolist()):
            self.edges.setdefault((u, v), 1.0 if self.pattern else float(w))

    def adjacency(self, weighted=False):
        """Sparse A with A[u, v] = weight (or 1) of the merged edge u -> v."""
        rows = [u for u, _ in self.edges]
        cols = [v for _, v in self.edges]
        data = list(self.edges.values()) if weighted else [1.0] * len(self.edges)
        return scipy.sparse.csr_matrix((data, (rows, cols)), shape=(self.n, self.n), dtype=np.float64)

    def networkx(self, weighted=False):
        if weighted not in self._networkx:
            self._networkx[weighted] = self._build_networkx(weighted)
        return self._networkx[weighted]

    def _build_networkx(self, weighted):
        graph = nx.DiGraph() if self.directed else nx.Graph()
        graph.add_nodes_from(range(self.n))
        for (u, v), w in self.edges.items():
            graph.add_edge(u, v, weight=w if weighted else 1.0)
        return graph


def run_driver(driver, algorithm, graph, out_dir, **options):
    """Runs the driver; returns its "name value" stdout lines as a dict."""
    command = [driver, algorithm, graph.path, out_dir] + [f"{k}={v}" for k, v in options.items()]
    # A BFS on a deep graph is thousands of tiny parallel steps; with OpenMP's
    # default spin-waiting, threads on shared CI cores burn the time slices the
    # working thread needs. Passive waiting changes no result.
    environment = dict(os.environ)
    environment.setdefault("OMP_WAIT_POLICY", "passive")
    finished = subprocess.run(command, capture_output=True, text=True, env=environment)
    if finished.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed ({finished.returncode}): {finished.stderr.strip()}")
    summary = {}
    for line in finished.stdout.splitlines():
        name, _, value = line.partition(" ")
        summary[name] = value
    return summary


def read_vertex_values(path, graph, kind=float):
    """Reads "original-id TAB value" lines into a list indexed by 0-based id."""
    values = [None] * graph.n
    with open(path) as values_file:
        for line in values_file:
            vertex, value = line.split()
            values[int(vertex) - 1] = kind(value)
    missing = [v + 1 for v, value in enumerate(values) if value is None]
    if missing:
        raise RuntimeError(f"{path}: no value for vertices {missing[:5]}")
    return values


class Checker:
    """Collects failures so one run reports every graph that went wrong."""

    def __init__(self, driver, data_dir):
        self.driver = driver
        self.data_dir = data_dir
        self.failures = []
        self.checks = 0
        self.scratch = tempfile.TemporaryDirectory(prefix="graphrun-oracle-")
        self._graphs = {}

    def graph(self, name):
        if name not in self._graphs:
            self._graphs[name] = Graph(os.path.join(self.data_dir, name))
        return self._graphs[name]

    def run(self, algorithm, graph, **options):
        out_dir = tempfile.mkdtemp(dir=self.scratch.name)
        return out_dir, run_driver(self.driver, algorithm, graph, out_dir, **options)

    def expect(self, condition, what):
        self.checks += 1
        if not condition:
            self.failures.append(what)
            print("FAIL:", what)

    def finish(self):
        self.scratch.cleanup()
        print(f"{self.checks - len(self.failures)} of {self.checks} checks passed")
        return 1 if self.failures else 0


def main(check):
    """Entry point of every oracle script: check(checker) does the work."""
    if len(sys.argv) != 3:
        print(f"usage: {sys.argv[0]} DRIVER DATA_DIR")
        return 2
    checker = Checker(sys.argv[1], sys.argv[2])
    check(checker)
    return checker.finish()
