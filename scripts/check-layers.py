#!/usr/bin/python3
"""Fails when a layer includes another layer's internals.

Reads every #include of the layers' sources, resolves it the way the
compiler does for that layer (the including file's folder, then the
layer's own private root, then the public and internal header sets), and
reports each include that crosses a layer boundary outside the rules below.
The include directories of cmake/GraphrunLayers.cmake enforce most of this
at compile time; this check also catches what a build cannot: a relative
path that climbs into another folder ("../../io/src/x.hpp"), a root-relative
path ("kernels/cuda/x.cuh") that some target's include path would resolve,
and files a given configuration does not compile (CUDA sources in a
CPU-only build).

The rules (docs/architecture.md, "Layers"):
  * a layer may include its own private headers, named from its private
    root or its own folder;
  * it may include the public headers (LAYER/include) of the layers it
    depends on: core <- engine <- io, algorithms, kernels, generators <-
    include/ (the umbrella header) <- distributed <- apps (apps/cli,
    bench/src);
  * an internal header set (core/internal, engine/internal, kernels/ as a
    root) only by the layers named in INTERNAL_USERS;
  * nothing else, except the ALLOWED pairs, each with its reason.

Usage: scripts/check-layers.py [SOURCE_DIR]   (exit 0 clean, 1 on violations)
"""
import pathlib
import re
import sys

SOURCE_SUFFIXES = {".hpp", ".cpp", ".cuh", ".cu", ".h"}

# layer -> (folder scanned, private roots named from)
LAYERS = {
    "core": ("core", ["core/src"]),
    "engine": ("engine", ["engine/src"]),
    "io": ("io", ["io/src"]),
    "algorithms": ("algorithms", ["algorithms/src"]),
    "kernels": ("kernels", ["kernels"]),
    "generators": ("generators", ["generators/src"]),
    "distributed": ("distributed", ["distributed/src"]),
    "umbrella": ("include", []),
    "cli": ("apps/cli", ["apps/cli"]),
    "bench": ("bench/src", ["bench/src"]),
}

# Public header sets: folder -> owning layer.
PUBLIC = {
    "core/include": "core",
    "engine/include": "engine",
    "io/include": "io",
    "algorithms/include": "algorithms",
    "generators/include": "generators",
    "distributed/include": "distributed",
    "include": "umbrella",
}

# Internal header sets published on purpose: folder -> (owner, CMake target).
INTERNAL = {
    "core/internal": ("core", "graphrun_core_internal"),
    "engine/internal": ("engine", "graphrun_engine_internal"),
}

# Which layers a layer may depend on (public headers).
DEPENDS = {
    "core": set(),
    "engine": {"core"},
    "io": {"core", "engine"},
    "algorithms": {"core", "engine"},
    # The backends implement the algorithm families' kernel interfaces.
    "kernels": {"core", "engine", "algorithms"},
    # Seeds -> edge lists; the device generators build on a Backend.
    "generators": {"core", "engine"},
    "umbrella": {"core", "engine", "io", "algorithms"},
    # Algorithms over MPI processes, each on an Engine (the umbrella's).
    "distributed": {"core", "engine", "algorithms", "umbrella"},
    "cli": {"core", "engine", "io", "algorithms", "generators", "umbrella", "distributed"},
    "bench": {"core", "engine", "io", "algorithms", "generators", "umbrella", "distributed"},
}

# Internal header set -> the layers that may include it.
INTERNAL_USERS = {
    "core/internal": {"core", "engine", "io", "algorithms", "kernels"},
    "engine/internal": {"engine", "algorithms", "kernels"},
}

# Crossings allowed by name: (including file or folder prefix, included
# file) -> reason. Keep this list short; each entry is a seam by design.
ALLOWED = {
    ("engine/src/engine.cpp", "kernels/backends.hpp"):
        "the factory (make_backend) constructs the concrete backends; it is compiled "
        "into the umbrella library graphrun, above kernels/, through graphrun_kernels_internal",
    ("bench/src/timing/", "kernels/"):
        "graphrun-spmv-timing and graphrun-spmm-timing time kernels below the Backend "
        "interface; built only with the tests, through graphrun_kernels_internal",
    ("bench/src/timing/", "tests/kernels/cuda/spmv/"):
        "the SpMV timing program reuses the kernel tests' host matrices and device helpers",
    ("bench/src/timing/", "tests/kernels/cuda/spmm/"):
        "the SpMM timing program reuses the kernel tests' random CSR matrices",
}

# Roots a quoted include may resolve against only by accident: other layers'
# private roots (searched last, to name the crossing) and the test helpers
# the timing programs use.
EXTRA_ROOTS = ["tests/kernels/cuda/spmv", "tests/kernels/cuda/spmm"]

INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^">]+)[">]', re.M)


def owner_of(rel):
    """(layer, kind) of a repository path: kind is public, internal or private."""
    for folder, layer in sorted(PUBLIC.items(), key=lambda kv: -len(kv[0])):
        if rel.startswith(folder + "/"):
            return layer, "public", folder
    for folder, (layer, _) in INTERNAL.items():
        if rel.startswith(folder + "/"):
            return layer, "internal", folder
    for layer, (folder, _) in sorted(LAYERS.items(), key=lambda kv: -len(kv[1][0])):
        if rel.startswith(folder + "/"):
            return layer, "private", folder
    top = rel.split("/", 1)[0]
    return top, "private", top


def resolve(root, source, name, quoted, layer):
    """The repository path an include resolves to, or None (system header)."""
    candidates = []
    if quoted:
        candidates.append(source.parent / name)
    candidates += [root / r / name for r in LAYERS[layer][1]]
    candidates += [root / f / name for f in PUBLIC]
    candidates += [root / f / name for f in INTERNAL]
    # Not on this layer's include path: found only by a root-relative path,
    # another layer's private root or a test helper folder. Reported.
    candidates.append(root / name)
    candidates += [root / r / name for other, (_, roots) in LAYERS.items() if other != layer for r in roots]
    candidates += [root / r / name for r in EXTRA_ROOTS]
    for c in candidates:
        if c.is_file():
            return c.resolve().relative_to(root.resolve()).as_posix()
    return None


def allowed(rel_source, rel_target):
    for (src, dst), _ in ALLOWED.items():
        if (rel_source == src or (src.endswith("/") and rel_source.startswith(src))) and \
           (rel_target == dst or (dst.endswith("/") and rel_target.startswith(dst))):
            return True
    return False


def check(root):
    problems = []
    for layer, (folder, private_roots) in LAYERS.items():
        base = root / folder
        if not base.is_dir():
            problems.append(f"{folder}/: layer folder missing")
            continue
        for source in sorted(base.rglob("*")):
            if source.suffix not in SOURCE_SUFFIXES or not source.is_file():
                continue
            rel_source = source.relative_to(root).as_posix()
            # include/ holds only the umbrella header, not the layers below it.
            if layer == "umbrella" and not rel_source.startswith("include/"):
                continue
            text = source.read_text(encoding="utf-8", errors="replace")
            for match in INCLUDE.finditer(text):
                quoted, name = match.group(1) == '"', match.group(2)
                line = text.count("\n", 0, match.start()) + 1
                target = resolve(root, source, name, quoted, layer)
                if target is None:
                    continue
                close = '"' if quoted else ">"
                where = f"{rel_source}:{line}: #include {match.group(1)}{name}{close}"
                target_layer, kind, target_folder = owner_of(target)
                if allowed(rel_source, target):
                    continue
                on_path = any((root / r / name).is_file() for r in private_roots) or \
                    (quoted and (source.parent / name).is_file())
                if target_layer == layer and kind == "private":
                    if not on_path:
                        problems.append(f"{where}: names its own header by a path outside "
                                        f"its private root ({', '.join(private_roots)}): name it from that root")
                    continue
                if kind == "public":
                    if target_layer == layer or target_layer in DEPENDS[layer]:
                        continue
                    problems.append(f"{where}: {layer} may not depend on {target_layer} "
                                    f"(public header {target})")
                elif kind == "internal":
                    if layer in INTERNAL_USERS[target_folder]:
                        continue
                    problems.append(f"{where}: {target_folder} ({INTERNAL[target_folder][1]}) "
                                    f"is not published to {layer}")
                else:
                    problems.append(f"{where}: includes {target}, a private header of {target_layer}")
    return problems


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parent.parent)
    problems = check(root)
    for p in problems:
        print(p)
    if problems:
        print(f"check-layers: {len(problems)} include(s) cross a layer boundary "
              "(rules: scripts/check-layers.py, docs/architecture.md \"Layers\")")
        return 1
    print("check-layers: every include stays within its layer's rules")
    return 0


if __name__ == "__main__":
    sys.exit(main())
