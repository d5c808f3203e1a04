#!/usr/bin/env bash
# One range syntax (docs/manual.md section 5): --x-range/--y-range of plot and bifurcation-map
# are read by one parser (options::parse_range) that takes the canonical A:B and the older A,B
# that bifurcation-map scripts use: both forms give byte-identical output in both apps, and
# every bad form is exit 2 with one line naming the option and nothing on stdout.
# Usage: bash help_ranges.sh BIN_DIR SHARE_DIR
source "$(dirname "$0")/common.bash"
cli_setup bifurcation-map "$@"
disc="$share/problems/disc.json"

same() {  # LABEL FILE1 FILE2
  if cmp -s "$2" "$3"; then echo "ok: $1: A:B and A,B give the same output"; else fail "$1: A:B and A,B differ"; fi
}

# bifurcation-map: the disc's (force, j) map, its range in both forms (and mixed)
"$app" "$disc" --y j --y-range 0.4,1 --x-range 0.5,1 --lines 1 >"$tmp/comma.json" || fail "bifurcation-map A,B: exit $?"
"$app" "$disc" --y j --y-range 0.4:1 --x-range 0.5:1 --lines 1 >"$tmp/colon.json" || fail "bifurcation-map A:B: exit $?"
"$app" "$disc" --y j --y-range 0.4:1 --x-range 0.5,1 --lines 1 >"$tmp/mixed.json" || fail "bifurcation-map mixed: exit $?"
same "bifurcation-map" "$tmp/comma.json" "$tmp/colon.json"
same "bifurcation-map (one of each)" "$tmp/comma.json" "$tmp/mixed.json"
python3 -c "
import json, sys
m = json.load(open(sys.argv[1]))
sys.exit(0 if [m['x']['from'], m['x']['to'], m['y']['from'], m['y']['to']] == [0.5, 1, 0.4, 1] else 1)" "$tmp/colon.json" &&
  echo "ok: the map's rectangle is the ranges given" || fail "the map's rectangle is not [0.5, 1] x [0.4, 1]"

# plot: the same map with both axes ranged, both forms
"$bin/plot" "$tmp/colon.json" --x-range 0.6:0.9 --y-range=0.5:0.8 >"$tmp/colon.svg" || fail "plot A:B: exit $?"
"$bin/plot" "$tmp/colon.json" --x-range 0.6,0.9 --y-range=0.5,0.8 >"$tmp/comma.svg" || fail "plot A,B: exit $?"
same "plot" "$tmp/colon.svg" "$tmp/comma.svg"
grep -q 'data-x-range="0.6 0.9"' "$tmp/comma.svg" && echo "ok: plot's frame spans the range given" ||
  fail "plot A,B: the frame does not span 0.6 0.9"

# bad forms: exit 2, one line naming the option, nothing on stdout
for bad in 1 1:0 1,0 0.5:0.5 a:b 0:inf nan,1 1:2:3 1,2,3 1,2:3 : 1: ,2 "0.5 :1" 1e999:2; do
  for run in "$app $disc --y j --y-range 0.4,1 --x-range" "$bin/plot $tmp/colon.json --x-range"; do
    code=0
    $run="$bad" >"$tmp/out" 2>"$tmp/err" || code=$?
    if [[ $code -eq 2 && ! -s "$tmp/out" && $(wc -l <"$tmp/err") -eq 1 ]] && grep -q -- "--x-range: must be A:B" "$tmp/err"; then
      echo "ok: ${run%% *} --x-range=\"$bad\": $(cat "$tmp/err")"
    else
      fail "${run%% *} --x-range=\"$bad\": exit $code, stderr: $(cat "$tmp/err")"
    fi
  done
done

# --help documents the canonical form in both apps
for a in bifurcation-map plot; do
  "$bin/$a" --help | grep -q -- "--x-range A:B" && echo "ok: $a --help: --x-range A:B" || fail "$a --help lacks --x-range A:B"
done

cli_finish help_ranges
