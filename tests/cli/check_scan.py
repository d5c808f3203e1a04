#!/usr/bin/env python3
"""Checks of scan's record files (JSON Lines, schema limitdir.scan-record/1), used by scan.sh.

  check_scan.py once FILE N          every line whole and a record, each index 0..N-1 exactly once
  check_scan.py whole FILE           every line but the last whole JSON; the last whole or cut
                                     (a kill inside a write); prints the number of whole lines
  check_scan.py same A B             the same records (each index once in each), compared without
                                     the wall times ("seconds" of the summary)
  check_scan.py sorted FILE          the records in index order
  check_scan.py ball FILE FRICTION   find-limits records of ball.json (harmonic N = 2) over force and
                                     system.lambda: each "limit_directions" equals the closed form
                                     2 + the zeros of A(sin^2 psi) cos psi - F (see below)
  check_scan.py split FILE DIR       each record as DIR/record-I.json (for validate_json.py)

Exits 1 with one line saying what is wrong.
"""
import json
import math
import os
import sys


def fail(message):
    print(message)
    sys.exit(1)


def records(path, cut_ok=False):
    lines = open(path, encoding="utf-8").read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    elif lines and not cut_ok:
        fail(f"{path}: the last line has no newline")
    out = []
    for number, line in enumerate(lines, 1):
        try:
            out.append(json.loads(line))
        except json.JSONDecodeError as e:
            if cut_ok and number == len(lines):
                break  # the partial last line a kill leaves
            fail(f"{path}: line {number} is not JSON ({e})")
    return out


def by_index(path):
    table = {}
    for r in records(path):
        if r["index"] in table:
            fail(f"{path}: index {r['index']} twice")
        table[r["index"]] = r
    return table


def without_times(record):
    r = json.loads(json.dumps(record))
    r.get("summary", {}).pop("seconds", None)
    return r


def ball_count(F, lam, C, S, j, kappa, rho, m=20000):
    """The limit directions of the ball (docs/manual.md section 2) with the harmonic model N = 2 at
    load F: the trivial two (+-1, 0, 0) (128) and, on the invariant circle w = (cos psi, 0,
    sin psi), the zeros of h = A(u) cos psi - F, u = sin^2 psi, A = m1 C(u) - m3 S(u), C = C1 + C2 u,
    S = S1 + S2 u, m1 = (1 + j)/j, m3 = (kappa/rho) rho^2/(j lambda^2) ((139)-(141) [Nonlinear Dyn.
    2024]), counted as sign changes on a grid of m values of psi; None within 1 % of an extremum of
    h + F (a fold or pitchfork, where a grid count is not reliable)."""
    m1, m3 = (1 + j) / j, kappa / rho * rho**2 / (j * lam**2)
    g = []
    for i in range(m):
        psi = -math.pi + 2 * math.pi * (i + 0.5) / m
        u = math.sin(psi) ** 2
        g.append((m1 * (C[0] + C[1] * u) - m3 * (S[0] + S[1] * u)) * math.cos(psi))
    zeros = 0
    for i in range(m):
        a, b, c = g[i - 1], g[i], g[(i + 1) % m]
        if ((b >= a and b >= c) or (b <= a and b <= c)) and abs(b - F) <= 0.01 * abs(F):
            return None
        if (b < F) != (c < F):
            zeros += 1
    return 2 + zeros


def main(argv):
    what = argv[1]
    if what == "once":
        table, n = by_index(argv[2]), int(argv[3])
        if sorted(table) != list(range(n)):
            fail(f"{argv[2]}: indices {sorted(set(range(n)) - set(table))[:5]} missing, "
                 f"{sorted(set(table) - set(range(n)))[:5]} extra")
    elif what == "whole":
        print(len(records(argv[2], cut_ok=True)))
    elif what == "same":
        a, b = by_index(argv[2]), by_index(argv[3])
        if sorted(a) != sorted(b):
            fail(f"{argv[2]} and {argv[3]} hold different indices")
        for i in a:
            if without_times(a[i]) != without_times(b[i]):
                fail(f"index {i} differs: {json.dumps(a[i])[:300]} / {json.dumps(b[i])[:300]}")
    elif what == "sorted":
        indices = [r["index"] for r in records(argv[2])]
        if indices != sorted(indices):
            fail(f"{argv[2]}: not in index order: {indices[:10]}")
    elif what == "ball":
        f = json.load(open(argv[3]))
        C, S = f["coefficients"]["C"], f["coefficients"]["S"]
        j, kappa, rho = f["problem"]["system"]["j"], f["kappa"], f["rho"]
        checked, counts = 0, set()
        for r in records(argv[2]):
            want = ball_count(r["point"]["force"], r["point"]["system.lambda"], C, S, j, kappa, rho)
            if want is None:
                continue
            got = r["summary"]["limit_directions"]
            if r["status"] != 0 or got != want:
                fail(f"point {r['point']}: status {r['status']}, {got} limit directions, closed form {want}")
            checked += 1
            counts.add(want)
        print(f"{checked} points checked against the closed form, counts {sorted(counts)}")
    elif what == "split":
        for r in records(argv[2]):
            with open(os.path.join(argv[3], f"record-{r['index']}.json"), "w") as out:
                json.dump(r, out)
    else:
        fail(f"unknown check {what}")


if __name__ == "__main__":
    main(sys.argv)
