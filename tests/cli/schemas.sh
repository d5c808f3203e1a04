#!/usr/bin/env bash
# The JSON schemas of share/schemas (docs/manual.md sections 4-5) against what the apps really read and
# print: every bundled problem file, fresh output of friction-model, find-limits, classify,
# sweep-force, classify --regions, diagram-diff and degree-study, and every committed reference diagram of
# share/reference. Each schema must also reject a few broken documents, so that it is not
# vacuous. Needs the Python module jsonschema (python3-jsonschema, scripts/install-deps.sh).
# Usage: bash schemas.sh BIN_DIR SHARE_DIR
source "$(dirname "$0")/common.bash"
cli_setup find-limits "$@"
validate="$(dirname "$0")/validate_json.py"
schemas="$share/schemas"
disc="$share/problems/disc.json"
ball="$share/problems/ball.json"
general="$share/problems/general.json"

# valid SCHEMA FILE...: every file validates against share/schemas/SCHEMA.
valid() {
  local schema=$1
  shift
  if why=$(python3 "$validate" "$schemas" "$schema" "$@"); then
    echo "ok: $# file(s) valid against $schema"
  else
    fail "$why"
  fi
}

# invalid SCHEMA FILE...: no file validates against it.
invalid() {
  local schema=$1
  shift
  if why=$(python3 "$validate" "$schemas" "$schema" --invalid "$@"); then
    echo "ok: $# broken file(s) rejected by $schema"
  else
    fail "$why"
  fi
}

# output NAME CODES COMMAND...: runs COMMAND with stdout in $tmp/NAME; its exit code must be one
# of CODES (e.g. "0 3": a result printed with an incomplete certificate is still JSON).
output() {
  local name=$1 codes=$2
  shift 2
  local rc=0
  "$@" >"$tmp/$name" 2>"$tmp/$name.stderr" || rc=$?
  if [[ " $codes " != *" $rc "* ]]; then
    fail "$* exited with $rc (want one of: $codes): $(head -c 300 "$tmp/$name.stderr")"
    rm -f "$tmp/$name"
  fi
}

# ----- the schemas themselves, the problem files --------------------------------------------------
for schema in "$schemas"/*.schema.json; do
  python3 -c "import json, sys; json.load(open(sys.argv[1]))" "$schema" || fail "$schema is not JSON"
done
shopt -s extglob
# roll-*.json: limitdir.roll/1 (roll.sh), celt*.json: limitdir.celt/1 (celt.sh), pile*.json:
# limitdir.pile/1 (tests/granular/test_pile_problem.cpp)
valid problem.schema.json "$share"/problems/!(roll-*|celt*|pile*).json
shopt -u extglob

printf '%s\n' '{"system": {"preset": "disc"}, "friction": {"model": "exact"}, "frction": {}}' >"$tmp/p-unknown-key.json"
printf '%s\n' '{"system": {"preset": "disc"}, "friction": {"model": "harmonic"}}' >"$tmp/p-no-degree.json"
printf '%s\n' '{"system": {"preset": "disc"}, "friction": {"model": "pade", "order": 1, "degree": 2}}' >"$tmp/p-pade-degree.json"
printf '%s\n' '{"system": {"preset": "disc"}, "contact": {"pressure": {"power": -1}}, "friction": {"model": "exact"}}' >"$tmp/p-power.json"
printf '%s\n' '{"system": {"preset": "general", "mass": [[1, 0, 0], [0, 1, 0], [0, 0, 1]]}, "friction": {"model": "exact"}}' >"$tmp/p-no-load.json"
printf '%s\n' '{"system": {"preset": "ball", "lambda": 0}, "friction": {"model": "exact"}}' >"$tmp/p-lambda.json"
printf '%s\n' '{"schema": "limitdir.problem/2", "system": {"preset": "disc"}, "friction": {"model": "exact"}}' >"$tmp/p-schema.json"
printf '%s\n' '{"system": {"preset": "disc"}, "friction": {"model": "exact"}, "rho": "r"}' >"$tmp/p-rho.json"
invalid problem.schema.json "$tmp"/p-*.json
# The app agrees that they are broken (exit 2).
for broken in "$tmp"/p-*.json; do
  rc=0
  "$bin/friction-model" "$broken" >/dev/null 2>&1 || rc=$?
  [[ $rc -eq 2 ]] || fail "friction-model accepted $(basename "$broken") (exit $rc), which the schema rejects"
done

# ----- friction-model ------------------------------------------------------------------------------
output f-harmonic.json 0 "$bin/friction-model" "$disc" --samples 7
output f-exact.json 0 "$bin/friction-model" "$disc" --model exact --samples 5
output f-linear.json 0 "$bin/friction-model" "$disc" --model linear-fit
output f-pade1.json 0 "$bin/friction-model" "$ball" --model pade:1
output f-pade2.json 0 "$bin/friction-model" "$ball" --model pade:2
output f-coulomb.json 0 "$bin/friction-model" "$disc" --model coulomb-point --at 0,0,1 --at 1,1,0
output f-at.json 0 "$bin/friction-model" "$ball" --samples 2 --at 1,0,0 --at 0.3,-0.2,0.9
output f-profile.json 0 "$bin/friction-model" "$share/problems/disc-profile.json" --samples 4
output f-power.json 0 "$bin/friction-model" "$disc" --pressure power:0.5 --degree 3
valid friction.schema.json "$tmp"/f-*.json

# ----- find-limits and classify -----------------------------------------------------------------
output l-disc-0.json "0 3" "$bin/find-limits" "$disc" --force 0
output l-disc-0.2.json "0 3" "$bin/find-limits" "$disc" --force 0.2
output l-disc-1.2.json "0 3" "$bin/find-limits" "$disc" --force 1.2
output l-exact.json "0 3" "$bin/find-limits" "$share/problems/disc-exact.json" --force 0.3
output l-linear.json "0 3" "$bin/find-limits" "$disc" --model linear-fit --force 0.3
output l-ball.json "0 3" "$bin/find-limits" "$ball" --force 1
output l-general.json "0 3" "$bin/find-limits" "$general"
# point-spin at F = 0: the equator a sliding circle (one_sided_speeds, no transverse_eigenvalue)
output l-point-spin.json "0 3" "$bin/find-limits" "$disc" --model point-spin --force 0
valid limits.schema.json "$tmp"/l-*.json
# a sliding circle with a transverse eigenvalue, or without its speeds, is not valid
python3 -c "
import json, sys
r = json.load(open(sys.argv[1]))
c = [c for c in r['circles'] if c['sphere_type'] == 'stable-sliding-circle']
assert c, 'no sliding circle'
c[0]['transverse_eigenvalue'] = 1.0
json.dump(r, open(sys.argv[2], 'w'))
del c[0]['one_sided_speeds']
json.dump(r, open(sys.argv[3], 'w'))" "$tmp/l-point-spin.json" "$tmp/bad-sliding.json" "$tmp/bad-speeds.json" ||
  fail "find-limits disc.json --model point-spin --force 0: no sliding circle"
invalid limits.schema.json "$tmp/bad-sliding.json" "$tmp/bad-speeds.json"
python3 -c "
import json, sys
r = json.load(open(sys.argv[1]))
r['limit_directions'][0]['sphere']['type'] = 'node'
json.dump(r, open(sys.argv[2], 'w'))
r = json.load(open(sys.argv[1]))
del r['certificate']['index_sum']
json.dump(r, open(sys.argv[3], 'w'))" "$tmp/l-disc-0.2.json" "$tmp/bad-type.json" "$tmp/bad-certificate.json"
invalid limits.schema.json "$tmp/bad-type.json" "$tmp/bad-certificate.json"
# docs/manual.md section 5, Claims: every report of find-limits has claims, the level is the
# weakest of them; a claim without a level, and a level above an incomplete claim, are rejected
python3 -c "
import json, sys
r = json.load(open(sys.argv[1]))
names = [c['claim'] for c in r['certificate']['claims']]
if names[:2] != ['limit-directions', 'types']: sys.exit('claims of find-limits: ' + str(names))
del r['certificate']['claims'][0]['level']
json.dump(r, open(sys.argv[2], 'w'))
r = json.load(open(sys.argv[1]))
r['certificate']['claims'][0]['level'] = 'incomplete'
json.dump(r, open(sys.argv[3], 'w'))" "$tmp/l-disc-0.2.json" "$tmp/bad-claim.json" "$tmp/bad-claim-level.json" ||
  fail "the find-limits report has no limit-directions and types claims"
invalid limits.schema.json "$tmp/bad-claim.json" "$tmp/bad-claim-level.json"

output c-disc-0.2.json 0 "$bin/classify" <"$tmp/l-disc-0.2.json"
output c-disc-1.2.json 0 "$bin/classify" <"$tmp/l-disc-1.2.json"
output c-pole.json 0 "$bin/classify" "$disc" --force 0 --direction 0,0,1  # angle_jacobian null
output c-general.json 0 "$bin/classify" <"$tmp/l-general.json"
valid classification.schema.json "$tmp"/c-*.json
invalid classification.schema.json "$tmp/l-disc-0.2.json"

# ----- sweep-force, classify --regions, diagram-diff ----------------------------------------------
output d-disc.json "0 3" "$bin/sweep-force" "$disc" --from 0 --to 1.5
output d-linear.json "0 3" "$bin/sweep-force" "$disc" --model linear-fit --from 0.1 --to 1.5
# a kink event (docs/manual.md section 5: Kireenkov's Pade (9) on the disc)
python3 -c "import json, sys; p = json.load(open(sys.argv[1])); p['friction'] = {'model': 'kireenkov-pade', 'order': 1}; \
json.dump(p, open(sys.argv[2], 'w'))" "$disc" "$tmp/p-kink.json"
output d-kink.json "0 3" "$bin/sweep-force" "$tmp/p-kink.json" --from 0.001 --to 1.5
valid diagram.schema.json "$tmp"/d-*.json
if [[ -s $tmp/d-disc.json ]]; then
  python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))
d['force'] = None
d['parameter'] = 'lambda'
json.dump(d, open(sys.argv[2], 'w'))" "$tmp/d-disc.json" "$tmp/bad-diagram.json"
  invalid diagram.schema.json "$tmp/bad-diagram.json" "$tmp/l-disc-0.2.json"
  # a continuum event (F = 0 of the disc) must name its circles and level; no other kind may
  python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))
c = [e for e in d['bifurcations'] if e['kind'] == 'continuum']
assert c and c[0]['circles'], 'no continuum event at F = 0'
del c[0]['circles']
json.dump(d, open(sys.argv[2], 'w'))
e = json.load(open(sys.argv[1]))
other = [b for b in e['bifurcations'] if b['kind'] != 'continuum']
other[0]['level'] = 'checked'
json.dump(e, open(sys.argv[3], 'w'))" "$tmp/d-disc.json" "$tmp/bad-continuum.json" "$tmp/bad-level.json" ||
    fail "sweep-force disc.json --from 0: no continuum event with circles at F = 0"
  invalid diagram.schema.json "$tmp/bad-continuum.json" "$tmp/bad-level.json"
  output r-disc.json 0 "$bin/classify" --regions "$tmp/d-disc.json"
  valid regions.schema.json "$tmp/r-disc.json"
  output x-same.json 0 "$bin/diagram-diff" "$tmp/d-disc.json" "$tmp/d-disc.json"
  output x-different.json 1 "$bin/diagram-diff" "$tmp/d-disc.json" "$tmp/d-linear.json"
  valid diagram-diff.schema.json "$tmp"/x-*.json
fi

# ----- degree-study ------------------------------------------------------------------------------
output s-disc.json "0 3" "$bin/degree-study" "$disc" --degrees 1..3 --from 0.05 --to 1.5
output s-ball.json "0 3" "$bin/degree-study" "$ball" --degrees 2,4 --from 3 --to 4 --checks 4
valid degree-study.schema.json "$tmp"/s-*.json
if [[ -s $tmp/s-disc.json ]]; then
  # an event matched without its error, a degree out of range, a diagram instead of a study
  python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))
d['runs'][0]['events'][0]['error'] = None
json.dump(d, open(sys.argv[2], 'w'))
e = json.load(open(sys.argv[1]))
e['degrees'][0] = 0
json.dump(e, open(sys.argv[3], 'w'))" "$tmp/s-disc.json" "$tmp/bad-study-error.json" "$tmp/bad-study-degree.json"
  invalid degree-study.schema.json "$tmp/bad-study-error.json" "$tmp/bad-study-degree.json" "$tmp/d-disc.json"
fi

# ----- bifurcation-map ---------------------------------------------------------------------------
output m-disc.json "0 3" "$bin/bifurcation-map" "$disc" --y j --y-range 0.2,1 --x-range 0,1.2 --lines 3
output m-ball.json "0 3" "$bin/bifurcation-map" "$ball" --x lambda --x-range 0.15,1 --y force --y-range 0,4 --lines 3
valid map.schema.json "$tmp"/m-*.json
if [[ -s $tmp/m-disc.json ]]; then
  # a curve of an unknown kind, a region without its Case, a diagram instead of a map
  python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))
d['curves'][0]['kind'] = 'saddle-node'
json.dump(d, open(sys.argv[2], 'w'))
e = json.load(open(sys.argv[1]))
del e['regions'][0]['case']
json.dump(e, open(sys.argv[3], 'w'))" "$tmp/m-disc.json" "$tmp/bad-map-kind.json" "$tmp/bad-map-case.json"
  python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))
d['certificate']['claims'].append({'claim': 'curves', 'level': 'certain', 'reason': ''})
json.dump(d, open(sys.argv[2], 'w'))" "$tmp/m-disc.json" "$tmp/bad-map-claim.json"
  invalid map.schema.json "$tmp/bad-map-kind.json" "$tmp/bad-map-case.json" "$tmp/d-disc.json" "$tmp/bad-map-claim.json"
fi

# ----- committed reference diagrams ---------------------------------------------------------------
shopt -s nullglob
references=("$share"/reference/*.json)
if [[ ${#references[@]} -gt 0 ]]; then
  valid diagram.schema.json "${references[@]}"
else
  echo "note: share/reference holds no diagrams yet (scripts/generate-references.sh writes them)"
fi

cli_finish "schema"
