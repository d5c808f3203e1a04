#!/usr/bin/env python3
"""The unity builds keep each source's own names to itself (docs/architecture.md, "Build").

In a unity build (CMakeLists.txt, LIMITDIR_UNITY_BUILD: the library and the doctest binary) 16
sources share one translation unit,
so a name at namespace scope that one source keeps to itself (an anonymous namespace, `static`) is
seen by the sources after it. Two such variables or classes of one name fail the build; two
functions of one name with other parameters do not: they become overloads, and a call in one source
may silently take the other's. This check reads the batches CMake generated in the build tree
(lib/CMakeFiles/limitdir.dir/Unity/unity_*_cxx.cxx and the doctest binary's), lists each source's
file-local names at namespace scope with Universal Ctags, and fails on any name that two sources of
one batch define in the same namespace (anonymous namespaces ignored). A test file keeps its names
in a namespace named after it (tests/CMakeLists.txt); the check fails on one that does not open it.
Exit 77 (skip) when there is no unity build or Universal Ctags is absent.

Usage: check_unity_names.py SOURCE_DIR BUILD_DIR
"""
import collections
import glob
import os
import re
import shutil
import subprocess
import sys

SKIP = 77
# Tags that are not names at namespace scope, or whose clash the compiler reports itself (a
# second alias of one name to another type is an error, to the same type harmless).
# The batches of the library and of the doctest binary, under the build tree.
TARGETS = ["lib/CMakeFiles/limitdir.dir/Unity", "tests/CMakeFiles/limitdir_tests.dir/Unity"]
IGNORED_KINDS = {"member", "namespace", "local", "parameter", "enumerator", "macro", "header", "typedef"}


def file_local_names(source_dir, sources):
    """(namespace, name) -> sources of the batch that define it with internal linkage."""
    out = subprocess.run(["ctags", "--fields=+neKZ", "--languages=C++", "-f", "-"] + sources,
                         cwd=source_dir, capture_output=True, text=True, check=True).stdout
    names = collections.defaultdict(set)
    for line in out.splitlines():
        parts = line.split("\t")
        name, path = parts[0], parts[1]
        fields = dict(p.split(":", 1) for p in parts[3:] if ":" in p)
        kinds = [p for p in parts[3:] if ":" not in p]
        kind = kinds[0] if kinds else ""
        scope = fields.get("scope", "")
        if name.startswith("__anon") or kind in IGNORED_KINDS:
            continue
        if scope and not scope.startswith("namespace:"):
            continue  # a member, or a name local to a function
        local = "file" in fields or "__anon" in scope
        if not local:
            continue
        namespace = "::".join(s for s in scope[len("namespace:"):].split("::") if s and not s.startswith("__anon"))
        names[(namespace, name)].add(path)
    return names


def batch_name(path):
    """tests/.../unity_3_cxx.cxx -> limitdir_tests: unity_3_cxx.cxx"""
    return os.path.basename(os.path.dirname(os.path.dirname(path)))[:-len(".dir")] + ": " + os.path.basename(path)


def main():
    if len(sys.argv) != 3:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    source_dir, build_dir = (os.path.abspath(a) for a in sys.argv[1:])
    batches = [b for target in TARGETS for b in sorted(glob.glob(os.path.join(build_dir, target, "unity_*_cxx.cxx")))]
    if not batches:
        print("skipped: not a unity build (LIMITDIR_UNITY_BUILD=OFF)")
        return SKIP
    ctags = shutil.which("ctags")
    if not ctags or "Universal Ctags" not in subprocess.run([ctags, "--version"], capture_output=True, text=True).stdout:
        print("skipped: Universal Ctags not found (Debian package universal-ctags)")
        return SKIP
    clashes, sources_seen = [], 0
    for batch in batches:
        with open(batch) as f:
            sources = [os.path.relpath(p, source_dir) for p in re.findall(r'#include "([^"]+)"', f.read())]
        sources_seen += len(sources)
        for source in sources:
            stem = os.path.splitext(os.path.basename(source))[0]
            if source.startswith("tests/") and not re.search(
                    r"^namespace " + stem + r" \{", open(os.path.join(source_dir, source)).read(), re.M):
                clashes.append(f"{batch_name(batch)}: {source} does not keep its names in namespace {stem}")
        for (namespace, name), where in sorted(file_local_names(source_dir, sources).items()):
            if len(where) > 1:
                qualified = f"{namespace}::{name}" if namespace else name
                clashes.append(f"{batch_name(batch)}: {qualified} in {', '.join(sorted(where))}")
    for c in clashes:
        print(c)
    if clashes:
        print(f"check_unity_names: {len(clashes)} faults: give each source's names their own (docs/architecture.md, "
              "\"Build\")")
        return 1
    print(f"check_unity_names: {sources_seen} sources in {len(batches)} batches, no file-local name defined twice in one")
    return 0


if __name__ == "__main__":
    sys.exit(main())
