"""sweep-force's orbit branch against AUTO-07p's periodic orbits (tests/cli/auto_orbit_oracle.sh).

Usage: python3 orbit_compare.py DIAGRAM AUTO_DIR
AUTO_DIR holds b.eq (run 1, the equilibria to the Hopf point) and b.n40, d.n40, b.n80, d.n80
(fort.7 and fort.9 of the periodic orbits from it with NTST = 40 and 80, NCOL = 4, a user point
UZ at the load of every point of the diagram's branch). Prints one line and exits 0 when the
Hopf point, the periods and multipliers at the branch's points, the end of the branch and the
absence of a fold of cycles agree within AUTO's own accuracy (below), else the disagreements and 1.
"""
import json
import math
import re
import sys

# AUTO's accuracy, each term from its settings (c.orbit.1, c.orbit.2) or its output format:
# fort.7 prints 11 significant digits: half a unit of the last, 5e-11 of the leading decade.
PRINT_DIGITS = 5e-11
# fort.9 prints the Floquet multipliers with 6 significant digits.
PRINT_DIGITS_MU = 5e-6
# Newton stops when the relative increments of PAR (the period is PAR(11)) are below EPSL = 1e-10.
EPSL = 1e-10
# The Hopf point is located to a relative arclength step below EPSS = 1e-11 (c.orbit.1), times
# 1 + |U| + |F| < 2 in F.
HOPF_LOCATION = 2e-11
# Orthogonal collocation at NCOL = 4 Gauss points has its error in the period (a parameter of the
# boundary value problem) of order h^(2 NCOL) = h^8 (superconvergence, [de Boor & Swartz 1973]):
# halving h (NTST 40 -> 80) divides it by 2^8, so the NTST = 80 run errs by |T_40 - T_80|/(2^8 - 1).
COLLOCATION_RATIO = 2**8 - 1
# The multipliers are eigenvalues of the monodromy matrix of the condensed collocation system; for
# |mu| >> 1 their error is the eigenvalue computation's, which does not fall with the mesh (at
# F = 0.7579311, mu ~ 914, NTST = 40, 80, 160, 320 give 913.532, 913.538, 913.540, 913.526): the
# two runs' difference itself estimates it (no ratio), with both prints' rounding.
# The error estimates above are asymptotic, on adaptive meshes that differ between the runs: a
# factor 2 for their own uncertainty.
SAFETY = 2
# AUTO's multipliers are compared where its two meshes agree to 1e-4 (large |mu| of a repelling
# orbit near a homoclinic loop are not resolved by AUTO's Floquet solver: at mu ~ 1e4 the meshes
# differ by 1e-3); at least 80% of the points must be so compared.
MU_RESOLVED = 1e-4
MIN_MU_SHARE = 0.8
# The period blow-up: T ~ -b ln|F - F*| (b ~ 5) puts F within exp(-150/5) ~ 1e-13 of F* where
# T >= 150, so AUTO's loads there (to their printed digits) give F*.
BLOWUP_PERIOD = 150


def print_unit(x, rel):
    """Half a unit of the last printed digit of x printed to relative resolution rel."""
    return rel * 10 ** math.floor(math.log10(abs(x)))


def fort7(path):
    """The rows of a fort.7: (|type|, label, PAR(1), last column: the period for IPS = 2)."""
    rows = []
    for line in open(path):
        c = line.split()
        if len(c) >= 5 and c[0] != '0':
            rows.append((abs(int(c[2])), int(c[3]), float(c[4]), float(c[-1])))
    return rows


def user_points(tag, work):
    """{label: [F, T, mu]} of the UZ points of a periodic run; mu the multiplier farthest from 1."""
    out, mults = {}, []
    for line in open(f"{work}/d.{tag}"):
        m = re.search(r'Multiplier\s+\d+\s+(\S+)\s+(\S+)', line)
        if m:
            mults.append(float(m.group(1)))
            continue
        if 'Multipliers:' in line:
            mults = []
        m = re.match(r'\s+-?\d+\s+-?\d+\s+UZ\s+(\d+)', line)
        if m and len(mults) >= 2:
            out[int(m.group(1))] = [None, None, max(mults[-2:], key=lambda x: abs(math.log(abs(x))))]
    for ty, lab, F, T in fort7(f"{work}/b.{tag}"):
        if ty == 4 and lab in out:
            out[lab][:2] = F, T
    return [v for v in out.values() if v[0] is not None]


def at(points, F):
    """The UZ point at the load F (printed to 11 digits), or None."""
    best = min(points, key=lambda v: abs(v[0] - F), default=None)
    return best if best and abs(best[0] - F) <= print_unit(F, PRINT_DIGITS) else None


diagram_file, work = sys.argv[1:]
diagram = json.load(open(diagram_file))
hopf = next(b for b in diagram['bifurcations'] if b['kind'] == 'hopf')
branch = next(b for b in diagram['orbit_branches'] if b['ends'][0]['kind'] == 'hopf')
problems = []

# The Hopf point: run 1's HB against the diagram's event
hb = [F for ty, _, F, _ in fort7(f"{work}/b.eq") if ty == 3]
tol_hopf = print_unit(hopf['force'], PRINT_DIGITS) + HOPF_LOCATION + hopf['error']
if len(hb) != 1:
    problems.append(f"AUTO's run 1 found {len(hb)} Hopf points, not 1")
elif not abs(hb[0] - hopf['force']) <= tol_hopf:
    problems.append(f"AUTO's Hopf point F = {hb[0]!r} is {abs(hb[0] - hopf['force']):.3g} from the diagram's "
                    f"{hopf['force']!r} (more than {tol_hopf:.3g})")

# Periods and multipliers at every point of the branch
a40, a80 = user_points('n40', work), user_points('n80', work)
located, worst_T, worst_ratio, mu_compared, worst_mu = 0, 0.0, 0.0, 0, 0.0
for p in branch['points']:
    x, y = at(a40, p['force']), at(a80, p['force'])
    if not (x and y):
        continue
    located += 1
    tol_T = SAFETY * (abs(x[1] - y[1]) / COLLOCATION_RATIO + EPSL * y[1] + print_unit(y[1], PRINT_DIGITS))
    dT = abs(p['period'] - y[1])
    worst_T, worst_ratio = max(worst_T, dT / y[1]), max(worst_ratio, dT / tol_T)
    if dT > tol_T:
        problems.append(f"at F = {p['force']!r} the period {p['period']!r} is {dT:.3g} from AUTO's {y[1]!r} "
                        f"(more than {tol_T:.3g})")
    if abs(x[2] - y[2]) > MU_RESOLVED * abs(y[2]):
        continue
    mu_compared += 1
    tol_mu = SAFETY * (abs(x[2] - y[2]) + print_unit(x[2], PRINT_DIGITS_MU) + print_unit(y[2], PRINT_DIGITS_MU))
    worst_mu = max(worst_mu, abs(p['multiplier'] - y[2]) / abs(y[2]))
    if abs(p['multiplier'] - y[2]) > tol_mu:
        problems.append(f"at F = {p['force']!r} the multiplier {p['multiplier']!r} is "
                        f"{abs(p['multiplier'] - y[2]):.3g} from AUTO's {y[2]!r} (more than {tol_mu:.3g})")
n = len(branch['points'])
if located < n - 1:  # AUTO locates one user point per continuation step
    problems.append(f"AUTO located only {located} of the branch's {n} points")
if mu_compared < MIN_MU_SHARE * located:
    problems.append(f"AUTO resolved the multiplier at only {mu_compared} of {located} points")

# The end: a period blow-up, no fold of cycles on either side
rows = fort7(f"{work}/b.n80")
blowup = [F for _, _, F, T in rows if T >= BLOWUP_PERIOD]
folds = [(F, T) for ty, _, F, T in rows if ty == 5 and T < BLOWUP_PERIOD]
end = branch['ends'][1]
if folds or 'cycle-fold' in (e['kind'] for e in branch['ends']):
    problems.append(f"a fold of cycles: AUTO's LP at {folds}, the branch's ends {[e['kind'] for e in branch['ends']]}")
if not blowup:
    problems.append(f"AUTO's branch reached no period of {BLOWUP_PERIOD}")
else:
    tol_end = end['error'] + max(blowup) - min(blowup) + print_unit(blowup[0], PRINT_DIGITS)
    F_star = 0.5 * (max(blowup) + min(blowup))
    if end['kind'] not in ('homoclinic', 'snic') or not abs(end['force'] - F_star) <= tol_end:
        problems.append(f"the branch ends {end['kind']} at {end['force']!r}, AUTO's period blows up at "
                        f"{F_star!r} (tolerance {tol_end:.3g})")
if problems:
    print("; ".join(problems[:4]) + (f"; and {len(problems) - 4} more" if len(problems) > 4 else ""))
    sys.exit(1)
print(f"Hopf point {hb[0]!r} ({abs(hb[0] - hopf['force']):.2g} from the diagram's); {located} of {n} points located by AUTO: periods within "
      f"{worst_T:.2g} (relative; {worst_ratio:.2f} of the tolerance at worst), multipliers at {mu_compared} within "
      f"{worst_mu:.2g}; blow-up at {F_star:.11f} ({abs(end['force'] - F_star):.2g} from the branch's {end['kind']} end)")
