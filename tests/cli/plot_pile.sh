#!/usr/bin/env bash
# plot's figures of spheres piles (issue 36, docs/manual.md sections 11 and 15), from inputs made
# here by the real apps: a tiny pile (pile-siconos.json, 10 spheres, t_end 0.8 s) as Fig. 4 - one
# circle per sphere in each view at its position and radius (one scale on both axes), the
# spheres in flight outlined, the fills' luminance non-decreasing in z, the colour bar's range,
# the plane's edge drawn or said to lie outside (check_plot_pile.py pile) - once with the edge
# far outside and once on a plane narrow enough to show it, and mid-fall (spheres in flight); a
# tiny scan (2 mu x 3 mu_r on a log axis x 2 seeds) as Fig. 5 - per panel one marker per (mu,
# mu_r) at log10 mu_r and the mean of its seeds computed in python (check_plot_pile.py scan).
# Every figure is well-formed, renders to a PNG of its size and has disjoint labels. Bad input:
# one line, exit 2.
# Usage: bash plot_pile.sh BIN_DIR SHARE_DIR
source "$(dirname "$0")/common.bash"
cli_setup plot "$@"
here="$(dirname "$0")"

require_tools "plot pile" xmllint rsvg-convert  # libxml2-utils, librsvg2-bin

# figure NAME INPUT CHECK W H [PLOT ARGS...]: plot INPUT at W x H, well-formed, a W x H PNG, disjoint labels,
# and check_plot_pile.py CHECK holds
figure() {
  local name=$1 input=$2 kind=$3 w=$4 h=$5 what out
  shift 5
  run "$input" --width "$w" --height "$h" "$@"
  what=$(rendered "$name" "$w" "$h")
  [[ -n $what ]] || out=$(python3 "$here/check_labels.py" "$tmp/$name.svg") || what+=" labels: $out;"
  [[ -n $what ]] || what+=$(python3 "$here/check_plot_pile.py" "$kind" "$tmp/$name.svg" "$input" | head -5 | tr '\n' ';')
  if [[ -n $what ]]; then fail "plot $name:$what"; else echo "ok: $name: every mark is the input's"; fi
}

pile() {  # pile NAME --set ...: a tiny pile of pile-siconos.json
  local name=$1
  shift
  "$bin/pile" "$share/problems/pile-siconos.json" --set spheres.count=10 --set stepping.t_end=0.8 "$@" \
    >"$tmp/$name.json" 2>/dev/null || fail "pile $* failed"
}

pile tiny
figure tiny "$tmp/tiny.json" pile 800 500
figure tiny-large-font "$tmp/tiny.json" pile 900 520 --font-size 15
pile narrow --set plane.width=0.1  # 5 d: the views reach the edge
figure narrow "$tmp/narrow.json" pile 800 500
pile falling --set stepping.t_end=0.3
python3 -c "import json, sys; sys.exit(not any(not r[-1] for r in json.load(open(sys.argv[1]))['spheres']['rows']))" \
  "$tmp/falling.json" || fail "the pile at t = 0.3 s should hold a sphere in flight"
figure falling "$tmp/falling.json" pile 800 500

"$bin/scan" "$share/problems/pile-siconos.json" --job pile --grid law.mu=0.3,0.7 --grid law.mu_r=log:1e-4:1e-2:3 \
  --grid seed=1,2 --set spheres.count=10 --set stepping.t_end=0.8 >"$tmp/scan.jsonl" 2>/dev/null || fail "scan --job pile failed"
figure scan "$tmp/scan.jsonl" scan 800 500
figure scan-wide "$tmp/scan.jsonl" scan 1000 450
# a failed first point (its summary only the common keys): the others drawn, it counted as left out
python3 -c "
import json, sys
lines = open(sys.argv[1]).read().splitlines()
r = json.loads(lines[0]); r['status'] = 3
r['summary'] = {k: r['summary'][k] for k in ('seconds', 'level', 'reason', 'class')}
open(sys.argv[2], 'w').write('\n'.join([json.dumps(r)] + lines[1:]) + '\n')
open(sys.argv[3], 'w').write('\n'.join(lines + ['{\"not\": \"a record\"}']) + '\n')" \
  "$tmp/scan.jsonl" "$tmp/failed.jsonl" "$tmp/tail.jsonl"
figure scan-failed "$tmp/failed.jsonl" scan 800 500
grep -q '1 failed (left out)' "$tmp/scan-failed.svg" || fail "the failed point is not counted as left out"
# a pile that reached the drop height (a real run, drop.height 1 mm above a resting sphere: status 3
# with its summary) beside the finished ones: an open triangle, not in the means
"$bin/scan" "$share/problems/pile-siconos.json" --job pile --grid law.mu=0.3 --grid law.mu_r=1e-2 --grid seed=3 \
  --set spheres.count=10 --set stepping.t_end=0.8 --set drop.height=0.011 >"$tmp/reached-only.jsonl" 2>/dev/null
python3 -c "
import json, sys
r = json.loads(open(sys.argv[1]).read())
assert r['status'] == 3 and r['summary']['reached_drop_height'] is True, r['summary']" "$tmp/reached-only.jsonl" ||
  fail "a scan point whose pile reached the drop height is not status 3 with its summary"
cat "$tmp/scan.jsonl" "$tmp/reached-only.jsonl" >"$tmp/reached.jsonl"
figure scan-reached "$tmp/reached.jsonl" scan 800 500

# bad input: one line on stderr, exit 2
expect_error 2 "--x-range" "$tmp/tiny.json" --x-range 0:1
expect_error 2 "--log-y" "$tmp/scan.jsonl" --log-y
python3 -c "
import json, sys
lines = open(sys.argv[1]).read().splitlines()
r = json.loads(lines[0]); del r['point']['law.mu']
open(sys.argv[2], 'w').write('\n'.join([json.dumps(r)] + lines[1:]) + '\n')
p = json.load(open(sys.argv[3])); p['spheres']['rows'] = []
json.dump(p, open(sys.argv[4], 'w'))" "$tmp/scan.jsonl" "$tmp/no-mu.jsonl" "$tmp/tiny.json" "$tmp/empty.json"
expect_error 2 "law.mu" "$tmp/no-mu.jsonl"
expect_error 2 "no sphere" "$tmp/empty.json"
expect_error 2 "line 13" "$tmp/tail.jsonl"

cli_finish "plot pile"
