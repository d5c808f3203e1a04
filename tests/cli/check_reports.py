#!/usr/bin/env python3
"""Schema checks of the JSON printed by find-limits and classify (docs/manual.md section 5), used by
find_limits.sh and classify.sh.

  check_reports.py limits FILE [--count N] [--min-count N] [--complete yes|no]
                              [--repelling N] [--min-circles N] [--force F]
  check_reports.py classification FILE [--count N] [--force F] [--input-of FILE]

Prints the problems found on one line and exits 1, or exits 0 silently.
"""
import argparse
import json
import math
import sys

RADIAL = {"attracting", "repelling", "tangent"}
SPHERE = {"stable-node", "unstable-node", "saddle", "stable-focus", "unstable-focus", "non-hyperbolic"}
COLOURS = {"purple", "red", "green", "brown", "blue"}
CIRCLE_TYPES = {"stable-circle", "unstable-circle", "non-hyperbolic", "stable-sliding-circle", "unstable-sliding-circle"}
PROBLEM_KEYS = {"schema", "system", "contact", "friction", "rho", "force"}


def is_number(x):
    return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)


def is_matrix(m, rows, cols):
    return (isinstance(m, list) and len(m) == rows
            and all(isinstance(r, list) and len(r) == cols and all(is_number(x) for x in r) for r in m))


def check_direction(d, where, detailed, problems, rho):
    keys = ["w", "theta", "phi", "epsilon", "rdot", "residual", "radial", "sphere", "differentiable"]
    if detailed:
        keys += ["jacobian_tangent", "tangent_basis", "eigenvectors", "modified_jacobian", "angle_jacobian", "input",
                 "status"]
        if d.get("status", "classified") != "classified":
            problems.append(f"{where}.status is {d.get('status')!r}: {d.get('error')}")
    for key in keys:
        if key not in d:
            problems.append(f"{where} lacks {key}")
    if problems:
        return
    w = d["w"]
    if not (isinstance(w, list) and len(w) == 3 and all(is_number(x) for x in w)):
        problems.append(f"{where}.w is {w!r}")
        return
    if abs(math.sqrt(sum(x * x for x in w)) - 1) > 1e-12:
        problems.append(f"{where}.w is not a unit vector")
    theta, phi = d["theta"], d["phi"]
    if not (is_number(theta) and -math.pi / 2 <= theta <= math.pi / 2):
        problems.append(f"{where}.theta is {theta!r}")
    elif not (is_number(phi) and -math.pi < phi <= math.pi):
        problems.append(f"{where}.phi is {phi!r} (want -pi < phi <= pi)")
    else:
        # (32): w = (cos th cos ph, cos th sin ph, sin th)
        again = [math.cos(theta) * math.cos(phi), math.cos(theta) * math.sin(phi), math.sin(theta)]
        if max(abs(a - b) for a, b in zip(again, w)) > 1e-12:
            problems.append(f"{where}: theta, phi do not give w")
    eps = d["epsilon"]
    if w[2] == 0:
        if eps is not None:
            problems.append(f"{where}.epsilon is {eps!r} on the equator (want null)")
    elif not is_number(eps) or eps < 0:
        problems.append(f"{where}.epsilon is {eps!r}")
    elif rho is not None and not math.isclose(eps, rho * math.hypot(w[0], w[1]) / abs(w[2]), rel_tol=1e-12,
                                                abs_tol=1e-15):
        problems.append(f"{where}.epsilon is not (rho/R)|cot theta|")
    if not is_number(d["rdot"]):
        problems.append(f"{where}.rdot is {d['rdot']!r}")
    if not (is_number(d["residual"]) and 0 <= d["residual"] < 1e-9):
        problems.append(f"{where}.residual is {d['residual']!r}")
    if d["radial"] not in RADIAL:
        problems.append(f"{where}.radial is {d['radial']!r}")
    elif d["radial"] == "attracting" and not d["rdot"] < 0 or d["radial"] == "repelling" and not d["rdot"] > 0:
        problems.append(f"{where}: radial {d['radial']} with rdot {d['rdot']}")
    sphere = d["sphere"]
    if not isinstance(sphere, dict) or sphere.get("type") not in SPHERE:
        problems.append(f"{where}.sphere is {sphere!r}")
    else:
        if not is_matrix(sphere.get("eigenvalues"), 2, 2):
            problems.append(f"{where}.sphere.eigenvalues is {sphere.get('eigenvalues')!r}")
        if sphere.get("index") not in (-1, 0, 1):
            problems.append(f"{where}.sphere.index is {sphere.get('index')!r}")
        elif sphere["type"] == "saddle" and sphere["index"] != -1:
            problems.append(f"{where}: a saddle with index {sphere['index']}")
        elif sphere["type"] in ("stable-node", "unstable-node", "stable-focus", "unstable-focus") and sphere[
                "index"] != 1:
            problems.append(f"{where}: a {sphere['type']} with index {sphere['index']}")
    if "colour" in d and d["colour"] not in COLOURS:
        problems.append(f"{where}.colour is {d['colour']!r}")
    if not isinstance(d["differentiable"], bool):
        problems.append(f"{where}.differentiable is {d['differentiable']!r}")
    if detailed:
        if not is_matrix(d["jacobian_tangent"], 2, 2):
            problems.append(f"{where}.jacobian_tangent is not 2x2")
        if not is_matrix(d["tangent_basis"], 3, 2):
            problems.append(f"{where}.tangent_basis is not 3x2")
        if not is_matrix(d["modified_jacobian"], 3, 3):
            problems.append(f"{where}.modified_jacobian is not 3x3")
        if d["angle_jacobian"] is not None and not is_matrix(d["angle_jacobian"], 2, 2):
            problems.append(f"{where}.angle_jacobian is neither 2x2 nor null")
        vectors = d["eigenvectors"]
        if not (isinstance(vectors, list) and len(vectors) == 2 and all(is_matrix(v, 3, 2) for v in vectors)):
            problems.append(f"{where}.eigenvectors is not two 3-vectors of [re, im]")
        given = d["input"]
        if not (isinstance(given, list) and len(given) == 3 and all(is_number(x) for x in given)):
            problems.append(f"{where}.input is {given!r}")


def rho_of(report, problems):
    """rho/R of the embedded problem when it is a number or R; None for kappa (not recomputed)."""
    problem = report.get("problem")
    if not isinstance(problem, dict) or not PROBLEM_KEYS <= set(problem):
        problems.append(f"problem is not a full problem file: {problem!r}"[:200])
        return None
    rho = problem["rho"]
    if rho == "R":
        return 1.0
    if rho == "kappa":
        pressure = problem["contact"]["pressure"]
        return {"uniform": 2 / 3, "hertz": 3 * math.pi / 16, "galin": math.pi / 4}.get(pressure)
    return rho


def check_limits(report, args, problems):
    if report.get("schema") != "limitdir.limits/1":
        problems.append(f"schema is {report.get('schema')!r}")
    for key in ("limitdir_version", "problem", "force", "model", "method", "limit_directions", "circles",
                "certificate"):
        if key not in report:
            problems.append(f"missing key {key}")
    if problems:
        return
    rho = rho_of(report, problems)
    if report["problem"].get("force") != report["force"]:
        problems.append("problem.force differs from force")
    if args.force is not None and not math.isclose(report["force"], args.force):
        problems.append(f"force is {report['force']!r}, want {args.force}")
    directions = report["limit_directions"]
    for i, d in enumerate(directions):
        check_direction(d, f"limit_directions[{i}]", False, problems, rho)
    circles = report["circles"]
    for i, c in enumerate(circles):
        for key in ("theta", "axis", "rdot", "radial", "sphere_type"):
            if key not in c:
                problems.append(f"circles[{i}] lacks {key}")
        # a sliding circle (on a jump set) has one-sided speeds instead of a transverse eigenvalue
        if ("transverse_eigenvalue" in c) == ("one_sided_speeds" in c):
            problems.append(f"circles[{i}] needs exactly one of transverse_eigenvalue and one_sided_speeds")
        if c.get("radial") not in RADIAL or c.get("sphere_type") not in CIRCLE_TYPES:
            problems.append(f"circles[{i}] is {c!r}")
    cert = report["certificate"]
    if not (isinstance(cert, dict) and isinstance(cert.get("index_sum"), int)
            and isinstance(cert.get("complete"), bool) and isinstance(cert.get("reason"), str)):
        problems.append(f"certificate is {cert!r}")
        return
    if args.complete is not None and cert["complete"] != (args.complete == "yes"):
        problems.append(f"certificate.complete is {cert['complete']} ({cert['reason']})")
    if cert["complete"] and not circles:
        total = sum(d["sphere"]["index"] for d in directions) + sum(s["index"] for s in report.get("singular_points", []))
        if total != 2 or cert["index_sum"] != 2:
            problems.append(f"complete, but the indices sum to {total} (certificate says {cert['index_sum']})")
    if args.count is not None and len(directions) != args.count:
        problems.append(f"{len(directions)} limit directions, want {args.count}")
    if args.min_count is not None and len(directions) < args.min_count:
        problems.append(f"{len(directions)} limit directions, want at least {args.min_count}")
    if args.repelling is not None:
        n = sum(d["radial"] == "repelling" for d in directions)
        if n != args.repelling:
            problems.append(f"{n} repelling limit directions, want {args.repelling}")
    if args.min_circles is not None and len(circles) < args.min_circles:
        problems.append(f"{len(circles)} circles, want at least {args.min_circles}")


def check_classification(report, args, problems):
    if report.get("schema") != "limitdir.classification/1":
        problems.append(f"schema is {report.get('schema')!r}")
    for key in ("limitdir_version", "problem", "force", "model", "directions"):
        if key not in report:
            problems.append(f"missing key {key}")
    if problems:
        return
    rho = rho_of(report, problems)
    if args.force is not None and not math.isclose(report["force"], args.force):
        problems.append(f"force is {report['force']!r}, want {args.force}")
    directions = report["directions"]
    for i, d in enumerate(directions):
        check_direction(d, f"directions[{i}]", True, problems, rho)
    if args.count is not None and len(directions) != args.count:
        problems.append(f"{len(directions)} directions, want {args.count}")
    if args.input_of and not problems:
        # The directions came from this find-limits report: same w, same classification.
        with open(args.input_of) as f:
            source = json.load(f)["limit_directions"]
        if len(source) != len(directions):
            problems.append(f"{len(directions)} directions for {len(source)} inputs")
        for i, (a, b) in enumerate(zip(source, directions)):
            if max(abs(x - y) for x, y in zip(a["w"], b["input"])) > 0:
                problems.append(f"directions[{i}].input is not the given w")
            if max(abs(x - y) for x, y in zip(a["w"], b["w"])) > 1e-10:
                problems.append(f"directions[{i}].w moved away from the limit direction")
            if a["radial"] != b["radial"] or a["sphere"]["type"] != b["sphere"]["type"]:
                problems.append(f"directions[{i}] is classified differently")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("kind", choices=["limits", "classification"])
    parser.add_argument("file")
    parser.add_argument("--count", type=int)
    parser.add_argument("--min-count", type=int)
    parser.add_argument("--complete", choices=["yes", "no"])
    parser.add_argument("--repelling", type=int)
    parser.add_argument("--min-circles", type=int)
    parser.add_argument("--force", type=float)
    parser.add_argument("--input-of")
    args = parser.parse_args()
    try:
        with open(args.file) as f:
            report = json.load(f)
    except ValueError as e:
        print(f"output is not JSON: {e}")
        return 1
    if not isinstance(report, dict):
        print("output is not a JSON object")
        return 1
    problems = []
    (check_limits if args.kind == "limits" else check_classification)(report, args, problems)
    if problems:
        print("; ".join(problems[:10]))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
