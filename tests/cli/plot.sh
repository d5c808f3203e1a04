#!/usr/bin/env bash
# Command-line contract of plot (docs/manual.md section 11): for every kind of report made from
# the bundled problems (sweep-force diagrams, find-limits, friction-model, simulate), the SVG is
# well-formed XML (xmllint) and renders (rsvg-convert) to a PNG of the requested size whose
# pixels at known data points have the colour drawn there: the data are mapped to pixels here,
# in check_plot.py, from the frame's data range and rectangle (or the hemisphere's centre,
# radius and axes), independently of plot's own map. Bad input: one line on stderr, exit 2.
# Needs xmllint (libxml2-utils) and rsvg-convert (librsvg2-bin), scripts/install-deps.sh.
# Usage: bash plot.sh BIN_DIR SHARE_DIR
source "$(dirname "$0")/common.bash"
cli_setup plot "$@"
check="$(dirname "$0")/check_plot.py"
disc="$share/problems/disc.json"
blue="#1f63d4" red="#d62728" purple="#8e44ad"

require_tools "plot" xmllint rsvg-convert  # libxml2-utils, librsvg2-bin

# figure NAME W H ARGS...: plot ARGS --width W --height H (standard input from $stdin, if set)
# into $tmp/NAME.svg, which must be well-formed, render to a W x H PNG $tmp/NAME.png and have
# ink on >= 1% of it.
figure() {
  local name=$1 w=$2 h=$3
  shift 3
  run "$@" --width "$w" --height "$h" <"${stdin:-/dev/null}"
  cp "$tmp/stdout" "$tmp/$name.svg"
  local what=""
  [[ $rc -eq 0 ]] || what+=" exit code $rc: $(head -c 300 "$tmp/stderr");"
  [[ ! -s $tmp/stderr ]] || what+=" stderr: $(head -c 300 "$tmp/stderr");"
  xmllint --noout "$tmp/$name.svg" 2>"$tmp/xmllint" || what+=" not well-formed: $(head -c 300 "$tmp/xmllint");"
  rsvg-convert "$tmp/$name.svg" -o "$tmp/$name.png" 2>"$tmp/rsvg" || what+=" rsvg-convert: $(head -c 300 "$tmp/rsvg");"
  if [[ -z $what ]]; then
    what+=$(python3 "$check" size "$tmp/$name.png" "$w" "$h")
    what+=$(python3 "$check" ink "$tmp/$name.png" 0.01)
  fi
  if [[ -n $what ]]; then fail "plot $* ($name):$what"; else echo "ok: plot $* -> $name.svg, ${w}x${h} PNG"; fi
}

# pixel NAME CHECK ARGS...: check_plot.py CHECK on $tmp/NAME.svg and .png.
pixel() {
  local name=$1 kind=$2 out
  shift 2
  if out=$(python3 "$check" "$kind" "$tmp/$name.svg" "$tmp/$name.png" "$@"); then
    echo "ok: $name: $kind $* drawn"
  else
    fail "$name: $out"
  fi
}

# pick FILE PYTHON: prints what the Python expression (on the JSON document d) gives.
pick() {
  python3 -c "
import json, math, sys
d = json.load(open(sys.argv[1]))
print($2)" "$1"
}

# --- bifurcation diagram of the disc (Fig. 14): branch points in their Fig. 11 colours ---
"$bin/sweep-force" "$disc" --from 0 --to 1.5 >"$tmp/diagram.json" || fail "sweep-force disc.json failed"
figure diagram 760 480 "$tmp/diagram.json"
# the upper stable branch of Case 3 (blue, a stable node) at its point nearest F = 0.2, in theta
read -r F theta < <(pick "$tmp/diagram.json" "' '.join(map(str, min(((p['force'], math.asin(p['w'][2])) for b in d['branches'] for p in b['points'] if p['sphere_type'] == 'stable-node' and p['w'][2] > 0.3), key=lambda q: abs(q[0] - 0.2))))")
pixel diagram frame 0 "$F" "$theta" "$blue"
# the same diagram against psi: the pure translation w = (-1, 0, 0) at psi = pi (red, unstable node)
figure diagram-psi 800 500 "$tmp/diagram.json" --y psi
pixel diagram-psi frame 0 0.7 3.141592653589793 "$red"
# Case 1 after the tangency: w = (1, 0, 0) repelling, a stable node on the sphere (purple)
pixel diagram-psi frame 0 1.3 0 "$purple"
# events: one labelled marker each (2 folds, as a symmetric pair, the pitchfork, the tangency)
# and the continuum at F = 0 (Fig. 16: one label on its dashed line)
labels=$(python3 -c "
import sys, xml.etree.ElementTree as ET
g = [e for e in ET.parse(sys.argv[1]).getroot().iter('{http://www.w3.org/2000/svg}g') if e.get('class') == 'events'][0]
print(''.join(sorted(t.text for t in g.iter('{http://www.w3.org/2000/svg}text'))))" "$tmp/diagram.svg")
[[ $labels == "CFFPT" ]] && echo "ok: event labels $labels" || fail "event labels: $labels (want CFFPT)"
figure diagram-rdot 500 300 "$tmp/diagram.json" --y rdot
# rdot = -C1 (the pure translation at F = 0, attracting: rdot = -1.0473) on the red branch
pixel diagram-rdot frame 0 0.02 "$(pick "$tmp/diagram.json" "d['branches'][0]['points'][0]['rdot']")" "ink"
# another parameter: the ball's lambda sweep (the system is rebuilt at every lambda)
"$bin/sweep-force" "$share/problems/ball.json" --parameter lambda --force 1 --from 2 --to 8 >"$tmp/ball.json" ||
  fail "sweep-force ball.json --parameter lambda failed"
figure ball-lambda 800 500 "$tmp/ball.json" --y w3

# --- limit directions on the sphere, from standard input ---
for F in 0.03 0.2 1.2; do
  "$bin/find-limits" "$disc" --force $F >"$tmp/limits-$F.json" || fail "find-limits disc.json --force $F failed"
done
cp "$tmp/limits-0.2.json" "$tmp/limits.json"
stdin="$tmp/limits.json" figure limits 800 500 -
# the blue stable node of Case 3 (w2 = 0: on the rim of both hemispheres seen along w2)
w=$(pick "$tmp/limits.json" "' '.join(map(str, [l['w'] for l in d['limit_directions'] if l.get('colour') == 'blue'][0]))")
pixel limits sphere 0 $w "$blue"
pixel limits sphere 1 $w "$blue"
figure limits-w3 600 400 "$tmp/limits.json" --view w3
pixel limits-w3 sphere 0 $w "$blue"
figure limits-case1 800 500 "$tmp/limits-1.2.json"
w=$(pick "$tmp/limits-1.2.json" "' '.join(map(str, [l['w'] for l in d['limit_directions'] if l.get('colour') == 'purple'][0]))")
pixel limits-case1 sphere 0 $w "$purple"
figure limits-case4 800 500 "$tmp/limits-0.03.json"
# a system without the invariant circle: directions off w2 = 0 (no Fig. 11 colour)
"$bin/find-limits" "$share/problems/general.json" >"$tmp/general.json" || fail "find-limits general.json failed"
figure limits-general 800 500 "$tmp/general.json" --view w3

# --- friction laws (Figs 4-10) ---
"$bin/friction-model" "$disc" --samples 31 >"$tmp/friction.json" || fail "friction-model failed"
figure friction 900 450 "$tmp/friction.json"
read -r theta Q T < <(pick "$tmp/friction.json" "' '.join(str(d['table'][8][k]) for k in ('theta', 'Q', 'T'))")
pixel friction frame 0 "$theta" "$Q" "$blue"
pixel friction frame 1 "$theta" "$T" "$blue"

# --- a simulation's time history (JSON Lines) ---
"$bin/simulate" "$disc" --force 0.2 --x0 1,0.3,0.5 >"$tmp/simulation.jsonl" || fail "simulate failed"
figure simulation 800 400 "$tmp/simulation.jsonl"
read -r t w1 < <(python3 -c "
import json, sys
r = [json.loads(l) for l in open(sys.argv[1])][5]
print(r['t'], r['w'][0])" "$tmp/simulation.jsonl")
pixel simulation frame 0 "$t" "$w1" "$blue"
figure simulation-tau 800 400 "$tmp/simulation.jsonl" --time tau

# --- a degree study (Figs 17-18): every degree and the exact model, and the errors against N ---
"$bin/degree-study" "$disc" --degrees 1..3 --from 0.05 --to 1.5 >"$tmp/study.json" || fail "degree-study failed"
figure study 800 500 "$tmp/study.json" --y psi
# w = e1 (psi = 0) is a limit direction at every load (Sect. 7.4.1): the exact model's, in black,
# is drawn over the degrees' there
pixel study frame 0 1.3 0 "#000000"
figure study-errors 800 500 "$tmp/study.json" --convergence
# the tangency of N = 2 is at its C1 and the exact one at 1 (degree_study.sh): its point is at
# log10 |C1 - 1|, in the tangency's red
c1=$("$bin/friction-model" "$disc" --degree 2 --samples 2 | python3 -c "import json, sys; print(repr(json.load(sys.stdin)['coefficients']['C'][0]))")
pixel study-errors frame 0 2 "$(python3 -c "import math; print(math.log10(abs($c1 - 1)))")" "$red"
# the legend names, per event kind, the degrees whose number of events differs from the exact
# model's, counted here from the embedded diagrams' bifurcations (N = 1 has no fold: its pitchfork
# and tangency only)
out=$(python3 - "$tmp/study.json" "$tmp/study-errors.svg" <<'PY'
import json, re, sys, xml.etree.ElementTree as ET
study = json.load(open(sys.argv[1]))
texts = ["".join(t.itertext()) for t in ET.parse(sys.argv[2]).getroot().iter("{http://www.w3.org/2000/svg}text")]
def count(diagram, kind): return sum(b["kind"] == kind for b in diagram["bifurcations"])
diagrams = [study["exact"]["diagram"]] + [r["diagram"] for r in study["runs"]]
for kind in sorted({b["kind"] for d in diagrams for b in d["bifurcations"]}):
    exact = count(study["exact"]["diagram"], kind)
    want = {r["degree"]: count(r["diagram"], kind) for r in study["runs"] if count(r["diagram"], kind) != exact}
    said = {}  # "fold events: N = 1 has none, N = 5, 6 have 2 (the exact model 1)", on one legend line
    for t in texts:
        if t.startswith(kind + " events:"):
            for degrees, n in re.findall(r"N = ([0-9, ]+?) ha(?:s|ve) (none|[0-9]+)", t):
                said.update({int(k): 0 if n == "none" else int(n) for k in degrees.split(",")})
            if not t.endswith(f"(the exact model {exact if exact else 'none'})"): print("not the exact count:", t)
    if said != want: print(f"{kind}: the legend says {said}, the diagrams give {want}")
PY
)
[[ -z $out ]] && echo "ok: the convergence figure says which degrees miss or add events (N = 1: no fold)" ||
  fail "study-errors: $out"

# --- a two-parameter map (bifurcation-map, docs/manual.md section 13): the disc in (j, F) ---
"$bin/bifurcation-map" "$disc" --x j --x-range 0.1,1.5 --y force --y-range 0,1.5 --lines 4 >"$tmp/map.json" ||
  fail "bifurcation-map failed"
figure map 800 500 "$tmp/map.json"
# the fold of the harmonic model N = 2 in closed form ((132): C(u) = C1 + C2 u, S likewise,
# A = C - (4/9)/j S = a0 + a1 u, u* = (2 a1 - a0)/(3 a1), F = |A(u*)| sqrt(1 - u*)), in black
fold=$("$bin/friction-model" "$disc" --samples 2 | python3 -c "
import json, math, sys
c = json.load(sys.stdin)['coefficients']
j = 0.3
a0, a1 = c['C'][0] - 4 / 9 / j * c['S'][0], c['C'][1] - 4 / 9 / j * c['S'][1]
u = (2 * a1 - a0) / (3 * a1)
print(j, abs(a0 + a1 * u) * math.sqrt(1 - u))")
pixel map frame 0 $fold "#000000"
expect_bad "--y: applies to" "$tmp/map.json" --y psi

# --- text is escaped: a problem named with XML's special characters ---
python3 - "$disc" "$tmp/named.json" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
p["name"] = "disc <&> \"quoted\" 'too'"
json.dump(p, open(sys.argv[2], "w"))
PY
"$bin/find-limits" "$tmp/named.json" --force 0.2 >"$tmp/named-limits.json" || fail "find-limits named.json failed"
figure named 800 500 "$tmp/named-limits.json"
title=$(python3 -c "
import sys, xml.etree.ElementTree as ET
print(ET.parse(sys.argv[1]).getroot().find('{http://www.w3.org/2000/svg}title').text)" "$tmp/named.svg")
[[ $title == *"disc <&> \"quoted\" 'too'"* ]] && echo "ok: title $title" || fail "title not kept through escaping: $title"

# --- bad input: one line on stderr, nothing on stdout, exit 2 ---
expect_bad "no-such-file" "$tmp/no-such-file.json"
run - </dev/null
[[ $rc -eq 2 ]] && grep -q "no input" "$tmp/stderr" && echo "ok: empty stdin" || fail "empty stdin: exit $rc"
echo '{"schema": "limitdir.diagram/1",' >"$tmp/broken.json"
expect_bad "broken.json" "$tmp/broken.json"
echo '{"schema": "limitdir.nonesuch/1"}' >"$tmp/nonesuch.json"
expect_bad 'cannot plot schema "limitdir.nonesuch/1"' "$tmp/nonesuch.json"
echo '[1, 2, 3]' >"$tmp/array.json"
expect_bad "not a limitdir report" "$tmp/array.json"
python3 -c "
import json, sys
d = json.load(open(sys.argv[1])); d['branches'][0]['points'][3]['w'] = 'x'
json.dump(d, open(sys.argv[2], 'w'))" "$tmp/diagram.json" "$tmp/bad-diagram.json"
expect_bad "branches[0].points[3].w" "$tmp/bad-diagram.json"
python3 -c "
import json, sys
d = json.load(open(sys.argv[1])); del d['limit_directions']
json.dump(d, open(sys.argv[2], 'w'))" "$tmp/limits.json" "$tmp/no-directions.json"
expect_bad "limit_directions" "$tmp/no-directions.json"
python3 -c "
import json, sys
d = json.load(open(sys.argv[1])); d['problem']['friction']['model'] = 'bogus'
json.dump(d, open(sys.argv[2], 'w'))" "$tmp/limits.json" "$tmp/bad-problem.json"
expect_bad "friction.model" "$tmp/bad-problem.json"
python3 -c "
import json, sys
d = json.load(open(sys.argv[1])); d['table'][2]['Q'] = None
json.dump(d, open(sys.argv[2], 'w'))" "$tmp/friction.json" "$tmp/bad-friction.json"
expect_bad "table[2].Q" "$tmp/bad-friction.json"
tail -n 1 "$tmp/simulation.jsonl" >"$tmp/final-only.json"
expect_bad "time history" "$tmp/final-only.json"
{ echo '{"t": 0, "tau": 0, "r": -1, "w": [1, 0, 0]}'; tail -n 1 "$tmp/simulation.jsonl"; } >"$tmp/negative-r.jsonl"
expect_bad "r: must be >= 0" "$tmp/negative-r.jsonl"
expect_bad "--y" "$tmp/diagram.json" --y w4
# --- the branches of closed orbits (--y period, --y amplitude; docs/manual.md section 11) ---
# general-hopf.json at rho = 6: one repelling orbit branch born at the Hopf point (H) and ending
# at a homoclinic loop (HC, a dashed vertical line at the fitted p*).
pick "$share/problems/general-hopf.json" 'json.dumps(dict(d, rho=6.0))' >"$tmp/hopf6.json"
"$bin/sweep-force" "$tmp/hopf6.json" --from 0.7575 --to 0.759 >"$tmp/orbits.json" 2>/dev/null ||
  fail "sweep-force general-hopf (rho = 6) failed"
figure orbits-period 760 480 "$tmp/orbits.json" --y period
figure orbits-amplitude 760 480 "$tmp/orbits.json" --y amplitude
for label in ">H<" ">HC<" "period of the closed orbit" "repelling orbit (multiplier &gt; 1)"; do
  grep -qF -- "$label" "$tmp/orbits-period.svg" || fail "plot --y period: no $label in the figure"
done
grep -qF "amplitude of the closed orbit" "$tmp/orbits-amplitude.svg" || fail "plot --y amplitude: no axis label"
# the figure of the limit directions marks the orbits' end as a tick on the parameter axis
figure orbits-theta 760 480 "$tmp/orbits.json"
grep -qF ">HC<" "$tmp/orbits-theta.svg" || fail "plot: the homoclinic end is not marked on the diagram"
expect_bad "has no branches of closed orbits" "$tmp/diagram.json" --y period
expect_bad "--y period" "$tmp/map.json" --y period
expect_bad "--y" "$tmp/limits.json" --y theta
expect_bad "--view" "$tmp/diagram.json" --view w2
expect_bad "--convergence" "$tmp/diagram.json" --convergence
expect_bad "--y" "$tmp/study.json" --convergence --y psi
python3 -c "
import json, sys
d = json.load(open(sys.argv[1])); d['runs'][1]['diagram']['branches'][0]['points'][2]['w'] = 'x'
json.dump(d, open(sys.argv[2], 'w'))" "$tmp/study.json" "$tmp/bad-study.json"
expect_bad "runs[1].diagram: branches[0].points[2].w" "$tmp/bad-study.json"
expect_bad "--view" "$tmp/limits.json" --view w5
expect_bad "--time" "$tmp/friction.json" --time tau
expect_bad "--time" "$tmp/simulation.jsonl" --time s
expect_bad "--width" "$tmp/diagram.json" --width 10
expect_bad "--height" "$tmp/diagram.json" --height 20000
expect_bad "--width" "$tmp/diagram.json" --width 8x
expect_bad "is a diagram" "$tmp/diagram.json" "$tmp/limits.json"  # an overlay of two kinds (plot_layout.sh)
expect_bad "unrecognised option" "$tmp/diagram.json" --colour red
# the bounds of every JSON input (core/json_input.hpp): nesting, repeated keys, size
python3 -c "print('[' * 100 + ']' * 100)" >"$tmp/deep.json"
expect_bad "nested deeper than 64" "$tmp/deep.json"
echo '{"schema": "limitdir.limits/1", "schema": "limitdir.diagram/1"}' >"$tmp/duplicate.json"
expect_bad 'duplicate key "schema"' "$tmp/duplicate.json"
rc=0
timeout 60 "$app" - </dev/zero >"$tmp/stdout" 2>"$tmp/stderr" || rc=$?
[[ $rc -eq 2 && ! -s $tmp/stdout ]] && echo "ok: plot - < /dev/zero -> $(cat "$tmp/stderr")" ||
  fail "plot - < /dev/zero: exit $rc, $(head -c 300 "$tmp/stderr")"

run --help
[[ $rc -eq 0 ]] || fail "plot --help exited with $rc"
for word in limitdir.diagram/1 limitdir.limits/1 limitdir.friction/1 limitdir.simulation/1 --y --view --time --width; do
  grep -q -- "$word" "$tmp/stdout" || fail "--help does not mention $word"
done
run --version
grep -qE '^plot \(limitdir\) [0-9]+\.[0-9]+\.[0-9]+$' "$tmp/stdout" || fail "--version printed '$(cat "$tmp/stdout")'"

cli_finish "plot"
