#!/usr/bin/python3
"""Write bench/results/README.md: an index of the kept benchmark results.

For every entry of bench/results (a run folder, or a single result file such
as a torch.sparse.mm table) it reads the command, the device and the date
from what the run left behind, in this order:

  1. COMMAND            a hand-written note (Device:, Date:; lines "$ ..."
                        are commands; lines "runN  ..." give the command of
                        subfolder runN; indented lines continue either)
  2. README.md          a hand-written note: its first block of lines
                        indented by four spaces are the commands
  3. report.md          the "## Run" section (graphrun-bench's report)
  4. stdout.txt         graphrun-bench's header (command:, device [...]:)
  5. results.json       run.command_line, run.date_utc, run.backends
  6. any *.txt          the first graphrun-bench header found
  7. torch tables       "torch X, DEVICE" and the graphs and widths listed

and lists which documents (README.md, docs/status.md, docs/decisions/*.md)
mention the entry by name. Python 3 standard library only.

    /usr/bin/python3 bench/index-results.py
"""
import glob
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RESULTS = os.path.join(ROOT, "bench", "results")
OUT = os.path.join(RESULTS, "README.md")
HISTORY_COMMIT = "14df08f"  # before the pruned folders and the experiment sources were removed
MERGE_COMMIT = "53ea830"  # before per-run files were merged into one per kind (issue 47)

PREFIX_DEVICE = {
    "h100": "NVIDIA H100 80GB HBM3",
    "h200": "NVIDIA H200",
    "h200x2": "2 NVIDIA H200 (one host)",
    "host": "host CPU (the GPU host's 16 cores)",
}


def read(path, limit=200_000):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read(limit)
    except OSError:
        return ""


def short_command(cmd):
    """Drop build paths and output folders; keep the arguments that matter."""
    cmd = cmd.strip().strip("`")
    cmd = re.sub(r"\S*/(graphrun-bench|graphrun)(?=\s|$)", r"\1", cmd)
    cmd = re.sub(r"\s--out\s+\S+", "", cmd)
    return cmd


def short_device(dev):
    dev = dev.strip()
    dev = re.sub(r"\s*\(device \d+, (sm_\d+), (\d+) SMs\)", r" (\2 SMs)", dev)
    dev = re.sub(r";\s*copy bandwidth.*", "", dev)
    return dev


def from_bench_header(text):
    """command, device, date from graphrun-bench's stdout header."""
    cmd = dev = date = ""
    m = re.search(r"^command: (.+)$", text, re.M)
    if m:
        cmd = short_command(m.group(1))
    m = re.search(r"^device \[cuda\]: (.+)$", text, re.M) or re.search(r"^device \[\w+\]: (.+)$", text, re.M)
    if m:
        dev = short_device(m.group(1))
    m = re.search(r"^graphrun-bench \S+\s+(\d{4}-\d\d-\d\d)T", text, re.M)
    if m:
        date = m.group(1)
    return cmd, dev, date


def from_report(text):
    cmd = dev = date = ""
    run = text.split("## Run", 1)[-1].split("\n## ", 1)[0] if "## Run" in text else ""
    m = re.search(r"- Command: `([^`]+)`", run)
    if m:
        cmd = short_command(m.group(1))
    m = re.search(r"- Date \(UTC\): (\d{4}-\d\d-\d\d)", run)
    if m:
        date = m.group(1)
    m = re.search(r"- Device \[cuda\]: ([^;\n]+)", run)
    if m:
        dev = short_device(m.group(1))
    return cmd, dev, date


def from_json(path):
    try:
        with open(path, encoding="utf-8") as f:
            run = json.load(f).get("run", {})
    except (OSError, ValueError, AttributeError):
        return "", "", ""
    cmd = short_command(run.get("command_line", ""))
    date = run.get("date_utc", "")[:10]
    dev = ""
    for b in run.get("backends", []):
        if b.get("backend") == "cuda":
            dev = short_device(b.get("device_name", ""))
    return cmd, dev, date


def parse_command_file(text):
    """Device, date, the general command text, and per-run commands."""
    dev = date = ""
    general, runs, current = [], {}, None
    for line in text.splitlines():
        if line.startswith("Device:"):
            dev = line.split(":", 1)[1].strip()
            continue
        if line.startswith("Date:"):
            date = line.split(":", 1)[1].strip()
            continue
        if line.startswith("$ "):
            current = [re.sub(r"\s+", " ", line[2:].strip())]
            general.append(current)
            continue
        m = re.match(r"^(run\d+(?:, run\d+)*)\s+(.*)$", line)
        if m:
            current = [re.sub(r"\s+", " ", m.group(2).strip())]
            for name in m.group(1).split(", "):
                runs[name] = current
            continue
        if current is not None and line.startswith(" ") and line.strip():
            current.append(re.sub(r"\s+", " ", line.strip()))
            continue
        current = None
    return dev, date, [" ".join(c) for c in general], {k: " ".join(v) for k, v in runs.items()}


def from_readme(text):
    """The first block of four-space-indented lines: one command a line,
    a trailing backslash continues it."""
    block, started = [], False
    for line in text.splitlines():
        if line.startswith("    ") and line.strip():
            started = True
            block.append(line.strip())
        elif started:
            break
    cmds = []
    for line in block:
        if cmds and cmds[-1].endswith("\\"):
            cmds[-1] = cmds[-1][:-1].rstrip() + " " + line
        else:
            cmds.append(line)
    return "; ".join(short_command(re.sub(r"\s+", " ", c)) for c in cmds)


def torch_table(path):
    text = read(path)
    m = re.match(r"torch (\S+), (.+)", text)
    if not m:
        return None
    graphs, widths = [], []
    for line in text.splitlines():
        cells = line.split("\t")
        if len(cells) >= 4 and cells[2].isdigit():
            if cells[0] not in graphs:
                graphs.append(cells[0])
            if cells[2] not in widths:
                widths.append(cells[2])
    cmd = "python3 bench/torch_spmm.py " + " ".join(g + ".mtx" for g in graphs)
    cmd += " --widths " + ",".join(widths) + f" (torch {m.group(1)})"
    return cmd, m.group(2).strip()


def date_from_name(name):
    m = re.match(r"^\w+-(\d{4}-\d\d-\d\d)", name)
    return m.group(1) if m else ""


def device_from_name(name):
    if name.startswith("host-") and name.endswith("-2core"):
        return "host CPU (2 cores, a machine like CI's)"
    return PREFIX_DEVICE.get(name.split("-", 1)[0], "")


def describe(entry):
    """Rows (name, date, device, command) for one entry of bench/results."""
    path = os.path.join(RESULTS, entry)
    if os.path.isfile(path):
        got = torch_table(path)
        if got:
            cmd, dev = got
        else:
            cmd, dev, _ = from_bench_header(read(path))
        return [(entry, date_from_name(entry), dev or device_from_name(entry), cmd)]

    cmd = dev = date = ""
    command_file = os.path.join(path, "COMMAND")
    if os.path.exists(command_file):
        dev, date, general, runs = parse_command_file(read(command_file))
        date = (re.match(r"\d{4}-\d\d-\d\d", date) or [date_from_name(entry)])[0]
        dev = dev or device_from_name(entry)
        subruns = sorted((d for d in os.listdir(path) if re.fullmatch(r"run\d+", d)
                          and os.path.isdir(os.path.join(path, d))), key=lambda d: int(d[3:]))
        if runs and subruns:
            rows = [(entry, date, dev, "per run below; notes and removed scripts in COMMAND")]
            for run in subruns:
                rows.append((f"{entry}/{run}", date, dev, runs.get(run, "see COMMAND")))
            return rows
        return [(entry, date, dev, "; ".join(general) or "see COMMAND")]

    readme = read(os.path.join(path, "README.md"))
    if readme:
        cmd = from_readme(readme)
        if cmd:
            cmd += " (from README.md)"

    for source in ("report.md", "stdout.txt"):
        text = read(os.path.join(path, source))
        if not text:
            continue
        c, d, t = from_report(text) if source == "report.md" else from_bench_header(text)
        cmd, dev, date = cmd or c, dev or d, date or t
    if not cmd:
        c, d, t = from_json(os.path.join(path, "results.json"))
        cmd, dev, date = cmd or c, dev or d, date or t
    if not cmd:
        for txt in sorted(glob.glob(os.path.join(path, "**", "*.txt"), recursive=True)):
            c, d, t = from_bench_header(read(txt))
            if c:
                cmd, dev, date = c, dev or d, date or t
                cmd += f" (from {os.path.relpath(txt, path)})"
                break
    return [(entry, date or date_from_name(entry), dev or device_from_name(entry), cmd or "not recorded")]


def citing_documents():
    docs = [os.path.join(ROOT, "README.md"), os.path.join(ROOT, "docs", "status.md")]
    docs += sorted(glob.glob(os.path.join(ROOT, "docs", "decisions", "*.md")))
    return [(os.path.relpath(d, ROOT), read(d)) for d in docs if os.path.exists(d)]


def cited_by(entry, documents):
    """Documents naming the entry: in full, as a glob (name-*), or by its
    short form after the month (`-28f-kron24-spmv-pr`)."""
    short = re.sub(r"^\w+-\d{4}-\d\d-", "", entry)
    names = []
    for name, text in documents:
        hit = entry in text or re.search(r"-" + re.escape(short) + r"(?![\w-])", text)
        if not hit:
            for glob_prefix in re.findall(r"((?:h100|h200|host)-\d{4}-\d\d-[\w-]*?)\*", text):
                if entry.startswith(glob_prefix):
                    hit = True
                    break
        if hit:
            names.append(name.replace("docs/decisions/", "decisions/"))
    return names


def cell(text):
    return text.replace("|", "\\|").replace("\n", " ").replace("`", "'")


def main():
    entries = sorted(e for e in os.listdir(RESULTS) if e not in ("README.md",) and not e.startswith("."))
    documents = citing_documents()
    lines = [
        "# Benchmark results: index",
        "",
        "Generated by `/usr/bin/python3 bench/index-results.py` from the folders",
        "below; do not edit by hand, run the script again after adding or removing",
        "a result. Each folder holds one `graphrun-bench` run (report.md,",
        "results.csv / results.json, stdout.txt, plots) or one experiment",
        "(its outputs and a `COMMAND` note). Names: `<device>-<date><session letter>-<what>`.",
        "Results that were pruned, and every experiment's patches and scripts,",
        f"are in git history: `git show {HISTORY_COMMIT}:bench/results/<folder>/<file>`.",
        "Many small per-run files of one kind were merged into one file (a",
        "`=== <old file name> ===` header per part, or a first CSV column `run`);",
        f"the separate files: `git show {MERGE_COMMIT}:bench/results/<folder>/<file>`.",
        "A folder with results.json and no results.csv: the JSON holds the rows",
        "(the CSV of the same rows was dropped to keep the folder count small).",
        "Where each target stands: docs/status.md; why: docs/decisions/.",
        "",
        "| folder | date | device | command | cited by |",
        "|---|---|---|---|---|",
    ]
    for entry in entries:
        cites = ", ".join(cited_by(entry, documents)) or "-"
        for i, (name, date, dev, cmd) in enumerate(describe(entry)):
            c = cites if i == 0 else ""
            lines.append(f"| `{cell(name)}` | {date} | {cell(dev)} | `{cell(cmd)}` | {c} |")
    lines.append("")
    with open(OUT, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    print(f"wrote {os.path.relpath(OUT, ROOT)}: {len(entries)} entries, {len(lines)} lines")


if __name__ == "__main__":
    sys.exit(main())
