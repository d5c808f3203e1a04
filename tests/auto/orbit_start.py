"""The AUTO-07p constants of tests/cli/auto_orbit_oracle.sh (tests/auto/orbit.f90's PAR layout).

Usage: python3 orbit_start.py FRICTION DIAGRAM F0 OUT_DIR
FRICTION is friction-model's report (the problem's system, kappa, rho and the harmonic model's
polynomial coefficients C_k, S_k), DIAGRAM sweep-force's diagram of the same problem. Writes
OUT_DIR/start.txt (U and PAR of run 1: the focus at the load F0, found here by Newton on (125))
and OUT_DIR/restart.txt (PAR(21:53) again and the user points UZR of runs 2 and 3: the loads of
every point of the diagram's orbit branch born at its Hopf event). The chart's centre n is the
diagram's Hopf direction (any point whose hemisphere holds the orbits would do: only the chart
changes). Prints the Newton residual of the focus.
"""
import json
import math
import sys

friction_file, diagram_file, F0, out_dir = sys.argv[1], sys.argv[2], float(sys.argv[3]), sys.argv[4]
f = json.load(open(friction_file))
system = f['problem']['system']
if f['model'] != 'harmonic' or len(f['coefficients']['C']) > 4 or system['preset'] != 'general':
    sys.exit("orbit.f90 takes the general preset with the harmonic model of degree <= 4")
C, S = f['coefficients']['C'], f['coefficients']['S']
k = f['kappa'] / f['rho']
M, d, e = system['mass'], system['load']['direction'], system['load']['offset']


def dot(a, b):
    return sum(x * y for x, y in zip(a, b))


def unit(a):
    n = math.sqrt(dot(a, a))
    return [x / n for x in a]


def solve(A, b):
    """A x = b by Gaussian elimination with partial pivoting."""
    m = [row[:] + [b[i]] for i, row in enumerate(A)]
    n = len(m)
    for i in range(n):
        p = max(range(i, n), key=lambda r: abs(m[r][i]))
        m[i], m[p] = m[p], m[i]
        for r in range(i + 1, n):
            c = m[r][i] / m[i][i]
            for j in range(i, n + 1):
                m[r][j] -= c * m[i][j]
    x = [0.0] * n
    for i in reversed(range(n)):
        x[i] = (m[i][n] - sum(m[i][j] * x[j] for j in range(i + 1, n))) / m[i][i]
    return x


diagram = json.load(open(diagram_file))
hopf = [b for b in diagram['bifurcations'] if b['kind'] == 'hopf']
branch = [b for b in diagram['orbit_branches'] if b['ends'][0]['kind'] == 'hopf']
if len(hopf) != 1 or len(branch) != 1:
    sys.exit(f"the diagram has {len(hopf)} Hopf events and {len(branch)} orbit branches born at one, not 1 and 1")
n = unit(hopf[0]['w'])

# The focus at F0: q(w) + F0 d + e - rdot M w = 0, |w|^2 = 1 ((125) times M), Newton in (w, rdot)
Q = [F0 * d[i] + e[i] for i in range(3)]
w, r = n[:], 0.0
for _ in range(50):
    u = w[2] ** 2
    Cv, Sv = sum(c * u**i for i, c in enumerate(C)), sum(c * u**i for i, c in enumerate(S))
    dC = sum(i * c * u**(i - 1) for i, c in enumerate(C) if i) * 2 * w[2]
    dS = sum(i * c * u**(i - 1) for i, c in enumerate(S) if i) * 2 * w[2]
    q = [-w[0] * Cv, -w[1] * Cv, -k * w[2] * Sv]
    dq = [[-Cv, 0, -w[0] * dC], [0, -Cv, -w[1] * dC], [0, 0, -k * (Sv + w[2] * dS)]]
    Mw = [dot(M[i], w) for i in range(3)]
    G = [q[i] + Q[i] - r * Mw[i] for i in range(3)] + [dot(w, w) - 1]
    J = [[dq[i][j] - r * M[i][j] for j in range(3)] + [-Mw[i]] for i in range(3)] + [[2 * x for x in w] + [0.0]]
    step = solve(J, [-g for g in G])
    w, r = [w[i] + step[i] for i in range(3)], r + step[3]
residual = max(abs(g) for g in G)

# The frame (n, a, b) and the stereographic coordinates of the focus
t = [1.0, 0.0, 0.0] if abs(n[0]) < 0.9 else [0.0, 1.0, 0.0]
a = unit([t[i] - dot(t, n) * n[i] for i in range(3)])
b = [n[1] * a[2] - n[2] * a[1], n[2] * a[0] - n[0] * a[2], n[0] * a[1] - n[1] * a[0]]
yn = dot(n, w)
par = {}
for i in range(3):
    for j in range(3):
        par[21 + 3 * i + j] = float(M[i][j])
        par[36 + 3 * i + j] = [n, a, b][i][j]
    par[30 + i], par[33 + i] = float(d[i]), float(e[i])
par[45] = k
for i in range(4):
    par[46 + i] = C[i] if i < len(C) else 0.0
    par[50 + i] = S[i] if i < len(S) else 0.0
text = "{" + ", ".join(f"{key}: {value!r}" for key, value in par.items())
with open(f"{out_dir}/start.txt", "w") as out:
    out.write(f"U={{1: {dot(a, w) / (1 + yn)!r}, 2: {dot(b, w) / (1 + yn)!r}}}\n")
    out.write(f"PAR={text}, 1: {F0!r}}}\n")
with open(f"{out_dir}/restart.txt", "w") as out:
    out.write(f"PAR={text}}}\n")
    out.write("UZR={1: [" + ", ".join(repr(p['force']) for p in branch[0]['points']) + "]}\n")
print(f"{residual:.2g}")
