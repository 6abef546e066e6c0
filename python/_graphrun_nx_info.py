"""The ``networkx.backend_info`` entry point of graphrun's NetworkX backend.

networkx loads every installed backend's info when it is imported, so this
module lives outside the ``graphrun`` package and imports nothing: loading
graphrun's native library is left to the first call that dispatches to it
(``graphrun.nx_backend``, the ``networkx.backends`` entry point).
"""

_ENGINE_PARAMETER = {
    "engine : graphrun.Engine, optional": (
        "The graphrun engine (backend and device) to run on; graphrun's default one when omitted "
        "(cuda when a GPU is visible, else cpu)."),
}

_FUNCTION_DOCS = {
    "pagerank": (
        "Float32 ranks; tolerance N * tol on the L1 change, as networkx. Runs only personalizations that are "
        "uniform over a set of nodes, nstart and dangling equal to that teleport distribution, alpha in [0, 1] "
        "and N * tol >= 1e-6; networkx runs the others."),
    "single_source_shortest_path_length": "Unweighted BFS levels; cutoff must be None, inf or an integer >= 0.",
    "descendants_at_distance": "From graphrun's BFS levels.",
    "connected_components": "From graphrun's connected components (union-find), in networkx's order.",
    "number_connected_components": "From graphrun's connected components.",
    "is_connected": "From graphrun's connected components.",
    "weakly_connected_components": "From graphrun's weakly connected components, in networkx's order.",
    "number_weakly_connected_components": "From graphrun's weakly connected components.",
    "is_weakly_connected": "From graphrun's weakly connected components.",
    "triangles": "From graphrun's triangle count (undirected graphs).",
    "clustering": "graphrun's LCC; undirected graphs, weight=None only.",
    "average_clustering": "graphrun's LCC averaged; undirected, weight=None, nodes=None, count_zeros=True only.",
    "betweenness_centrality": "graphrun's Brandes in float64; k=None, weight=None, endpoints=False only.",
}


def get_info() -> dict:
    """The ``networkx.backend_info`` entry point's dict (it decorates the
    docstrings of the functions this backend runs)."""
    return {
        "backend_name": "graphrun",
        "project": "graphrun",
        "package": "graphrun",
        "url": None,
        "short_summary": "Graph analytics on GPUs (CUDA) and CPUs.",
        "functions": {
            name: {"extra_docstring": doc, "extra_parameters": dict(_ENGINE_PARAMETER)}
            for name, doc in _FUNCTION_DOCS.items()
        },
    }
