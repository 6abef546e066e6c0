"""Shared fixtures: the bundled real graphs (tests/data) as graphrun graphs
and as scipy matrices read independently (scipy.io.mmread)."""
import os

import numpy as np
import pytest
import scipy.io
import scipy.sparse as sp

DATA = os.environ.get("GRAPHRUN_TEST_DATA_DIR",
                      os.path.join(os.path.dirname(__file__), "..", "..", "tests", "data"))


def data_path(name: str) -> str:
    return os.path.join(DATA, name)


def scipy_graph(name: str):
    """(adjacency as CSR with both directions for symmetric files, directed?)"""
    path = data_path(name)
    with open(path) as f:
        symmetric = "symmetric" in f.readline().lower()
    m = sp.csr_matrix(scipy.io.mmread(path))
    m.data = np.ones_like(m.data)  # structure only
    m.sum_duplicates()
    return m, not symmetric


@pytest.fixture(params=["karate.mtx", "polblogs.mtx", "west0067.mtx", "email-Enron.mtx"])
def real_graph(request):
    return request.param
