#!/usr/bin/env bash
# Test oracle of bifurcation-map (issue 20, docs/manual.md section 13) with AUTO-07p, the peer
# program for codimension-2 continuation: its fold continuation (ISW = 2) of (132)
# [Nonlinear Dyn. 2024] on the invariant circle of the ball gives the map's fold curve.
# The ball (docs/manual.md section 2) with the harmonic model N = 2: on w = (cos psi, 0, sin psi)
# the limit directions off the equator solve h = cos(psi) A(u) - F = 0 with u = sin(psi)^2,
# A = m1 C - (kappa/rho) m3 S, C = C1 + C2 u, S = S1 + S2 u, m1 = (1 + j)/j and
# m3 = rho^2/(j lambda^2) (tests/auto/fold.f90 derives it). AUTO (compiled with gfortran)
# continues the equilibria in F at lambda = 0.4 to the fold (run 1), then the fold in
# (F, lambda) both ways over lambda in [0.2, 0.58] (runs 2, 3; tests/auto/c.fold.*). Every AUTO
# fold point must lie on the map's fold polyline (interpolated at AUTO's lambda) and on the
# closed form u* = (2 a1 - a0)/(3 a1), F = |A(u*)| sqrt(1 - u*) (A = a0 + a1 u, docs/manual.md
# section 13). C1, C2, S1, S2, j, kappa and rho come from friction-model at run time.
# Skipped (exit 77, ctest's skip code: "SKIP: ...") without AUTO-07p or gfortran (test-only:
# scripts/install-deps.sh installs both).
# Usage: bash auto_oracle.sh BIN_DIR SHARE_DIR
source "$(dirname "$0")/common.bash"
cli_setup bifurcation-map "$@"
auto_setup fold c.fold.1 c.fold.2
ball="$share/problems/ball.json"
"$bin/friction-model" "$ball" --samples 2 >"$tmp/friction.json" || fail "friction-model $ball failed"

# The starting point of run 1 at lambda = 0.4: psi0 = pi - 0.3 (w1 < 0, where F = cos(psi) A > 0
# since A < 0 there) and F0 = h's zero there; PAR(3:8) = C1, C2, S1, S2, m1, K (m3 = K/lambda^2).
python3 - "$tmp/friction.json" >>"$work/c.fold.1" <<'EOF' || fail "the starting point of run 1"
import json, math, sys
f = json.load(open(sys.argv[1]))
(C1, C2), (S1, S2) = f['coefficients']['C'], f['coefficients']['S']
j, rho, kappa = f['problem']['system']['j'], f['rho'], f['kappa']
m1, K = (1 + j) / j, kappa / rho * rho**2 / j  # M^-1 of the ball (docs/manual.md section 2)
lam, psi = 0.4, math.pi - 0.3
m3 = K / lam**2
F = math.cos(psi) * (m1 * C1 - m3 * S1 + (m1 * C2 - m3 * S2) * math.sin(psi)**2)
print(f"U={{1: {psi!r}}}")
print(f"PAR={{1: {F!r}, 2: {lam!r}, 3: {C1!r}, 4: {C2!r}, 5: {S1!r}, 6: {S2!r}, 7: {m1!r}, 8: {K!r}}}")
EOF

# AUTO: compile and link the equations (as AUTO's cmds.make does), then the three runs; fort.7 is
# the bifurcation diagram (b.*), fort.8 the labelled solutions (s.*).
auto_start=$(date +%s.%N)
(
  cd "$work" || exit 1
  export OMP_NUM_THREADS=1
  auto_compile fold || exit 1
  ./fold.exe <c.fold.1 >run1.log 2>&1 && mv fort.7 b.equilibria && mv fort.8 s.equilibria || exit 1
  (echo "s='equilibria'" && cat c.fold.2) | ./fold.exe >run2.log 2>&1 && mv fort.7 b.fold.2 || exit 1
  (echo "s='equilibria'" && cat c.fold.2 && echo "DS=-0.01") | ./fold.exe >run3.log 2>&1 && mv fort.7 b.fold.3
) || fail "AUTO-07p failed: $(cat "$work"/compile.log "$work"/run*.log 2>/dev/null | head -c 600)"
auto_end=$(date +%s.%N)

map="$tmp/map.json"
map_start=$(date +%s.%N)
"$app" "$ball" --x lambda --x-range 0.15,1.2 --y force --y-range 0,20 >"$map" 2>"$tmp/map.err" ||
  fail "bifurcation-map on the ball's (lambda, F) rectangle exited with $?: $(head -c 400 "$tmp/map.err")"
map_end=$(date +%s.%N)

why=$(python3 - "$work" "$map" "$tmp/friction.json" <<'EOF'
import json, math, sys
work, map_file, friction_file = sys.argv[1:]
f = json.load(open(friction_file))
(C1, C2), (S1, S2) = f['coefficients']['C'], f['coefficients']['S']
j, rho, kappa = f['problem']['system']['j'], f['rho'], f['kappa']
m1, K = (1 + j) / j, kappa / rho * rho**2 / j

# AUTO converges when the relative Newton increments are below EPSL = EPSU = 1e-10 (then the
# error is far smaller) and fort.7 prints 11 digits: lambda's last digit moves F by
# |dF/dlambda| 5e-11 lambda <= 4.1e-9 F on [0.2, 0.58] (largest at 0.58, near the fold-pole where
# F ~ (lambda_pole - lambda)^(3/2)); 1e-8 of F bounds both.
TOL_AUTO = 1e-8
# The map's polyline: points corrected to 1e-11, chords of at most 0.02 of arclength in the
# rectangle scaled to the unit square (docs/manual.md section 13), so a chord is at most
# h = 0.02 1.05 / sqrt(1 + (1.05 F'/20)^2) long in lambda and the linear interpolation errs by at
# most h^2 |F''|/8 <= 5.3e-3 on [0.2, 0.58] (the largest at lambda = 0.374, F and its derivatives
# from the closed form); 6e-3 with AUTO's share.
TOL_CHORD = 6e-3
# The same error a posteriori: the line through the chord (xa, xb) errs by
# (lambda - xa)(lambda - xb) F[xa, xb, xc] + O(h^3) (the divided difference with the next point
# xc of the polyline); every difference must be within twice that (and AUTO's share).
CHORD_SAFETY = 2

def closed_form(lam):
    """The fold of (132) with N = 2: (u*, F) (docs/manual.md section 13)."""
    m3 = K / lam**2
    a0, a1 = m1 * C1 - m3 * S1, m1 * C2 - m3 * S2
    u = (2 * a1 - a0) / (3 * a1)
    return u, abs(a0 + a1 * u) * math.sqrt(1 - u)

def fold_points(name):
    """(lambda, F, psi) of every point of an ISW = 2 run (fort.7: BR PT TY LAB PAR(1) L2 U(1) PAR(2))."""
    points = []
    for line in open(f"{work}/{name}"):
        cols = line.split()
        if len(cols) == 8 and cols[0] != '0':
            points.append((float(cols[7]), float(cols[4]), float(cols[6])))
    return points

problems = []
branches = [fold_points('b.fold.2'), fold_points('b.fold.3')]
auto = branches[0] + branches[1]
lams = [p[0] for p in auto]
if min(len(b) for b in branches) < 10 or min(lams) > 0.2 + 1e-9 or max(lams) < 0.58 - 1e-9:
    problems.append(f"AUTO's fold curve has {[len(b) for b in branches]} points over lambda in "
                    f"[{min(lams, default=0):.4f}, {max(lams, default=0):.4f}], not [0.2, 0.58]")
worst_closed = 0.0
for lam, F, psi in auto:
    u, Fc = closed_form(lam)
    worst_closed = max(worst_closed, abs(F - Fc) / Fc, abs(math.sin(psi)**2 - u))
if worst_closed > TOL_AUTO:
    problems.append(f"AUTO's fold is {worst_closed:.3g} from the closed form (more than {TOL_AUTO})")

r = json.load(open(map_file))
folds = [c for c in r['curves'] if c['kind'] == 'fold']
if len(folds) != 1:
    problems.append(f"the map has {len(folds)} fold curves, not 1")
else:
    poly = sorted((p['x'], p['y']) for p in folds[0]['points'])
    (x_lo, x_hi), (y_lo, y_hi) = [(r[a]['from'], r[a]['to']) for a in 'xy']
    worst_map, worst_ratio, checked = 0.0, 0.0, 0
    for lam, F, _ in auto:
        if not (x_lo <= lam <= x_hi and y_lo <= F <= y_hi):
            continue
        if not poly[0][0] <= lam <= poly[-1][0]:
            problems.append(f"AUTO's fold (lambda {lam}, F {F}) is beyond the map's fold curve")
            continue
        k = next(i for i in range(1, len(poly)) if poly[i][0] >= lam)
        (xa, ya), (xb, yb) = poly[k - 1], poly[k]
        Fm = ya if xb == xa else ya + (yb - ya) * (lam - xa) / (xb - xa)
        xc, yc = poly[k + 1] if k + 1 < len(poly) else poly[k - 2]
        F2 = ((yc - yb) / (xc - xb) - (yb - ya) / (xb - xa)) / (xc - xa)
        local = CHORD_SAFETY * abs((lam - xa) * (lam - xb) * F2) + TOL_AUTO * F
        if abs(F - Fm) > local:
            problems.append(f"AUTO's fold (lambda {lam}, F {F}) is {abs(F - Fm):.3g} from the map's, "
                            f"more than its chord's {local:.3g}")
        worst_map, checked = max(worst_map, abs(F - Fm)), checked + 1
        worst_ratio = max(worst_ratio, abs(F - Fm) / local)
    if checked < 20:
        problems.append(f"only {checked} AUTO fold points in the map's rectangle")
    if worst_map > TOL_CHORD:
        problems.append(f"AUTO's fold is up to {worst_map:.3g} in F from the map's (more than {TOL_CHORD})")
if problems:
    print("; ".join(problems[:3]) + (f"; and {len(problems) - 3} more" if len(problems) > 3 else ""))
    sys.exit(1)
print(f"{len(auto)} AUTO fold points, {checked} in the rectangle; largest difference from the map "
      f"{worst_map:.2g} in F ({worst_ratio:.2f} of its chord's bound), from the closed form {worst_closed:.2g} (relative)")
EOF
) && echo "ok: $why" || fail "AUTO-07p against bifurcation-map: $why"
echo "note: AUTO-07p (gfortran and three runs) took $(python3 -c "print(f'{$auto_end - $auto_start:.3f}')") s," \
  "bifurcation-map on [0.15, 1.2] x [0, 20] $(python3 -c "print(f'{$map_end - $map_start:.3f}')") s"

cli_finish "AUTO-07p oracle"
