#!/usr/bin/env bash
# Command-line contract of diagram-diff: compares two diagrams (limitdir.diagram/1) by meaning
# and prints {"schema": "limitdir.diagram-diff/1", "equal", "differences", ...}; exit 0 when they
# agree, 1 when they differ (the summary on stdout, nothing on stderr), 2 on bad input (nothing
# on stdout, one line on stderr). A diagram with its branches renumbered, reordered and traced
# backwards, its events and regions reordered, is the same diagram; a moved event, a missing
# branch, another range or a point of another type (radial or sphere_type) is not; a point at an
# event may have either type, and the same model traced with other steps has the same types.
# The branches of closed orbits are compared as curves of their period, their ends that are
# events (cycle-fold, snic, homoclinic) as events.
# Usage: bash diagram_diff.sh BIN_DIR SHARE_DIR
source "$(dirname "$0")/common.bash"
cli_setup diagram-diff "$@"
disc="$share/problems/disc.json"


# expect CODE EQUAL WORD ARGS...: exit CODE (0 or 1), empty stderr, a summary with "equal": EQUAL
# whose differences mention WORD (unless WORD is empty).
expect() {
  local code=$1 equal=$2 word=$3
  shift 3
  run "$@"
  local what=""
  [[ $rc -eq $code ]] || what+=" exit code $rc (want $code);"
  [[ ! -s $tmp/stderr ]] || what+=" stderr: $(head -c 300 "$tmp/stderr");"
  if ! python3 - "$tmp/stdout" "$equal" "$word" <<'PY'; then
import json, sys
try:
    s = json.load(open(sys.argv[1]))
except ValueError:
    sys.exit(1)
equal = sys.argv[2] == "true"
ok = s["schema"] == "limitdir.diagram-diff/1" and s["equal"] is equal and (len(s["differences"]) == 0) is equal
ok = ok and (not sys.argv[3] or any(sys.argv[3] in d for d in s["differences"]))
sys.exit(0 if ok else 1)
PY
    what+=" summary: $(head -c 600 "$tmp/stdout");"
  fi
  if [[ -n $what ]]; then
    fail "diagram-diff $*:$what"
  else
    echo "ok: diagram-diff $* -> exit $rc"
  fi
}


# transform IN OUT PYTHON: OUT is IN (a diagram, as d) changed by the Python statements.
transform() {
  python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))
$3
json.dump(d, open(sys.argv[2], 'w'))" "$1" "$2"
}

# The diagrams compared: what sweep-force prints (its certificate does not matter here).
for name in a b; do
  rc=0
  "$bin/sweep-force" "$disc" --from 0.1 --to 1.5 >"$tmp/$name.json" 2>/dev/null || rc=$?
  [[ $rc -eq 0 || $rc -eq 3 ]] || fail "sweep-force disc.json --from 0.1 --to 1.5 exited with $rc"
done
"$bin/sweep-force" "$disc" --from 0.1 --to 1.4 >"$tmp/shorter.json" 2>/dev/null
"$bin/sweep-force" "$disc" --from 0.1 --to 1.5 --degree 4 >"$tmp/degree-4.json" 2>/dev/null
"$bin/find-limits" "$disc" --force 0.2 >"$tmp/limits.json"

# ----- the same meaning ------------------------------------------------------------------------------
expect 0 true "" "$tmp/a.json" "$tmp/a.json"
expect 0 true "" "$tmp/a.json" "$tmp/b.json"  # sweep-force is deterministic
transform "$tmp/a.json" "$tmp/reordered.json" '
new_id = {}
for k, b in enumerate(d["branches"]):
    new_id[b["id"]] = 100 - k
    b["id"] = 100 - k
    b["points"].reverse()
d["branches"].reverse()
d["bifurcations"].reverse()
d["regions"].reverse()
for e in d["bifurcations"]:
    e["branches"] = [new_id[i] for i in e["branches"]]
    e["directions"].reverse()
    e["w"] = e["directions"][0] if e["directions"] else None'
expect 0 true "" "$tmp/a.json" "$tmp/reordered.json"
# Every other point of every branch dropped (the ends kept): the dropped points lie off the
# coarser chords by their sagitta, far more than --curve-tol 1e-6, but within the sampling
# allowance of those chords (report/diagram_io.hpp): sampling is not a difference.
transform "$tmp/a.json" "$tmp/thinned.json" '
for b in d["branches"]:
    b["points"] = b["points"][::2] + ([b["points"][-1]] if len(b["points"]) % 2 == 0 else [])'
expect 0 true "" "$tmp/a.json" "$tmp/thinned.json"
expect 0 true "" "$tmp/thinned.json" "$tmp/a.json"
# A branch moved: every w of the longest branch lifted by 1e-3 in w3 (then renormalised).
transform "$tmp/a.json" "$tmp/lifted.json" '
b = max(d["branches"], key=lambda b: len(b["points"]))
for p in b["points"]:
    w = [p["w"][0], p["w"][1], p["w"][2] + 1e-3]
    n = sum(x * x for x in w) ** 0.5
    p["w"] = [x / n for x in w]'
expect 1 false "points lie on no branch of A" "$tmp/a.json" "$tmp/lifted.json"
# Standard input for one of them.
expect 0 true "" "$tmp/a.json" - <"$tmp/reordered.json"
# The certificate's claims (docs/manual.md section 5): a diagram written before claims, or a
# claim's reason reworded, is the same diagram; a claim at another level is not.
transform "$tmp/a.json" "$tmp/no-claims.json" 'del d["certificate"]["claims"]'
expect 0 true "" "$tmp/a.json" "$tmp/no-claims.json"
expect 0 true "" "$tmp/no-claims.json" "$tmp/a.json"
transform "$tmp/a.json" "$tmp/reworded.json" 'd["certificate"]["claims"][0]["reason"] += " (reworded)"'
expect 0 true "" "$tmp/a.json" "$tmp/reworded.json"
transform "$tmp/a.json" "$tmp/claim-level.json" '
c = d["certificate"]
c["claims"][1]["level"] = "checked" if c["claims"][1]["level"] == "proven" else "proven"
c["level"] = min((x["level"] for x in c["claims"]), key=["incomplete", "checked", "proven"].index)
c["complete"] = c["level"] != "incomplete"'
expect 1 false "certificate.claims[events].level" "$tmp/a.json" "$tmp/claim-level.json"

# ----- differences -----------------------------------------------------------------------------------
transform "$tmp/a.json" "$tmp/shifted.json" 'd["bifurcations"][0]["force"] += 1e-4'
kind=$(python3 -c "import json, sys; print(json.load(open(sys.argv[1]))['bifurcations'][0]['kind'])" "$tmp/a.json")
expect 1 false "bifurcation $kind" "$tmp/a.json" "$tmp/shifted.json"
expect 0 true "" "$tmp/a.json" "$tmp/shifted.json" --event-atol 1e-3
# The event tolerance does not loosen the curves, nor the curve tolerance the events.
expect 1 false "points lie on no branch of A" "$tmp/a.json" "$tmp/lifted.json" --event-atol 1e-2
expect 1 false "bifurcation $kind" "$tmp/a.json" "$tmp/shifted.json" --curve-tol 1e-2
transform "$tmp/a.json" "$tmp/no-event.json" 'd["bifurcations"].pop()'
expect 1 false "has no counterpart in B" "$tmp/a.json" "$tmp/no-event.json"
transform "$tmp/a.json" "$tmp/no-branch.json" '
gone = d["branches"].pop()["id"]
for e in d["bifurcations"]:
    e["branches"] = [i for i in e["branches"] if i != gone]'
expect 1 false "lie on no branch of B" "$tmp/a.json" "$tmp/no-branch.json"
transform "$tmp/a.json" "$tmp/region.json" 'd["regions"][0]["count"] += 2; d["regions"][0]["types"]["attracting saddle"] = 7'
expect 1 false "region force in" "$tmp/a.json" "$tmp/region.json"
# The types alone: the same count, one type renamed.
transform "$tmp/a.json" "$tmp/region-types.json" '
types = d["regions"][0]["types"]
name = sorted(types)[0]
types["repelling unstable-focus"] = types.pop(name)'
expect 1 false "region force in" "$tmp/a.json" "$tmp/region-types.json"
expect 1 false "range of force" "$tmp/a.json" "$tmp/shorter.json"
expect 1 false "" "$tmp/a.json" "$tmp/degree-4.json"
transform "$tmp/a.json" "$tmp/lambda.json" 'd["parameter"] = "lambda"; d["force"] = 0.5
for b in d["branches"]:
    for p in b["points"]:
        p["lambda"] = p["force"]
for e in d["bifurcations"]:
    e["lambda"] = e["force"]'
expect 1 false "parameter" "$tmp/a.json" "$tmp/lambda.json"

# ----- types of the points along the branches ------------------------------------------------------
# One point in the middle of a branch of one type, retyped: B's point disagrees with A's curve there.
read -r radial new < <(python3 -c "
import json, sys
b = next(b for b in json.load(open(sys.argv[1]))['branches'] if len({p['sphere_type'] for p in b['points']}) == 1)
print(b['points'][0]['radial'], 'saddle' if b['points'][0]['sphere_type'] != 'saddle' else 'stable-focus')" "$tmp/a.json")
transform "$tmp/a.json" "$tmp/retyped.json" "
b = next(b for b in d['branches'] if len({p['sphere_type'] for p in b['points']}) == 1)
b['points'][len(b['points']) // 2]['sphere_type'] = '$new'"
expect 1 false "type $radial $new differs from branch" "$tmp/a.json" "$tmp/retyped.json"
# The points exactly at the events (the tangency, the pitchfork) retyped: types change there.
transform "$tmp/a.json" "$tmp/event-retyped.json" '
changed = 0
for e in d["bifurcations"]:
    for b in d["branches"]:
        for p in b["points"]:
            if b["id"] in e["branches"] and p["force"] == e["force"]:
                p["sphere_type"] = "unstable-focus"
                changed += 1
assert changed > 0, "no point lies exactly at an event"'
expect 0 true "" "$tmp/a.json" "$tmp/event-retyped.json"
# The committed references agree with themselves.
for reference in "$share"/reference/*.json; do
  expect 0 true "" "$reference" "$reference"
done
# The reference of Fig. 14 (steps up to 0.05) against the same model traced with steps up to
# 0.01: their polylines differ by the chord sag h^2 kappa / 8, about 6e-4 at the sharpest bend
# (the asymmetric branches near the pitchfork), within the sampling allowance of each chord:
# equal at the default tolerances, every point on the other curve and every type compared.
"$bin/sweep-force" "$disc" --from 0 --to 1.5 --h-max 0.01 >"$tmp/fine.json" 2>/dev/null
expect 0 true "" "$share/reference/disc-harmonic-2.json" "$tmp/fine.json"
expect 0 true "" "$tmp/fine.json" "$share/reference/disc-harmonic-2.json"
# A genuinely moved event of the fine diagram still differs.
transform "$tmp/fine.json" "$tmp/fine-moved.json" 'd["bifurcations"][0]["force"] += 1e-4'
expect 1 false "has no counterpart" "$share/reference/disc-harmonic-2.json" "$tmp/fine-moved.json"

# ----- branches of closed orbits and their ends (docs/manual.md section 9) ---------------------------
# general-hopf.json at rho = 6 over [0.7575, 0.759]: one orbit branch from the Hopf point, down to
# a period blow-up (an event among the bifurcations, after those of the limit directions).
python3 -c "
import json, sys
p = json.load(open(sys.argv[1])); p['rho'] = 6.0
json.dump(p, open(sys.argv[2], 'w'))" "$share/problems/general-hopf.json" "$tmp/hopf6.json"
rc=0
"$bin/sweep-force" "$tmp/hopf6.json" --from 0.7575 --to 0.759 >"$tmp/orbits.json" 2>/dev/null || rc=$?
[[ $rc -eq 0 || $rc -eq 3 ]] || fail "sweep-force general-hopf (rho = 6) exited with $rc"
python3 - "$tmp/orbits.json" <<'PY' || fail "general-hopf (rho = 6): no orbit branch ending at an event: $(head -c 300 "$tmp/orbits.json")"
import json, sys
d = json.load(open(sys.argv[1]))
ends = [e for b in d["orbit_branches"] for e in b["ends"] if e["kind"] in ("cycle-fold", "snic", "homoclinic")]
events = [e for e in d["bifurcations"] if e["kind"] in ("cycle-fold", "snic", "homoclinic")]
sys.exit(0 if ends and len(events) == len(ends) and d["bifurcations"][-len(events):] == events else 1)
PY
expect 0 true "" "$tmp/orbits.json" "$tmp/orbits.json"
# The same problem swept with steps up to 0.01: the Hopf event moves within its tolerance, the orbit
# branch starts from another orbit of the search and stops at its thresholds (amplitude 0.02 at the
# Hopf point, the smallest step at the blow-up) at other points: the same diagram.
"$bin/sweep-force" "$tmp/hopf6.json" --from 0.7575 --to 0.759 --h-max 0.01 >"$tmp/orbits-fine.json" 2>/dev/null ||
  fail "sweep-force general-hopf (rho = 6) --h-max 0.01 failed"
expect 0 true "" "$tmp/orbits.json" "$tmp/orbits-fine.json"
expect 0 true "" "$tmp/orbits-fine.json" "$tmp/orbits.json"
# Every other point of the orbit branch dropped (the ends kept): sampling is not a difference.
transform "$tmp/orbits.json" "$tmp/orbits-thinned.json" '
for b in d["orbit_branches"]:
    b["points"] = b["points"][::2] + ([b["points"][-1]] if len(b["points"]) % 2 == 0 else [])'
expect 0 true "" "$tmp/orbits.json" "$tmp/orbits-thinned.json"
# Every period 0.1 % longer: the orbit branch has moved.
transform "$tmp/orbits.json" "$tmp/orbits-slower.json" '
for b in d["orbit_branches"]:
    for p in b["points"]:
        p["period"] *= 1.001'
expect 1 false "points lie on no orbit branch of A" "$tmp/orbits.json" "$tmp/orbits-slower.json"
# The blow-up moved by 1e-4 (its end and its event alike), far beyond its error.
transform "$tmp/orbits.json" "$tmp/orbits-moved.json" '
for b in d["orbit_branches"]:
    for e in b["ends"]:
        if e["kind"] in ("snic", "homoclinic"):
            e["force"] -= 1e-4
for e in d["bifurcations"]:
    if e["kind"] in ("snic", "homoclinic"):
        e["force"] -= 1e-4'
kind=$(python3 -c "import json, sys; print(json.load(open(sys.argv[1]))['bifurcations'][-1]['kind'])" "$tmp/orbits.json")
expect 1 false "bifurcation $kind" "$tmp/orbits.json" "$tmp/orbits-moved.json"
# No orbit branch at all (a diagram written before them): its branch and its end are missing.
transform "$tmp/orbits.json" "$tmp/orbits-none.json" '
del d["orbit_branches"]
d["bifurcations"] = [e for e in d["bifurcations"] if e["kind"] not in ("cycle-fold", "snic", "homoclinic")]'
expect 1 false "lie on no orbit branch of B" "$tmp/orbits.json" "$tmp/orbits-none.json"
expect 1 false "of A has no counterpart in B" "$tmp/orbits.json" "$tmp/orbits-none.json"
# Bad input: an orbit event that is not the end of its branch, one before the other events, an
# orbit point of negative period.
transform "$tmp/orbits.json" "$tmp/orbits-bad-event.json" 'd["bifurcations"][-1]["force"] += 1e-3'
transform "$tmp/orbits.json" "$tmp/orbits-bad-order.json" 'd["bifurcations"].insert(0, d["bifurcations"].pop())'
transform "$tmp/orbits.json" "$tmp/orbits-bad-period.json" 'd["orbit_branches"][0]["points"][1]["period"] = -1'
expect_bad "must be the end of the orbit branch it names" "$tmp/orbits.json" "$tmp/orbits-bad-event.json"
expect_bad "follow the other events" "$tmp/orbits.json" "$tmp/orbits-bad-order.json"
expect_bad "orbit_branches[0].points[1].period" "$tmp/orbits.json" "$tmp/orbits-bad-period.json"

# ----- bad input -------------------------------------------------------------------------------------
printf '%s\n' '{"schema": "limitdir.diagram/1"' >"$tmp/malformed.json"
transform "$tmp/a.json" "$tmp/bad-radial.json" 'd["branches"][0]["points"][1]["radial"] = "sideways"'
expect_bad "needs two diagram files" "$tmp/a.json"
expect_bad "needs two diagram files"
expect_bad "needs two diagram files" "$tmp/a.json" "$tmp/a.json" "$tmp/a.json"
expect_bad "limitdir.diagram/1" "$tmp/a.json" "$tmp/limits.json"
expect_bad "limitdir.diagram/1" "$disc" "$tmp/a.json"
expect_bad "malformed JSON" "$tmp/a.json" "$tmp/malformed.json"
expect_bad "branches[0].points[1].radial" "$tmp/a.json" "$tmp/bad-radial.json"
expect_bad "cannot open" "$tmp/a.json" "$tmp/missing.json"
expect_bad "directory" "$tmp/a.json" "$tmp"
expect_bad "both" - -
expect_bad "no input" "$tmp/a.json" - </dev/null
expect_bad "--event-rtol" "$tmp/a.json" "$tmp/a.json" --event-rtol -1
expect_bad "--event-rtol" "$tmp/a.json" "$tmp/a.json" --event-rtol nan
expect_bad "--event-atol" "$tmp/a.json" "$tmp/a.json" --event-atol 0
expect_bad "--event-atol" "$tmp/a.json" "$tmp/a.json" --event-atol x
expect_bad "--curve-tol" "$tmp/a.json" "$tmp/a.json" --curve-tol 0
expect_bad "--curve-tol" "$tmp/a.json" "$tmp/a.json" --curve-tol inf
expect_bad "--rtol" "$tmp/a.json" "$tmp/a.json" --rtol 1e-3  # now --event-rtol

# ----- the problem keys that differ ------------------------------------------------------------------
# problem_keys names each key of the embedded problems that differs, as a dotted path with both
# values (absent on one side: no "a" or "b"); it does not make the diagrams differ.
keys() {
  local want=$1
  shift
  run "$@"
  python3 - "$tmp/stdout" "$want" <<'PY' || fail "diagram-diff $*: problem_keys $(head -c 600 "$tmp/stdout"), want $want"
import json, sys
s, want = json.load(open(sys.argv[1])), json.loads(sys.argv[2])
sys.exit(0 if s["problem_keys"] == want else 1)
PY
}
keys '[]' "$tmp/a.json" "$tmp/reordered.json"
keys '[{"key": "friction.degree", "a": 2, "b": 4}]' "$tmp/a.json" "$tmp/degree-4.json"
transform "$tmp/a.json" "$tmp/renamed.json" '
d["problem"]["name"] = "renamed"
d["problem"]["contact"]["distortion"] = {"d": 0.5}
d["problem"]["system"]["j"] = 0.25'
keys '[{"key": "contact.distortion", "b": {"d": 0.5}}, {"key": "name", "a": "disc on a rigid plane", "b": "renamed"},
      {"key": "system.j", "a": 0.5, "b": 0.25}]' "$tmp/a.json" "$tmp/renamed.json"
[[ $rc -eq 0 ]] || fail "diagram-diff: problem keys alone made the diagrams differ (exit $rc)"
# --format text: the same as lines.
run "$tmp/a.json" "$tmp/degree-4.json" --format text
grep -qx "  friction.degree: A 2, B 4" "$tmp/stdout" || fail "diagram-diff --format text: $(head -c 400 "$tmp/stdout")"
grep -q "^diagrams: differ (" "$tmp/stdout" || fail "diagram-diff --format text does not say that they differ"
[[ $rc -eq 1 ]] || fail "diagram-diff --format text exited with $rc, want 1"
run "$tmp/a.json" "$tmp/renamed.json" --format text
grep -qx "  contact.distortion: A (absent), B {\"d\":0.5}" "$tmp/stdout" || fail "diagram-diff --format text: $(head -c 400 "$tmp/stdout")"
grep -qx "diagrams: equal" "$tmp/stdout" || fail "diagram-diff --format text does not say equal"

# ----- help and version ------------------------------------------------------------------------------
run --help
if [[ $rc -ne 0 ]]; then
  fail "diagram-diff --help exited with $rc"
else
  for word in --event-rtol --event-atol --curve-tol "Exit codes" "1  the diagrams differ" "limitdir.diagram-diff/1"; do
    grep -q -- "$word" "$tmp/stdout" || fail "--help does not mention $word"
  done
fi
run --version
grep -qE '^diagram-diff \(limitdir\) [0-9]+\.[0-9]+\.[0-9]+$' "$tmp/stdout" || fail "--version printed '$(cat "$tmp/stdout")'"

cli_finish "diagram-diff"
