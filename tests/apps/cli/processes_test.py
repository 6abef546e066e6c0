#!/usr/bin/python3
"""The CLI under mpirun: pagerank, bfs, sssp, lp, wcc and aggregate on 2 and 3 processes
write the one-process output byte for byte (plain, weighted, personalized,
fixed iterations; levels and parents in each direction; fixed and
until-stable rounds; components) on bundled graphs and a
.grb snapshot; --json reports the process count; the commands that run on
one process only, a missing file and a bad option end the run with the
one-process exit code and message.

usage: processes_test.py GRAPHRUN_BINARY DATA_DIR MPIEXEC    (exit 77 = skipped)
"""
import json
import os
import subprocess
import sys
import tempfile

GRAPHRUN, DATA, MPIEXEC = sys.argv[1], sys.argv[2], sys.argv[3]
ENV = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
           OMPI_MCA_rmaps_base_oversubscribe="1", OMP_NUM_THREADS="1")
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print("FAIL:", message)


def run(processes, *args):
    command = [GRAPHRUN, *args] if processes == 0 else [MPIEXEC, "-np", str(processes), GRAPHRUN, *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=300, env=ENV)


def summary(text):
    """The --json summary without what may differ: times, the process count,
    where the graph was built, and wcc's method-specific iteration count."""
    lines = [line for line in text.splitlines() if line.startswith("{")]
    if len(lines) != 1:
        return None
    found = json.loads(lines[0])
    for key in ("times", "processes", "exchange", "build", "device"):
        found.pop(key, None)
    if found.get("algorithm") == "wcc":
        found.pop("iterations", None)
    if found.get("algorithm") == "sssp":  # several processes run Bellman-Ford rounds
        for key in ("method", "rounds", "edges_relaxed", "delta", "buckets"):
            found.pop(key, None)
    return found


version = run(0, "--version").stdout
if "processes: mpirun" not in version:
    print(f"SKIPPED: {GRAPHRUN} was built without MPI ({version.splitlines()[-1:]})")
    sys.exit(77)

with tempfile.TemporaryDirectory() as tmp:
    snapshot = os.path.join(tmp, "polblogs.grb")
    check(run(0, "convert", os.path.join(DATA, "polblogs.mtx"), "--output", snapshot).returncode == 0, "convert")
    cases = []
    for graph in ("karate.mtx", "celegansneural.mtx", "email-Enron.mtx", "west0067.mtx", snapshot):
        path = graph if graph.startswith("/") else os.path.join(DATA, graph)
        cases += [("pagerank", path), ("pagerank", path, "--iterations", "7"),
                  ("pagerank", path, "--personalize", "1,3"),
                  ("bfs", path, "--source", "1", "--parents"),
                  ("bfs", path, "--source", "2", "--direction", "pull", "--parents"),
                  ("bfs", path, "--source", "3", "--direction", "push"),
                  ("lp", path), ("lp", path, "--until-stable"), ("wcc", path)]
    cases.append(("pagerank", os.path.join(DATA, "celegansneural.mtx"), "--weighted"))
    for graph in ("karate.mtx", "celegansneural.mtx", "email-Enron.mtx", snapshot):  # west0067: negative weights
        path = graph if graph.startswith("/") else os.path.join(DATA, graph)
        cases += [("sssp", path, "--source", "1", "--parents"), ("sssp", path, "--source", "3", "--top", "4")]
    for case in cases:
        outputs, summaries = [], []
        for processes in (0, 2, 3):
            out = os.path.join(tmp, f"out{processes}.tsv")
            r = run(processes, *case, "--backend", "cpu", "--output", out, "--json")
            check(r.returncode == 0, f"{' '.join(case)} on {processes or 1} processes: exit {r.returncode} {r.stderr[-300:]}")
            outputs.append(open(out).read() if os.path.exists(out) else None)
            summaries.append(summary(r.stdout))
        check(outputs[0] is not None and outputs[1] == outputs[0] and outputs[2] == outputs[0],
              f"{' '.join(case)}: the output on 2 and 3 processes is the one-process output")
        check(summaries[0] is not None and summaries[1] == summaries[0] and summaries[2] == summaries[0],
              f"{' '.join(case)}: the --json summary on 2 and 3 processes is the one-process summary "
              f"({summaries[0]} / {summaries[1]})")

    # aggregate writes .npy: the same bytes and summary (its checksum) on 2 and 3 processes.
    for case in (("aggregate", os.path.join(DATA, "email-Enron.mtx"), "--width", "4", "--norm", "gcn"),
                 ("aggregate", os.path.join(DATA, "celegansneural.mtx"), "--width", "3", "--weighted"),
                 ("aggregate", snapshot, "--width", "2", "--norm", "mean", "--seed", "5")):
        outputs, summaries = [], []
        for processes in (0, 2, 3):
            out = os.path.join(tmp, f"aggregate{processes}.npy")
            r = run(processes, *case, "--backend", "cpu", "--output", out, "--json")
            check(r.returncode == 0, f"{' '.join(case)} on {processes or 1} processes: exit {r.returncode} {r.stderr[-300:]}")
            outputs.append(open(out, "rb").read() if os.path.exists(out) else None)
            summaries.append(summary(r.stdout))
        check(outputs[0] is not None and outputs[1] == outputs[0] and outputs[2] == outputs[0],
              f"{' '.join(case)}: the .npy on 2 and 3 processes is the one-process output")
        check(summaries[0] is not None and summaries[1] == summaries[0] and summaries[2] == summaries[0],
              f"{' '.join(case)}: the --json summary on 2 and 3 processes is the one-process summary")

    r = run(3, "pagerank", os.path.join(DATA, "karate.mtx"), "--backend", "cpu", "--json")
    lines = [line for line in r.stdout.splitlines() if line.startswith("{")]
    found = json.loads(lines[0]) if len(lines) == 1 else {}
    exchange = found.get("exchange", {})
    check(r.returncode == 0 and found.get("processes") == 3 and exchange.get("calls", 0) > 0
          and 0 <= exchange.get("seconds", -1) <= exchange.get("seconds_max", -1),
          f"pagerank --json on 3 processes: one summary, from the root, with processes 3 and the exchange's "
          f"calls and seconds ({r.stdout[:300]!r})")

    r = run(2, "tc", os.path.join(DATA, "karate.mtx"))
    check(r.returncode == 1 and "tc runs on one process only" in r.stderr,
          f"tc under mpirun -np 2: exit 1 and says why ({r.returncode}, {r.stderr[:200]!r})")
    one = run(0, "sssp", os.path.join(DATA, "west0067.mtx"), "--source", "1")
    r = run(2, "sssp", os.path.join(DATA, "west0067.mtx"), "--source", "1")
    check(one.returncode == 2 and r.returncode == 2 and "non-negative weights" in r.stderr,
          f"sssp on negative weights under mpirun: the one-process exit 2 and message ({r.returncode}, {r.stderr[:200]!r})")
    r = run(2, "bfs", os.path.join(DATA, "karate.mtx"), "--source", "1,2")
    check(r.returncode == 1 and "one process only" in r.stderr, f"bfs with several sources under mpirun: exit 1 ({r.returncode})")
    r = run(2, "pagerank", os.path.join(tmp, "missing.mtx"))
    check(r.returncode == 2 and "missing.mtx" in r.stderr and "process 0 of 2" in r.stderr,
          f"a missing file under mpirun: exit 2 from the root, naming the file ({r.returncode}, {r.stderr[:200]!r})")
    r = run(2, "pagerank", os.path.join(DATA, "karate.mtx"), "--damping", "3")
    check(r.returncode == 1 and r.stderr.count("--damping must be in (0, 1)") == 1,
          f"a bad option under mpirun: exit 1, printed once ({r.returncode}, {r.stderr[:300]!r})")

print(f"processes_test: {len(failures)} failures")
sys.exit(1 if failures else 0)
