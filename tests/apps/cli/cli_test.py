#!/usr/bin/python3
"""End-to-end checks of the graphrun CLI.

1. `graphrun info --json` on every bundled real graph against counts computed
   independently with scipy (vertices, stored entries, undirected edges,
   self-loops, merged duplicates, degree min/mean/max).
2. Exit codes and one-line error messages: 0 success, 1 usage, 2 input, 3 device.
3. GNU conventions: --version, no option prefixes, "did you mean", the
   command named once, defaults as written, --output everywhere (--out
   deprecated), --json/--quiet/--verbose on every command, --top, --weighted
   on a pattern file, lp --until-stable; --json phases that add up to the
   wall time and the phase ticker.
4. Limits and safety: --output - and /dev/stdout write to standard output
   (no file named "-"), --threads has a cap, weights are never silently
   wrong (non-finite, overflowing sums, skew diagonals, negative PageRank
   weights), and a size line claiming 10^12 entries allocates nothing big.

usage: cli_test.py GRAPHRUN_BINARY DATA_DIR       (exit 77 = skipped)
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

try:
    import numpy as np
    import scipy.io
except ImportError as missing:  # the oracle's dependencies come from Debian packages
    print(f"SKIPPED: scipy/numpy not importable ({missing}); run scripts/install-deps.sh")
    sys.exit(77)

GRAPHRUN, DATA = sys.argv[1], sys.argv[2]
failures = []


def run(*args):
    return subprocess.run([GRAPHRUN, *args], capture_output=True, text=True, timeout=300)


def same_snapshot(a, b):
    """Two .grb files hold the same graph: equal bytes but for the header's
    build_seconds (offset 96) and the header hash (offset 120) that covers it."""
    with open(a, "rb") as fa, open(b, "rb") as fb:
        x, y = fa.read(), fb.read()
    return len(x) == len(y) and x[:96] == y[:96] and x[104:120] == y[104:120] and x[128:] == y[128:]


def check(condition, message):
    if not condition:
        failures.append(message)
        print("FAIL:", message)


def write_metis(path, matrix, comment):
    """A symmetric scipy CSR without self-loops as a METIS .graph file (1-based)."""
    with open(path, "w") as f:
        f.write(f"% {comment}\n{matrix.shape[0]} {matrix.nnz // 2}\n")
        for row in range(matrix.shape[0]):
            f.write(" ".join(str(c + 1) for c in matrix.indices[matrix.indptr[row]:matrix.indptr[row + 1]]) + "\n")


def scipy_counts(path):
    """Counts of the graph graphrun builds, from scipy's reading of the file."""
    symmetry = scipy.io.mminfo(path)[5]
    coo = scipy.io.mmread(path).tocoo()  # symmetric files come back with both triangles
    rows, cols = coo.row.astype(np.int64), coo.col.astype(np.int64)
    n = coo.shape[0]
    keys = np.unique(rows * n + cols)
    src, dst = keys // n, keys % n
    loops = int(np.count_nonzero(src == dst))
    entries = len(keys)
    directed = symmetry == "general"
    out_degree = np.bincount(src, minlength=n)
    return {
        "vertices": n,
        "stored_entries": entries,
        "edges": entries if directed else (entries - loops) // 2 + loops,
        "directed": directed,
        "self_loops": loops,
        "duplicates_merged": len(rows) - entries,
        "out_min": int(out_degree.min()) if n else 0,
        "out_max": int(out_degree.max()) if n else 0,
        "out_mean": float(out_degree.mean()) if n else 0.0,
    }


# 1. info numbers against scipy
graphs = sorted(f for f in os.listdir(DATA) if f.endswith(".mtx"))
check(len(graphs) >= 10, f"expected the bundled real graphs in {DATA}")
for name in graphs:
    path = os.path.join(DATA, name)
    result = run("info", path, "--json")
    check(result.returncode == 0, f"info {name} exited {result.returncode}: {result.stderr.strip()}")
    if result.returncode != 0:
        continue
    got = json.loads(result.stdout)
    want = scipy_counts(path)
    for key in ("vertices", "stored_entries", "edges", "directed", "self_loops", "duplicates_merged"):
        check(got[key] == want[key], f"{name}: {key} = {got[key]}, scipy says {want[key]}")
    degree = got["out_degree"]
    check(degree["min"] == want["out_min"] and degree["max"] == want["out_max"],
          f"{name}: out-degree min/max {degree['min']}/{degree['max']}, scipy {want['out_min']}/{want['out_max']}")
    check(abs(degree["mean"] - want["out_mean"]) < 1e-6 * max(1.0, want["out_mean"]),
          f"{name}: mean out-degree {degree['mean']}, scipy {want['out_mean']}")
    check(sum(degree["histogram"].values()) == want["vertices"], f"{name}: degree histogram does not cover every vertex")

# 2. exit codes and messages
karate = os.path.join(DATA, "karate.mtx")
with tempfile.TemporaryDirectory() as tmp:
    r = run()
    check(r.returncode == 1, f"no command: exit {r.returncode}, expected 1")
    r = run("pagerank", "--help")
    check(r.returncode == 0 and "--damping" in r.stdout, "pagerank --help prints its options")
    r = run("pagerank", karate, "--no-such-option")
    check(r.returncode == 1 and "no-such-option" in r.stderr, f"unknown option: exit {r.returncode} ({r.stderr.strip()})")
    r = run("pagerank", karate, "--damping", "1.5")
    check(r.returncode == 1, f"damping 1.5: exit {r.returncode}")
    missing = os.path.join(tmp, "missing.mtx")
    r = run("info", missing)
    check(r.returncode == 2 and "missing.mtx" in r.stderr, f"missing file: exit {r.returncode} ({r.stderr.strip()})")
    bad = os.path.join(tmp, "bad.mtx")
    with open(bad, "w") as f:
        f.write("%%MatrixMarket matrix coordinate pattern general\n3 3 2\n1 2\n1 x\n")
    r = run("info", bad)
    check(r.returncode == 2 and "bad.mtx:4" in r.stderr, f"bad token: exit {r.returncode} ({r.stderr.strip()})")
    check(len(r.stderr.strip().splitlines()) == 1, "an error is one line on stderr")
    r = run("bfs", karate, "--source", "999")
    check(r.returncode == 1 and "999" in r.stderr, f"unknown source: exit {r.returncode} ({r.stderr.strip()})")

    out = os.path.join(tmp, "pr.tsv")
    r = run("pagerank", karate, "--backend", "cpu", "--json", "--output", out, "--iterations", "20")
    check(r.returncode == 0, f"pagerank: exit {r.returncode} ({r.stderr.strip()})")
    if r.returncode == 0:
        summary = json.loads(r.stdout)
        check(summary["iterations"] == 20, "--iterations N runs exactly N iterations")
        times = summary["times"]
        for phase in ("read_seconds", "build_seconds", "device_wait_seconds", "upload_seconds", "compute_seconds",
                      "write_seconds", "other_seconds", "wall_seconds"):
            check(phase in times, f"--json reports {phase}")
        phases = sum(v for k, v in times.items() if k.endswith("_seconds") and k != "wall_seconds")
        check(all(v >= 0 for k, v in times.items() if k.endswith("_seconds")) and abs(phases - times["wall_seconds"]) < 1e-3,
              f"--json phases and other add up to the wall time ({times})")
        check("device_init_seconds" in times.get("overlapped", {}), f"--json reports the overlapped device start ({times})")
        lines = open(out).read().splitlines()
        check(len(lines) == 34, f"--output writes one line per vertex (got {len(lines)})")
        ids = sorted(int(line.split("\t")[0]) for line in lines)
        check(ids == list(range(1, 35)), "--output speaks the file's 1-based ids")
        check(abs(sum(float(line.split("\t")[1]) for line in lines) - 1.0) < 1e-4, "ranks sum to 1")

    # BFS's levels come back in a phase of their own; a small input on the
    # cpu backend has no warm-up (WarmUpPolicy).
    r = run("bfs", karate, "--source", "1", "--backend", "cpu", "--json")
    check(r.returncode == 0, f"bfs --json: exit {r.returncode} ({r.stderr.strip()})")
    if r.returncode == 0:
        times = json.loads(r.stdout)["times"]
        check("compute_seconds" in times and "download_seconds" in times, f"bfs --json reports compute and download ({times})")
        check("warm_up_seconds" not in times.get("overlapped", {}), f"no warm-up for a small input on cpu ({times})")

    # --reorder degree relabels vertices before the upload; printed results
    # keep the file's ids, so every vertex's rank and BFS level are unchanged.
    def per_vertex(*args):
        path = os.path.join(tmp, "values.tsv")
        r = run(*args, "--backend", "cpu", "--output", path)
        check(r.returncode == 0, f"{' '.join(args)}: exit {r.returncode} ({r.stderr.strip()})")
        return dict(line.split("\t") for line in open(path).read().splitlines()) if r.returncode == 0 else {}
    for command in (["pagerank", karate, "--iterations", "30"], ["bfs", karate, "--source", "1"]):
        plain, reordered = per_vertex(*command), per_vertex(*command, "--reorder", "degree")
        check(plain.keys() == reordered.keys() and
              all(abs(float(plain[v]) - float(reordered[v])) <= 1e-6 for v in plain),
              f"{command[0]} --reorder degree changes per-vertex results")
    r = run("wcc", karate, "--reorder", "random")
    check(r.returncode == 1 and "--reorder" in r.stderr, f"bad --reorder: exit {r.returncode} ({r.stderr.strip()})")

    kernels = run("kernels")
    check(kernels.returncode == 0 and kernels.stdout.startswith("cpu\n  spmv:\n    auto")
          and "csr-serial" in kernels.stdout and "row-parallel" in kernels.stdout,
          f"kernels lists the cpu backend's SpMV and SpMM kernels ({kernels.stdout.strip()})")
    if "\ncuda" in kernels.stdout and "not compiled" not in kernels.stdout:
        cuda_spmv = kernels.stdout.split("\ncuda")[1].split("  spmm:")[0]
        listed = [line.split()[0] for line in cuda_spmv.splitlines() if line.startswith("    ")]
        check(len(listed) == 17 and listed[0] == "auto" and "csr-hub-split" in listed
              and cuda_spmv.count("[seed]") == 8 and cuda_spmv.count("[graphrun]") == 8,
              f"kernels lists the cuda backend's 16 SpMV kernels, 8 of each family, without a GPU ({cuda_spmv})")
    r = run("aggregate", karate, "--width", "4", "--backend", "cpu", "--spmm-kernel", "row-cache")
    check(r.returncode != 0 and "SpMM kernel 'row-cache'" in r.stderr,
          f"an SpMM kernel the cpu backend lacks is refused ({r.returncode}: {r.stderr.strip()})")
    if "no CUDA device visible" in kernels.stdout or "built without CUDA" in kernels.stdout:
        r = run("pagerank", karate, "--backend", "cuda")
        check(r.returncode == 3 and "cuda" in r.stderr, f"cuda without a GPU: exit {r.returncode} ({r.stderr.strip()})")
    else:
        # The memory plan before the upload (decision 043): karate's pattern
        # CSR, offsets and columns only (34 vertices, 156 entries: no unit
        # weights on the device), and PageRank's vector bound.
        r = run("pagerank", karate, "--backend", "cuda", "--json")
        plan = json.loads(r.stdout).get("memory_plan", {}) if r.returncode == 0 else {}
        needs = plan.get("needs", {})
        check(needs.get("graph") == 35 * 8 + 156 * 4 and needs.get("pagerank vectors") == 34 * 16 + (64 << 20)
              and plan.get("bytes") == sum(needs.values()) and plan.get("free_bytes", 0) > plan.get("bytes", 0),
              f"pagerank --backend cuda --json reports its memory plan ({plan})")
        check(needs.get("graph", 1) + 3 * 34 * 4 <= plan.get("peak_bytes", 0) <= plan.get("bytes", 0),
              f"the run's peak holds the graph and PageRank's vectors, within the plan ({plan})")
        r = run("info", karate, "--device", "--backend", "cuda", "--json")
        info = json.loads(r.stdout) if r.returncode == 0 else {}
        check(info.get("device_bytes") == 35 * 8 + 156 * 4 == info.get("memory_bytes", {}).get("csr"),
              f"a pattern graph's device footprint is its CSR arrays ({r.returncode}: {info.get('device_bytes')})")
    r = run("pagerank", karate, "--backend", "cpu", "--json")
    check(r.returncode == 0 and "memory_plan" not in json.loads(r.stdout), "a cpu run has no device memory plan")

    snap = os.path.join(tmp, "karate.grb")
    r = run("convert", karate, snap)
    check(r.returncode == 0, f"convert: exit {r.returncode} ({r.stderr.strip()})")
    a, b = run("info", karate, "--json"), run("info", snap, "--json")
    if a.returncode == 0 and b.returncode == 0:
        ja, jb = json.loads(a.stdout), json.loads(b.stdout)
        for key in ("vertices", "stored_entries", "edges", "directed", "out_degree"):
            check(ja[key] == jb[key], f"snapshot round trip changes {key}")

    # info --device (bare flag) uploads and reports the footprint; it must not
    # clash with the other commands' --device N ordinal.
    r = run("info", karate, "--device", "--backend", "cpu", "--json")
    check(r.returncode == 0 and json.loads(r.stdout).get("device_bytes", 0) > 0,
          f"info --device: exit {r.returncode} ({r.stderr.strip()})")
    r = run("info", karate, "--backend", "cpu", "--json")
    check(r.returncode == 0 and "device_bytes" not in json.loads(r.stdout), "info without --device uploads")

# 3. GNU conventions
COMMANDS = ("pagerank", "bfs", "sssp", "tc", "lcc", "bc", "trsv", "lp", "wcc", "aggregate", "info", "convert", "generate",
            "kernels")
lesmis = os.path.join(DATA, "lesmis.mtx")  # weighted; karate is a pattern file
with tempfile.TemporaryDirectory() as tmp:
    for flag in ("--version", "-V"):
        r = run(flag)
        lines = r.stdout.splitlines()
        check(r.returncode == 0 and len(lines) == 4 and lines[0].startswith("graphrun ") and lines[1].startswith("commit ")
              and lines[2].startswith("backends: cpu") and lines[3].startswith("processes: "),
              f"{flag} prints version, commit, backends and processes ({r.stdout!r})")

    r = run("pagerank", karate, "--dampin", "0.9")
    check(r.returncode == 1 and "'--dampin'" in r.stderr and "did you mean --damping?" in r.stderr,
          f"an option prefix is refused with a suggestion: exit {r.returncode} ({r.stderr.strip()})")
    r = run("pagerank", karate, "--iteratons", "5")
    check(r.returncode == 1 and "did you mean --iterations?" in r.stderr, f"typo suggestion ({r.stderr.strip()})")
    r = run("pagrank", karate)
    check(r.returncode == 1 and "did you mean pagerank?" in r.stderr, f"command suggestion ({r.stderr.strip()})")
    r = run("pagerank", karate, "--zzzzzz")
    check(r.returncode == 1 and "did you mean" not in r.stderr, f"no suggestion for a far-off name ({r.stderr.strip()})")

    r = run("bfs", karate)
    check(r.returncode == 1 and r.stderr.startswith("graphrun bfs: missing --source") and r.stderr.count("bfs:") == 1,
          f"the command is named once ({r.stderr.strip()})")
    r = run("aggregate", karate)
    check(r.returncode == 1 and r.stderr.count("aggregate") == 1, f"the command is named once ({r.stderr.strip()})")

    r = run("pagerank", "--help")
    check("(=0.85)" in r.stdout and "(=1e-05)" in r.stdout, "pagerank --help prints defaults as written")
    for command in COMMANDS:
        r = run(command, "--help")
        check(r.returncode == 0 and all(flag in r.stdout for flag in ("--json", "--quiet", "--verbose")),
              f"{command} --help lists --json, --quiet and --verbose")
        noise = re.findall(r"\(=[-+]?[0-9.]*[0-9]{6,}", r.stdout)  # 0.850000024, 1.0000000000000001e-05
        check(not noise, f"{command} --help prints no float noise in defaults ({noise})")

    # --output everywhere; --out is a deprecated alias with a one-line warning
    for command, args in (("aggregate", [karate, "--width", "2", "--backend", "cpu"]),
                          ("generate", ["road", "--scale", "4"])):
        target = os.path.join(tmp, f"{command}.npy" if command == "aggregate" else f"{command}.mtx")
        r = run(command, *args, "--output", target, "--quiet")
        check(r.returncode == 0 and os.path.exists(target) and r.stderr == "", f"{command} --output ({r.stderr.strip()})")
        os.remove(target)
        r = run(command, *args, "--out", target, "--quiet")
        warning = r.stderr.strip().splitlines()
        check(r.returncode == 0 and os.path.exists(target) and len(warning) == 1 and "deprecated" in warning[0]
              and "--output" in warning[0], f"{command} --out warns once and still writes ({r.stderr.strip()})")
    r = run("aggregate", karate, "--width", "2", "--out", os.path.join(tmp, "a.npy"), "--output", os.path.join(tmp, "b.npy"))
    check(r.returncode == 1, f"--out and --output together: exit {r.returncode}")

    # --json on every command, --quiet silences the text summary
    mtx, grb = os.path.join(tmp, "g.mtx"), os.path.join(tmp, "g.grb")
    jobs = {
        "generate": ["kron", "--scale", "5", "--output", mtx],
        "convert": [mtx, grb],
        "kernels": [],
        "info": [karate],
        "pagerank": [karate, "--backend", "cpu"],
        "bfs": [karate, "--backend", "cpu", "--source", "1"],
        "sssp": [lesmis, "--backend", "cpu", "--source", "1"],
        "tc": [karate, "--backend", "cpu"],
        "lcc": [karate, "--backend", "cpu"],
        "bc": [karate, "--backend", "cpu"],
        "trsv": [os.path.join(DATA, "jagmesh7.mtx"), "--backend", "cpu"],
        "lp": [karate, "--backend", "cpu"],
        "wcc": [karate, "--backend", "cpu"],
        "aggregate": [karate, "--backend", "cpu", "--width", "2"],
    }
    for command, args in jobs.items():
        r = run(command, *args, "--json")
        try:
            summary = json.loads(r.stdout) if r.returncode == 0 else None
        except json.JSONDecodeError:
            summary = None
        check(isinstance(summary, dict), f"{command} --json prints one JSON object ({r.returncode}: {r.stderr.strip()})")
        if command in ("generate", "convert") and summary:
            check(summary.get("output") in (mtx, grb) and summary.get("vertices") == 32 and summary.get("entries", 0) > 0
                  and "seconds" in summary, f"{command} --json reports output, vertices, entries, seconds ({summary})")
        if command == "kernels" and summary:
            check("csr-serial" in summary["backends"]["cpu"]["spmv"], f"kernels --json lists the cpu kernels ({summary})")
        r = run(command, *args, "--quiet")
        check(r.returncode == 0 and r.stdout == "" and r.stderr == "", f"{command} --quiet prints nothing ({r.stdout!r})")
        r = run(command, *args, "--verbose")
        check(r.returncode == 0 and (command == "kernels" or " s" in r.stderr),
              f"{command} --verbose prints phase times on stderr ({r.stderr!r})")
    # --build: where the graph is built. Without a GPU (CI) the cpu backend
    # builds on the host and says why; a device build it cannot do is refused.
    def build_of(*extra):
        r = run("wcc", karate, "--backend", "cpu", "--json", *extra)
        return r, (json.loads(r.stdout).get("build") if r.returncode == 0 else None)
    r, build = build_of()
    check(build == {"where": "host", "why": "the cpu backend has no device"}, f"--build auto on cpu ({build})")
    r, build = build_of("--build", "host")
    check(build is not None and build["where"] == "host", f"--build host ({build})")
    r, build = build_of("--build", "device")
    check(r.returncode == 1 and "device" in r.stderr, f"--build device on cpu: exit {r.returncode} ({r.stderr.strip()})")
    r, build = build_of("--build", "gpu")
    check(r.returncode == 1 and "--build" in r.stderr, f"--build gpu: exit {r.returncode} ({r.stderr.strip()})")
    r = run("wcc", grb, "--backend", "cpu", "--json")
    check(r.returncode == 0 and json.loads(r.stdout)["build"]["where"] == "none", f"a snapshot is not built ({r.stdout})")

    # On a terminal (forced here) every phase but the read, which has its own
    # bar, shows a ticker once it runs past GRAPHRUN_PROGRESS_AFTER seconds,
    # erased when the phase ends; never under --quiet or GRAPHRUN_PROGRESS=never.
    def ticker_run(mode, *extra):
        env = dict(os.environ, GRAPHRUN_PROGRESS=mode, GRAPHRUN_PROGRESS_AFTER="0")
        r = subprocess.run([GRAPHRUN, "pagerank", karate, "--backend", "cpu", *extra], capture_output=True, timeout=300,
                           env=env)  # bytes: text mode would turn the ticker's \r into \n
        return subprocess.CompletedProcess(r.args, r.returncode, r.stdout.decode(), r.stderr.decode())
    r = ticker_run("always")
    check(r.returncode == 0 and "\rgraphrun: compute " in r.stderr and r.stderr.endswith("\r\x1b[K")
          and "\rgraphrun: read" not in r.stderr, f"the phase ticker ticks and is erased ({r.stderr!r})")
    for mode, extra in (("never", ()), ("always", ("--quiet",))):
        r = ticker_run(mode, *extra)
        check(r.returncode == 0 and "\r" not in r.stderr, f"no ticker with {mode} {extra} ({r.stderr!r})")
    r = run("wcc", karate, "--quiet", "--verbose")
    check(r.returncode == 1, f"--quiet with --verbose: exit {r.returncode}")
    r = run("pagerank", karate, "--backend", "cpu", "--verbose")
    check(all(f"{phase} " in r.stderr for phase in ("read", "build", "upload", "compute")),
          f"pagerank --verbose names the phases ({r.stderr!r})")

    # --top on every per-vertex result
    r = run("bfs", karate, "--backend", "cpu", "--source", "1", "--top", "3", "--json")
    if r.returncode == 0:
        summary = json.loads(r.stdout)
        check(len(summary["top"]) == 3 and all(entry["value"] == summary["depth"] for entry in summary["top"]),
              f"bfs --top 3 lists the 3 farthest vertices ({summary.get('top')})")
    # --json's top is a list of {id, value}, best first
    r = run("pagerank", karate, "--backend", "cpu", "--top", "3", "--json")
    top = json.loads(r.stdout)["top"] if r.returncode == 0 else None
    check(isinstance(top, list) and len(top) == 3 and top[0]["id"] == 34 and
          [set(e) for e in top] == [{"id", "value"}] * 3 and top[0]["value"] >= top[1]["value"] >= top[2]["value"],
          f"pagerank --json top is a list of {{id, value}} ({top})")
    r = run("bfs", karate, "--backend", "cpu", "--source", "1", "--top", "3")
    check(r.returncode == 0 and "farthest 3 vertices" in r.stdout, f"bfs --top 3 prints them ({r.stdout})")
    for command in ("wcc", "lp"):
        r = run(command, karate, "--backend", "cpu", "--top", "1", "--json")
        groups = json.loads(r.stdout)["top"] if r.returncode == 0 else []
        check(len(groups) == 1 and groups[0]["value"] == 34, f"{command} --top 1 lists one group ({groups})")

    # Named vertices (string ids): read, searched from, written back by name
    people = os.path.join(tmp, "people.csv")
    with open(people, "w") as f:
        f.write("who,whom\nalice,bob\nbob,carol\ncarol,dave\nerin,frank\n")
    r = run("bfs", people, "--backend", "cpu", "--source", "alice", "--parents", "--json",
            "--output", os.path.join(tmp, "people-bfs.csv"))
    summary = json.loads(r.stdout) if r.returncode == 0 else {}
    check(summary.get("source") == "alice" and summary.get("reached") == 4 and
          summary.get("top", [{}])[0].get("id") == "dave", f"bfs from a named vertex ({r.stderr.strip()} {summary})")
    rows = open(os.path.join(tmp, "people-bfs.csv")).read().splitlines() if r.returncode == 0 else []
    check(rows[:3] == ["id,level,parent", "alice,0,alice", "bob,1,alice"] and "erin,-1,-1" in rows,
          f"--output writes the names back ({rows})")
    r = run("bfs", people, "--backend", "cpu", "--source", "zoe")
    check(r.returncode == 1 and "no vertex zoe" in r.stderr, f"an unknown name is a usage error ({r.stderr.strip()})")
    plain = os.path.join(tmp, "people.txt")
    with open(plain, "w") as f:
        f.write("alice bob\nbob carol\n")
    r = run("wcc", plain, "--backend", "cpu", "--header", "no", "--json")
    check(r.returncode == 0 and json.loads(r.stdout)["vertices"] == 3, f"--header no keeps the first edge ({r.stdout})")
    r = run("wcc", plain, "--backend", "cpu", "--ids", "numbers")
    check(r.returncode == 2 and "--ids names" in r.stderr, f"--ids numbers refuses names ({r.stderr.strip()})")
    people_grb = os.path.join(tmp, "people.grb")
    r = run("convert", people, people_grb)
    r2 = run("bfs", people_grb, "--backend", "cpu", "--source", "bob", "--json")
    check(r.returncode == 0 and r2.returncode == 0 and json.loads(r2.stdout)["source"] == "bob" and
          json.loads(r2.stdout)["reached"] == 3, f"a .grb keeps the names ({r.stderr.strip()} {r2.stderr.strip()})")
    # generate writes what the extension names, or refuses.
    el = os.path.join(tmp, "generated.el")
    r = run("generate", "kron", "--scale", "4", "--output", el)
    check(r.returncode == 1 and "graphrun convert" in r.stderr and not os.path.exists(el),
          f"generate to .el: exit {r.returncode} ({r.stderr.strip()})")
    # generate --build: auto draws kron, uniform and urand on a visible GPU, and the
    # snapshot equals the host's byte for byte; device without a GPU, or for
    # a text file or a kind without a device generator, is refused.
    gpu = subprocess.run(["nvidia-smi", "-L"], capture_output=True).returncode == 0 if shutil.which("nvidia-smi") else False
    for kind in ("kron", "uniform", "urand"):
        on_host, on_auto = os.path.join(tmp, f"{kind}-host.grb"), os.path.join(tmp, f"{kind}-auto.grb")
        r = run("generate", kind, "--scale", "12", "--weighted", "--build", "host", "--output", on_host, "--quiet")
        r2 = run("generate", kind, "--scale", "12", "--weighted", "--output", on_auto, "--json")
        where = json.loads(r2.stdout)["build"]["where"] if r2.returncode == 0 else None
        check(r.returncode == 0 and where == ("device" if gpu else "host") and same_snapshot(on_host, on_auto),
              f"generate {kind} --build auto gives the host's snapshot: built on {where} ({r.stderr.strip()} {r2.stderr.strip()})")
    r = run("generate", "kron", "--scale", "8", "--build", "device", "--output", os.path.join(tmp, "device.grb"))
    check(r.returncode == (0 if gpu else 1) and (gpu or "no GPU is visible" in r.stderr),
          f"generate --build device: exit {r.returncode} ({r.stderr.strip()})")
    for args, words in ((["road", "--build", "device", "--output", os.path.join(tmp, "road.grb")], "no device generator"),
                        (["kron", "--build", "device", "--output", os.path.join(tmp, "kron.mtx")], ".grb snapshot only"),
                        (["kron", "--build", "gpu", "--output", os.path.join(tmp, "kron.grb")], "auto, host or device")):
        r = run("generate", *args, "--scale", "4")
        check(r.returncode == 1 and words in r.stderr, f"generate {' '.join(args)}: exit {r.returncode} ({r.stderr.strip()})")

    # The checksums, recomputed from the format's definition with python3-xxhash:
    # pattern, named, and weighted with sections of several 1 MiB chunks.
    karate_grb, kron_grb = os.path.join(tmp, "karate.grb"), os.path.join(tmp, "kron.grb")
    r = run("convert", os.path.join(DATA, "karate.mtx"), karate_grb)
    check(r.returncode == 0, f"convert karate .grb: exit {r.returncode} ({r.stderr.strip()})")
    r = run("generate", "kron", "--scale", "15", "--weighted", "--output", kron_grb, "--quiet")
    check(r.returncode == 0, f"generate kron .grb: exit {r.returncode} ({r.stderr.strip()})")
    oracle = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "scripts", "grb-checksum.py")
    r = subprocess.run([sys.executable, oracle, karate_grb, people_grb, kron_grb], capture_output=True, text=True)
    check(r.returncode == 0 and os.path.getsize(kron_grb) > 3 << 20,
          f"grb-checksum.py disagrees with the writer: {r.stdout.strip()} {r.stderr.strip()}")
    # scripts/verify-bfs.py (the GAP-style check for graphs too large for an
    # oracle) accepts graphrun's levels and refuses a level moved by one.
    verifier = os.path.join(os.path.dirname(oracle), "verify-bfs.py")
    for graph, source in ((karate_grb, "1"), (kron_grb, "2")):
        levels = os.path.join(tmp, "levels.tsv")
        r = run("bfs", graph, "--source", source, "--backend", "cpu", "--output", levels, "--quiet")
        v = subprocess.run([sys.executable, verifier, graph, levels, source], capture_output=True, text=True)
        check(r.returncode == 0 and v.returncode == 0, f"verify-bfs.py on {graph}: {v.stdout.strip()} {v.stderr.strip()}")
        rows = open(levels).read().splitlines()
        moved = next(i for i, line in enumerate(rows) if line.split("\t")[1] == "1")
        rows[moved] = rows[moved].split("\t")[0] + "\t2"
        open(levels, "w").write("\n".join(rows) + "\n")
        v = subprocess.run([sys.executable, verifier, graph, levels, source], capture_output=True, text=True)
        check(v.returncode == 1 and "FAIL" in v.stdout, f"verify-bfs.py misses a wrong level: {v.stdout.strip()}")

    # --weighted needs weights
    r = run("pagerank", karate, "--weighted")
    check(r.returncode == 1 and "karate.mtx" in r.stderr and "--weighted" in r.stderr,
          f"--weighted on a pattern file: exit {r.returncode} ({r.stderr.strip()})")
    r = run("aggregate", karate, "--width", "2", "--weighted")
    check(r.returncode == 1 and "karate.mtx" in r.stderr, f"aggregate --weighted on a pattern file ({r.stderr.strip()})")
    r = run("pagerank", lesmis, "--weighted", "--backend", "cpu", "--quiet")
    check(r.returncode == 0, f"--weighted on a weighted file: exit {r.returncode} ({r.stderr.strip()})")

    # lp --until-stable runs past the default 10 rounds; --iterations caps it
    r = run("lp", karate, "--backend", "cpu", "--until-stable", "--json")
    if r.returncode == 0:
        summary = json.loads(r.stdout)
        check(summary["converged"] is True and summary["last_changes"] == 0 and summary["iterations"] > 10
              and summary["queued_iterations"] == summary["iterations"],
              f"lp --until-stable runs until stable, reading every round on the cpu ({summary})")
    r = run("lp", karate, "--backend", "cpu", "--until-stable", "--iterations", "2", "--json")
    if r.returncode == 0:
        summary = json.loads(r.stdout)
        check(summary["iterations"] == 2 and summary["converged"] is False, f"--iterations caps --until-stable ({summary})")

# 4. Limits and safety
with tempfile.TemporaryDirectory() as tmp:
    for target in ("-", "/dev/stdout"):
        r = subprocess.run([GRAPHRUN, "pagerank", os.path.abspath(karate), "--backend", "cpu", "--quiet", "--iterations", "5",
                            "--output", target], capture_output=True, text=True, timeout=300, cwd=tmp)
        lines = r.stdout.splitlines()
        check(r.returncode == 0 and len(lines) == 34 and all(len(line.split("\t")) == 2 for line in lines),
              f"--output {target} writes the 34 ranks to stdout: exit {r.returncode} ({r.stderr.strip()})")
        check(os.listdir(tmp) == [], f"--output {target} leaves no file behind ({os.listdir(tmp)})")

    # Inputs: "-" is standard input (a pipe here), and a FIFO reads like a file.
    karate_text = open(karate).read()
    r = subprocess.run([GRAPHRUN, "info", "-", "--json"], input=karate_text, capture_output=True, text=True, timeout=300)
    check(r.returncode == 0 and json.loads(r.stdout)["vertices"] == 34,
          f"info - reads standard input: exit {r.returncode} ({r.stderr.strip()})")
    r = subprocess.run([GRAPHRUN, "info", "-"], input=karate_text.replace("\n32 1\n", "\n32 x\n", 1), capture_output=True,
                       text=True, timeout=300)
    check(r.returncode == 2 and r.stderr.startswith("graphrun info: -:"), f"an error in stdin names -: {r.stderr.strip()}")
    # Writing to standard output moves the summary (text or --json) to stderr.
    r = subprocess.run([GRAPHRUN, "pagerank", karate, "--backend", "cpu", "--iterations", "5", "--output", "-", "--json"],
                       capture_output=True, text=True, timeout=300)
    check(r.returncode == 0 and len(r.stdout.splitlines()) == 34 and json.loads(r.stderr)["iterations"] == 5,
          f"pagerank --output - --json: summary on stderr ({r.returncode}: {r.stderr.strip()[:200]})")
    generated = subprocess.run([GRAPHRUN, "generate", "kron", "--scale", "6", "--output", "-"],
                               capture_output=True, text=True, timeout=300)
    r = subprocess.run([GRAPHRUN, "info", "-", "--json"], input=generated.stdout, capture_output=True, text=True,
                       timeout=300)
    check(generated.returncode == 0 and r.returncode == 0 and json.loads(r.stdout)["vertices"] == 64,
          f"generate -o - | info -: exit {generated.returncode}/{r.returncode} ({generated.stderr.strip()} {r.stderr.strip()})")
    fifo = os.path.join(tmp, "karate-pipe")
    os.mkfifo(fifo)
    writer = subprocess.Popen(["sh", "-c", f"cat '{karate}' > '{fifo}'"])
    r = run("info", fifo, "--json")
    writer.wait(timeout=60)
    check(r.returncode == 0 and json.loads(r.stdout)["vertices"] == 34, f"info FIFO: exit {r.returncode} ({r.stderr.strip()})")
    os.remove(fifo)

    limit = min(4 * (os.cpu_count() or 1), 1024)
    for threads in ("-1", str(limit + 1), "1000000"):
        r = run("wcc", karate, "--backend", "cpu", "--threads", threads)
        check(r.returncode == 1 and "--threads" in r.stderr and (threads == "-1" or str(limit) in r.stderr),
              f"--threads {threads}: exit {r.returncode}, expected 1 naming the limit ({r.stderr.strip()})")
    r = run("wcc", karate, "--backend", "cpu", "--threads", str(limit), "--quiet")
    check(r.returncode == 0, f"--threads {limit} (the limit) runs: exit {r.returncode} ({r.stderr.strip()})")

    def write(name, text):
        path = os.path.join(tmp, name)
        with open(path, "w") as f:
            f.write(text)
        return path
    real = "%%MatrixMarket matrix coordinate real general\n3 3 2\n1 2 1.5\n"
    for value in ("nan", "inf", "-inf", "1e39"):
        # Weights are checked where they are read: a structure-only read
        # (unweighted commands) does not keep them.
        for path in (write("w.mtx", real + f"2 3 {value}\n"), write("w.txt", f"1 2 1.5\n2 3 {value}\n")):
            r = run("pagerank", path, "--backend", "cpu", "--weighted")
            line = 4 if path.endswith(".mtx") else 2
            check(r.returncode == 2 and f"{os.path.basename(path)}:{line}:" in r.stderr and value in r.stderr,
                  f"weight {value} in {os.path.basename(path)}: exit {r.returncode}, expected 2 naming file:line ({r.stderr.strip()})")
    overflow = write("sum.mtx", "%%MatrixMarket matrix coordinate real general\n3 3 3\n1 2 1\n2 3 3e38\n2 3 3e38\n")
    r = run("pagerank", overflow, "--backend", "cpu", "--weighted", "--duplicates", "sum")
    check(r.returncode == 2 and "sum.mtx" in r.stderr and "2 -> 3" in r.stderr,
          f"--duplicates sum overflow: exit {r.returncode}, expected 2 naming the edge ({r.stderr.strip()})")
    r = run("pagerank", overflow, "--backend", "cpu", "--weighted", "--duplicates", "max", "--quiet")
    check(r.returncode == 0, f"--duplicates max on the same file: exit {r.returncode} ({r.stderr.strip()})")
    skew = write("skew.mtx", "%%MatrixMarket matrix coordinate real skew-symmetric\n3 3 2\n2 1 1\n3 3 2\n")
    r = run("info", skew)
    check(r.returncode == 2 and "skew.mtx:4" in r.stderr and "diagonal" in r.stderr,
          f"skew-symmetric diagonal: exit {r.returncode} ({r.stderr.strip()})")
    negative = write("neg.mtx", "%%MatrixMarket matrix coordinate real general\n3 3 3\n1 2 1\n2 3 -2\n3 1 1\n")
    r = run("pagerank", negative, "--backend", "cpu", "--weighted")
    check(r.returncode == 2 and "neg.mtx" in r.stderr and "non-negative" in r.stderr and "2 -> 3" in r.stderr,
          f"pagerank --weighted with a negative weight: exit {r.returncode} ({r.stderr.strip()})")
    r = run("pagerank", negative, "--backend", "cpu", "--quiet")
    check(r.returncode == 0, f"unweighted pagerank ignores the weights: exit {r.returncode} ({r.stderr.strip()})")
    r = run("sssp", negative, "--backend", "cpu", "--source", "1")
    check(r.returncode == 2 and "neg.mtx" in r.stderr and "non-negative" in r.stderr and "2 -> 3" in r.stderr,
          f"sssp with a negative weight: exit {r.returncode} ({r.stderr.strip()})")
    # sssp: distances as the shortest float text, inf where unreachable, the
    # farthest reached vertices in --top, and a bad --method named.
    chain = write("chain.mtx", "%%MatrixMarket matrix coordinate real general\n4 4 3\n1 2 0.5\n2 3 0.25\n4 1 1\n")
    r = run("sssp", chain, "--backend", "cpu", "--source", "1", "--output", "-", "--quiet")
    check(r.returncode == 0 and r.stdout.splitlines() == ["1\t0", "2\t0.5", "3\t0.75", "4\tinf"],
          f"sssp distances and inf: {r.stdout!r} ({r.stderr.strip()})")
    r = run("sssp", chain, "--backend", "cpu", "--source", "1", "--top", "1", "--json")
    summary = json.loads(r.stdout) if r.returncode == 0 else {}
    check(summary.get("reached") == 3 and summary.get("top") == [{"id": 3, "value": 0.75}],
          f"sssp --json: reached and top ({summary})")
    # tc and lcc on the undirected simple graph beneath a directed file.
    r = run("tc", karate, "--backend", "cpu", "--json", "--top", "1")
    summary = json.loads(r.stdout) if r.returncode == 0 else {}
    check(summary.get("triangles") == 45 and summary.get("top") == [{"id": 1, "value": 18}],
          f"tc karate: 45 triangles, vertex 1 in 18 ({summary})")
    r = run("tc", chain, "--backend", "cpu", "--quiet", "--output", "-")
    check(r.returncode == 0 and r.stdout.splitlines() == ["1\t0", "2\t0", "3\t0", "4\t0"],
          f"tc --output: {r.stdout!r} ({r.stderr.strip()})")
    cycle = write("cycle.mtx", "%%MatrixMarket matrix coordinate pattern general\n3 3 4\n1 2\n2 3\n3 1\n1 1\n")
    r = run("lcc", cycle, "--backend", "cpu", "--quiet", "--output", "-")
    check(r.returncode == 0 and r.stdout.splitlines() == ["1\t0.5", "2\t0.5", "3\t0.5"],
          f"lcc on a directed triangle (LDBC: one arc per neighbour pair): {r.stdout!r} ({r.stderr.strip()})")
    r = run("bc", karate, "--backend", "cpu", "--json", "--top", "1")
    summary = json.loads(r.stdout) if r.returncode == 0 else {}
    top = summary.get("top", [{}])[0]
    check(summary.get("exact") is True and top.get("id") == 1 and abs(top.get("value", 0) - 231.0714285714) < 1e-6,
          f"bc karate: vertex 1 carries 231.07 ({summary})")
    r = run("bc", karate, "--backend", "cpu", "--json", "--sources", "4")
    summary = json.loads(r.stdout) if r.returncode == 0 else {}
    check(summary.get("exact") is False and summary.get("sources") == 4, f"bc --sources 4 ({summary})")
    r = run("sssp", chain, "--backend", "cpu", "--source", "1", "--method", "dijkstra")
    check(r.returncode == 1 and "bellman-ford" in r.stderr, f"sssp --method dijkstra: exit {r.returncode} ({r.stderr.strip()})")

    # A size line claiming 10^12 entries: the reservation follows the file's
    # bytes, so the run fails cleanly under a 1 GiB address-space limit.
    import resource
    huge = write("huge.mtx", "%%MatrixMarket matrix coordinate pattern general\n5 5 1000000000000\n1 2\n2 3\n")
    # An AddressSanitizer build maps terabytes of shadow memory, so no
    # address-space limit can hold it (scripts/sanitize-tests.sh says so).
    limit = None if os.environ.get("GRAPHRUN_SANITIZED") else 1 << 30
    limit_as = lambda: resource.setrlimit(resource.RLIMIT_AS, (limit, limit)) if limit else None
    r = subprocess.run([GRAPHRUN, "info", huge, "--threads", "2"], capture_output=True, text=True, timeout=300,
                       preexec_fn=limit_as)
    check(r.returncode == 2 and "huge.mtx" in r.stderr and "2 of the 1000000000000 entries" in r.stderr,
          f"a header claiming 10^12 entries under RLIMIT_AS {limit}: exit {r.returncode} ({r.stderr.strip()})")

# DIMACS .gr: every bundled graph written as arcs (both directions of a
# symmetric file, weight 1 for a pattern) reads to the same stored entries as
# its .mtx, survives `convert` to .grb, and ranks the same; --format names the
# reader for a file whose name says nothing.
with tempfile.TemporaryDirectory() as tmp:
    import math
    import scipy.io
    import scipy.sparse
    for name in sorted(graphs)[:8]:
        mtx = os.path.join(DATA, name)
        matrix = scipy.sparse.coo_matrix(scipy.io.mmread(mtx))
        n = matrix.shape[0]
        gr = os.path.join(tmp, name.replace(".mtx", ".gr"))
        with open(gr, "w") as f:
            f.write(f"c {name} as DIMACS arcs\np sp {n} {matrix.nnz}\n")
            for u, v, w in zip(matrix.row, matrix.col, matrix.data):
                # cond-mat-2005 stores 'inf' weights, which the readers refuse.
                f.write(f"a {u + 1} {v + 1} {w if matrix.dtype != bool and math.isfinite(w) else 1}\n")
        expected = scipy_counts(mtx)
        r = run("info", gr, "--json")
        info = json.loads(r.stdout) if r.returncode == 0 else {}
        directed_entries = info.get("stored_entries")
        check(r.returncode == 0 and info.get("vertices") == n,
              f"{name} as .gr: exit {r.returncode}, {info.get('vertices')} vertices, expected {n} ({r.stderr.strip()})")
        grb = gr + "b"
        r = run("convert", gr, grb)
        r2 = run("info", grb, "--json")
        check(r.returncode == 0 and r2.returncode == 0 and json.loads(r2.stdout).get("stored_entries") == directed_entries,
              f"{name}: .gr -> convert -> .grb keeps {directed_entries} stored entries ({r.stderr.strip()} {r2.stderr.strip()})")
        ranks = []
        for path in (mtx, gr, grb):
            out = os.path.join(tmp, "ranks.tsv")
            r = run("pagerank", path, "--backend", "cpu", "--quiet", "--iterations", "20", "--output", out)
            ranks.append(sorted((line.split("\t")[0], float(line.split("\t")[1])) for line in open(out)) if r.returncode == 0 else None)
        same = None not in ranks and all(
            len(other) == len(ranks[0]) and all(a[0] == b[0] and abs(a[1] - b[1]) < 1e-6 for a, b in zip(ranks[0], other))
            for other in ranks[1:])
        check(same, f"{name}: pagerank from .mtx, .gr and .grb differ")
    # METIS: the undirected bundled graphs without self-loops, as adjacency lines.
    for name in sorted(graphs):
        mtx = os.path.join(DATA, name)
        original = json.loads(run("info", mtx, "--json").stdout)
        if original["directed"] or original["self_loops"] > 0:
            continue
        matrix = scipy.sparse.csr_matrix(scipy.io.mmread(mtx))
        matrix = ((matrix + matrix.T) != 0).tocsr()
        metis = os.path.join(tmp, name.replace(".mtx", ".graph"))
        write_metis(metis, matrix, name)
        r = run("info", metis, "--json")
        info = json.loads(r.stdout) if r.returncode == 0 else {}
        check(info.get("stored_entries") == original["stored_entries"] and info.get("vertices") == original["vertices"]
              and info.get("directed") is False,
              f"{name} as METIS: {info.get('vertices')} vertices, {info.get('stored_entries')} entries ({r.stderr.strip()})")
    bare = os.path.join(tmp, "road.txt")
    with open(bare, "w") as f:
        f.write("p sp 3 2\na 1 2 1\na 2 3 1\n")
    r = run("bfs", bare, "--source", "1", "--format", "gr", "--json")
    check(r.returncode == 0 and json.loads(r.stdout).get("reached") == 3,
          f"--format gr on a .txt: exit {r.returncode} ({r.stderr.strip()})")
    r = run("bfs", bare, "--source", "1", "--format", "el")
    # 'p sp 3 2' reads as a header row of names, so line 2's 'a' is the first bad id.
    check(r.returncode == 2 and "road.txt:2:" in r.stderr and "expected an integer source id" in r.stderr,
          f"--format el on a DIMACS file: exit {r.returncode}, expected 2 naming road.txt:2 ({r.stderr.strip()})")
    roads = os.path.join(tmp, "roads.csv")
    with open(roads, "w") as f:
        f.write("from,to,km,name\n10,20,1.5,x\n20,30,2,y\n30,10,4,z\n")
    r = run("info", roads, "--json", "--src", "to", "--dst", "from")
    check(r.returncode == 0 and json.loads(r.stdout).get("stored_entries") == 3,
          f"a CSV with a header row and --src/--dst: exit {r.returncode} ({r.stderr.strip()})")
    r = run("pagerank", roads, "--backend", "cpu", "--quiet", "--weighted", "--weight", "km")
    check(r.returncode == 0, f"pagerank --weighted --weight km on a CSV: exit {r.returncode} ({r.stderr.strip()})")
    r = run("info", roads, "--weight", "miles")
    check(r.returncode == 2 and "roads.csv:1:" in r.stderr and "(from, to, km, name)" in r.stderr,
          f"--weight naming no column: exit {r.returncode} ({r.stderr.strip()})")
    for name, text in (("ldbc.v", "1\n2\n3\n7\n"), ("ldbc.e", "1 2\n2 3\n"), ("ldbc.properties", "graph.ldbc.directed = false\n")):
        with open(os.path.join(tmp, name), "w") as f:
            f.write(text)
    r = run("wcc", os.path.join(tmp, "ldbc.e"), "--backend", "cpu", "--json")
    result = json.loads(r.stdout) if r.returncode == 0 else {}
    check(result.get("vertices") == 4 and result.get("directed") is False and result.get("components") == 2,
          f"wcc on an LDBC pair (vertex 7 isolated, undirected by its properties): {result} ({r.stderr.strip()})")
    r = run("info", bare, "--format", "graphml")
    check(r.returncode == 1 and "unknown --format 'graphml'" in r.stderr,
          f"unknown --format: exit {r.returncode} ({r.stderr.strip()})")

# convert to text: .mtx and edge lists read back to the same graph.
with tempfile.TemporaryDirectory() as tmp:
    for name in sorted(graphs)[:8]:
        mtx = os.path.join(DATA, name)
        original = json.loads(run("info", mtx, "--json").stdout)
        for target in ("again.mtx", "again.el", "again.tsv.gz"):
            path = os.path.join(tmp, target)
            r = run("convert", mtx, path)
            if r.returncode == 2 and "not finite" in r.stderr:  # cond-mat-2005's 'inf' weights
                r = run("convert", mtx, path, "--pattern")
            check(r.returncode == 0, f"convert {name} {target}: exit {r.returncode} ({r.stderr.strip()})")
            extra = ["--undirected"] if not original["directed"] and not target.endswith(".mtx") else []
            back = run("info", path, "--json", *extra)
            info = json.loads(back.stdout) if back.returncode == 0 else {}
            same = (info.get("stored_entries") == original["stored_entries"] and
                    info.get("directed") == original["directed"] and
                    (target.endswith(".mtx") or "without an edge" in r.stderr or info.get("vertices") == original["vertices"]))
            skew = "skew" in open(mtx).readline()
            check(same or (skew and not target.endswith(".mtx")),
                  f"{name} -> {target} -> info: {info.get('vertices')} vertices, {info.get('stored_entries')} entries, "
                  f"directed {info.get('directed')}; expected {original['vertices']}, {original['stored_entries']}, "
                  f"{original['directed']} ({back.stderr.strip()})")
    skew = os.path.join(tmp, "skew.mtx")
    with open(skew, "w") as f:
        f.write("%%MatrixMarket matrix coordinate real skew-symmetric\n3 3 2\n2 1 1.5\n3 2 -2\n")
    for target, expected in (("skew2.mtx", ["%%MatrixMarket matrix coordinate real skew-symmetric", "3 3 2", "2 1 1.5", "3 2 -2"]),
                             ("skew.el", ["# skew-symmetric weights: both directions of each edge", "1 2 -1.5", "2 1 1.5",
                                          "2 3 2", "3 2 -2"])):
        path = os.path.join(tmp, target)
        r = run("convert", skew, path)
        written = open(path).read().splitlines() if r.returncode == 0 else []
        check(written == expected, f"convert a skew-symmetric file to {target}: {written} ({r.stderr.strip()})")
    sparse = os.path.join(tmp, "sparse.el")
    with open(sparse, "w") as f:
        f.write("10 20\n20 30\n")
    r = run("convert", sparse, os.path.join(tmp, "sparse.mtx"))
    check(r.returncode == 0 and "renumbered 1..3" in r.stderr, f"convert sparse ids to .mtx warns: exit {r.returncode} ({r.stderr.strip()})")
    r = run("convert", sparse, os.path.join(tmp, "sparse.xyz"))
    check(r.returncode == 1 and "must end in .grb, .mtx" in r.stderr, f"convert to .xyz: exit {r.returncode} ({r.stderr.strip()})")

# Several sources: one level column per source, equal to the one-source runs.
with tempfile.TemporaryDirectory() as tmp:
    karate = os.path.join(DATA, "karate.mtx")
    many = os.path.join(tmp, "many.csv")
    r = run("bfs", karate, "--backend", "cpu", "--quiet", "--source", "1,34,5", "--output", many)
    rows = [line.split(",") for line in open(many).read().splitlines()] if r.returncode == 0 else [[]]
    check(rows[0] == ["id", "level_1", "level_34", "level_5"], f"bfs --source 1,34,5 --output .csv: header {rows[0]} ({r.stderr.strip()})")
    for column, source in enumerate(("1", "34", "5"), start=1):
        one = os.path.join(tmp, f"one-{source}.tsv")
        r = run("bfs", karate, "--backend", "cpu", "--quiet", "--source", source, "--output", one)
        single = [line.split("\t") for line in open(one).read().splitlines()] if r.returncode == 0 else []
        check([[row[0], row[column]] for row in rows[1:]] == single,
              f"bfs --source 1,34,5: the column of source {source} differs from its own search")
    r = run("bfs", karate, "--backend", "cpu", "--sources", "70", "--json")
    check(r.returncode == 1 and "--sources must be 1..34" in r.stderr, f"--sources beyond the graph: exit {r.returncode} ({r.stderr.strip()})")
    r = run("bfs", karate, "--backend", "cpu", "--sources", "20", "--seed", "3", "--json")
    searches = json.loads(r.stdout).get("searches", []) if r.returncode == 0 else []
    check(len(searches) == 20 and len({s["source"] for s in searches}) == 20 and all(s["reached"] == 34 for s in searches),
          f"bfs --sources 20: {len(searches)} distinct searches reaching all 34 ({r.stderr.strip()})")
    for extra, reason in ((["--source", "1,2", "--parents"], "--parents applies to one source"),
                          (["--source", "1", "--sources", "2"], "not both"), ([], "missing --source")):
        r = run("bfs", karate, "--backend", "cpu", *extra)
        check(r.returncode == 1 and reason in r.stderr, f"bfs {' '.join(extra)}: exit {r.returncode} ({r.stderr.strip()})")

# --output by extension: .tsv (no header), .csv (header row), .npy (records).
with tempfile.TemporaryDirectory() as tmp:
    import numpy
    karate = os.path.join(DATA, "karate.mtx")
    paths = {form: os.path.join(tmp, "ranks." + form) for form in ("tsv", "csv", "npy")}
    for path in paths.values():
        r = run("pagerank", karate, "--backend", "cpu", "--quiet", "--iterations", "10", "--output", path)
        check(r.returncode == 0, f"pagerank --output {os.path.basename(path)}: exit {r.returncode} ({r.stderr.strip()})")
    tsv = [line.split("\t") for line in open(paths["tsv"]).read().splitlines()]
    csv_lines = open(paths["csv"]).read().splitlines()
    check(csv_lines[0] == "id,rank" and [line.split(",") for line in csv_lines[1:]] == tsv,
          f"--output .csv: header {csv_lines[:1]}, rows equal to the .tsv's: {[l.split(',') for l in csv_lines[1:]] == tsv}")
    records = numpy.load(paths["npy"])
    check(records.dtype.names == ("id", "rank") and len(records) == 34 and
          all(int(row[0]) == int(i) and row[1] == numpy.float32(v) for row, (i, v) in zip(records, tsv)),
          f"--output .npy: fields {records.dtype.names}, {len(records)} records equal to the .tsv")
    tree = os.path.join(tmp, "tree.npy")
    r = run("bfs", karate, "--backend", "cpu", "--quiet", "--source", "1", "--parents", "--output", tree)
    records = numpy.load(tree) if r.returncode == 0 else None
    check(records is not None and records.dtype.names == ("id", "level", "parent") and records["level"][0] == 0 and
          records["parent"][0] == 1, f"bfs --parents --output .npy: exit {r.returncode} ({r.stderr.strip()})")

# Every reader round-trips through `convert` on the bundled graphs: each
# graph written as METIS (undirected ones), as an LDBC pair and as binary
# el64/el32 pairs (1-based ids, both directions of a symmetric file) and as
# a CSV of names, converted to .grb (names: to .el), keeps the .mtx's stored
# entries and its BFS levels, vertex by vertex.
with tempfile.TemporaryDirectory() as tmp:
    import numpy
    import scipy.io
    import scipy.sparse

    def levels(path, source, *extra):
        out = os.path.join(tmp, "levels.tsv")
        r = run("bfs", path, "--backend", "cpu", "--quiet", "--source", source, "--output", out, *extra)
        return dict(line.split("\t") for line in open(out).read().splitlines()) if r.returncode == 0 else None

    def entries(path, *extra):
        r = run("info", path, "--json", *extra)
        return json.loads(r.stdout)["stored_entries"] if r.returncode == 0 else None

    for name in sorted(graphs)[:6]:
        mtx = os.path.join(DATA, name)
        info = json.loads(run("info", mtx, "--json").stdout)
        coo = scipy.sparse.coo_matrix(scipy.io.mmread(mtx))
        if not info["directed"]:
            coo = scipy.sparse.coo_matrix(((coo + coo.T) != 0).astype(numpy.int8))
        pairs = numpy.stack([coo.row + 1, coo.col + 1], axis=1).astype(numpy.int64)
        source = str(pairs[0][0])
        expected = levels(mtx, source)
        reached = {v: l for v, l in expected.items() if l != "-1"}
        stem = os.path.join(tmp, name.replace(".mtx", ""))
        written = {}
        pairs.tofile(stem + ".el64")
        pairs.astype(numpy.uint32).tofile(stem + ".el32")
        written["el64"], written["el32"] = stem + ".el64", stem + ".el32"
        with open(stem + ".v", "w") as f:
            f.write("".join(f"{v}\n" for v in range(1, info["vertices"] + 1)))
        with open(stem + ".e", "w") as f:
            f.write("".join(f"{u} {v}\n" for u, v in pairs if info["directed"] or u <= v))
        with open(stem + ".properties", "w") as f:
            f.write(f"graph.x.directed = {'true' if info['directed'] else 'false'}\n")
        written["ldbc"] = stem + ".e"
        if not info["directed"] and info["self_loops"] == 0:
            write_metis(stem + ".graph", scipy.sparse.csr_matrix(coo), name)
            written["metis"] = stem + ".graph"
        for form, path in written.items():
            grb = path + ".grb"
            r = run("convert", path, grb)
            got = levels(grb, source)
            check(r.returncode == 0 and entries(grb) == info["stored_entries"] and got is not None and
                  {v: l for v, l in got.items() if l != "-1"} == reached,
                  f"{name} as {form} -> convert -> .grb: exit {r.returncode}, {entries(grb)} entries of "
                  f"{info['stored_entries']}, same levels: {got is not None and {v: l for v, l in got.items() if l != '-1'} == reached}")
        # Names: every id spelt as a word, read, converted to an edge list, read back.
        names = os.path.join(tmp, "named.csv")
        with open(names, "w") as f:
            f.write("from,to\n" + "".join(f"v{u},v{v}\n" for u, v in pairs if info["directed"] or u <= v))
        el = os.path.join(tmp, "named.el")
        undirected = [] if info["directed"] else ["--undirected"]
        r = run("convert", names, el, *undirected)
        got = levels(el, "v" + source, "--header", "no", *undirected)
        check(r.returncode == 0 and entries(el, "--header", "no", *undirected) == info["stored_entries"] and
              got is not None and {v[1:]: l for v, l in got.items() if l != "-1"} == reached,
              f"{name} with named vertices -> convert -> .el: exit {r.returncode} ({r.stderr.strip()})")

# sssp --parents: a third column, the source its own parent, -1 where unreached
with tempfile.TemporaryDirectory() as tmp:
    out = os.path.join(tmp, "tree.tsv")
    r = run("sssp", lesmis, "--backend", "cpu", "--source", "5", "--parents", "--output", out)
    rows = [line.split("\t") for line in open(out).read().splitlines()] if r.returncode == 0 else []
    check(len(rows) == 77 and all(len(row) == 3 for row in rows) and rows[4] == ["5", "0", "5"],
          f"sssp --parents writes distance and parent ({r.stderr.strip()}; {rows[4] if len(rows) > 4 else rows})")

# trsv: x against scipy's spsolve_triangular on L = tril(A) (the entries read
# as float32, as graphrun reads them), b all ones or from --rhs; the missing
# diagonal, the zero diagonal and a b of the wrong length are input errors
# naming the file and the row; --reorder is refused.
with tempfile.TemporaryDirectory() as tmp:
    import scipy.sparse.linalg
    for name in ("bcsstk13.mtx", "jagmesh7.mtx"):
        path = os.path.join(DATA, name)
        lower = scipy.sparse.tril(scipy.io.mmread(path).tocsr()).tocsr()
        lower.data = lower.data.astype(np.float32).astype(np.float64)
        n = lower.shape[0]
        rhs = np.random.default_rng(5).standard_normal(n)
        np.save(os.path.join(tmp, "b64.npy"), rhs)
        np.save(os.path.join(tmp, "b32.npy"), rhs.astype(np.float32))
        for b_file, b, precision, method, tolerance in (
                (None, np.ones(n), "double", "sequential", 1e-12),
                ("b64.npy", rhs, "double", "level-set", 1e-12),
                ("b32.npy", rhs.astype(np.float32).astype(np.float64), "double", "auto", 1e-12),
                ("b64.npy", rhs, "float", "auto", 2e-3)):
            expected = scipy.sparse.linalg.spsolve_triangular(lower, b, lower=True)
            out = os.path.join(tmp, "x.tsv")
            args = ["trsv", path, "--backend", "cpu", "--precision", precision, "--method", method, "--output", out, "--json"]
            if b_file:
                args += ["--rhs", os.path.join(tmp, b_file)]
            r = run(*args)
            ok = r.returncode == 0
            if ok:
                got = np.loadtxt(out)
                summary = json.loads(r.stdout)
                error = np.max(np.abs(got[:, 1] - expected[got[:, 0].astype(int) - 1]) / (np.abs(expected).max()))
                ok = error <= tolerance and summary["residual"] <= (1e-14 if precision == "double" else 1e-5) \
                    and "analysis_seconds" in summary["times"] and "solve_seconds" in summary["times"]
            check(ok, f"trsv {name} b={b_file} {precision} {method}: {r.stderr.strip() or r.stdout[:200]}")
    karate_trsv = run("trsv", karate, "--backend", "cpu")
    check(karate_trsv.returncode == 2 and "karate.mtx" in karate_trsv.stderr and "row 1 has no diagonal entry" in karate_trsv.stderr,
          f"trsv without a diagonal names the row ({karate_trsv.stderr.strip()})")
    zero = os.path.join(tmp, "zero.mtx")
    with open(zero, "w") as f:
        f.write("%%MatrixMarket matrix coordinate real general\n3 3 4\n1 1 2\n2 1 1\n2 2 0\n3 3 1\n")
    r = run("trsv", zero, "--backend", "cpu")
    check(r.returncode == 2 and "zero.mtx" in r.stderr and "row 2 has diagonal entry 0" in r.stderr,
          f"trsv with a zero diagonal names the row ({r.stderr.strip()})")
    np.save(os.path.join(tmp, "short.npy"), np.ones(2))
    r = run("trsv", zero.replace("zero", "zero"), "--backend", "cpu", "--rhs", os.path.join(tmp, "short.npy"))
    check(r.returncode == 2, f"trsv stops at the first bad input ({r.stderr.strip()})")
    r = run("trsv", os.path.join(DATA, "jagmesh7.mtx"), "--backend", "cpu", "--rhs", os.path.join(tmp, "short.npy"))
    check(r.returncode == 2 and "short.npy" in r.stderr and "2 entries" in r.stderr and "1138 rows" in r.stderr,
          f"trsv with a short b names it ({r.stderr.strip()})")
    np.save(os.path.join(tmp, "wide.npy"), np.ones((1138, 2)))
    r = run("trsv", os.path.join(DATA, "jagmesh7.mtx"), "--backend", "cpu", "--rhs", os.path.join(tmp, "wide.npy"))
    check(r.returncode == 2 and "not a vector" in r.stderr, f"trsv with a matrix for b ({r.stderr.strip()})")
    r = run("trsv", os.path.join(DATA, "jagmesh7.mtx"), "--backend", "cpu", "--reorder", "degree")
    check(r.returncode == 1 and "--reorder" in r.stderr, f"trsv refuses --reorder ({r.stderr.strip()})")
    r = run("trsv", os.path.join(DATA, "jagmesh7.mtx"), "--backend", "cpu", "--method", "sync-free")
    check(r.returncode == 1 and "sync-free" in r.stderr, f"trsv names the methods a backend runs ({r.stderr.strip()})")

# scripts/verify-results.py (the verifiers of issue 54's by-hand runs)
# accepts graphrun's results on a generated snapshot and rejects a broken one.
VERIFY = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "scripts", "verify-results.py")
with tempfile.TemporaryDirectory() as tmp:
    grb = os.path.join(tmp, "k12.grb")
    check(run("generate", "kron", "--scale", "12", "--output", grb, "--quiet").returncode == 0, "generate kron-s12")

    def verify(*args):  # blocks of 4096 entries: the parallel path, in several worker processes
        return subprocess.run([sys.executable, VERIFY, grb, *args], capture_output=True, text=True, timeout=300,
                              env=dict(os.environ, GRAPHRUN_VERIFY_BLOCK_ENTRIES="4096"))
    results = {}
    for algorithm, extra in (("bfs", ["--source", "2"]), ("wcc", []), ("pagerank", ["--iterations", "30"])):
        results[algorithm] = os.path.join(tmp, f"{algorithm}.npy")
        r = run(algorithm, grb, "--backend", "cpu", "--output", results[algorithm], "--quiet", *extra)
        check(r.returncode == 0, f"{algorithm} on kron-s12: exit {r.returncode} ({r.stderr.strip()})")
    for args in (["bfs", "2", results["bfs"]], ["wcc", results["wcc"]], ["pagerank", results["pagerank"]]):
        r = verify(*args)
        check(r.returncode == 0 and "verified" in r.stdout, f"verify-results {args[0]}: {r.stdout.strip()} {r.stderr.strip()}")
    for algorithm, name, change in (("bfs", "level", lambda v: np.where(v == v.max(), v + 1, v)),
                                    ("wcc", "component", lambda v: np.where(  # a vertex of the largest component
                                        np.arange(len(v)) == np.flatnonzero(v == np.bincount(v).argmax())[0], -5, v)),
                                    ("pagerank", "rank", lambda v: v * 0.9)):
        records = np.load(results[algorithm])
        records[name] = change(records[name])
        broken = os.path.join(tmp, f"broken-{algorithm}.npy")
        np.save(broken, records)
        r = verify(*(["bfs", "2", broken] if algorithm == "bfs" else [algorithm, broken]))
        check(r.returncode == 1 and "FAILED" in r.stdout, f"verify-results {algorithm} rejects a broken result: {r.stdout.strip()}")

    # sssp on the pattern graph (weights 1) and on a weighted one (float
    # weights, summed in float32 as graphrun sums); a result with its
    # farthest vertex moved out, or one vertex pulled in, fails.
    weighted_grb = os.path.join(tmp, "k12w.grb")
    check(run("generate", "kron", "--scale", "12", "--weighted", "--output", weighted_grb, "--quiet").returncode == 0,
          "generate weighted kron-s12")
    with open(grb, "rb") as f:
        n = int.from_bytes(f.read(128)[24:32], "little")
    hub_row = int(np.diff(np.fromfile(grb, np.int64, n + 1, offset=128)).argmax())
    hub = str(int(np.load(results["bfs"])["id"][hub_row]))  # the file's id of the widest row
    for graph in (grb, weighted_grb):
        out = os.path.join(tmp, "sssp.npy")
        r = run("sssp", graph, "--source", hub, "--backend", "cpu", "--output", out, "--quiet")
        check(r.returncode == 0, f"sssp on {graph}: exit {r.returncode} ({r.stderr.strip()})")
        r = subprocess.run([sys.executable, VERIFY, graph, "sssp", hub, out], capture_output=True, text=True,
                           timeout=300, env=dict(os.environ, GRAPHRUN_VERIFY_BLOCK_ENTRIES="4096"))
        check(r.returncode == 0 and "verified" in r.stdout,
              f"verify-results sssp on {graph}: {r.stdout.strip()} {r.stderr.strip()}")
        records = np.load(out)
        finite = np.flatnonzero(np.isfinite(records["distance"]))
        for change in (lambda d: np.where(d == d[finite].max(), d * 1.5, d),
                       lambda d: np.where(np.arange(len(d)) == finite[-1], d * 0.5, d)):
            broken = os.path.join(tmp, "broken-sssp.npy")
            changed = records.copy()
            changed["distance"] = change(records["distance"])
            np.save(broken, changed)
            r = subprocess.run([sys.executable, VERIFY, graph, "sssp", hub, broken], capture_output=True, text=True,
                               timeout=300)
            check(r.returncode == 1 and "FAILED" in r.stdout,
                  f"verify-results sssp rejects a broken result: {r.stdout.strip()}")

    # bench/peers/grb-to-sg.py: GAP's .sg and .wsg hold the .grb's CSR (weights 1 for a pattern graph).
    CONVERT = os.path.join(os.path.dirname(VERIFY), "..", "bench", "peers", "grb-to-sg.py")
    for suffix in (".sg", ".wsg"):
        target = os.path.join(tmp, "k12" + suffix)
        r = subprocess.run([sys.executable, CONVERT, grb, target], capture_output=True, text=True, timeout=300)
        check(r.returncode == 0, f"grb-to-sg.py {suffix}: {r.stdout.strip()} {r.stderr.strip()}")
        with open(grb, "rb") as f:
            header = f.read(128)
        n, m = int.from_bytes(header[24:32], "little"), int.from_bytes(header[32:40], "little")
        offsets = np.fromfile(grb, np.int64, n + 1, offset=128)
        columns = np.fromfile(grb, np.int32, m, offset=128 + (8 * (n + 1) + 7) // 8 * 8)
        data = open(target, "rb").read()
        got_offsets = np.frombuffer(data, np.int64, n + 1, offset=17)
        neighbours = np.frombuffer(data, np.int32, offset=17 + 8 * (n + 1)).reshape(m, -1)
        check(data[0] == 0 and int.from_bytes(data[1:9], "little") == m and int.from_bytes(data[9:17], "little") == n
              and np.array_equal(got_offsets, offsets) and np.array_equal(neighbours[:, 0], columns)
              and (suffix == ".sg" or (neighbours.shape[1] == 2 and (neighbours[:, 1] == 1).all())),
              f"grb-to-sg.py writes GAP's {suffix} of the graph")
    r = subprocess.run([sys.executable, CONVERT, weighted_grb, os.path.join(tmp, "k12w.wsg")], capture_output=True,
                       text=True, timeout=300)
    check(r.returncode != 0 and "whole int32 weights" in r.stderr,
          f"grb-to-sg.py refuses fractional weights ({r.stderr.strip()})")

print(f"{len(graphs)} graphs checked; {len(failures)} failures")
sys.exit(1 if failures else 0)
