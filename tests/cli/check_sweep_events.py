"""The folds, tangencies and Hopf points of a load sweep (sweep-force) of a harmonic model off the
invariant circle, solved independently with mpmath (docs/manual.md section 5, --enclose-events).

The harmonic model of degree N is q = -(w1 C, w2 C, (kappa/rho) w3 S) with the polynomials
C = sum_i C_i u^i, S = sum_i S_i u^i in u = w3^2 ((84)-(86) [Nonlinear Dyn. 2024]; C_i, S_i read
from friction-model: the model's definition, not the sweep's code). With F(w) = M^-1 (q + F d + e)
(100), a limit direction solves F(w) - rdot w = 0, |w| = 1, and with A = DF - rdot I (DF of the
polynomial extension: J_T = P^T A P only sees tangent vectors)
    trace J_T = tr A - w.A w,    det J_T = w . adj(A) w
(the (3, 3) cofactor of A in an orthonormal frame (P, w)). Then
    fold: det J_T = 0;   Hopf: trace J_T = 0 (det J_T > 0);   tangency: rdot = 0,
each solved by Newton in (w, rdot, F) at 40 digits from the located event. EXPECTED says which
events the case has, so that a diagram missing them (or with none at all) fails: KIND=N for
exactly N events of that kind, KIND>=N for at least N, comma-separated; a kind of fold, hopf,
tangency not named must be absent. Usage:
check_sweep_events.py DIAGRAM.json FRICTION_MODEL PROBLEM.json EXPECTED
"""
import json
import subprocess
import sys

import mpmath as mp

mp.mp.dps = 40
# Events are located to p_tol = 1e-11 in F (ContinuationOptions); 1e-9 keeps a margin of 100.
SAME_LOAD = 1e-9

diagram_file, friction_model, problem_file, expected_text = sys.argv[1:5]
KINDS = ("fold", "hopf", "tangency")
expected = {kind: ("=", 0) for kind in KINDS}
for item in expected_text.split(","):
    op = ">=" if ">=" in item else "="
    kind, count = item.split(op)
    assert kind in KINDS, f"EXPECTED names {kind}, not one of {KINDS}"
    expected[kind] = (op, int(count))
diagram = json.load(open(diagram_file))
problem = json.load(open(problem_file))
M = mp.matrix(problem["system"]["mass"])
Mi = M**-1
d = mp.matrix(problem["system"]["load"]["direction"])
e = mp.matrix(problem["system"]["load"]["offset"])
model = json.loads(subprocess.run([friction_model, problem_file, "--samples", "2"], check=True,
                                  capture_output=True, text=True).stdout)
Ci = [mp.mpf(c) for c in model["coefficients"]["C"]]
Si = [mp.mpf(s) for s in model["coefficients"]["S"]]
rho = problem.get("rho", "kappa")
k = mp.mpf(1) if rho == "kappa" else mp.mpf(model["kappa"]) / mp.mpf(rho)


def poly(a, u):
    return sum(c * u**i for i, c in enumerate(a))


def dpoly_dw3(a, w3):  # d/dw3 of sum a_i w3^(2i)
    return sum(2 * i * c * w3**(2 * i - 1) for i, c in enumerate(a) if i > 0)


def adjugate(A):
    return mp.matrix([[A[(j + 1) % 3, (i + 1) % 3] * A[(j + 2) % 3, (i + 2) % 3]
                       - A[(j + 1) % 3, (i + 2) % 3] * A[(j + 2) % 3, (i + 1) % 3] for j in range(3)]
                      for i in range(3)])


def parts(w, rdot, F):
    """F(w) - rdot w, |w|^2 - 1; rdot, det J_T, trace J_T."""
    w1, w2, w3 = w
    C, S = poly(Ci, w3**2), poly(Si, w3**2)
    q = mp.matrix([-w1 * C, -w2 * C, -k * w3 * S])
    Dq = mp.matrix([[-C, 0, -w1 * dpoly_dw3(Ci, w3)], [0, -C, -w2 * dpoly_dw3(Ci, w3)],
                    [0, 0, -k * (S + w3 * dpoly_dw3(Si, w3))]])
    V = Mi * (q + F * d + e) - rdot * w
    A = Mi * Dq - rdot * mp.eye(3)
    trace = A[0, 0] + A[1, 1] + A[2, 2] - (w.T * A * w)[0]
    det = (w.T * adjugate(A) * w)[0]
    return [V[0], V[1], V[2], (w.T * w)[0] - 1], {"tangency": rdot, "fold": det, "hopf": trace}, det


failures, checked = [], 0
for kind, (op, count) in expected.items():
    found = sum(ev["kind"] == kind for ev in diagram["bifurcations"])
    if not (found == count if op == "=" else found >= count):
        failures.append(f"{found} {kind} events where the case has {'' if op == '=' else 'at least '}{count}")
for ev in diagram["bifurcations"]:
    kind = ev["kind"]
    if kind not in KINDS:
        continue
    w0, p = ev["w"], ev["force"]
    rdot0 = parts(mp.matrix(w0), 0, p)[0]  # F(w) - 0 w at the located event: rdot = w . F
    rdot0 = sum(a * b for a, b in zip(w0, rdot0[0:3]))

    def eqs(w1, w2, w3, rdot, F):
        branch, conditions, _ = parts(mp.matrix([w1, w2, w3]), rdot, F)
        return branch + [conditions[kind]]

    s = mp.findroot(eqs, list(w0) + [rdot0, p], tol=mp.mpf(10)**-30)
    F, det = float(s[4]), parts(mp.matrix(s[0:3]), s[3], s[4])[2]
    checked += 1
    print(f"{kind}: mpmath F = {F:.15g}, located {p:.15g} (differs by {abs(F - p):.2e})")
    if abs(F - p) > SAME_LOAD:
        failures.append(f"the {kind} at {p} is {abs(F - p):.2e} from mpmath's {F}")
    if kind == "hopf" and det <= 0:
        failures.append(f"the Hopf point at {F} has det J_T = {float(det)} <= 0")
if failures:
    print("; ".join(failures))
    sys.exit(1)
print(f"{checked} events agree with mpmath")
