#!/usr/bin/env bash
# Closed orbits of V* in the find-limits report (docs/manual.md section 9): the array
# `closed_orbits` and certificate.closed_orbits. The disc and the ball have the invariant great
# circle w2 = 0 and get the exclusion (their level is unchanged); the general system of
# share/problems/general.json has no symmetry: its proven limit set gets the combinatorial-flow
# proof (limits/orbit_exclusion.hpp), which excludes closed orbits, so its level stays proven (the
# numerical search, which found none before, agrees: limits/test_orbit_exclusion.cpp);
# the shifted disc turns its circles of limit directions at F = 0 into orbits (below).
# Usage: bash closed_orbits.sh BIN_DIR SHARE_DIR
source "$(dirname "$0")/common.bash"
cli_setup find-limits "$@"
check="$(dirname "$0")/check_reports.py"

# holds LABEL EXPR: the report on stdout satisfies the Python expression EXPR in r.
holds() {
  python3 - "$tmp/stdout" "$2" <<'PY' || fail "$1"
import json, math, sys
r = json.load(open(sys.argv[1]))
sys.exit(0 if eval(sys.argv[2]) else 1)
PY
}

# complete LABEL ARGS...: exit 0, empty stderr, a valid complete report.
complete() {
  local label=$1
  shift
  run "$@"
  if [[ $rc -ne 0 || -s $tmp/stderr ]]; then
    fail "$label: exit $rc, stderr: $(head -c 300 "$tmp/stderr")"
  elif ! why=$(python3 "$check" limits "$tmp/stdout" --complete yes); then
    fail "$label: $why"
  else
    echo "ok: $label"
  fi
}

excluded='r["certificate"]["closed_orbits"] == "excluded" and r["closed_orbits"] == [] and "closed orbits excluded" in r["certificate"]["reason"]'
for force in 0 0.3 1.2; do
  complete "disc.json --force $force" "$share/problems/disc.json" --force $force
  holds "disc.json --force $force: closed orbits are not excluded" "$excluded"
done
complete "disc.json --force 0.3: proven" "$share/problems/disc.json" --force 0.3 --require proven
complete "disc-exact.json --force 0.3" "$share/problems/disc-exact.json" --force 0.3
holds "disc-exact.json: closed orbits are not excluded" "$excluded"
complete "ball.json --force 0.2" "$share/problems/ball.json" --force 0.2
holds "ball.json: closed orbits are not excluded" "$excluded"

complete "general.json" "$share/problems/general.json"
holds "general.json: closed orbits not excluded by the combinatorial flow, or the level is not proven" \
  'r["certificate"]["closed_orbits"] == "excluded" and r["certificate"]["level"] == "proven" and r["closed_orbits"] == [] and "combinatorial flow" in r["certificate"]["reason"]'

# Kireenkov's shifted disc at F = 0 (share/problems/disc-shift.json, constant k = 0.5): the disc's
# circles of limit directions become closed orbits (docs/manual.md section 9). The limit set: the
# equator (a circle of limit directions: pure sliding, q = -w, and the shift adds no torque there on
# a circle) and the poles, singular points (the shift's direction jumps there) of index 1 each;
# every forward trajectory ends on one of two attracting orbits, every backward one at the equator
# or in a pole's capture disc. The orbits are latitude circles in +- pairs (rotations about e3 and
# w3 -> -w3 with w2 -> -w2 are symmetries of the shifted disc).
run "$share/problems/disc-shift.json" --force 0
[[ $rc -eq 0 ]] || fail "disc-shift.json --force 0: exit $rc (want 0, checked), stderr: $(head -c 300 "$tmp/stderr")"
holds "disc-shift: not checked, or the orbits are not listed" 'r["certificate"]["level"] == "checked" and r["certificate"]["closed_orbits"] == "checked" and len(r["closed_orbits"]) == 2'
holds "disc-shift: the equator and the poles are not the limit set" \
  'r["limit_directions"] == [] and len(r["circles"]) == 1 and abs(r["circles"][0]["theta"]) < 1e-12 and sorted(round(p["w"][2]) for p in r["singular_points"]) == [-1, 1] and all(p["index"] == 1 for p in r["singular_points"])'
holds "disc-shift: an orbit is not a latitude circle" \
  'all(max(p[2] for p in o["polyline"]) - min(p[2] for p in o["polyline"]) < 1e-7 for o in r["closed_orbits"])'
holds "disc-shift: the attracting orbits do not come in +- pairs" \
  'sorted(round(o["w"][2], 7) for o in r["closed_orbits"] if o["stability"] == "attracting") == sorted(round(-o["w"][2], 7) for o in r["closed_orbits"] if o["stability"] == "attracting") and any(o["stability"] == "attracting" for o in r["closed_orbits"])'
cp "$tmp/stdout" "$tmp/shift-report.json"
why=$(python3 "$(dirname "$0")/validate_json.py" "$share/schemas" limits.schema.json "$tmp/shift-report.json") ||
  fail "disc-shift: the report with closed orbits is not valid against limits.schema.json: $why"
# each orbit proven on the exact model (its series form through E and B's equations), attracting,
# its period enclosure holding the search's; the certificate stays checked (the list of orbits is
# not proven complete: the flow turns about the poles)
holds "disc-shift: an orbit is not proven attracting, or its enclosure misses the search's period" \
  'all(o["proof"]["status"] == "proven" and o["proof"]["multiplier"][1] < 1 and o["proof"]["period"][0] - 1e-7 * o["period"] <= o["period"] <= o["proof"]["period"][1] + 1e-7 * o["period"] for o in r["closed_orbits"])'
# closed orbits are not zeros: |w| = 1, period > 0, multiplier > 0, polyline closed up to one step
holds "disc-shift: malformed orbit entries" \
  'all(abs(math.hypot(*o["w"]) - 1) < 1e-9 and o["period"] > 0 and o["multiplier"] > 0 and len(o["polyline"]) == 128 for o in r["closed_orbits"])'

# A proven orbit (docs/manual.md section 9, "Proof of an orbit"): general-hopf.json at rho = 6 below
# its Hopf point has one repelling orbit (the harmonic model N = 1, whose q is a polynomial); its
# proof holds the search's period and multiplier (limits/test_orbit_proof.cpp compares them), the
# report is valid, and the certificate stays checked: the list of orbits is not proven complete.
run "$share/problems/general-hopf.json" --rho 6 --force 0.7582
[[ $rc -eq 0 ]] || fail "general-hopf.json --rho 6 --force 0.7582: exit $rc, stderr: $(head -c 300 "$tmp/stderr")"
holds "general-hopf rho = 6: the orbit is not proven, or its enclosures miss the search's values" \
  'len(r["closed_orbits"]) == 1 and (lambda o: o["proof"]["status"] == "proven" and o["proof"]["period"][0] - 1e-7 * o["period"] <= o["period"] <= o["proof"]["period"][1] + 1e-7 * o["period"] and o["proof"]["multiplier"][0] > 1 and len(o["proof"]["section"]) == 2)(r["closed_orbits"][0])'
holds "general-hopf rho = 6: the certificate calls the list of orbits complete" \
  'r["certificate"]["closed_orbits"] == "checked" and "the list is not proven complete" in r["certificate"]["reason"]'
cp "$tmp/stdout" "$tmp/proof-report.json"
why=$(python3 "$(dirname "$0")/validate_json.py" "$share/schemas" limits.schema.json "$tmp/proof-report.json") ||
  fail "general-hopf rho = 6: the report with a proven orbit is not valid against limits.schema.json: $why"

# At F = 0.05 the load tilts the field about the poles: V* crosses every small circle about a pole
# outwards on one side and inwards on the other, so no circle is a capture disc; the backward
# trajectories spiral into the poles ever more slowly (distance ~ exp(-0.2 tau), ~1/distance turns
# per unit time), and only the turn capture (each turn about the pole ends closer to it,
# docs/manual.md section 9) settles them. Two attracting orbits, images of each other under the
# rotation by pi about the load's axis e1 (w2 -> -w2, w3 -> -w3), so with the same period.
run "$share/problems/disc-shift.json" --force 0.05
[[ $rc -eq 0 ]] || fail "disc-shift.json --force 0.05: exit $rc (want 0, checked), stderr: $(head -c 300 "$tmp/stderr")"
holds "disc-shift F = 0.05: not checked, or not two attracting orbits" \
  'r["certificate"]["level"] == "checked" and len(r["closed_orbits"]) == 2 and all(o["stability"] == "attracting" for o in r["closed_orbits"])'
holds "disc-shift F = 0.05: the orbits are not mirror images (w2, w3 -> -w2, -w3)" \
  'abs(r["closed_orbits"][0]["period"] - r["closed_orbits"][1]["period"]) < 1e-6 * r["closed_orbits"][0]["period"] and abs(max(p[2] for p in r["closed_orbits"][0]["polyline"]) + min(p[2] for p in r["closed_orbits"][1]["polyline"])) < 1e-4'

# The orbits die at the fold F* ~ 0.1405 of sweep-force, where a saddle-node pair of limit
# directions appears on them (a saddle-node on an invariant circle): by the normal form
# dphi/dtau = a phi^2 + b (F* - F) at the bottleneck, the period grows like pi/sqrt(a b (F* - F)),
# so log T against log(F* - F) has slope -1/2; measured at F* - F = 1.25e-3 and 2.5e-4 (the
# correction, ~ T_reg sqrt(F* - F)/(2 pi/sqrt(a b)) with a regular part T_reg of tens, stays
# below 0.02). Just past the fold: no orbit, six limit directions.
"$bin/sweep-force" "$share/problems/disc-shift.json" --from 0.1 --to 0.16 > "$tmp/snic.json" 2> "$tmp/stderr" ||
  fail "sweep-force disc-shift.json --from 0.1 --to 0.16: exit $?: $(head -c 300 "$tmp/stderr")"
fstar=$(python3 -c "import json, sys; print(repr([e['force'] for e in json.load(open(sys.argv[1]))['bifurcations'] if e['kind'] == 'fold'][0]))" "$tmp/snic.json")
periods=()
for delta in 1.25e-3 2.5e-4; do
  run "$share/problems/disc-shift.json" --force "$(python3 -c "print(repr($fstar - $delta))")"
  periods+=("$(python3 -c "import json, sys; r = json.load(open(sys.argv[1])); print(repr(r['closed_orbits'][0]['period']) if r['certificate']['level'] == 'checked' and len(r['closed_orbits']) == 2 else 'none')" "$tmp/stdout")")
done
python3 -c "
import math, sys
t1, t2 = sys.argv[1:3]
if 'none' in (t1, t2): sys.exit('no checked pair of orbits below the fold')
slope = math.log(float(t2) / float(t1)) / math.log(2.5e-4 / 1.25e-3)
sys.exit(0 if abs(slope + 0.5) <= 0.02 else 'slope %.4f, not -1/2' % slope)" "${periods[@]}" ||
  fail "disc-shift: the period near the fold F* = $fstar does not grow like (F* - F)^(-1/2) (periods ${periods[*]})"
run "$share/problems/disc-shift.json" --force "$(python3 -c "print(repr($fstar + 1e-3))")"
holds "disc-shift just past the fold: orbits remain, or not six limit directions" \
  'r["certificate"]["level"] == "checked" and r["closed_orbits"] == [] and len(r["limit_directions"]) == 6'

run --help
grep -q "Closed orbits" "$tmp/stdout" || fail "find-limits --help does not mention closed orbits"

# point-spin (33) at F = 0 (c = 0): V* jumps on the equator, which is a circle of Filippov limit
# directions (an attracting sliding set whose sliding field vanishes) between the circles of
# latitude of each hemisphere: every trajectory that reaches the equator ends there (before, the
# sliding integration of a field that vanishes along the whole equator grew its steps without
# bound and stopped with an internal error, exit 5)
for p in disc ball ellipse; do
  complete "$p.json --model point-spin --force 0" "$share/problems/$p.json" --model point-spin --force 0
  holds "$p.json point-spin at F = 0: not three circles (the equator a stable sliding circle) and two poles, orbits checked" \
    'r["certificate"]["closed_orbits"] == "checked" and len(r["limit_directions"]) == 2 and sorted(c["sphere_type"] for c in r["circles"]) == ["stable-sliding-circle", "unstable-circle", "unstable-circle"]'
done

cli_finish "closed_orbits"
