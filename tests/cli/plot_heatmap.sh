#!/usr/bin/env bash
# plot's heat maps of scan summaries (docs/manual.md sections 11 and 14): a summary whose table is
# a known pattern (check_heatmap.py make: three class regions over (x, y), two weak levels, a
# block of missing cells, a field x y) is drawn coloured by class, level and the field, rendered
# (rsvg-convert) and every cell's pixels are checked against the pattern, the legend and the
# colour bar, mapped to pixels in check_heatmap.py on their own; every text box (legend lines,
# colour-bar ticks, title) disjoint from the others and inside the figure (check_labels.py), also
# at --font-size 18 and in a narrow figure; --x-range/--y-range crop the cells (those left out
# counted in the figure) and the ticks span them (check_plot_ranges.py). Bad input: one line, exit 2.
# Needs xmllint (libxml2-utils) and rsvg-convert (librsvg2-bin), scripts/install-deps.sh.
# Usage: bash plot_heatmap.sh BIN_DIR SHARE_DIR
source "$(dirname "$0")/common.bash"
cli_setup plot "$@"
here="$(dirname "$0")"

require_tools "plot heat map" xmllint rsvg-convert  # libxml2-utils, librsvg2-bin

python3 "$here/check_heatmap.py" make "$tmp/summary.json"
why=$(python3 "$here/validate_json.py" "$share/schemas" scan-summary.schema.json "$tmp/summary.json") ||
  fail "the test's summary is not valid against scan-summary.schema.json: $why"

# heat NAME MODE W H ARGS...: plot the summary with ARGS at W x H, well-formed, rendered to a
# W x H PNG; with a legend (beside the map, or below it in a narrow figure) every cell is checked
# in MODE
heat() {
  local name=$1 mode=$2 w=$3 h=$4 what="" out
  shift 4
  run "$tmp/summary.json" --width "$w" --height "$h" "$@"
  what=$(rendered "$name" "$w" "$h")
  if [[ -z $what ]]; then
    out=$(python3 "$here/check_labels.py" "$tmp/$name.svg") || what+=" $out;"
    if grep -q 'class="swatch"' "$tmp/$name.svg"; then out=$(python3 "$here/check_heatmap.py" check "$tmp/$name.svg" "$tmp/$name.png" \
      "$tmp/summary.json" "$mode") || what+=" $(echo "$out" | head -5 | tr '\n' ';')"; fi
  fi
  if [[ -n $what ]]; then fail "plot summary $* ($name):$what"; else echo "ok: plot summary $* -> $name, every cell as $mode"; fi
}

heat class class 800 500 --colour-by class
heat mean mean 800 500                      # the default with a field: its mean
heat max max 900 600 --colour-by max
heat level level 700 450 --colour-by level
heat narrow class 500 300 --colour-by class  # no room for the legend: drawn, not checked by it
grep -q "legend left out: it fits neither beside nor below the map" "$tmp/narrow.svg" &&
  echo "ok: 500 x 300: the legend left out and said" || fail "500 x 300: the legend left out without a word"
heat narrow-tall class 500 700 --colour-by class  # no room beside the map: the legend below it
python3 - "$tmp/narrow-tall.svg" <<'PY' && echo "ok: 500 x 700: the legend below the map" || fail "500 x 700: the legend is not below the map"
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
ns = "{http://www.w3.org/2000/svg}"
cells = [float(r.get("y")) + float(r.get("height")) for r in root.iter(ns + "rect") if r.get("class") == "cell"]
swatches = [float(r.get("y")) for r in root.iter(ns + "rect") if r.get("class") == "swatch"]
sys.exit(not (cells and swatches and min(swatches) > max(cells)))
PY
heat large-font mean 1000 600 --font-size 18  # the legend column widens with its text
# the cells reach halfway to their neighbours: x = 0.3..0.7 (5 of 11) and y = 4..7 (4 of 8) lie in
# the ranges, the 88 - 20 = 68 others wholly outside
run "$tmp/summary.json" --colour-by class --x-range 0.25:0.75 --y-range 3.5:7.5
cp "$tmp/stdout" "$tmp/cropped.svg"
out=$(python3 "$here/check_plot_ranges.py" ranged "$tmp/cropped.svg" 0.25 0.75 3.5 7.5 && python3 "$here/check_labels.py" "$tmp/cropped.svg") &&
  [[ $rc -eq 0 && $(grep -c 'class="cell"' "$tmp/cropped.svg") -eq 20 ]] &&
  grep -q '>68 of 88 cells lie outside --x-range/--y-range: left out<' "$tmp/cropped.svg" &&
  echo "ok: --x-range/--y-range crop the cells to 5 x 4, 68 of 88 left out and said" || fail "cropped heat map: exit $rc, $out"

# the same summary without its field: coloured by class by default, --colour-by mean refused
python3 -c "
import json, sys
s = json.load(open(sys.argv[1])); s['table']['field'] = None
for row in s['table']['cells']:
    for c in row: del c['field']
json.dump(s, open(sys.argv[2], 'w'))" "$tmp/summary.json" "$tmp/no-field.json"
run "$tmp/no-field.json"
[[ $rc -eq 0 ]] && grep -q ">most frequent class: " "$tmp/stdout" && echo "ok: no field: classes" ||
  fail "no field: exit $rc, not coloured by class"
expect_bad "--colour-by mean: the summary has no field" "$tmp/no-field.json" --colour-by mean

# --- bad input ---
expect_bad "--colour-by: must be class, level, mean, min or max" "$tmp/summary.json" --colour-by median
expect_bad "--colour-by: must be class" "$tmp/summary.json" --colour-by ""
echo '{"schema": "limitdir.map/1"}' >"$tmp/map.json"
expect_bad "--colour-by: applies to scan summaries only" "$tmp/map.json" --colour-by class
python3 -c "
import json, sys
s = json.load(open(sys.argv[1])); s['table'] = None
json.dump(s, open(sys.argv[2], 'w'))" "$tmp/summary.json" "$tmp/no-table.json"
expect_bad "summary.table: null" "$tmp/no-table.json"
python3 -c "
import json, sys
s = json.load(open(sys.argv[1])); s['table']['cells'][2][3]['points'] = 'many'
json.dump(s, open(sys.argv[2], 'w'))" "$tmp/summary.json" "$tmp/bad-cell.json"
expect_bad "summary.table.cells[2][3].points" "$tmp/bad-cell.json"
python3 -c "
import json, sys
s = json.load(open(sys.argv[1])); del s['table']['cells'][7]
json.dump(s, open(sys.argv[2], 'w'))" "$tmp/summary.json" "$tmp/short.json"
expect_bad "summary.table.cells: must have one row per y value (8)" "$tmp/short.json"

cli_finish "plot heat map"
