#!/usr/bin/env bash
# Command-line contract of bifurcation-map (docs/manual.md section 13): one JSON document of
# schema "limitdir.map/1"; bad input exits 2 with nothing on stdout and one line on stderr.
# The disc in (j, F) against values known without this program: with the harmonic model N = 2
# the pure sliding w = e1 is tangent where F = C1 (R*(e1) = F - C(0), docs/manual.md section 1;
# M^-1 has m1 = 1 whatever j), and the pitchfork of the equator where F = |C1 - (4/9)/j S1|
# ((132) at u = 0 with the third row (4/9)/j of M^-1, (126) with rho = kappa), C1 and S1 taken
# from friction-model.
# Usage: bash bifurcation_map.sh BIN_DIR SHARE_DIR
source "$(dirname "$0")/common.bash"
cli_setup bifurcation-map "$@"
disc="$share/problems/disc.json"
ball="$share/problems/ball.json"

first_coefficients "$disc"
# curve points are corrected to ~1e-11 in the scaled unknowns: 1e-9 on these parameters
REPORT_PRELUDE="
TOL = 1e-9
C1, S1 = $C1, $S1
def kinds(k):
    return [c for c in r['curves'] if c['kind'] == k]
"
expect_report map.schema.json "(
r['certificate']['level'] == 'proven' and r['x']['parameter'] == 'force' and r['y']['parameter'] == 'j'
and 'on the invariant circle' in r['certificate']['reason'] and r['mirrors'] == [1, 2]
and len(kinds('tangency')) == 1 and all(abs(p['x'] - C1) <= TOL for p in kinds('tangency')[0]['points'])
and len(kinds('pitchfork')) == 2
and all(abs(p['x'] - abs(C1 - 4 / 9 / p['y'] * S1)) <= TOL for c in kinds('pitchfork') for p in c['points'])
and len(kinds('fold')) == 1 and [p['kind'] for p in r['points']] == ['fold-pole']
and all(c['ends'][0] != 'failed' and c['ends'][1] != 'failed' for c in r['curves'])
and abs(sum(g['area'] for g in r['regions']) - 1) <= 1e-9
and sorted(g['case'] for g in r['regions'] if g['case'] is not None) == [1, 2, 3, 4]
and [(c['claim'], c['level']) for c in r['certificate']['claims']]
    == [('curves', 'proven'), ('codimension-2 points', 'proven'), ('regions', 'proven')]
and all(c['reason'].startswith('proven: ') for c in r['certificate']['claims'])
)" "$disc" --y j --y-range 0.1,2 --x-range 0,1.5

# --orbits on a map proven on the invariant circle (the ball has no closed orbit there): the orbit
# curves, none here, are claimed checked, never proven, so the map is checked overall and its
# reason says which claims are proven; without --orbits orbit_curves is null (not continued)
expect_report map.schema.json "(
r['orbit_curves'] == [] and r['certificate']['level'] == 'checked'
and [(c['claim'], c['level']) for c in r['certificate']['claims']]
    == [('curves', 'proven'), ('codimension-2 points', 'proven'), ('regions', 'proven'), ('orbit curves', 'checked')]
and 'are proven; the orbit curves are checked: 0 orbit curve(s)' in r['certificate']['reason']
)" "$ball" --y lambda --y-range 0.5:1.5 --x-range 0.2:1.4 --lines 2 --orbits
expect_report map.schema.json "r['orbit_curves'] is None and r['certificate']['level'] == 'proven'" \
  "$ball" --y lambda --y-range 0.5:1.5 --x-range 0.2:1.4 --lines 2

# the axes swapped (force as y) describe the same curves
expect_report map.schema.json "(
r['certificate']['level'] == 'proven' and r['x']['parameter'] == 'lambda'
and sorted(c['kind'] for c in r['curves']) == ['fold', 'pitchfork', 'pitchfork', 'tangency']
)" "$ball" --x lambda --x-range 0.2,8 --y force --y-range 0,4

# --max-chord: the tolerance recorded, the map still proven, and every chord's middle of the
# pitchfork curves on F = |C1 - (4/9)/j S1| to 1e-8 of the rectangle (the tolerance asked for, in the
# scaled (x, y); the closed form's own rounding is ~1e-15)
expect_report map.schema.json "(
r['certificate']['level'] == 'proven' and r['max_chord'] == 1e-8
and all(abs((p['x'] + q['x']) / 2 - abs(C1 - 4 / 9 / ((p['y'] + q['y']) / 2) * S1)) / 1.5 <= 1e-8 + 1e-13
        for c in kinds('pitchfork') for p, q in zip(c['points'], c['points'][1:]))
)" "$disc" --y j --y-range 0.1,2 --x-range 0,1.5 --max-chord 1e-8

# the exact curves over lambda are sampled at dyadic fractions of the range 0.2:8, each printed as
# its decimal: (x - 0.2)/7.8 in exact decimal arithmetic is j/2^20 for an integer j (not
# 0.44375000000000003 for 0.2 + 7.8/32), but at the abscissae of the codimension-2 points (a vertex
# of every curve over lambda)
expect_report map.schema.json "(
__import__('decimal').getcontext().__setattr__('prec', 60) is None
and all(((__import__('decimal').Decimal(repr(p['x'])) - __import__('decimal').Decimal('0.2'))
         / __import__('decimal').Decimal('7.8') * 2**20) % 1 == 0
        for c in kinds('tangency') for p in c['points'] if p['x'] not in [q['x'] for q in r['points']])
and r['crossings'] and all(x['kinds'][0] != x['kinds'][1] or x['curves'][0] == x['curves'][1] for x in r['crossings'])
)" "$ball" --x lambda --x-range 0.2:8 --y force --y-range 0:4

# the exact disc with Kireenkov's shift k: no reflection is a symmetry of the family, the half-turn
# about e1 is; the pure sliding w = e1 keeps its pitchfork at F = 0.5 (the exact disc's, Sect.
# 7.4 [Nonlinear Dyn. 2024], at k = 0), a pitchfork of the half-turn, followed inside its fixed line
expect_report map.schema.json "(
r['certificate']['level'] == 'checked' and r['mirrors'] == [] and r['half_turn']
and [(c['claim'], c['level']) for c in r['certificate']['claims']]
    == [('curves', 'checked'), ('codimension-2 points', 'checked'), ('regions', 'checked')]
and [c['kind'] for c in r['curves']] == ['pitchfork'] and r['curves'][0]['mirrors'] == [1, 2]
and min(abs(p['y'] - 0.5) for p in r['curves'][0]['points'] if p['x'] == 0) <= TOL
)" "$share/problems/disc-exact.json" --x k --x-range 0,0.3 --y force --y-range 0.3,0.7 --lines 1

# a system without symmetry (share/problems/general-hopf.json: a coupled mass matrix makes B = -M^-1
# diag(C1, C1, (kappa/rho) S1) non-normal, so J_T has complex eigenvalues for some w): a Hopf curve
# born at a Bogdanov-Takens point on a fold curve, both solved independently with mpmath
# (check_bogdanov_takens.py); inside one region the focus of the Hopf curve's side turns into a
# node where the discriminant of J_T vanishes (no bifurcation: the map stays checked)
expect_report map.schema.json "(
r['certificate']['level'] == 'checked' and r['mirrors'] == [] and not r['half_turn']
and sorted(c['kind'] for c in r['curves']) == ['fold', 'fold', 'hopf']
and [p['kind'] for p in r['points']] == ['bogdanov-takens']
)" "$share/problems/general-hopf.json" --x force --x-range 0,1.5 --y rho --y-range 1.5,6
if [[ $rc -eq 0 ]]; then
  why=$(python3 "$(dirname "$0")/check_bogdanov_takens.py" "$tmp/stdout" "$bin/friction-model" \
    "$share/problems/general-hopf.json") || fail "general-hopf.json: $why"
  echo "$why"
fi

# a friction model with a kink set: the modified Pade model (47) of the elliptic plate is not smooth
# on the equator, where the branches off it meet a pure sliding w = +-e1 with a corner (docs/manual.md
# section 5, kinks); the kink curve of w = -e1 is followed in (force, a/b) inside both mirrors
expect_report map.schema.json "(
r['certificate']['level'] == 'checked' and r['mirrors'] == [1, 2]
and sorted(c['kind'] for c in r['curves']) == ['kink', 'tangency']
and all(c['mirrors'] == [1, 2] and all(abs(p['w'][0]) == 1 for p in c['points']) for c in kinds('kink'))
)" "$share/problems/ellipse.json" --model kudra-pade:1 --x force --x-range 0.05,1.5 --y a/b --y-range 0.5,0.9 --lines 5

# ----- bad input ---------------------------------------------------------------------------------
expect_bad "--y" "$disc" --x-range 0,1
expect_bad "--y-range" "$disc" --y j --x-range 0,1
expect_bad "--x-range" "$disc" --y j --y-range 0.1,1
expect_bad "A,B" "$disc" --y j --y-range 0.5 --x-range 0,1
expect_bad "A < B" "$disc" --y j --y-range 1,0.5 --x-range 0,1
expect_bad "--x-range" "$disc" --y j --y-range 0.1,1 --x-range 0,nan
expect_bad "differ" "$disc" --x j --y j --y-range 0.1,1 --x-range 0.2,1
expect_bad "bogus" "$disc" --y bogus --y-range 0.1,1 --x-range 0,1
expect_bad "lambda" "$disc" --y lambda --y-range 0.5,1 --x-range 0,1
expect_bad "--force" "$disc" --y j --y-range 0.1,1 --x-range 0,1 --force 0.5
expect_bad "--lines" "$disc" --y j --y-range 0.1,1 --x-range 0,1 --lines 0
for tol in 0 -1e-8 nan inf 1e-8x; do
  expect_bad "--max-chord" "$disc" --y j --y-range 0.1,1 --x-range 0,1 --max-chord "$tol"
done
expect_bad "j" "$disc" --y j --y-range -1,1 --x-range 0,1
expect_bad "PROBLEM" --y j --y-range 0.1,1 --x-range 0,1
expect_bad "--require" "$disc" --y j --y-range 0.1,1 --x-range 0,1 --require always
# a checked map is below --require proven: printed all the same, exit 3 (the exact model has no
# closed form on the circle: no proof applies, docs/manual.md section 13)
expect_error 3 "not proven as --require asks" "$share/problems/disc-exact.json" --y j --y-range 0.4,1 --x-range 0.5,1 \
  --lines 2 --require proven
[[ -s $tmp/stdout ]] || fail "bifurcation-map --require proven: the map is not on stdout"

# ----- help and version ----------------------------------------------------------------------------
run --help
if [[ $rc -ne 0 ]]; then
  fail "bifurcation-map --help exited with $rc"
else
  for word in --x --y --x-range --y-range --lines --max-chord --force --require "Exit codes" "limitdir.map/1"; do
    grep -q -- "$word" "$tmp/stdout" || fail "--help does not mention $word"
  done
fi
run --version
grep -qE '^bifurcation-map \(limitdir\) [0-9]+\.[0-9]+\.[0-9]+$' "$tmp/stdout" || fail "--version printed '$(cat "$tmp/stdout")'"

cli_finish "bifurcation-map"
