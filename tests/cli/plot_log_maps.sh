#!/usr/bin/env bash
# Logarithmic axes and map overlays of plot (docs/manual.md section 11, issue 39): the ball's
# (lambda, F) map on a log lambda axis from 0.01 to 8 (ticks at the decades labelled 10^k, each at
# the pixel affine in log10 of its value, computed in check_plot_log.py; the fold curves spread
# over the figure instead of its left 5 %), the maps of the harmonic model N = 2, N = 4 and the
# exact model overlaid (one curve group and colour per map, the legend naming the models and only
# the curve kinds and codimension-2 points drawn, the exact model's fold-pole at F ~ -3e-21 drawn
# on the frame's edge F = 0), --log-x/--log-y of diagrams, friction laws, degree studies,
# simulations, roll and celt runs, a diagram's legend naming only the
# event kinds and line styles drawn; data <= 0 on a log
# axis, a log range reaching 0 and maps of different parameter pairs: one line, exit 2.
# Needs xmllint (libxml2-utils) and rsvg-convert (librsvg2-bin), scripts/install-deps.sh.
# Usage: bash plot_log_maps.sh BIN_DIR SHARE_DIR
source "$(dirname "$0")/common.bash"
cli_setup plot "$@"
here=$(dirname "$0")
check="$here/check_plot_log.py"
ball="$share/problems/ball.json"
disc="$share/problems/disc.json"

require_tools "plot_log_maps" xmllint rsvg-convert  # libxml2-utils, librsvg2-bin

expect_bad() { expect_error 2 "$@"; }

# ok NAME ARGS...: plot ARGS into $tmp/NAME.svg: exit 0, well-formed, renders, its labels disjoint.
ok() {
  local name=$1 what out
  shift
  run "$@"
  what=$(rendered "$name" 800 500)
  [[ -n $what ]] || out=$(python3 "$here/check_labels.py" "$tmp/$name.svg") || what=" $out"
  if [[ -n $what ]]; then fail "plot $* ($name):$what"; else echo "ok: plot $* -> $name.svg ($out)"; fi
}

# holds NAME CHECK ARGS...: check_plot_log.py CHECK $tmp/NAME.svg ARGS.
holds() {
  local name=$1 kind=$2 out
  shift 2
  if out=$(python3 "$check" "$kind" "$tmp/$name.svg" "$@" 2>&1); then echo "ok: $name: $kind $* ${out:+($out)}"; else fail "$name: $kind: $out"; fi
}

# --- the ball's (lambda, F) map, lambda from 0.01 to 8: N = 2 (the problem's), N = 4, exact ---
for model in n2 n4 exact; do
  case $model in
    n2) args=() ;;
    n4) args=(--degree 4) ;;
    exact) args=(--model exact) ;;
  esac
  # exit 3: a map whose certificate is incomplete (the exact model's sweeps near lambda = 0.01) is still drawn
  rc=0
  "$bin/bifurcation-map" "$ball" --x lambda --x-range 0.01,8 --y force --y-range 0,4 "${args[@]}" \
    >"$tmp/map-$model.json" 2>"$tmp/map-$model.err" || rc=$?
  [[ $rc -eq 0 || $rc -eq 3 ]] || fail "bifurcation-map ball.json ${args[*]}: exit $rc: $(head -c 300 "$tmp/map-$model.err")"
done

# a log lambda axis: decades labelled 10^-2, 10^-1, 10^0 at their log10 pixels
ok map-log "$tmp/map-n2.json" --log-x
holds map-log log-ticks x 0.01 0.1 1
holds map-log map "$tmp/map-n2.json"
# the fold structure spreads: the fold curve (lambda from 0.30 to 0.59) covers log10(0.59/0.30) /
# log10(800) = 0.10 of the log axis's width, and (0.59 - 0.30) / 7.99 = 0.036 of the linear one's
# (the issue's "left 5 %")
ok map-linear "$tmp/map-n2.json"
holds map-log spread "$tmp/map-n2.json" fold 0.08
python3 "$check" spread "$tmp/map-linear.svg" "$tmp/map-n2.json" fold 0.05 >/dev/null 2>&1 &&
  fail "the fold covers 5 % of the linear lambda axis too: the log axis test shows nothing" ||
  echo "ok: on a linear lambda axis the fold covers less than 5 % of the width"
# both axes logarithmic once F's range starts above 0; the F ticks at their log10 pixels
ok map-loglog "$tmp/map-n2.json" --log-x --log-y --y-range 0.01:4
holds map-loglog log-ticks y 0.1 1
holds map-loglog map "$tmp/map-n2.json"

# --- the overlay: one group and colour per map, the legend naming the models ---
ok overlay "$tmp/map-n2.json" "$tmp/map-n4.json" "$tmp/map-exact.json" --log-x
holds overlay map "$tmp/map-n2.json" "$tmp/map-n4.json" "$tmp/map-exact.json"
grep -q 'class="regions"' "$tmp/overlay.svg" && echo "ok: the overlay shades the first map's regions" ||
  fail "the overlay shades no regions"
ok overlay-bare "$tmp/map-n2.json" "$tmp/map-n4.json" "$tmp/map-exact.json" --log-x --no-regions
grep -q 'class="regions"\|class="region-labels"' "$tmp/overlay-bare.svg" &&
  fail "--no-regions: regions still shaded or labelled" || echo "ok: --no-regions shades and labels no region"
# the exact model's map alone; its fold-pole at F = -3.1e-21 (as the issue's map had it: 0 within
# rounding) is drawn on the frame's edge F = 0, not left out
ok exact "$tmp/map-exact.json"
holds exact map "$tmp/map-exact.json"
python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))
pole = [p for p in d['points'] if p['kind'] == 'fold-pole']
assert pole, 'the exact map has no fold-pole'
pole[0]['y'] = -3.1e-21
json.dump(d, open(sys.argv[2], 'w'))" "$tmp/map-exact.json" "$tmp/map-pole.json" || fail "no fold-pole in the exact map"
ok pole "$tmp/map-pole.json"
holds pole map "$tmp/map-pole.json"
grep -q 'data-y="0"' "$tmp/pole.svg" && echo "ok: the fold-pole at F = -3.1e-21 is drawn at F = 0" ||
  fail "the fold-pole at F = -3.1e-21 is not drawn on the edge F = 0"
# a zoom: the legend lists only the kinds and points left in view
ok zoom "$tmp/map-n2.json" --x-range 4:8 --y-range 2:4
holds zoom map "$tmp/map-n2.json"

# --- bad input: one line, exit 2 ---
expect_bad "--log-y: the map's axis F (load) reaches 0 <= 0" "$tmp/map-n2.json" --log-y
expect_bad "--x-range: must lie above 0 on the logarithmic axis lambda" "$tmp/map-n2.json" --log-x --x-range=-1:2
"$bin/bifurcation-map" "$disc" --x j --x-range 0.1,1.5 --y force --y-range 0,1.5 --lines 2 >"$tmp/disc-map.json" 2>/dev/null ||
  fail "bifurcation-map disc.json failed"
expect_bad "overlay: the maps span different parameter pairs" "$tmp/map-n2.json" "$tmp/disc-map.json"
expect_bad "--log-x: does not apply to a regions report" <(echo '{"schema": "limitdir.regions/1"}') --log-x

# --- diagrams: F on a log axis (from 0: bad input unless --x-range leaves 0 out) ---
"$bin/sweep-force" "$disc" --from 0 --to 1.5 >"$tmp/diagram.json" || fail "sweep-force disc.json failed"
expect_bad "--log-x: the axis F reaches 0 <= 0" "$tmp/diagram.json" --log-x
ok diagram-log "$tmp/diagram.json" --log-x --x-range 0.01:1.5
holds diagram-log log-ticks x 0.1 1
# theta <= 0 on the lower branches: --log-y is bad input unless a --y-range above 0 leaves them out
expect_bad "--log-y: the coordinate theta reaches" "$tmp/diagram.json" --log-y
ok diagram-logy "$tmp/diagram.json" --log-y --y-range 0.01:2
holds diagram-logy log-ticks y 0.1 1
expect_bad "--no-regions: applies to maps only" "$tmp/diagram.json" --no-regions
# a diagram's legend: the event kinds in range and the styles drawn, only those
ok diagram-all "$tmp/diagram.json" --y psi
holds diagram-all diagram-legend "$tmp/diagram.json"
ok diagram-zoom "$tmp/diagram.json" --y psi --x-range 0.5:1.5
holds diagram-zoom diagram-legend "$tmp/diagram.json"
grep -q '>events: T tangency;<' "$tmp/diagram-zoom.svg" && echo "ok: F in [0.5, 1.5] holds the tangency alone" ||
  fail "the legend of F in [0.5, 1.5] does not name the tangency alone"

# --- every other kind that takes --log-x/--log-y (the friction laws, degree studies, simulations,
# roll and celt runs), each frame's ticks at their log10 pixels ---
"$bin/friction-model" "$disc" >"$tmp/friction.json" || fail "friction-model disc.json failed"
expect_bad "--log-x: the axis theta reaches 0 <= 0" "$tmp/friction.json" --log-x
ok friction-log "$tmp/friction.json" --log-x --log-y --x-range 0.05:1.5
holds friction-log log-ticks x 0.1 1
holds friction-log log-ticks y 0.1 1
"$bin/degree-study" "$disc" --degrees 1..3 --from 0.01 --to 1.5 >"$tmp/study.json" || fail "degree-study disc.json failed"
ok study-log "$tmp/study.json" --log-x
holds study-log log-ticks x 0.01 0.1 1
expect_bad "--log-x: does not apply to a degree-study report (its horizontal axis is the degree N)" "$tmp/study.json" --convergence --log-x
"$bin/simulate" "$disc" --force 0.3 --x0 1,0.2,0.5 >"$tmp/sim.jsonl" || fail "simulate disc.json failed"
expect_bad "--log-x: the axis t reaches 0 <= 0" "$tmp/sim.jsonl" --log-x
ok sim-log "$tmp/sim.jsonl" --log-x --x-range 0.01:100
holds sim-log log-ticks x 0.01 0.1 1 10 100
"$bin/roll" "$share/problems/roll-fig3b.json" >"$tmp/roll.json" || fail "roll roll-fig3b.json failed"
ok roll-log "$tmp/roll.json" --log-x --x-range 0.1:6
holds roll-log log-ticks x 0.1
ok roll-loglog "$tmp/roll.json" --log-x --log-y --x-range 0.5:3 --panel 2
holds roll-loglog log-ticks y 1
"$bin/celt" "$share/problems/celt.json" >"$tmp/celt.json" || fail "celt celt.json failed"
ok celt-log "$tmp/celt.json" --log-x --x-range 0.01:1
holds celt-log log-ticks x 0.01 0.1 1

cli_finish "plot_log_maps"
