#!/usr/bin/env bash
# plot's figures of the rolling sphere and the Celtic stone (docs/manual.md sections 10-12) and
# --output (issue 23): from the bundled problems, Fig. 3a-c of [Acary & Bourrier 2021] (roll), the
# X_max(mu, mu_r) map of Fig. 2 (roll --map, some runs cut off by t_end), a run with spin about the
# normal, the Celtic stone's spin history and its model comparison (celt). Each SVG is well-formed (xmllint) and renders to a PNG of its size; every
# drawn point is the report's sample under the frame's data-to-pixel map computed in
# check_plot_kinds.py on its own; the closed form of Fig. 3 reaches the manual's (t_stop, X_max);
# the mode changes and the spin reversals are marked where the report has them; each compared
# model sits at (log10 cost, log10 deviation); the map's cells
# sit at their (mu, mu_r) with the colour of their X_max, the runs that did not stop hatched.
# --output: FILE.pdf is one page of W x H pt, FILE.png has the PNG signature and an IHDR of W x H,
# FILE.svg equals standard output's figure; a bad extension or an unwritable path is one line,
# exit 2. Bad and mismatched reports: one line, exit 2. Every figure's text boxes are disjoint and
# inside it (check_labels.py). Axes, panels and overlays (issue 23, check_plot_ranges.py):
# --x-range crops the time of every panel and the heat map's cells (those left out counted in the
# figure), --panel K draws one panel whose --y-range is its frame's, --log-y (a logarithmic axis)
# where the series are positive, the tick labels span each range; roll runs and celt runs overlaid with one legend
# entry per run naming what differs; the options that cannot apply exit 2 with one line.
# Usage: bash plot_kinds.sh BIN_DIR SHARE_DIR
source "$(dirname "$0")/common.bash"
cli_setup plot "$@"
check="$(dirname "$0")/check_plot_kinds.py"
labels="$(dirname "$0")/check_labels.py"
ranges="$(dirname "$0")/check_plot_ranges.py"

require_tools "plot kinds" xmllint rsvg-convert  # libxml2-utils, librsvg2-bin

# figure NAME REPORT W H CHECK ARGS...: plot REPORT at W x H into $tmp/NAME.svg: exit 0, nothing on
# stderr, well-formed, a W x H PNG, and check_plot_kinds.py CHECK NAME.svg REPORT ARGS holds
figure() {
  local name=$1 report=$2 w=$3 h=$4 kind=$5 what=""
  shift 5
  run "$report" --width "$w" --height "$h"
  cp "$tmp/stdout" "$tmp/$name.svg"
  [[ $rc -eq 0 && ! -s $tmp/stderr ]] || what+=" exit code $rc: $(head -c 300 "$tmp/stderr");"
  xmllint --noout "$tmp/$name.svg" 2>/dev/null || what+=" not well-formed;"
  rsvg-convert "$tmp/$name.svg" -o "$tmp/$name.png" 2>/dev/null || what+=" rsvg-convert failed;"
  [[ -n $what ]] || what+=$(python3 "$(dirname "$0")/check_plot.py" size "$tmp/$name.png" "$w" "$h")
  [[ -n $what ]] || what+=$(python3 "$check" "$kind" "$tmp/$name.svg" "$report" | head -5 | tr '\n' ';')
  [[ -n $what ]] || python3 "$labels" "$tmp/$name.svg" >/dev/null || what+=" $(python3 "$labels" "$tmp/$name.svg")"
  if [[ -n $what ]]; then fail "plot $report ($name):$what"; else echo "ok: $name: every point is the report's"; fi
}

# Fig. 3a-c: the samples, the mode changes, and the closed form's (t_stop, X_max) of section 10
declare -A x_max=([a]=5.574668705 [b]=4.141182467 [c]=6.371049949)
declare -A t_stop=([a]=4.459734964 [b]=3.822629969 [c]=5.096839959)
for run_name in a b c; do
  "$bin/roll" "$share/problems/roll-fig3$run_name.json" --h 1e-3 >"$tmp/fig3$run_name.json" ||
    fail "roll roll-fig3$run_name.json failed"
  figure "fig3$run_name" "$tmp/fig3$run_name.json" 1200 420 roll
  out=$(python3 "$check" closed-form "$tmp/fig3$run_name.svg" "${x_max[$run_name]}" "${t_stop[$run_name]}") &&
    echo "ok: fig3$run_name: the closed form reaches X_max = ${x_max[$run_name]} m at t = ${t_stop[$run_name]} s" ||
    fail "fig3$run_name: $out"
done
# a start that is not planar has no closed form: drawn without it
"$bin/roll" "$share/problems/roll-fig3b.json" --h 1e-3 --velocity 2.5,0.5,0 >"$tmp/skew.json"
figure skew "$tmp/skew.json" 900 400 roll
grep -q 'class="series closed-form' "$tmp/skew.svg" && fail "skew: a closed form drawn where the report has none"
# spin about the normal (section 10): Omega_Z and the spin moment m_T_Z drawn too
"$bin/roll" "$share/problems/roll-spin.json" --t-end 1 --h 1e-3 >"$tmp/spin.json" 2>/dev/null || fail "roll roll-spin.json failed"
figure spin "$tmp/spin.json" 1000 400 roll
grep -q 'class="series Omega_Z"' "$tmp/spin.svg" || fail "spin: Omega_Z not drawn"

# Fig. 2: the runs with small mu or mu_r do not stop by t_end = 10 s (hatched)
"$bin/roll" "$share/problems/roll-fig2.json" --map --mu-grid 0.01,0.3,6 --mu-r-grid 0.004,0.032,5 --t-end 10 \
  >"$tmp/map.json" 2>/dev/null || fail "roll --map failed"
python3 -c "import json, sys; s = json.load(open(sys.argv[1]))['stopped']; sys.exit(not (any(map(any, s)) and not all(map(all, s))))" \
  "$tmp/map.json" || fail "the test's map should have runs that stop and runs that do not"
figure map "$tmp/map.json" 800 500 roll-map

# the Celtic stone's spin history: one reversal (docs/manual.md section 12)
"$bin/celt" "$share/problems/celt.json" --t-end 1 >"$tmp/celt.json" 2>/dev/null || fail "celt failed"
figure celt "$tmp/celt.json" 1000 420 celt
# the model comparison of Sect. 4: cost against the mean square deviation from W1
"$bin/celt" "$share/problems/celt.json" --compare --t-end 0.3 >"$tmp/compare.json" 2>/dev/null || fail "celt --compare failed"
figure compare "$tmp/compare.json" 800 500 comparison

# --- --output ---
run "$tmp/fig3b.json" --width 640 --height 300 --output "$tmp/fig.pdf"
out=$(python3 "$check" pdf "$tmp/fig.pdf" 640 300) && [[ $rc -eq 0 && ! -s $tmp/stdout ]] &&
  echo "ok: --output fig.pdf: one page of 640 x 300 pt" || fail "--output fig.pdf: exit $rc, $out"
run "$tmp/celt.json" --width 700 --height 333 --output "$tmp/fig.PNG"
out=$(python3 "$check" png "$tmp/fig.PNG" 700 333) && [[ $rc -eq 0 && ! -s $tmp/stdout ]] &&
  echo "ok: --output fig.PNG: 700 x 333 pixels" || fail "--output fig.PNG: exit $rc, $out"
out=$(python3 "$(dirname "$0")/check_plot.py" ink "$tmp/fig.PNG" 0.01) || fail "--output fig.PNG: $out"
run "$tmp/map.json" --output "$tmp/fig.svg"
"$app" "$tmp/map.json" >"$tmp/stdout.svg"
cmp -s "$tmp/fig.svg" "$tmp/stdout.svg" && echo "ok: --output fig.svg equals standard output's figure" ||
  fail "--output fig.svg differs from standard output's figure"
expect_bad "--output: the file name must end in .svg, .pdf or .png" "$tmp/celt.json" --output "$tmp/fig.jpg"
expect_bad "--output: cannot write" "$tmp/celt.json" --output "$tmp/no/such/dir/fig.pdf"
[[ ! -e $tmp/fig.jpg ]] || fail "--output fig.jpg: a file was written"

# --- axes, panels and overlays (docs/manual.md section 11) ---
# shown NAME "CHECK ARGS" PLOT-ARGS...: plot into $tmp/NAME.svg: exit 0, nothing on stderr,
# well-formed, text boxes disjoint and inside, and check_plot_ranges.py CHECK NAME.svg ARGS holds
shown() {
  local name=$1 check_args=$2 what=""
  shift 2
  run "$@"
  cp "$tmp/stdout" "$tmp/$name.svg"
  [[ $rc -eq 0 && ! -s $tmp/stderr ]] || what+=" exit code $rc: $(head -c 300 "$tmp/stderr");"
  xmllint --noout "$tmp/$name.svg" 2>/dev/null || what+=" not well-formed;"
  [[ -n $what ]] || python3 "$labels" "$tmp/$name.svg" >/dev/null || what+=" $(python3 "$labels" "$tmp/$name.svg");"
  # shellcheck disable=SC2086  # the check's words
  [[ -n $what ]] || what+=$(python3 "$ranges" $check_args | head -5 | tr '\n' ';')
  if [[ -n $what ]]; then fail "plot $* ($name):$what"; else echo "ok: plot $* -> $name: $check_args"; fi
}
shown roll-t "ranged $tmp/roll-t.svg 1 5" "$tmp/fig3b.json" --x-range 1:5 --width 1200 --height 420
shown roll-panel "ranged $tmp/roll-panel.svg 1 5 2 4.5" "$tmp/fig3b.json" --panel 1 --x-range 1:5 --y-range 2:4.5
[[ $(grep -c 'class="frame"' "$tmp/roll-panel.svg") -eq 1 ]] && grep -q 'red triangles: data clipped below 2' "$tmp/roll-panel.svg" &&
  echo "ok: --panel 1 draws X alone, X < 2 before t = 1.08 s clipped and marked" || fail "--panel 1: not one frame, or the clipping not marked"
# U_X and Omega_Y are positive until the sphere stops at t = 3.82 s (section 10)
shown roll-log "ranged $tmp/roll-log.svg 0.5 3" "$tmp/fig3b.json" --panel 2 --log-y --x-range 0.5:3
# a logarithmic axis (ticks at their log10 pixels, checked by "ranged") labelled with the series' own names
grep -q 'data-y-scale="log"' "$tmp/roll-log.svg" && grep -q '>U<tspan baseline-shift="sub" font-size="[0-9.]*">X</tspan> \[m/s\], Ω<tspan baseline-shift="sub" font-size="[0-9.]*">Y</tspan> \[rad/s\]<' "$tmp/roll-log.svg" &&
  echo "ok: --log-y draws a logarithmic axis labelled U_X, Omega_Y" || fail "--log-y: no log axis, or the axis label changed"
shown celt-t "ranged $tmp/celt-t.svg 0.2 0.6" "$tmp/celt.json" --x-range 0.2:0.6 --font-size 16 --width 1000 --height 500
grep -q 'font-size="16"' "$tmp/celt-t.svg" && echo "ok: --font-size 16 on a celt run" || fail "--font-size not applied to a celt run"
# extreme ranges and a small figure: tick labels in scientific notation, thinned until they do not meet
shown roll-huge "ranged $tmp/roll-huge.svg -1e300 1e300" "$tmp/fig3b.json" --x-range=-1e300:1e300
shown celt-tiny "ranged $tmp/celt-tiny.svg 0 1e-12" "$tmp/celt.json" --x-range 0:1e-12 --width 300 --height 250
shown map-cut "heat-ranged $tmp/map-cut.svg $tmp/map.json 0.05 0.25 0.01 0.03" "$tmp/map.json" --x-range 0.05:0.25 --y-range 0.01:0.03
shown map-font "ranged $tmp/map-font.svg 0.1 0.2 0.01 0.02" "$tmp/map.json" --font-size 16 --x-range 0.1:0.2 --y-range 0.01:0.02 --width 900
# overlays: Fig. 3b with mu_r = 0.04 and 0.02; the stone with W1 and P1 (section 12)
"$bin/roll" "$share/problems/roll-fig3b.json" --h 1e-3 --mu-r 0.02 >"$tmp/fig3b-mu-r.json" 2>/dev/null || fail "roll --mu-r 0.02 failed"
shown roll-overlay "overlay $tmp/roll-overlay.svg $tmp/fig3b.json $tmp/fig3b-mu-r.json" "$tmp/fig3b.json" "$tmp/fig3b-mu-r.json" \
  --width 1200 --height 460
sub='<tspan baseline-shift="sub" font-size="[0-9.]*">'  # plot/typeset.hpp: mu_r and X_max with subscripts
grep -q ">μ${sub}r</tspan> = 0.02: X${sub}max</tspan> = " "$tmp/roll-overlay.svg" &&
  grep -q ">μ${sub}r</tspan> = 0.04: X${sub}max</tspan> = 4.14" "$tmp/roll-overlay.svg" &&
  echo "ok: the roll overlay's legend names what differs (mu_r)" || fail "roll overlay: the legend does not name mu_r"
"$bin/celt" "$share/problems/celt.json" --t-end 1 --model P1 >"$tmp/celt-p1.json" 2>/dev/null || fail "celt --model P1 failed"
shown celt-overlay "overlay $tmp/celt-overlay.svg $tmp/celt.json $tmp/celt-p1.json" "$tmp/celt.json" "$tmp/celt-p1.json" \
  --width 1000 --height 460
grep -q '>model = P1, ' "$tmp/celt-overlay.svg" && echo "ok: the celt overlay's legend names the model" ||
  fail "celt overlay: the legend does not name the model"
shown overlay-panel "ranged $tmp/overlay-panel.svg 0 2 0 6" "$tmp/fig3b.json" "$tmp/fig3b-mu-r.json" --panel 1 --x-range 0:2 --y-range 0:6
run "$tmp/compare.json" --font-size 14
python3 "$labels" "$tmp/stdout" >/dev/null && [[ $rc -eq 0 ]] && echo "ok: the model comparison at --font-size 14, labels disjoint" ||
  fail "model comparison --font-size 14: exit $rc, $(python3 "$labels" "$tmp/stdout")"
expect_bad "--y-range: this figure has 3 panels" "$tmp/fig3b.json" --y-range 0:1
expect_bad "--panel: this figure has 2 panels (got 3)" "$tmp/celt.json" --panel 3
expect_bad "--panel: must be an integer >= 1" "$tmp/celt.json" --panel 0
expect_bad "--log-y: X reaches 0 <= 0 at t = 0" "$tmp/fig3b.json" --log-y
expect_bad "--log-y: spin omega . n reaches" "$tmp/celt.json" --panel 2 --log-y
expect_bad "--log-y: does not apply to a roll-map report" "$tmp/map.json" --log-y
expect_bad "--log-y: does not apply to a celt model comparison" "$tmp/compare.json" --log-y
expect_bad "--panel: applies to roll and celt runs and fits" "$tmp/map.json" --panel 1
expect_bad "overlay: reports of different kinds" "$tmp/fig3b.json" "$tmp/celt.json"
expect_bad "overlays are drawn for celt runs" "$tmp/celt.json" "$tmp/compare.json"
expect_bad "overlays are drawn for diagrams, friction tables, simulations, degree studies, maps, roll runs, celt runs and limits" "$tmp/map.json" "$tmp/map.json"

# --- bad and mismatched reports ---
# mutate NAME REPORT PYTHON: $tmp/NAME.json is REPORT (parsed as r) after the Python statements
mutate() {
  python3 -c "
import json, sys
r = json.load(open(sys.argv[1]))
$3
json.dump(r, open(sys.argv[2], 'w'))" "$2" "$tmp/$1.json"
}
mutate short "$tmp/fig3b.json" "del r['history']['X'][-1]"
expect_bad "roll.history.X: must have" "$tmp/short.json"
mutate text "$tmp/fig3b.json" "r['history']['U_X'][3] = 'fast'"
expect_bad "roll.history.U_X[3]: must be a finite number" "$tmp/text.json"
mutate phase "$tmp/fig3b.json" "r['closed_form']['phases'][1]['t1'] = -1"
expect_bad "roll.closed_form.phases[1]: t1 must be >= t0" "$tmp/phase.json"
mutate ragged "$tmp/map.json" "r['X_max'][2].pop()"
expect_bad "map.X_max[2]: must have one entry per mu_r (5)" "$tmp/ragged.json"
mutate rows "$tmp/map.json" "r['stopped'].pop()"
expect_bad "map.stopped: must have one row per mu (6)" "$tmp/rows.json"
mutate stopped "$tmp/map.json" "r['stopped'][0][0] = None"
expect_bad "map.stopped[0][0]: must be true or false" "$tmp/stopped.json"
mutate omega "$tmp/celt.json" "r['history']['omega'][7] = [1, 2]"
expect_bad "celt.history.omega[7]: must be an array of 3 finite numbers" "$tmp/omega.json"
mutate spin "$tmp/celt.json" "r['history']['spin'].append(0)"
expect_bad "celt.history.spin: must have" "$tmp/spin.json"
expect_bad "--y: applies to bifurcation diagrams and degree studies only" "$tmp/fig3b.json" --y w1
expect_bad "--time: applies to simulations only" "$tmp/celt.json" --time t

# Figs 5-7 of [Kudra & Awrejcewicz 2013]: a problem file's contact pressure; a grid with sections
# as the friction surface (--surface) and as its sections
# drawn NAME ARGS...: plot ARGS into $tmp/NAME.svg: exit 0, well-formed, labels disjoint
drawn() {
  local name=$1
  shift
  run "$@"
  cp "$tmp/stdout" "$tmp/$name.svg"
  if [[ $rc -ne 0 ]] || ! xmllint --noout "$tmp/$name.svg" 2>/dev/null || ! python3 "$labels" "$tmp/$name.svg" >/dev/null; then
    fail "plot $* ($name): exit $rc $(head -c 300 "$tmp/stderr") $(python3 "$labels" "$tmp/$name.svg")"
  else
    echo "ok: $name drawn, labels disjoint"
  fi
}
drawn pressure "$share/problems/ellipse-hertz.json" --width 900 --height 450
python3 -c "
import re, sys
m = re.search(r'class=\"pressure\" data-integral=\"([^\"]+)\"', open(sys.argv[1]).read())
sys.exit(0 if m and abs(float(m.group(1)) - 1) < 1e-9 else 1)" "$tmp/pressure.svg" &&
  echo "ok: the drawn pressure carries the load 1" || fail "pressure: its integral is not 1"
"$bin/friction-model" "$share/problems/ellipse-hertz.json" --grid 13,12 --sections 24 >"$tmp/sections.json" ||
  fail "friction-model --sections failed"
drawn surface "$tmp/sections.json" --surface --width 700 --height 600
drawn sections "$tmp/sections.json" "$tmp/sections.json" --width 1000 --height 420
[[ $(grep -c 'class="section q' "$tmp/sections.svg") -eq 3 ]] && echo "ok: three sections" || fail "sections: not three panels"
"$bin/friction-model" "$share/problems/disc.json" >"$tmp/latitudes.json" || fail "friction-model disc.json failed"
expect_bad "--surface: needs a friction table over the whole sphere" "$tmp/latitudes.json" --surface
expect_bad "--surface: applies to friction tables over the sphere only" "$tmp/celt.json" --surface
cli_finish "plot kinds"
