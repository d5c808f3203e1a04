#!/usr/bin/env bash
# --format text of find-limits, sweep-force and bifurcation-map (docs/manual.md section 5): the same report as a
# compact table, the same exit code; JSON stays the default. The regions of a load diagram of
# the disc and the ball are labelled with the Cases 1-4 of Sect. 7.4 of [Nonlinear Dyn. 2024]:
# the disc with the harmonic model N = 2 (Fig. 14) has, from F = 0 up, Case 4 (8 limit
# directions, below the folds F_F), Case 3 (4, below the pitchfork F_P), Case 2 (2, below the
# tangency F_T) and Case 1 (2, one repelling); the linear model (Fig. 13) has no folds, hence no
# Case 4; the ball (Sect. 7.5) "the whole analysis of Sect. 7.4 can be repeated", without the
# fold for lambda = 5 (Fig. 18). A contact that is not axisymmetric has no Cases.
# Usage: bash format_text.sh BIN_DIR SHARE_DIR
source "$(dirname "$0")/common.bash"
cli_setup find-limits "$@"
disc="$share/problems/disc.json"
ball="$share/problems/ball.json"

# ----- find-limits ---------------------------------------------------------------------------------
# Case 1 (F = 1.2 > F_T): two limit directions, w1 = e1 repelling (purple in Fig. 11).
run "$disc" --force 1.2 --format text
cp "$tmp/stdout" "$tmp/limits.txt"
[[ $rc -eq 0 && ! -s $tmp/stderr ]] || fail "find-limits --format text exited with $rc: $(head -c 300 "$tmp/stderr")"
"$app" "$disc" --force 1.2 >"$tmp/limits.json" || fail "find-limits --force 1.2 (JSON) failed"
# The text holds every direction of the JSON report with its w, rdot, types and colour.
python3 - "$tmp/limits.json" "$tmp/limits.txt" <<'PY' || fail "find-limits --format text does not show the report's directions"
import json, sys
report, text = json.load(open(sys.argv[1])), open(sys.argv[2]).read()
lines = text.splitlines()
ok = "limit directions: 2" in text and "certificate: " + report["certificate"]["level"] in text
for d in report["limit_directions"]:
    w = "({:+.6f}, {:+.6f}, {:+.6f})".format(*d["w"])
    row = [l for l in lines if w in l]
    ok = ok and len(row) == 1 and d["radial"] in row[0] and d["sphere"]["type"] in row[0]
    ok = ok and d.get("colour", "-") in row[0].split() and "{:.5e}".format(d["rdot"]) in row[0]
rep = [l for l in lines if "repelling" in l]
ok = ok and len(rep) == 1 and "purple" in rep[0] and "(+1.000000, +0.000000, +0.000000)" in rep[0]
sys.exit(0 if ok else 1)
PY
# JSON is the default and --format json says so explicitly.
run "$disc" --force 1.2 --format json
cmp -s "$tmp/stdout" "$tmp/limits.json" || fail "find-limits --format json differs from the default output"
# F = 0 (Fig. 15): the circles of latitude are listed.
run "$disc" --force 0 --format text
[[ $rc -eq 0 ]] && grep -q "^circles of limit directions" "$tmp/stdout" ||
  fail "find-limits --force 0 --format text lists no circles: $(head -c 300 "$tmp/stdout")"
expect_bad "--format" "$disc" --force 1.2 --format yaml
expect_bad "--format" "$disc" --force 1.2 --format ''

# ----- sweep-force: regions and the paper's Cases ------------------------------------------------
app="$bin/sweep-force"
# cases ARGS... : the region cases of the text table in order of the parameter, e.g. "4 3 2 1"
cases() {
  run "$@" --format text
  [[ $rc -eq 0 ]] || { fail "sweep-force $* --format text exited with $rc: $(head -c 300 "$tmp/stderr")"; return; }
  awk '/^regions:/ {r = 1; next} /^certificate:/ {r = 0} r && $4 == "Case" {printf "%s ", $5} r && $4 == "-" {printf "- "}' \
    "$tmp/stdout" | sed 's/ $//'
}
check_cases() {
  local want=$1 got
  shift
  got=$(cases "$@")
  if [[ $got == "$want" ]]; then echo "ok: sweep-force $* --format text: Cases $got"; else fail "sweep-force $*: Cases '$got', want '$want'"; fi
}
check_cases "4 3 2 1" "$disc" --from 0.01 --to 1.5
cp "$tmp/stdout" "$tmp/diagram.txt"
check_cases "3 2 1" "$disc" --model linear-fit --from 0.01 --to 1.5
check_cases "3 2 1" "$ball" --degree 1 --from 0.01 --to 4
# Events: the two folds of Case 4 are one symmetric event, then the pitchfork and the tangency
# (Sect. 7.4.4), as in the JSON diagram, in the same order.
"$app" "$disc" --from 0.01 --to 1.5 >"$tmp/diagram.json" || fail "sweep-force disc.json (JSON) failed"
python3 - "$tmp/diagram.json" "$tmp/diagram.txt" <<'PY' || fail "sweep-force --format text does not show the diagram's events and regions"
import json, sys
d, text = json.load(open(sys.argv[1])), open(sys.argv[2]).read()
lines = text.splitlines()
start = lines.index("events: %d" % len(d["bifurcations"]))
kinds = [l.split()[0] for l in lines[start + 2:start + 2 + len(d["bifurcations"])]]
ok = kinds == [e["kind"] for e in d["bifurcations"]] and kinds == ["fold", "pitchfork", "tangency"]
for e in d["bifurcations"]:
    ok = ok and any(l.split()[:2] == [e["kind"], "%.9f" % e["force"]] for l in lines)
ok = ok and ("regions: %d" % len(d["regions"])) in lines
for r in d["regions"]:
    ok = ok and any(l.split()[:3] == ["%.6f" % r["from"], "%.6f" % r["to"], str(r["count"])] for l in lines)
ok = ok and ("certificate: " + d["certificate"]["level"]) in text
sys.exit(0 if ok else 1)
PY
# Not the paper's problem: an elliptic contact has regions but no Cases.
got=$(cases "$share/problems/ellipse.json" --from 0.3 --to 0.6)
[[ -n $got && $got != *[0-9]* ]] && echo "ok: ellipse: no Cases ($got)" || fail "ellipse.json: regions labelled '$got', want no Cases"
# Another parameter than the load: no Cases.
got=$(cases "$ball" --parameter lambda --force 1 --from 2 --to 8)
[[ $got != *[0-9]* ]] && echo "ok: ball --parameter lambda: no Cases" || fail "ball --parameter lambda: regions labelled '$got'"
# The same exit code: the elliptic plate's diagram is checked, not proven (sweep_force.sh): with
# --require proven the text is printed all the same, exit 3, one line on stderr.
run "$share/problems/ellipse-hertz.json" --from 0.1 --to 0.8 --require proven --format text
if [[ $rc -eq 3 && $(wc -l <"$tmp/stderr") -eq 1 ]] && grep -q "^certificate: checked" "$tmp/stdout" &&
  grep -q "^regions: " "$tmp/stdout"; then
  echo "ok: sweep-force --require proven --format text: the text and exit 3"
else
  fail "sweep-force ellipse-hertz.json --require proven --format text: exit $rc, want the text and exit 3"
fi
# Through F = 0: the continuum event with its three circles (Fig. 16), one line each
run "$disc" --from -0.5 --to 0.5 --format text
if [[ $rc -eq 0 ]] && [[ $(grep -c "^  continuum  *0.000000000 .*3 circle(s)" "$tmp/stdout") -eq 1 ]] &&
  [[ $(grep -c "^    circle: axis (+0.000000, +0.000000, +1.000000)" "$tmp/stdout") -eq 3 ]]; then
  echo "ok: sweep-force --from -0.5 --to 0.5 --format text: the continuum at F = 0 and its circles"
else
  fail "sweep-force disc.json --from -0.5 --to 0.5 --format text: no continuum line with 3 circles: $(head -c 600 "$tmp/stdout")"
fi
expect_bad "--format" "$disc" --from 0 --to 1 --format xml

# ----- the claims of the certificate, one line each (docs/manual.md section 5, Claims) -----------
# claims_shown JSON TEXT NAME...: the text has, right after its certificate line, one line
# "  NAME  LEVEL  REASON" per claim of the JSON report, in its order, and the claims are NAME...
claims_shown() {
  python3 - "$@" <<'PY'
import json, sys
report, text, names = json.load(open(sys.argv[1])), open(sys.argv[2]).read().splitlines(), sys.argv[3:]
claims = report["certificate"]["claims"]
head = [k for k, l in enumerate(text) if l.startswith("certificate: ")]
ok = [c["claim"] for c in claims] == names and len(head) == 1
width = max(len(c["claim"]) for c in claims)
for k, c in enumerate(claims):
    line = text[head[0] + 1 + k] if head and head[0] + 1 + k < len(text) else ""
    ok = ok and line == "  %-*s  %-10s  %s" % (width, c["claim"], c["level"], c["reason"])
sys.exit(0 if ok else 1)
PY
}
app="$bin/find-limits"
# the disc at F = 1.2 (Case 1): every claim proven (the closed orbits excluded by symmetry)
claims_shown "$tmp/limits.json" "$tmp/limits.txt" limit-directions types closed-orbits &&
  grep -q "^  limit-directions  proven      proven: " "$tmp/limits.txt" &&
  grep -q "^  closed-orbits     proven      " "$tmp/limits.txt" &&
  echo "ok: find-limits --format text: the claims, one line each" ||
  fail "find-limits --format text: the claims are not shown one line each: $(tail -n 4 "$tmp/limits.txt")"
app="$bin/sweep-force"
# the disc's proven load diagram (Fig. 14): branches, events, regions and the invariant circle
claims_shown "$tmp/diagram.json" "$tmp/diagram.txt" branches events regions invariant-circle &&
  [[ $(grep -c "^  [a-z-]*  *proven  " "$tmp/diagram.txt") -eq 4 ]] &&
  echo "ok: sweep-force --format text: the claims, one line each" ||
  fail "sweep-force --format text: the claims are not shown one line each: $(tail -n 5 "$tmp/diagram.txt")"

# ----- bifurcation-map: the ball's (lambda, F) map (section 13, proven in closed form) ------------
# The text lists every curve (kind, points, ends), codimension-2 point and region of the JSON map,
# the regions labelled with the Cases of the JSON, and the claims one line each.
app="$bin/bifurcation-map"
map_args=("$ball" --x lambda --x-range 0.5:8 --y force --y-range 0:4)
"$app" "${map_args[@]}" >"$tmp/map.json" 2>/dev/null || fail "bifurcation-map (JSON) failed"
run "${map_args[@]}" --format text
cp "$tmp/stdout" "$tmp/map.txt"
[[ $rc -eq 0 ]] || fail "bifurcation-map --format text exited with $rc: $(head -c 300 "$tmp/stderr")"
python3 - "$tmp/map.json" "$tmp/map.txt" <<'PY' && echo "ok: bifurcation-map --format text: every curve, point and region of the map" ||
import json, sys
m, text = json.load(open(sys.argv[1])), open(sys.argv[2]).read()
lines = text.splitlines()
ok = "curves: %d" % len(m["curves"]) in lines and "codimension-2 points: %d" % len(m["points"]) in lines
ok = ok and "regions: %d" % len(m["regions"]) in lines and "certificate: " + m["certificate"]["level"] in text
for c in m["curves"]:
    row = [l.split() for l in lines if l.split()[:3] == [str(c["id"]), c["kind"], str(len(c["points"]))]]
    ok = ok and len(row) == 1 and ", ".join(c["ends"]) in " ".join(row[0])
for p in m["points"]:
    ok = ok and any(l.split()[:3] == [p["kind"], "%.9g" % p["x"], "%.9g" % p["y"]] for l in lines)
cases = [l.split()[1] for l in lines if l.startswith("  Case ")]
ok = ok and cases == [str(r["case"]) for r in m["regions"]]
sys.exit(0 if ok else 1)
PY
  fail "bifurcation-map --format text does not show the map's curves, points and regions: $(head -c 600 "$tmp/map.txt")"
claims_shown "$tmp/map.json" "$tmp/map.txt" curves "codimension-2 points" regions &&
  echo "ok: bifurcation-map --format text: the claims, one line each" ||
  fail "bifurcation-map --format text: the claims are not shown one line each: $(tail -n 4 "$tmp/map.txt")"
expect_bad "--format" "${map_args[@]}" --format yaml

cli_finish "--format text"
