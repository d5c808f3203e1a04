#!/usr/bin/env python3
"""The layering of lib/ (docs/architecture.md): every file of lib/include/limitdir/<part>/ and
lib/src/<part>/ includes only headers of its own part and of the parts below it.

Usage: check_layers.py REPO_ROOT
Prints one line per violation and exits 1 when there is any; exits 0 with a one-line summary
otherwise. A header is named by its path from an include root: "limitdir/<part>/x.hpp" (public)
or "<part>/x.hpp" (private, from lib/src); a lib/ file that includes one of its own headers any
other way, or a file outside every part, is a violation too (the layering could not be read).
"""
import os
import re
import sys

# What each part may use directly; a part may use everything below what it uses (the closure).
# The order bottom-up: core < numerics < contact < friction < system < limits < dynamics
# < analysis < continuation < maps < report < plot; rolling, granular (above rolling), celt
# (above system) and fit (above celt) are side parts; jobs (the apps' computations as library calls) is
# above report and runs the side parts' problems too; scan (the parameter scans) runs jobs.
USES = {
    "core": [],
    "numerics": ["core"],
    "contact": ["numerics"],
    "friction": ["contact"],
    "system": ["friction"],
    "limits": ["system"],
    "dynamics": ["limits"],
    "analysis": ["dynamics"],
    "continuation": ["analysis"],
    "maps": ["continuation"],
    "report": ["maps"],
    "plot": ["report"],
    "jobs": ["report", "granular", "celt"],
    "scan": ["jobs"],
    "rolling": ["friction"],
    "granular": ["rolling"],
    "celt": ["system"],
    "fit": ["celt"],
}
# The one public header outside the parts: the umbrella of the installed library.
UMBRELLA = "limitdir.hpp"
INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^>"]+)[>"]', re.M)


def below(part):
    """The parts that `part` may include: itself and the closure of USES."""
    seen, todo = {part}, [part]
    while todo:
        for q in USES[todo.pop()]:
            if q not in seen:
                seen.add(q)
                todo.append(q)
    return seen


def part_of_header(name, own_headers):
    """The part of an included header, or None for a header that is not limitdir's."""
    parts = name.split("/")
    if parts[0] == "limitdir":
        if len(parts) == 2:
            return "umbrella" if parts[1] == UMBRELLA else "?"
        return parts[1]
    if name in own_headers:
        return parts[0]
    return None


def main(root):
    lib = os.path.join(root, "lib")
    pub_root = os.path.join(lib, "include", "limitdir")
    src_root = os.path.join(lib, "src")
    files = []  # (path relative to root, part)
    problems = []
    own_headers = set()
    for base, is_pub in ((pub_root, True), (src_root, False)):
        for dirpath, _, names in os.walk(base):
            rel = os.path.relpath(dirpath, base)
            for n in sorted(names):
                if not n.endswith((".hpp", ".cpp", ".hpp.in")):
                    continue
                path = os.path.relpath(os.path.join(dirpath, n), root)
                if rel == ".":
                    if not (is_pub and n == UMBRELLA):
                        problems.append(f"{path}: outside every part (lib/{{include/limitdir,src}}/<part>/)")
                    continue
                part = rel.split(os.sep)[0]
                if part not in USES:
                    problems.append(f"{path}: '{part}' is not a part of docs/architecture.md")
                    continue
                files.append((path, part))
                if not is_pub and n.endswith(".hpp"):
                    own_headers.add(f"{rel.replace(os.sep, '/')}/{n}")
    for path, part in files:
        allowed = below(part)
        text = open(os.path.join(root, path), encoding="utf-8").read()
        for m in INCLUDE.finditer(text):
            name = m.group(1)
            line = text.count("\n", 0, m.start()) + 1
            q = part_of_header(name, own_headers)
            if q is None:
                if os.path.exists(os.path.join(os.path.dirname(os.path.join(root, path)), name)):
                    problems.append(f"{path}:{line}: includes \"{name}\" relative to its folder; name it from its part")
                continue
            if q not in USES:
                problems.append(f"{path}:{line}: includes {name}, which is in no part")
            elif q not in allowed:
                problems.append(f"{path}:{line}: part '{part}' includes {name} of part '{q}', which is not below it")
    for p in problems:
        print(p)
    if problems:
        print(f"check_layers: {len(problems)} violation(s) of the layering of docs/architecture.md")
        return 1
    print(f"check_layers: {len(files)} files in {len(USES)} parts, every include goes down")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print("usage: check_layers.py REPO_ROOT", file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1]))
