"""The Bogdanov-Takens point and the Hopf curve of a map of share/problems/general-hopf.json in
(force, rho), solved independently with mpmath (docs/manual.md section 13).

The harmonic model N = 1 is linear: q = -diag(C1, C1, (kappa/rho) S1) w ((90)-(91) [Nonlinear
Dyn. 2024]), so F(w) = B w + c with B = -M^-1 diag(C1, C1, (kappa/rho) S1) and c = M^-1 (F d + e)
(100). C1 and S1 depend on rho (the model is the projection (83) of the exact model at rho/R);
they are read from friction-model at each rho (the model's definition, not the map's code). A
limit direction solves B w + c - rdot w = 0, |w| = 1, and J_T = P^T (B - rdot I) P on its tangent
plane has
    trace J_T = tr B - w.B w - 2 rdot,    det J_T = w . adj(B - rdot I) w
(the (3, 3) cofactor of (B - rdot I) in an orthonormal frame (P, w)). Then
    fold:  det J_T = 0;   Hopf:  trace J_T = 0, det J_T > 0;   Bogdanov-Takens:  both zero.
The BT point is solved as the zero in rho of trace J_T along the fold (the fold at each rho by
Newton in (w, rdot, F) at 40 digits; the secant method in rho), each Hopf vertex at its rho by
Newton in (w, rdot, F). Usage: check_bogdanov_takens.py MAP.json FRICTION_MODEL PROBLEM.json
"""
import functools
import json
import subprocess
import sys

import mpmath as mp

mp.mp.dps = 40
# Map points are corrected to ~1e-11 in the scaled unknowns (rectangle sides ~1-5): 1e-9 on a
# Hopf vertex's F; a codimension-2 point is located by bisection to 1e-13 of arclength on top of
# that, and the brief's (issue 20's) target for it is ~1e-8.
ON_CURVE = 1e-9
POINT = 1e-8

map_file, friction_model, problem_file = sys.argv[1:4]
report = json.load(open(map_file))
problem = json.load(open(problem_file))
M = mp.matrix(problem["system"]["mass"])
Mi = M**-1
d = mp.matrix(problem["system"]["load"]["direction"])
e = mp.matrix(problem["system"]["load"]["offset"])


@functools.lru_cache(maxsize=None)
def coefficients(rho):
    """C1, S1 and kappa of the harmonic model N = 1 at rho (friction-model)."""
    out = subprocess.run([friction_model, problem_file, "--rho", repr(rho), "--samples", "2"],
                         check=True, capture_output=True, text=True).stdout
    r = json.loads(out)
    return mp.mpf(r["coefficients"]["C"][0]), mp.mpf(r["coefficients"]["S"][0]), mp.mpf(r["kappa"])


def B_of(rho):
    C1, S1, kappa = coefficients(float(rho))
    return -Mi * mp.diag([C1, C1, kappa / mp.mpf(rho) * S1])


def adjugate(A):
    return mp.matrix([[A[(j + 1) % 3, (i + 1) % 3] * A[(j + 2) % 3, (i + 2) % 3]
                       - A[(j + 1) % 3, (i + 2) % 3] * A[(j + 2) % 3, (i + 1) % 3] for j in range(3)]
                      for i in range(3)])


def parts(w, rdot, F, B):
    """V = B w + c - rdot w, |w|^2 - 1, det J_T, trace J_T."""
    c = Mi * (F * d + e)
    V = B * w + c - rdot * w
    A = B - rdot * mp.eye(3)
    trace = B[0, 0] + B[1, 1] + B[2, 2] - (w.T * B * w)[0] - 2 * rdot
    det = (w.T * adjugate(A) * w)[0]
    return [V[0], V[1], V[2], (w.T * w)[0] - 1], det, trace


def solve_at(rho, guess, which):
    """(w, rdot, F) of the fold ('det') or the Hopf point ('trace') at rho, from a guess."""
    B = B_of(rho)

    def eqs(w1, w2, w3, rdot, F):
        branch, det, trace = parts(mp.matrix([w1, w2, w3]), rdot, F, B)
        return branch + [det if which == "det" else trace]

    return mp.findroot(eqs, guess, tol=mp.mpf(10)**-30)


def trace_on_fold(rho, guess):
    s = solve_at(rho, guess, "det")
    w = mp.matrix(s[0:3])
    return parts(w, s[3], s[4], B_of(rho))[2], s


failures = []
curves = report["curves"]
bt = [p for p in report["points"] if p["kind"] == "bogdanov-takens"]
hopf = [c for c in curves if c["kind"] == "hopf"]
if len(bt) != 1 or len(hopf) != 1:
    print(f"want one Bogdanov-Takens point and one Hopf curve, got {len(bt)} and {len(hopf)}")
    sys.exit(1)
p = bt[0]

# the BT point: trace J_T = 0 along the fold, by the secant method in rho (from the map's rho
# and 1e-3 off it: the answer does not depend on where the iteration starts)
guess = list(p["w"]) + [p["rdot"], p["x"]]
rho0, rho1 = p["y"] + 1e-3, p["y"] - 1e-3
g0, s = trace_on_fold(rho0, guess)
g1, s = trace_on_fold(rho1, list(s))
for _ in range(40):
    rho2 = rho1 - g1 * (rho1 - rho0) / (g1 - g0)
    rho0, g0 = rho1, g1
    rho1 = float(rho2)
    g1, s = trace_on_fold(rho1, list(s))
    if abs(rho1 - rho0) < 1e-15:
        break
F_bt, rho_bt, w_bt = float(s[4]), rho1, [float(v) for v in s[0:3]]
err = max(abs(p["x"] - F_bt), abs(p["y"] - rho_bt), *(abs(a - b) for a, b in zip(p["w"], w_bt)))
print(f"Bogdanov-Takens: mpmath F = {F_bt:.15g}, rho = {rho_bt:.15g}; the map's differs by {err:.2e}")
if err > POINT:
    failures.append(f"BT point off by {err:.2e} (F {p['x']} vs {F_bt}, rho {p['y']} vs {rho_bt})")

# the Hopf curve: every vertex on trace J_T = 0 at its rho, det J_T > 0 but at the BT end; one of
# its ends is the BT point, which lies on a fold curve too
c = hopf[0]
worst = 0.0
for k, q in enumerate(c["points"]):
    h = solve_at(q["y"], list(q["w"]) + [q["rdot"], q["x"]], "trace")
    worst = max(worst, abs(float(h[4]) - q["x"]))
    det = parts(mp.matrix(h[0:3]), h[3], h[4], B_of(q["y"]))[1]
    at_bt = abs(q["x"] - F_bt) + abs(q["y"] - rho_bt) <= POINT
    if det <= 0 and not at_bt:
        failures.append(f"Hopf vertex {k} at F = {q['x']}, rho = {q['y']} has det J_T = {float(det)} <= 0")
print(f"Hopf curve: {len(c['points'])} vertices on trace J_T = 0 to {worst:.2e} in F")
if worst > ON_CURVE:
    failures.append(f"a Hopf vertex is {worst:.2e} off the Hopf curve in F")
ends = [i for i, end in enumerate(c["ends"]) if end == "codimension-2"]
end_points = [c["points"][0] if i == 0 else c["points"][-1] for i in ends]
if not any(abs(q["x"] - F_bt) <= POINT and abs(q["y"] - rho_bt) <= POINT for q in end_points):
    failures.append(f"the Hopf curve's ends {c['ends']} are not at the BT point")
folds = {x["id"] for x in curves if x["kind"] == "fold"}
if c["id"] not in p["curves"] or not folds & set(p["curves"]):
    failures.append(f"the BT point lists curves {p['curves']}, not the Hopf curve {c['id']} and a fold curve")

if failures:
    print("; ".join(failures))
    sys.exit(1)
