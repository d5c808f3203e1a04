#!/usr/bin/env python3
"""Deterministic fuzz corpus of the apps' exit-code contract (docs/manual.md section 5).

  fuzz.py BIN_DIR SHARE_DIR [--jobs J] [--list] [--only APP]...

Builds ~220 cases from a fixed seed (the corpus is the same on every run): mutations of the
problem files, reports and diagrams of share/ (values of another JSON type, huge, tiny,
subnormal and overflowing numbers, deleted keys, duplicate keys, deep nesting, huge arrays,
truncated text) and extreme options (--force 1e300, --to 1e300, --checks 10000, --h-max 1e-6,
--degree 1e9, ...) for every app, plot's ranges, overlays and outputs, scan's grids and record
files (--merge, --resume, --summary), the reproducers of issue 23 (issue23_cases: some of them
valid runs that must exit 0, and plot's SVG must parse as XML) and pile's (pile_cases: mutated
problem files, extreme settings, and bad settings and options that must exit 2 exactly). Each case runs under a time bound and must keep the contract:
exit 0, 2 or 3 (1 too for diagram-diff, whose "no" it is); exit 2 and 3 with exactly one line
on stderr besides progress notes; stderr valid UTF-8 without control characters but newlines; never 4 or 5, a signal, or the time bound. Prints one line per broken case and
exits 1 if there is any; --list prints the cases instead.
"""
import argparse
import concurrent.futures
import copy
import json
import math
import os
import pathlib
import random
import signal
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree

SEED = 20261123
# Seconds per case: the slowest valid case (a sweep with --checks 10000 or a survey) takes a
# few seconds on one loaded core (~6 s); an app that ignores a bound runs far longer. A
# sanitizer build, ~20x slower, scales it by LIMITDIR_FUZZ_TIME_SCALE (tests/CMakeLists.txt).
TIME_BOUND = 20 * float(os.environ.get("LIMITDIR_FUZZ_TIME_SCALE", "1"))
# The bound is on CPU time (RLIMIT_CPU: SIGXCPU at TIME_BOUND s of the process's CPU, all threads),
# which other work on the machine does not stretch: under a load of ~10 on 2 cores a 5 s survey
# took 33 s of wall time. A case that hangs without using CPU (blocked) is caught by the wall
# bound, WALL_FACTOR times longer, so that a loaded machine alone never trips it.
WALL_FACTOR = 8
ALLOWED = {0, 2, 3}

# JSON texts that replace a value: other types, extreme and non-finite numbers (as JSON text
# allows: 1e400 overflows to infinity when parsed), empty and long strings.
ODD_VALUES = ['"text"', "[]", "{}", "true", "null", "0", "-0.0", "-1", "1e308", "-1e308", "1e400", "-1e400",
              "4.9e-324", "1e-310", "123456789012345678901234567890", "0.5", "[1, 2, 3]", '""', '"' + "x" * 5000 + '"']

# Extreme options per app (each a list of arguments after the input).
PROBLEM_APPS_OPTIONS = {
    "find-limits": [["--force", "1e300"], ["--force", "-1e300"], ["--force", "1e-310"], ["--degree", "1000000000"],
                    ["--degree", "0"], ["--mesh-level", "1000"], ["--mesh-level", "9"], ["--rho", "1e300"],
                    ["--rho", "1e-300"], ["--force", "nan"], ["--method", "global", "--force", "1e200"],
                    ["--degree", "60"], ["--model", "exact", "--force", "1e300"]],
    "sweep-force": [["--from", "0", "--to", "1e300"], ["--from", "-1e300", "--to", "1e300"],
                    ["--from", "0", "--to", "1", "--checks", "10000"], ["--from", "0", "--to", "1", "--h-max", "1e-6"],
                    ["--from", "0", "--to", "1", "--h-max", "1e300"], ["--from", "1", "--to", "1"],
                    ["--from", "0", "--to", "1e-300"], ["--from", "0", "--to", "1", "--degree", "1000000000"],
                    ["--from", "0", "--to", "1", "--parameter", "rho", "--force", "0.5"],
                    ["--from", "0", "--to", "1e300", "--parameter", "j", "--force", "0.5"],
                    ["--from", "0", "--to", "2", "--checks", "0"]],
    "classify": [["--force", "1e300", "--direction", "1,0,0"], ["--direction", "1e300,1e300,1e300"],
                 ["--direction", "1e-320,0,0"], ["--direction", "0,0,1", "--max-angle", "1e300"],
                 ["--direction", "1,0,0", "--max-angle", "1e-320"], ["--force", "0.5", "--direction", "1,0,0",
                                                                      "--direction", "0,0,1"]],
    "friction-model": [["--degree", "1000000000"], ["--samples", "100000000"], ["--grid", "100000,100000"],
                       ["--at", "1e300,0,0"], ["--at", "0,0,0"], ["--samples", "1"], ["--grid", "2,1"],
                       ["--rho", "1e300"]],
    "simulate": [["--force", "1e300", "--x0", "1,0,1"], ["--force", "0.5", "--x0", "1e300,0,1e300"],
                 ["--force", "0.5", "--x0", "1e-300,0,1e-300"], ["--force", "0.5", "--x0", "1,0,1", "--every", "0"],
                 ["--force", "0.5", "--survey", "20000"], ["--force", "1e300", "--survey", "50"],
                 ["--force", "0.5", "--x0", "1,0,1", "--max-steps", "1"], ["--force", "-1e300", "--x0", "0,1,0"],
                 ["--force", "0.5", "--x0", "1,0,1", "--backward"]],
}
ROLL_OPTIONS = [["--t-end", "1e300"], ["--h", "1e-300", "--t-end", "1"], ["--h", "1e300"], ["--mu", "1e300"],
                ["--mu-r", "-1"], ["--tol", "1e-320"], ["--every", "0"], ["--map", "--mu-grid", "0,1,100000"],
                ["--velocity", "1e300,0,0"], ["--omega", "1e300,1e300,1e300"], ["--theta", "1e300"]]
PLOT_OPTIONS = [["--width", "1e300"], ["--width", "0"], ["--height", "100000000"], ["--y", "nonsense"],
                ["--x-range", "0:1e-320"], ["--x-range", "1e308:-1e308"], ["--x-range", "-1e308:1e308"],
                ["--x-range", "0.3:0.30000000000000004"], ["--y-range", "nan:1"], ["--y-range", "1e307:1.7e308"],
                ["--x-range", "1,2,3"], ["--log-y"], ["--log-x"], ["--log-x", "--x-range", "4.9e-324:1e-323"],
                ["--log-y", "--y-range", "1e-320:1e308"], ["--no-regions"], ["--font-size", "1e300"], ["--font-size", "-1"],
                ["--panel", "99"], ["--output", "/nonexistent/figure.pdf"], ["--output", "figure.jpg"]]
# scan: extreme grids and options on ball.json (the job find-limits), and record files that are
# not records: /dev/zero (a line that never ends: once 16 GB read before an I/O error) for
# --resume, --merge and --summary; an axis of 1e12 values (once exit 5, std::bad_alloc).
SCAN_GRID = ["--grid", "force=0.1:0.5:3"]
SCAN_OPTIONS = [["--grid", "force=0:1:1000000000000"], ["--grid", "force=0:1:9007199254740993"],
                ["--random", "5", "--seed", "1", "--grid", "force=0:1:100000000000"],
                ["--grid", "force=1e308:1.7e308:3"], ["--grid", "force=nan:1:3"], ["--grid", "force=1:0:3"],
                ["--grid", "=1"], ["--grid", "force="], ["--grid", "force=0:1:3", "--grid", "force=0:1:3"],
                ["--grid", "system.mass=0:1:3"], ["--grid", "friction.degree=0:1000000000:3"],
                ["--grid", "force=log:0:1:3"], ["--grid", "force=log:1e-320:1:3"], ["--grid", "force=log:1:inf:3"],
                ["--grid", "force=log:1:2:1000000000000"], ["--grid", "force=log:1e-300:1e300:3"],
                ["--random", "5", "--seed", "1", "--grid", "force=log:1e-300:1e300:2"],
                SCAN_GRID + ["--shard", "99999999999999999999/3"], SCAN_GRID + ["--jobs", "100000"],
                SCAN_GRID + ["--random", "0", "--seed", "1"], SCAN_GRID + ["--resume", "/dev/zero"],
                SCAN_GRID + ["--merge", "/dev/zero"], SCAN_GRID + ["--summary", "/dev/zero"],
                SCAN_GRID + ["--merge", "/dev/urandom"], SCAN_GRID + ["--summary", "/dev/null", "--field", "x"]]
DIFF_OPTIONS = [["--event-rtol", "1e300"], ["--event-atol", "1e-320"], ["--curve-tol", "1e300"],
                ["--curve-tol", "1e-320"]]


def issue23_cases(share, write, add):
    """The reproducers of issue 23: hangs, lies, nulls, internal errors and false exit 3s that
    got through once; each must now keep the contract (a right result, 2 or 3) within the bound."""
    problems = share / "problems"
    roll3b = json.loads((problems / "roll-fig3b.json").read_text())
    celt = json.loads((problems / "celt.json").read_text())

    def edited(document, change):
        copy_ = copy.deepcopy(document)
        change(copy_)
        return write(json.dumps(copy_))

    def set_at(*path_and_value):
        *path, value = path_and_value

        def change(document):
            for key in path[:-1]:
                document = document[key]
            document[path[-1]] = value
        return change

    def radius_one(document):
        document["sphere"]["radius"] = 1.0
        document["initial"]["position"] = [0, 0, 1.0]

    # hangs on schema-valid input
    add("roll", [edited(roll3b, set_at("sphere", "j", 1e-300))])
    add("roll", [edited(roll3b, set_at("sphere", "density", 1e-300))])
    add("celt", [edited(celt, set_at("body", "mass", 1e-300))])
    add("celt", [edited(celt, set_at("contact", "E_star", 1e300))])
    add("celt", [edited(celt, set_at("time", "tolerance", 1e-300))])
    add("celt", [str(problems / "celt.json"), "--tol", "1e-300"])
    # steps past the horizon
    add("roll", [str(problems / "roll-fig3b.json"), "--h", "7", "--every", "0"])
    add("roll", [str(problems / "roll-spin.json"), "--h", "1e300"])
    # the stopping test in the mass unit (must converge: exit 0)
    add("roll", [edited(roll3b, radius_one), "--mu", "0.15", "--mu-r", "0.05", "--velocity", "3,0,0",
                 "--omega", "0,1,0", "--t-end", "8"])
    # nulls, internal errors
    add("celt", [str(problems / "celt.json"), "--slip-system", "0", "--mu", "0", "--export-problem"])
    add("celt", [str(problems / "celt.json"), "--slip-system", "0.1", "--w", "1e300,0,0"])
    add("find-limits", [str(problems / "disc-exact.json"), "--pressure", "power:1e300", "--force", "0.5"])
    add("find-limits", [str(problems / "disc-exact.json"), "--pressure", "power:1e10", "--force", "0.5"])
    # physically impossible bodies
    add("roll", [str(problems / "roll-fig3b.json"), "--mu-r", "0.6"])
    add("roll", [edited(roll3b, set_at("sphere", "j", 0.7))])
    add("roll", [edited(roll3b, set_at("sphere", "density", 2.5e7))])
    spin = json.loads((problems / "roll-spin.json").read_text())
    add("roll", [edited(spin, set_at("spin_friction", "contact_radius", 0.6))])
    add("celt", [edited(celt, set_at("body", "inertia", [[3e-4, 0, 0], [0, 1e-3, 0], [0, 0, 1e-2]]))])
    add("celt", [edited(celt, set_at("body", "inertia", [[1000, 0, 0], [0, 1000, 0], [0, 0, 1000]]))])
    # valid runs that exited 3 on a trial stage of the integrator (must run: exit 0)
    add("celt", [str(problems / "celt.json"), "--model", "P1", "--mu", "10", "--t-end", "0.05"])
    add("celt", [str(problems / "celt-kane-levinson.json"), "--mu", "30", "--omega", "0,0,-5"])
    # elliptic-series at its bounds: the finest grid at the highest orders (must run within the
    # time bound), b at the bottom of the doubles, a range one ulp wide
    add("elliptic-series", ["--points", "100000", "--order", "10,1000,1000", "--format", "csv"])
    add("elliptic-series", ["--b", "1e-308:1e-307", "--points", "3"])
    add("elliptic-series", ["--b", "0.5:0.5000000000000001", "--points", "2", "--format", "text"])
    add("elliptic-series", ["--b", "4.9e-324:1", "--order", "1,1,1"])
    # plot on huge numbers and non-characters of XML
    diagram = json.loads((share / "reference" / "disc-harmonic-2.json").read_text())
    far = copy.deepcopy(diagram)
    far["regions"][-1]["to"] = 1e308
    add("plot", [write(json.dumps(far))])
    far["to"] = 1e308
    add("plot", [write(json.dumps(far))])
    add("plot", [edited(diagram, set_at("problem", "name", "a \uffff b \ufffe c"))])


# The issue-23 cases whose right result is a run: exit 0 exactly (the others may exit 2 or 3).
MUST_RUN = ("--t-end 8", "--model P1 --mu 10", "--mu 30 --omega 0,0,-5")

# pile (issue 36): a short 10-sphere run of the Siconos tutorial's scene, then settings and
# options that are bad input (exit 2 exactly: the issue's list and values of the wrong kind) and
# extreme ones that may run (0), fail numerically (3) or be refused (2), within the time bound.
PILE_RUN = ["--set", "spheres.count=10", "--set", "stepping.t_end=0.3", "--every", "0"]
PILE_BAD_SETTINGS = [
    "spheres.count=1e9", "spheres.count=0", "spheres.count=-1", "spheres.count=2.5", "spheres.count=1e300",
    "spheres.diameter=0", "spheres.diameter=-0.02", "spheres.diameter=1e-320", "spheres.diameter=1e308",
    "spheres.diameter=nan", "spheres.diameter=1e-100", "spheres.density=0", "spheres.density=1e-320",
    "spheres.density=1e-300", "spheres.density=1e300", "spheres.density=1e308",
    "spheres.polydispersity=0.6", "law.mu=-0.1", "law.mu=inf", "law.mu_r=-1e-3", "law.e=1.5", "law.e=-1",
    "stepping.h=0", "stepping.h=-1e-3", "stepping.h=1", "stepping.h=1e-300", "stepping.t_end=1e300",
    "stepping.theta=0.49", "stepping.theta=1.01", "stepping.tol=0", "stepping.tol=-1e-4", "stepping.tol=1",
    "stepping.max_sweeps=0", "stepping.max_sweeps=1e9", "plane.width=0.01", "plane.width=-1",
    "drop.interval=1e-9", "drop.interval=0", "drop.height=0.005", "drop.offset.0=-1e300", "drop.offset.1=1e300",
    "drop.offset.2=0", "gravity=0", "gravity=-9.81", "seed=-1", "seed=1.5", "seed=1e300", "spheres.nope=1",
]
PILE_BAD_OPTIONS = [["--every", "-1"], ["--every", "1e30"], ["--every", "abc"], ["--vtk", ""],
                    ["--scene", "--every", "1"], ["--set", "stepping.t_end=300", "--every", "1"],
                    ["--format", "csv"], ["--set", "spheres.count"], ["--set", "=1"]]
PILE_EXTREME_SETTINGS = ["plane.width=1e300", "law.mu=1e300", "law.mu_r=1e300", "drop.interval=1e300",
                         "drop.height=1e300", "gravity=1e300", "gravity=1e-300", "stepping.tol=1e-320",
                         "law.e=1", "stepping.theta=0.5", "spheres.polydispersity=0.5 --set drop.interval=1"]
PILE_BAD_MARK = "[bad input] "


def leaves(value, path=()):
    """Every path to a value of a JSON document (objects and arrays included)."""
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from leaves(item, path + (key,))
    elif isinstance(value, list):
        for k, item in enumerate(value[:8]):
            yield from leaves(item, path + (k,))


def replace_at(document, path, text):
    """The document's JSON text with the value at `path` replaced by the JSON text `text`."""
    marker = "\u0000MARK\u0000"
    copy_ = copy.deepcopy(document)
    if not path:
        return text
    parent = copy_
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = marker
    return json.dumps(copy_).replace(json.dumps(marker), text)


def delete_at(document, path):
    copy_ = copy.deepcopy(document)
    parent = copy_
    for key in path[:-1]:
        parent = parent[key]
    del parent[path[-1]]
    return json.dumps(copy_)


def mutations(document, rng, count):
    """`count` mutated JSON texts of a document."""
    paths = [p for p in leaves(document) if p]
    texts = []
    for _ in range(count):
        kind = rng.choice(["value", "value", "value", "delete", "duplicate", "nest", "huge-array", "truncate"])
        path = rng.choice(paths)
        if kind == "value":
            texts.append(replace_at(document, path, rng.choice(ODD_VALUES)))
        elif kind == "delete":
            texts.append(delete_at(document, path))
        elif kind == "duplicate":
            text = json.dumps(document)
            key = rng.choice([k for k in document] if isinstance(document, dict) else ["x"])
            texts.append(text[:-1] + ", " + json.dumps(key) + ": " + rng.choice(ODD_VALUES) + "}")
        elif kind == "nest":
            depth = rng.choice([63, 65, 1000, 100000])
            texts.append(replace_at(document, path, "[" * depth + "1" + "]" * depth))
        elif kind == "huge-array":
            texts.append(replace_at(document, path, "[" + ", ".join(["0.5"] * 200000) + "]"))
        else:
            text = json.dumps(document)
            texts.append(text[: rng.randrange(1, len(text))])
    return texts


def build_cases(bin_dir, share, work, rng):
    """(name, argv, stdin path or None) of every case; input files are written to `work`."""
    cases = []
    counter = [0]

    def write(text, suffix=".json"):
        counter[0] += 1
        path = work / f"input-{counter[0]}{suffix}"
        path.write_text(text)
        return str(path)

    def add(app, args, stdin=None, bad=False):
        cases.append((f"{len(cases):03d} {PILE_BAD_MARK if bad else ''}{app} " +
                      " ".join(a if len(a) < 60 else a[:57] + "..." for a in args), [str(bin_dir / app)] + args, stdin))

    problems = {name: json.loads((share / "problems" / f"{name}.json").read_text())
                for name in ["disc", "ball", "ellipse", "general", "disc-shift", "disc-exact"]}
    disc = str(share / "problems" / "disc.json")
    # Mutated problem files for each problem-reading app, with the options a valid run needs.
    base_args = {"find-limits": ["--force", "0.5"], "sweep-force": ["--from", "0", "--to", "0.5"],
                 "classify": ["--direction", "1,0,0"], "friction-model": [],
                 "simulate": ["--force", "0.5", "--x0", "1,0,1"]}
    for app, args in base_args.items():
        for name, document in problems.items():
            for text in mutations(document, rng, 3 if name == "disc" else 1):
                add(app, [write(text)] + args)
        for options in PROBLEM_APPS_OPTIONS[app]:
            add(app, [disc] + options)
    # roll: mutated rolling problems and extreme options.
    roll = json.loads((share / "problems" / "roll-fig2.json").read_text())
    for text in mutations(roll, rng, 8):
        add("roll", [write(text), "--t-end", "0.5"])
    for options in ROLL_OPTIONS:
        add("roll", [str(share / "problems" / "roll-fig2.json")] + options)
    # plot and classify --regions: mutated reports and diagrams; diagram-diff: mutated diagrams.
    reference = json.loads((share / "reference" / "disc-harmonic-2.json").read_text())
    reference_path = str(share / "reference" / "disc-harmonic-2.json")
    for text in mutations(reference, rng, 10):
        path = write(text)
        add("plot", [path])
        add("diagram-diff", [reference_path, path])
    for text in mutations(reference, rng, 4):
        add("classify", ["--regions", write(text)])
    for options in PLOT_OPTIONS:
        add("plot", [reference_path] + options)
    for options in DIFF_OPTIONS:
        add("diagram-diff", [reference_path, reference_path] + options)
    # plot: overlays of the reference with a mutated diagram
    for text in mutations(reference, rng, 4):
        add("plot", [reference_path, write(text)])
    scan_cases(bin_dir, share, rng, write, add)
    # Reports on standard input: a find-limits-like document mutated, for classify.
    directions = {"problem": problems["disc"], "force": 0.5, "directions": [[1, 0, 0], [0, 0, 1]]}
    for text in mutations(directions, rng, 6):
        add("classify", [], write(text))
    issue23_cases(share, write, add)
    pile_cases(share, rng, write, add)
    return cases


def pile_cases(share, rng, write, add):
    """pile: mutated problem files, the bad settings and options (exit 2, marked), the extreme
    settings and a million spheres over a few steps."""
    siconos = str(share / "problems" / "pile-siconos.json")
    document = json.loads((share / "problems" / "pile-siconos.json").read_text())
    for text in mutations(document, rng, 12):
        add("pile", [write(text)] + PILE_RUN)
    for setting in PILE_BAD_SETTINGS:
        add("pile", [siconos] + PILE_RUN + ["--set", setting], bad=True)
    for options in PILE_BAD_OPTIONS:
        add("pile", [siconos] + PILE_RUN[:4] + options, bad=True)
    for setting in PILE_EXTREME_SETTINGS:
        add("pile", [siconos] + PILE_RUN + ["--set"] + setting.split())
    # 10^6 births drawn and checked, 10 steps: 0.2 s and 50 MB (10^7, the most, takes 485 MB, ~3x
    # that under the sanitizers, with the other cases running beside it)
    add("pile", [siconos, "--set", "spheres.count=1e6", "--set", "stepping.t_end=0.01", "--every", "0"])


def scan_cases(bin_dir, share, rng, write, add):
    """scan: the extreme options, and record files with one record mutated (the scan's own three
    records of SCAN_GRID, the middle one replaced) for --merge, --resume and --summary."""
    ball = str(share / "problems" / "ball.json")
    job = ["--job", "find-limits"]
    for options in SCAN_OPTIONS:
        add("scan", [ball] + job + options)
    done = subprocess.run([str(bin_dir / "scan"), ball] + job + SCAN_GRID, stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL, check=True)
    records = [json.loads(line) for line in done.stdout.decode().splitlines()]
    for text in mutations(records[1], rng, 12):
        path = write(json.dumps(records[0]) + "\n" + text.replace("\n", " ") + "\n" + json.dumps(records[2]) + "\n",
                     ".jsonl")
        mode = rng.choice(["--merge", "--resume", "--summary"])
        add("scan", [ball] + job + SCAN_GRID + [mode, path])


def run_case(case):
    name, argv, stdin = case
    app = pathlib.Path(argv[0]).name
    start = time.monotonic()
    cpu_bound = max(1, math.ceil(TIME_BOUND))
    # bash's ulimit -t sets RLIMIT_CPU, then exec: no preexec_fn (not safe with the thread pool)
    limited = ["bash", "-c", f'ulimit -t {cpu_bound} && exec "$@"', "limit-cpu"] + argv
    try:
        with open(stdin or os.devnull, "rb") as source:
            done = subprocess.run(limited, stdin=source, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                  timeout=WALL_FACTOR * TIME_BOUND)
    except subprocess.TimeoutExpired:
        return f"{name}: still running after {WALL_FACTOR * TIME_BOUND} s of wall time"
    seconds = time.monotonic() - start
    code = done.returncode
    if code == -signal.SIGXCPU:
        return f"{name}: over the bound of {cpu_bound} s of CPU time ({seconds:.1f} s wall)"
    try:  # stderr is printable UTF-8 lines: what a message quotes is escaped (core/errors.hpp)
        text = done.stderr.decode("utf-8")
        if any(ord(ch) < 0x20 and ch != "\n" or 0x7F <= ord(ch) < 0xA0 for ch in text):
            return f"{name}: a control character on stderr: {text[:300]!r}"
    except UnicodeDecodeError as error:
        return f"{name}: stderr is not UTF-8 ({error}): {done.stderr[:300]!r}"
    allowed = ALLOWED | ({1} if app == "diagram-diff" else set())
    # a run over a second notes its progress ("<app>: <note>"); the contract is about the rest
    lines = [l for l in done.stderr.decode("utf-8", "replace").splitlines()
             if not (l.startswith(app + ": ") and not l.startswith(app + ": error: "))]
    if code < 0:
        return f"{name}: killed by signal {-code} ({seconds:.1f} s)"
    if code not in allowed:
        return f"{name}: exit {code} ({seconds:.1f} s): {' | '.join(lines)[:300]}"
    if code in (2, 3) and len(lines) != 1:
        return f"{name}: exit {code} with {len(lines)} lines on stderr: {' | '.join(lines)[:300]}"
    if PILE_BAD_MARK in name and code != 2:
        return f"{name}: exit {code}, bad input (want 2): {' | '.join(lines)[:300]}"
    if any(marker in name for marker in MUST_RUN) and code != 0:
        return f"{name}: exit {code}, a valid run: {' | '.join(lines)[:300]}"
    if app == "plot" and code == 0:
        try:  # the SVG must be XML (U+FFFE, U+FFFF and control characters are not)
            xml.etree.ElementTree.fromstring(done.stdout)
        except xml.etree.ElementTree.ParseError as error:
            return f"{name}: exit 0 but the SVG is not XML: {error}"
    return None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("bin_dir", type=pathlib.Path)
    parser.add_argument("share", type=pathlib.Path)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--list", action="store_true")
    parser.add_argument("--only", action="append", help="run only the cases of this app (repeatable)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        cases = build_cases(args.bin_dir, args.share, pathlib.Path(work), random.Random(SEED))
        if args.only:
            cases = [c for c in cases if pathlib.Path(c[1][0]).name in args.only]
        if args.list:
            for name, _, stdin in cases:
                print(name + (f" < {stdin}" if stdin else ""))
            return 0
        start = time.monotonic()
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            broken = [b for b in pool.map(run_case, cases) if b]
        for line in broken:
            print("FAIL: " + line)
        print(f"{len(cases)} fuzz cases in {time.monotonic() - start:.0f} s, {len(broken)} broke the contract")
        return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
