#!/usr/bin/python3
"""Markdown report with PNG plots from graphrun-bench's results.json.

Usage: /usr/bin/python3 bench/report.py OUT/results.json [--out DIR] [--check]

Writes DIR/report.md (default: the JSON's directory) and next to it:
  speedup_vs_cusparse.png   SpMV speedup of every kernel over the best cuSPARSE algorithm, per graph
  spmv_bandwidth.png        SpMV GB/s (minimum-byte model) against each device's measured copy bandwidth
  bfs_gteps.png             BFS GTEPS per graph and backend (median, min-max bars)
  spmm_by_width.png         SpMM GB/s by feature width F, per backend (auto kernels)
A plot whose data the run does not have (e.g. no cuSPARSE on a CPU-only
machine) is replaced by a sentence saying so. --check exits 1 when a row
FAILED or a promised file is missing. Needs matplotlib (Debian
python3-matplotlib, installed by scripts/install-deps.sh).
"""
import argparse
import json
import math
import os
import sys
from collections import defaultdict

import matplotlib

matplotlib.use("Agg")  # files only, no display
import matplotlib.pyplot as plt  # noqa: E402
from cycler import cycler  # noqa: E402

# 20 distinct colours x 2 line styles: a suite easily has more than 10 graphs.
plt.rcParams["axes.prop_cycle"] = cycler(linestyle=["-", "--"]) * cycler(color=plt.cm.tab20.colors)


def number(value, digits=4):
    """Formats a measured value; None (not measured) prints as a dash."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "-"
    return f"{value:.{digits}g}"


def ok_rows(rows, operation):
    return [r for r in rows if r["operation"] == operation and r["status"] == "ok" and "time_ms" in r]


def kernel_label(row):
    resolved = row.get("resolved_kernel") or ""
    kernel = row["kernel"]
    if resolved and resolved != kernel:
        kernel = f"{kernel}>{resolved}"
    return f"{row['backend']}:{kernel}"


def series_label(row):
    """Plot series: the requested kernel ("auto" stays one series although
    the kernel it picks differs per graph; the tables name the pick)."""
    return f"{row['backend']}:{row['kernel']}"


def graph_order(results):
    return [g["name"] for g in results["graphs"]]


def outside_legend(ax):
    """Legend right of the axes: with many graphs or kernels it would cover bars."""
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0))


def grouped_bars(ax, groups, series, values, errors=None):
    """Bars of values[(group, series)] grouped along x; missing pairs leave gaps."""
    width = 0.8 / max(len(series), 1)
    for i, name in enumerate(series):
        xs, ys, lo, hi = [], [], [], []
        for g, group in enumerate(groups):
            if (group, name) not in values:
                continue
            xs.append(g - 0.4 + width * (i + 0.5))
            ys.append(values[(group, name)])
            if errors:
                low, high = errors[(group, name)]
                lo.append(max(ys[-1] - low, 0))
                hi.append(max(high - ys[-1], 0))
        ax.bar(xs, ys, width, label=name, yerr=[lo, hi] if errors else None, capsize=2 if errors else 0)
    ax.set_xticks(range(len(groups)))
    ax.set_xticklabels(groups, rotation=45, ha="right", fontsize=8)


def plot_speedup(results, path):
    # The native CUDA kernels only: cuSPARSE's own rows are <= 1 by definition
    # and CPU rows against a GPU baseline would drown the plot.
    rows = [r for r in ok_rows(results["rows"], "spmv")
            if r.get("speedup_vs_cusparse") is not None and r["backend"] == "cuda"]
    if not rows:
        return "No cuda and cuSPARSE rows in this run (no GPU, or not among --backends): no speedup plot."
    graphs = [g for g in graph_order(results) if any(r["graph"] == g for r in rows)]
    series = sorted({series_label(r) for r in rows})
    values = {(r["graph"], series_label(r)): r["speedup_vs_cusparse"] for r in rows}
    fig, ax = plt.subplots(figsize=(max(8, len(graphs) * 0.9), 5))
    grouped_bars(ax, graphs, series, values)
    ax.axhline(1.0, color="black", linewidth=0.8)
    ax.set_ylabel("speedup over best cuSPARSE SpMV (x)")
    ax.set_title("SpMV, native CUDA kernels: speedup vs the fastest cuSPARSE algorithm, same graph and run")
    outside_legend(ax)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return None


def plot_bandwidth(results, path):
    rows = ok_rows(results["rows"], "spmv")
    if not rows:
        return "No SpMV rows: no bandwidth plot."
    copy = {b["backend"]: b["copy_gbps"] for b in results["run"]["backends"]}
    backends = [b for b in copy if any(r["backend"] == b for r in rows)]
    graphs = [g for g in graph_order(results) if any(r["graph"] == g for r in rows)]
    fig, axes = plt.subplots(len(backends), 1, figsize=(max(8, len(graphs) * 0.9), 4.5 * len(backends)), squeeze=False)
    for ax, backend in zip(axes[:, 0], backends):
        mine = [r for r in rows if r["backend"] == backend]
        series = sorted({series_label(r) for r in mine})
        values = {(r["graph"], series_label(r)): r["gbps"] for r in mine}
        grouped_bars(ax, graphs, series, values)
        ax.axhline(copy[backend], color="red", linestyle="--", label=f"copy {copy[backend]:.4g} GB/s")
        ax.set_ylabel("GB/s (minimum-byte model)")
        ax.set_title(f"SpMV bandwidth vs the copy ceiling: {backend}")
        outside_legend(ax)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return None


def plot_gteps(results, path):
    rows = [r for r in ok_rows(results["rows"], "bfs") if "gteps" in r]
    if not rows:
        return "No BFS rows: no GTEPS plot."
    graphs = [g for g in graph_order(results) if any(r["graph"] == g for r in rows)]
    series = sorted({r["backend"] for r in rows})
    values = {(r["graph"], r["backend"]): r["gteps"]["median"] for r in rows}
    errors = {(r["graph"], r["backend"]): (r["gteps"]["min"], r["gteps"]["max"]) for r in rows}
    fig, ax = plt.subplots(figsize=(max(8, len(graphs) * 0.9), 5))
    grouped_bars(ax, graphs, series, values, errors)
    ax.set_yscale("log")
    ax.set_ylabel("GTEPS (median over sources; bars: min-max)")
    ax.set_title("BFS: Graph500 TEPS = edges in the traversed component / time")
    outside_legend(ax)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return None


def plot_spmm(results, path):
    rows = [r for r in ok_rows(results["rows"], "spmm") if r["kernel"] == "auto"]
    if not rows:
        return "No SpMM rows of the auto kernels: no width plot."
    backends = sorted({r["backend"] for r in rows})
    copy = {b["backend"]: b["copy_gbps"] for b in results["run"]["backends"]}
    fig, axes = plt.subplots(1, len(backends), figsize=(6.5 * len(backends), 5), squeeze=False)
    for ax, backend in zip(axes[0], backends):
        by_graph = defaultdict(list)
        for r in rows:
            if r["backend"] == backend:
                by_graph[r["graph"]].append((r["width"], r["gbps"]))
        for graph in graph_order(results):
            if graph in by_graph:
                points = sorted(by_graph[graph])
                ax.plot([p[0] for p in points], [p[1] for p in points], marker="o", label=graph)
        ax.axhline(copy.get(backend, 0), color="red", linestyle="--", label="copy ceiling")
        ax.set_xscale("log", base=2)
        ax.set_xlabel("feature width F")
        ax.set_ylabel("GB/s (minimum-byte model)")
        ax.set_title(f"SpMM by width: {backend}, auto")
        outside_legend(ax)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return None


def markdown_table(header, lines):
    out = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    out += ["| " + " | ".join(str(cell) for cell in line) + " |" for line in lines]
    return "\n".join(out)


def run_section(run):
    lines = [
        f"- Command: `{run['command_line']}`",
        f"- Date (UTC): {run['date_utc']}; host: {run['host']}",
        f"- graphrun {run['graphrun_version']}; compiler: {run['compiler']}",
        f"- CUDA toolkit (build): {run['cuda_toolkit']}; CUDA driver: {run['cuda_driver']}",
    ]
    for b in run["backends"]:
        lines.append(f"- Device [{b['backend']}]: {b['device_name']}; copy bandwidth {number(b['copy_gbps'])} GB/s "
                     f"(backend-to-backend copy of {b['copy_buffer_bytes'] >> 20} MiB, bytes read + written / time)")
        if "call_floor_ms" in b:  # results written before the call floor was measured lack it
            lines.append(f"  - call floor {number(b['call_floor_ms'])} ms: a fill of one float, timed like every row")
    lines += [
        f"- Byte model: {run['byte_model']}",
        f"- Timing: {run['timing']}",
        f"- Correctness: {run['tolerances']}",
    ]
    lines += [f"- Not recorded: {m}" for m in run.get("missing", [])]
    return "\n".join(lines)


def rows_table(rows, operation, columns):
    """One line per row of `operation`; columns: (title, function of the row) after the median."""
    selected = [r for r in rows if r["operation"] == operation]
    if not selected:
        return None
    lines = []
    for r in selected:
        if r["status"] != "ok":
            lines.append([r["graph"], kernel_label(r), r.get("width") or "", r["status"]] +
                         [""] * len(columns) + [r.get("check_detail") or r.get("note", "")])
            continue
        median = r["time_ms"]["median"] if "time_ms" in r else None
        cells = [r["graph"], kernel_label(r), r.get("width") or "", number(median)]
        cells += [column(r) for _, column in columns]
        cells.append(r.get("check_detail", ""))
        lines.append(cells)
    header = ["graph", "backend:kernel", "F", "median ms"] + [name for name, _ in columns] + ["check"]
    return markdown_table(header, lines)


SPREAD = ("min-max ms", lambda r: f"{number(r['time_ms']['min'], 3)}-{number(r['time_ms']['max'], 3)}")
SECTIONS = [
    ("SpMV (plus-times, float)", "spmv",
     [SPREAD, ("GB/s", lambda r: number(r["gbps"])), ("GFLOP/s", lambda r: number(r["gflops"])),
      ("% copy", lambda r: number(r["copy_percent"], 3)), ("vs cuSPARSE", lambda r: number(r["speedup_vs_cusparse"], 3)),
      ("1st call ms", lambda r: number(r["first_call_ms"], 3))]),
    ("SpMM", "spmm",
     [SPREAD, ("GB/s", lambda r: number(r["gbps"])), ("GFLOP/s", lambda r: number(r["gflops"])),
      ("% copy", lambda r: number(r["copy_percent"], 3)), ("vs cuSPARSE", lambda r: number(r["speedup_vs_cusparse"], 3))]),
    ("PageRank, fixed iterations", "pagerank-iteration",
     [SPREAD, ("iterations", lambda r: r["iterations"]), ("ms/iteration", lambda r: number(r["per_iteration_ms"], 3))]),
    ("PageRank, to tolerance", "pagerank-tolerance",
     [SPREAD, ("iterations", lambda r: r["iterations"]), ("ms/iteration", lambda r: number(r["per_iteration_ms"], 3))]),
    ("BFS", "bfs",
     [SPREAD, ("GTEPS median", lambda r: number(r["gteps"]["median"], 3) if "gteps" in r else "-"),
      ("GTEPS min-max", lambda r: f"{number(r['gteps']['min'], 3)}-{number(r['gteps']['max'], 3)}" if "gteps" in r else "-")]),
    ("Label propagation", "lp",
     [SPREAD, ("rounds", lambda r: r["iterations"]), ("ms/round", lambda r: number(r["per_iteration_ms"], 3))]),
    ("Weakly connected components", "wcc",
     [SPREAD, ("rounds", lambda r: r["iterations"]), ("ms/round", lambda r: number(r["per_iteration_ms"], 3))]),
    ("GCN aggregation", "aggregate", [SPREAD]),
]

PLOTS = [
    ("SpMV speedup vs cuSPARSE", "speedup_vs_cusparse.png", plot_speedup),
    ("SpMV bandwidth vs copy ceiling", "spmv_bandwidth.png", plot_bandwidth),
    ("BFS GTEPS", "bfs_gteps.png", plot_gteps),
    ("SpMM by width", "spmm_by_width.png", plot_spmm),
]


def write_report(results, out_dir):
    """Writes report.md and the plots; returns the files it promised."""
    os.makedirs(out_dir, exist_ok=True)
    rows = results["rows"]
    parts = ["# graphrun-bench report", "", "## Run", "", run_section(results["run"]), ""]
    failures = [r for r in rows if r["status"] == "FAIL"]
    skipped = [r for r in rows if r["status"] == "skipped"]
    parts += [f"{len(rows)} rows: {len(rows) - len(failures) - len(skipped)} ok, {len(failures)} FAIL, "
              f"{len(skipped)} skipped.", ""]
    if failures:
        parts += ["## Failures", ""]
        parts += [f"- {r['graph']} {r['operation']} {kernel_label(r)}: {r['check_detail']}" for r in failures]
        parts.append("")
    parts += ["## Graphs", "", markdown_table(
        ["graph", "origin", "vertices", "stored entries", "directed", "load ms", "build ms"],
        [[g["name"], g["origin"], g["vertices"], g["entries"], g["directed"], number(g["load_ms"]),
          number(g["build_ms"])] for g in results["graphs"]]), ""]
    written = [os.path.join(out_dir, "report.md")]
    parts += ["## Plots", ""]
    for title, file_name, plot in PLOTS:
        path = os.path.join(out_dir, file_name)
        absent = plot(results, path)
        parts.append(f"### {title}")
        parts.append("")
        if absent:
            parts.append(absent)
        else:
            parts.append(f"![{title}]({file_name})")
            written.append(path)
        parts.append("")
    for title, operation, columns in SECTIONS:
        table = rows_table(rows, operation, columns)
        if table:
            parts += [f"## {title}", "", table, ""]
    if skipped:
        parts += ["## Skipped", ""]
        parts += [f"- {r['graph']} {r['operation']} {kernel_label(r)}: {r['note']}" for r in skipped]
        parts.append("")
    with open(written[0], "w", encoding="utf-8") as report:
        report.write("\n".join(parts))
    return written


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("results", help="results.json written by graphrun-bench --out")
    parser.add_argument("--out", help="directory for report.md and the plots (default: the JSON's directory)")
    parser.add_argument("--check", action="store_true", help="exit 1 on FAIL rows or a missing output file")
    args = parser.parse_args()
    with open(args.results, encoding="utf-8") as source:
        results = json.load(source)
    out_dir = args.out or os.path.dirname(os.path.abspath(args.results))
    written = write_report(results, out_dir)
    print(f"wrote {written[0]} and {len(written) - 1} plots")
    if args.check:
        missing = [p for p in written if not os.path.isfile(p) or os.path.getsize(p) == 0]
        failures = [r for r in results["rows"] if r["status"] == "FAIL"]
        if missing or failures:
            print(f"check: {len(missing)} missing files {missing}, {len(failures)} FAIL rows", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
