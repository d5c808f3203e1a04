#!/usr/bin/env python3
"""Checks a bifurcation diagram printed by sweep-force (schema "limitdir.diagram/1") by meaning,
against find-limits run independently at the middle of every region (docs/manual.md section 5). Used
by sweep_force.sh.

  check_diagram.py DIAGRAM BIN_DIR [--counts 8,4,2,2] [--events fold=2,pitchfork=1,tangency=1]
                   [--event KIND=VALUE]... [--event-tol T] [--complete yes|no]

Checks that:
  * the regions tile [from, to] in order, each with count = the sum of its types;
  * the events lie in [from, to], name existing branches, and w = directions[0];
  * every branch point has |w| = 1, rdot of the sign its "radial" says, and a parameter in range;
  * find-limits at the middle of each region (the embedded problem with the parameter set there)
    finds the region's count and types, and every limit direction it finds lies on a branch of
    the diagram (interpolated linearly at that parameter, within 0.02 in w);
  * a continuum event has the circles and isolated directions of find-limits at its load, and
    no region contains its load;
  * optionally: the region counts in order, the number of events of each kind, an event of a
    kind at a given value (within --event-tol, default 1e-7), and certificate.complete().
Prints the problems found on one line and exits 1, or exits 0 silently.
"""
import argparse
import collections
import json
import math
import os
import subprocess
import sys
import tempfile

W_TOL = 0.02  # a linear interpolation between branch points cuts the curve's bends (h <= 0.05)


def problem_at(diagram, p):
    """The embedded problem with the swept parameter set to p (continuation/continuation.hpp)."""
    problem = json.loads(json.dumps(diagram["problem"]))
    name = diagram["parameter"]
    if name == "force":
        problem["force"] = p
    elif name in ("lambda", "j"):
        problem["system"][name] = p
    elif name == "alpha":
        problem.setdefault("contact", {})["pressure"] = {"power": p}
    elif name == "rho":
        problem["rho"] = p
    elif name == "a/b":  # docs/manual.md section 6: a = p b, b kept
        contact = problem.setdefault("contact", {})
        shape = contact.get("shape", "circle")
        b = 1.0 if shape == "circle" else shape["ellipse"][1]
        contact["shape"] = {"ellipse": [p * b, b]}
    elif name in ("d", "gamma"):
        distortion = problem.setdefault("contact", {}).setdefault("distortion", {"d": 0.0})
        distortion[name] = p
    elif name == "k":
        problem.setdefault("contact", {})["shift"] = {"k": p}
    else:
        raise SystemExit(f"check_diagram.py does not know the parameter {name!r}")
    return problem


def find_limits(bin_dir, problem):
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(problem, f)
        path = f.name
    try:
        run = subprocess.run([os.path.join(bin_dir, "find-limits"), path], capture_output=True, text=True)
    finally:
        os.unlink(path)
    if run.returncode != 0:
        return None, run.stderr.strip()
    return json.loads(run.stdout), ""


def on_branches(diagram, p, w):
    """Whether w is within W_TOL of some branch interpolated at parameter p."""
    name = diagram["parameter"]
    for branch in diagram["branches"]:
        points = branch["points"]
        pairs = list(zip(points, points[1:]))
        if branch["closed"] and len(points) > 2:
            pairs.append((points[-1], points[0]))
        if len(points) == 1:
            pairs.append((points[0], points[0]))
        for a, b in pairs:
            pa, pb = a[name], b[name]
            if not min(pa, pb) <= p <= max(pa, pb):
                continue
            t = 0.0 if pa == pb else (p - pa) / (pb - pa)
            v = [x + t * (y - x) for x, y in zip(a["w"], b["w"])]
            if math.dist(v, w) <= W_TOL:
                return True
    return False


def structure(directions):
    return dict(collections.Counter(f"{d['radial']} {d['sphere']['type']}" for d in directions))


def check_continuum(diagram, args, k, e, problems):
    """The continuum event k against find-limits at its load (docs/manual.md section 5)."""
    name = diagram["parameter"]
    p = e[name]
    for i, r in enumerate(diagram["regions"]):
        if r["from"] < p < r["to"]:
            problems.append(f"regions[{i}] contains the continuum at {name} = {p}")
    report, why = find_limits(args.bin_dir, problem_at(diagram, p))
    if report is None:
        problems.append(f"find-limits at the continuum {name} = {p} failed: {why[:200]}")
        return
    mine = sorted((c["theta"], c["axis"], c["sphere_type"]) for c in e["circles"])
    theirs = sorted((c["theta"], c["axis"], c["sphere_type"]) for c in report["circles"])
    same = len(mine) == len(theirs) and all(
        abs(a[0] - b[0]) <= 1e-9 and math.dist(a[1], b[1]) <= 1e-9 and a[2] == b[2] for a, b in zip(mine, theirs))
    if not same:
        problems.append(f"bifurcations[{k}]: circles {mine}, find-limits at {name} = {p} finds {theirs}")
    found = [d["w"] for d in report["limit_directions"]]
    if len(found) != len(e["directions"]) or not all(any(math.dist(w, v) <= 1e-9 for v in found)
                                                     for w in e["directions"]):
        problems.append(f"bifurcations[{k}]: isolated directions {e['directions']}, find-limits finds {found}")


def check(diagram, args, problems):
    if diagram.get("schema") != "limitdir.diagram/1":
        problems.append(f"schema is {diagram.get('schema')!r}")
        return
    name, lo, hi = diagram["parameter"], diagram["from"], diagram["to"]
    slack = 1e-9 * max(1.0, abs(lo), abs(hi))
    ids = {b["id"] for b in diagram["branches"]}

    regions = diagram["regions"]
    if not regions:
        problems.append("no regions")
    else:
        if abs(regions[0]["from"] - lo) > slack or abs(regions[-1]["to"] - hi) > slack:
            problems.append(f"the regions cover [{regions[0]['from']}, {regions[-1]['to']}], not [{lo}, {hi}]")
        for r, s in zip(regions, regions[1:]):
            if abs(r["to"] - s["from"]) > slack:
                problems.append(f"a gap or overlap between regions at {r['to']} and {s['from']}")
    for i, r in enumerate(regions):
        if sum(r["types"].values()) != r["count"]:
            problems.append(f"regions[{i}]: types {r['types']} do not add up to count {r['count']}")
    if args.counts is not None:
        want = [int(n) for n in args.counts.split(",")]
        got = [r["count"] for r in regions]
        if got != want:
            problems.append(f"region counts {got}, want {want}")

    for k, e in enumerate(diagram["bifurcations"]):
        if not lo - slack <= e[name] <= hi + slack:
            problems.append(f"bifurcations[{k}] at {name} = {e[name]} is outside [{lo}, {hi}]")
        if not set(e["branches"]) <= ids:
            problems.append(f"bifurcations[{k}] names branches {e['branches']} not in the diagram")
        if e["directions"] and e["w"] != e["directions"][0]:
            problems.append(f"bifurcations[{k}].w is not directions[0]")
    kinds = collections.Counter(e["kind"] for e in diagram["bifurcations"])
    if args.events is not None:
        want = {k: int(n) for k, n in (item.split("=") for item in args.events.split(","))}
        if dict(kinds) != want:
            problems.append(f"events {dict(kinds)}, want {want}")
    for spec in args.event:
        kind, value = spec.split("=")
        value = float(value)
        if not any(e["kind"] == kind and abs(e[name] - value) <= args.event_tol for e in diagram["bifurcations"]):
            found = [e[name] for e in diagram["bifurcations"] if e["kind"] == kind]
            problems.append(f"no {kind} at {name} = {value} (found at {found})")

    for branch in diagram["branches"]:
        for k, point in enumerate(branch["points"]):
            where = f"branch {branch['id']} point {k}"
            if abs(math.hypot(*point["w"]) - 1) > 1e-9:
                problems.append(f"{where}: |w| = {math.hypot(*point['w'])}")
            if point["radial"] == "attracting" and not point["rdot"] < 0 or \
                    point["radial"] == "repelling" and not point["rdot"] > 0:
                problems.append(f"{where}: radial {point['radial']} with rdot {point['rdot']}")
            if not lo - slack <= point[name] <= hi + slack:
                problems.append(f"{where}: {name} = {point[name]} outside [{lo}, {hi}]")
        if len(problems) > 20:
            return

    if args.complete is not None and diagram["certificate"]["complete"] != (args.complete == "yes"):
        problems.append(f"certificate.complete is {diagram['certificate']['complete']}: "
                        f"{diagram['certificate']['reason'][:300]}")

    for k, e in enumerate(diagram["bifurcations"]):
        if e["kind"] == "continuum":
            check_continuum(diagram, args, k, e, problems)

    for i, r in enumerate(regions):
        if r["to"] - r["from"] < 1e-6:
            continue  # too thin to sample reliably
        p = 0.5 * (r["from"] + r["to"])
        report, why = find_limits(args.bin_dir, problem_at(diagram, p))
        if report is None:
            problems.append(f"find-limits at {name} = {p} failed: {why[:200]}")
            continue
        directions = report["limit_directions"]
        if report["circles"]:
            problems.append(f"find-limits at {name} = {p} found circles of limit directions")
        if len(directions) != r["count"] or structure(directions) != r["types"]:
            problems.append(f"regions[{i}] says {r['count']} {r['types']}, find-limits at {name} = {p} finds "
                            f"{len(directions)} {structure(directions)}")
        for d in directions:
            if not on_branches(diagram, p, d["w"]):
                problems.append(f"the limit direction {d['w']} at {name} = {p} lies on no branch")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("file")
    parser.add_argument("bin_dir")
    parser.add_argument("--counts")
    parser.add_argument("--events")
    parser.add_argument("--event", action="append", default=[])
    parser.add_argument("--event-tol", type=float, default=1e-7)
    parser.add_argument("--complete", choices=["yes", "no"])
    args = parser.parse_args()
    try:
        with open(args.file) as f:
            diagram = json.load(f)
    except ValueError as e:
        print(f"output is not JSON: {e}")
        return 1
    problems = []
    check(diagram, args, problems)
    if problems:
        print("; ".join(problems[:10]) + (f"; ... ({len(problems)} in all)" if len(problems) > 10 else ""))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
