#!/usr/bin/env bash
# Axes, labels and overlays of plot (docs/manual.md section 11): overlays of diagrams, friction
# tables, simulations and degree studies with one legend entry per report, reports of different kinds refused,
# --x-range/--y-range/--log-y/--font-size checked (exit 2, one line), a simulation's log10 r
# panel scaled on the bulk of the data with the final plunge clipped and marked, and the text
# boxes of every figure disjoint and inside it (estimated in check_labels.py from the SVG alone).
# Usage: bash plot_layout.sh BIN_DIR SHARE_DIR
source "$(dirname "$0")/common.bash"
cli_setup plot "$@"
labels="$(dirname "$0")/check_labels.py"
disc="$share/problems/disc.json"

expect_bad() { expect_error 2 "$@"; }

# ok NAME ARGS...: plot ARGS into $tmp/NAME.svg, exit 0, well-formed, labels disjoint.
ok() {
  local name=$1 out
  shift
  run "$@"
  cp "$tmp/stdout" "$tmp/$name.svg"
  if [[ $rc -ne 0 ]]; then
    fail "plot $* ($name): exit code $rc: $(head -c 300 "$tmp/stderr")"
  elif ! xmllint --noout "$tmp/$name.svg" 2>/dev/null; then
    fail "plot $* ($name): not well-formed"
  elif out=$(python3 "$labels" "$tmp/$name.svg"); then
    echo "ok: plot $* -> $name.svg, $out"
  else
    fail "plot $* ($name): $out"
  fi
}

# legend_texts FILE: the texts of the legend group, one a line.
legend_texts() {
  python3 -c "
import sys, xml.etree.ElementTree as ET
ns = '{http://www.w3.org/2000/svg}'
for g in ET.parse(sys.argv[1]).getroot().iter(ns + 'g'):
    if g.get('class') == 'legend':
        for t in g.iter(ns + 'text'): print(t.text)" "$1"
}

"$bin/sweep-force" "$disc" --from 0 --to 1.5 >"$tmp/harmonic.json" || fail "sweep-force disc.json failed"
"$bin/sweep-force" "$disc" --from 0 --to 1.5 --model exact >"$tmp/exact.json" || fail "sweep-force --model exact failed"
"$bin/friction-model" "$disc" >"$tmp/friction2.json" || fail "friction-model failed"
"$bin/friction-model" "$disc" --degree 4 >"$tmp/friction4.json" || fail "friction-model --degree 4 failed"
"$bin/simulate" "$disc" --force 0.3 --x0 1,0.2,0.5 >"$tmp/sim1.jsonl" || fail "simulate failed"
"$bin/simulate" "$disc" --force 0.5 --x0 1,0.2,0.5 >"$tmp/sim2.jsonl" || fail "simulate failed"
"$bin/find-limits" "$disc" --force 0.03 >"$tmp/limits.json" || fail "find-limits failed"

# --- overlays: one legend entry per report, named by problem and model (or file) ---
ok overlay "$tmp/harmonic.json" "$tmp/exact.json"
legend=$(legend_texts "$tmp/overlay.svg")
grep -qx "disc on a rigid plane: harmonic model N = 2 of the exact model" <<<"$legend" &&
  grep -qx "disc on a rigid plane: exact model" <<<"$legend" &&
  echo "ok: overlay legend names both diagrams" || fail "overlay legend: $legend"
ok overlay-friction "$tmp/friction2.json" "$tmp/friction4.json"
[[ $(legend_texts "$tmp/overlay-friction.svg" | grep -c "^harmonic N=") -eq 2 ]] &&
  echo "ok: friction overlay has 2 model entries" || fail "friction overlay legend: $(legend_texts "$tmp/overlay-friction.svg")"
ok overlay-simulation "$tmp/sim1.jsonl" "$tmp/sim2.jsonl"
[[ $(legend_texts "$tmp/overlay-simulation.svg" | grep -c "F = ") -eq 2 ]] &&
  echo "ok: simulation overlay has 2 entries" || fail "simulation overlay legend: $(legend_texts "$tmp/overlay-simulation.svg")"
ok overlay-same "$tmp/harmonic.json" "$tmp/harmonic.json"
[[ $(legend_texts "$tmp/overlay-same.svg" | grep -c "harmonic.json (") -eq 2 ]] &&
  echo "ok: identical reports named by their files" || fail "same-name overlay legend: $(legend_texts "$tmp/overlay-same.svg")"
# degree studies of the disc with j = 0.5 and j = 1 (section 5): each study one dash style named by j
"$bin/degree-study" "$disc" --degrees 1..3 --from 0.05 --to 1.5 >"$tmp/study-a.json" || fail "degree-study failed"
"$bin/degree-study" "$disc" --degrees 1..3 --from 0.05 --to 1.5 --set system.j=1 >"$tmp/study-b.json" ||
  fail "degree-study --set system.j=1 failed"
ok overlay-study "$tmp/study-a.json" "$tmp/study-b.json"
[[ $(legend_texts "$tmp/overlay-study.svg" | grep -c "^j = ") -eq 2 && $(legend_texts "$tmp/overlay-study.svg" | grep -c "^N = ") -eq 3 ]] &&
  echo "ok: degree-study overlay: one entry per study (j) and per degree" ||
  fail "degree-study overlay legend: $(legend_texts "$tmp/overlay-study.svg")"
expect_bad "--convergence: draws one degree study at a time" "$tmp/study-a.json" "$tmp/study-b.json" --convergence
expect_bad "is a diagram" "$tmp/harmonic.json" "$tmp/friction2.json"
# limits reports side by side (Figs 11-12 of the core paper): one column each, labels disjoint
"$bin/find-limits" "$disc" --force 0.7 >"$tmp/limits-07.json" || fail "find-limits failed"
ok limits-columns "$tmp/limits.json" "$tmp/limits-07.json" --width 900 --height 760
[[ $(grep -c 'class="column"' "$tmp/limits-columns.svg") -eq 2 && $(grep -c 'class="hemisphere"' "$tmp/limits-columns.svg") -eq 4 ]] &&
  echo "ok: two limits reports side by side: two columns of two hemispheres" ||
  fail "limits side by side: $(grep -c 'class="column"' "$tmp/limits-columns.svg") columns"
expect_bad "overlay: reports of different kinds" "$tmp/limits.json" "$tmp/harmonic.json"

# --- maps overlaid (N = 2 and N = 4 of the ball, lambda on a log axis): labels off the curves,
# the shading's key with its swatches (check_labels.py) ---
ball="$share/problems/ball.json"
"$bin/bifurcation-map" "$ball" --x lambda --x-range 0.01,8 --y force --y-range 0,4 >"$tmp/map2.json" ||
  fail "bifurcation-map ball.json failed"
"$bin/bifurcation-map" "$ball" --x lambda --x-range 0.01,8 --y force --y-range 0,4 --degree 4 >"$tmp/map4.json" ||
  fail "bifurcation-map ball.json --degree 4 failed"
ok overlay-map "$tmp/map2.json" "$tmp/map4.json" --log-x
ok overlay-map-narrow "$tmp/map2.json" "$tmp/map4.json" --log-x --width 500 --height 420

# --- options ---
ok ranged "$tmp/harmonic.json" --x-range 0.2:1 --y-range=-1:0.5 --font-size 16
python3 -c "
import sys, xml.etree.ElementTree as ET
r = [e for e in ET.parse(sys.argv[1]).getroot().iter('{http://www.w3.org/2000/svg}rect') if e.get('class') == 'frame'][0]
sys.exit(0 if (r.get('data-x-range'), r.get('data-y-range')) == ('0.2 1', '-1 0.5') else 1)" "$tmp/ranged.svg" &&
  echo "ok: --x-range/--y-range set the frame's data ranges" || fail "--x-range/--y-range not on the frame"
ok friction-log "$tmp/friction2.json" --log-y --x-range 0.1:1.5
expect_bad "--x-range" "$tmp/harmonic.json" --x-range 1:0
expect_bad "--x-range" "$tmp/harmonic.json" --x-range 1
expect_bad "--y-range" "$tmp/harmonic.json" --y-range a:b
expect_bad "--y-range" "$tmp/harmonic.json" --y-range=0:inf
expect_bad "--font-size" "$tmp/harmonic.json" --font-size 100
expect_bad "--font-size" "$tmp/harmonic.json" --font-size 3x
expect_bad "--log-y" "$tmp/harmonic.json" --log-y
expect_bad "--log-y" "$tmp/sim1.jsonl" --log-y
expect_bad "--x-range: does not apply to a limits" "$tmp/limits.json" --x-range 0:1
ok limits-font "$tmp/limits.json" --font-size 16

# --- robust scaling: the simulation plunges to log10 r = -40.7 at stick; the panel shows the bulk ---
ok simulation "$tmp/sim1.jsonl"
python3 -c "
import sys, xml.etree.ElementTree as ET
ns = '{http://www.w3.org/2000/svg}'
root = ET.parse(sys.argv[1]).getroot()
frames = [e for e in root.iter(ns + 'rect') if e.get('class') == 'frame']
lo = float(frames[1].get('data-y-range').split()[0])
marks = [p for g in root.iter(ns + 'g') if g.get('class') == 'clipped' for p in g.iter(ns + 'polygon')]
notes = [t.text for t in root.iter(ns + 'text') if t.text and 'clipped below' in t.text]
sys.exit(0 if lo > -5 and marks and notes else 1)" "$tmp/simulation.svg" &&
  echo "ok: log10 r panel on the bulk, the plunge clipped and marked" || fail "simulation log10 r panel not robust or not marked"

cli_finish "plot_layout"
