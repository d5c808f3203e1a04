#!/usr/bin/env bash
# scan --summary (docs/manual.md section 14, "Summaries and heat maps"): a real scan of the disc
# (find-limits over system.j x force x friction.degree, 40 points) summarised, and every count,
# the worst certificate, the slowest points and every cell of the table recomputed from the
# records in check_scan_summary.py on its own; the same with points missing and a cut last line
# (counted missing, cells marked, never filled); the heat map of the summary drawn by plot and
# checked cell by cell (check_heatmap.py). Bad input: one line, exit 2.
# Usage: bash scan_summary.sh BIN_DIR SHARE_DIR
source "$(dirname "$0")/common.bash"
cli_setup scan "$@"
here="$(dirname "$0")"
disc="$share/problems/disc.json"
grid=(--grid system.j=0.2:1.4:4 --grid force=0.1:1.3:5 --grid friction.degree=2,4)

"$app" "$disc" --job find-limits "${grid[@]}" --jobs 2 >"$tmp/run.jsonl" || fail "scan find-limits failed"
"$app" "$disc" "${grid[@]}" --merge "$tmp/run.jsonl" >"$tmp/merged.jsonl" || fail "scan --merge failed"

# summary NAME RECORDS X Y FIELD -- ARGS...: (FIELD "" for none) scan --summary RECORDS ARGS into $tmp/NAME.json,
# valid against its schema, equal to what the records give
summary() {
  local name=$1 records=$2 x=$3 y=$4 field=${5:-} why
  shift 6  # NAME RECORDS X Y FIELD --
  run "$disc" "${grid[@]}" --summary "$records" "$@"
  cp "$tmp/stdout" "$tmp/$name.json"
  if [[ $rc -ne 0 ]]; then
    fail "scan --summary $name: exit $rc: $(head -c 300 "$tmp/stderr")"
  elif ! why=$(python3 "$here/validate_json.py" "$share/schemas" scan-summary.schema.json "$tmp/$name.json"); then
    fail "scan --summary $name: $why"
  elif ! why=$(python3 "$here/check_scan_summary.py" "$tmp/$name.json" "$records" "$x" "$y" $field); then
    fail "scan --summary $name: $why"
  else
    echo "ok: scan --summary $name $*"
  fi
}
summary whole "$tmp/merged.jsonl" system.j force limit_directions -- --field limit_directions
summary axes "$tmp/run.jsonl" force friction.degree "" -- --x force --y=friction.degree
# points 7 and 20..24 not recorded, and the last line cut short (killed inside a write)
grep -v '"index":7,' "$tmp/run.jsonl" | grep -v '"index":2[0-4],' | head -c -30 >"$tmp/holes.jsonl"
summary holes "$tmp/holes.jsonl" system.j force limit_directions -- --field limit_directions
grep -q "a partial last line (no newline) left out" "$tmp/stderr" && echo "ok: the cut line is noted" ||
  fail "the cut last line is not noted: $(cat "$tmp/stderr")"
python3 -c "
import json, sys
s = json.load(open(sys.argv[1]))
assert s['missing']['count'] == 7 and s['recorded'] == 33, s['missing']
assert s['table']['missing_cells'] + s['table']['partial_cells'] > 0
" "$tmp/holes.json" && echo "ok: 7 points missing (6 left out, 1 cut)" || fail "holes: missing not 7"
# what was scanned: the job (named by the records) and the problem (its name and the file as given)
python3 -c "
import json, sys
s, disc = json.load(open(sys.argv[1])), sys.argv[2]
assert s['job'] == 'find-limits', s['job']
assert s['problem'] == {'name': json.load(open(disc))['name'], 'file': disc}, s['problem']
" "$tmp/holes.json" "$disc" && echo "ok: the summary names the job and the problem" || fail "holes: job or problem not named"

# the heat map of the incomplete summary: every cell as its legend, missing cells hatched
for mode in class mean; do
  "$bin/plot" "$tmp/holes.json" --colour-by $mode >"$tmp/heat-$mode.svg" || fail "plot --colour-by $mode failed"
  rsvg-convert "$tmp/heat-$mode.svg" -o "$tmp/heat-$mode.png" || fail "rsvg-convert heat-$mode failed"
  why=$(python3 "$here/check_heatmap.py" check "$tmp/heat-$mode.svg" "$tmp/heat-$mode.png" "$tmp/holes.json" $mode) &&
    echo "ok: heat map by $mode, every cell" || fail "heat map by $mode: $why"
  grep -q "find-limits of disc on a rigid plane: " "$tmp/heat-$mode.svg" && echo "ok: the heat map's title names the job and the problem" ||
    fail "heat map by $mode: its title names neither the job nor the problem"
done

# --- bad input ---
# the scan's own command line with --summary appended: accepted, the same summary (its records
# are of that job); another job's records are refused
run "$disc" --job find-limits "${grid[@]}" --jobs 2 --summary "$tmp/run.jsonl" --x force --y=friction.degree
cmp -s "$tmp/stdout" "$tmp/axes.json" && echo "ok: --summary with the scan's --job gives its summary" ||
  fail "--summary with --job find-limits: exit $rc, $(head -c 300 "$tmp/stderr")"
expect_bad "a record of another scan" "$disc" "${grid[@]}" --job find-limits --degree 3 --summary "$tmp/run.jsonl"
expect_bad '--summary: unknown option "--from"' "$disc" "${grid[@]}" --summary "$tmp/run.jsonl" --from 0
expect_bad "--x: given twice" "$disc" "${grid[@]}" --summary "$tmp/run.jsonl" --x force --x system.j
expect_bad "--x: needs a value" "$disc" "${grid[@]}" --summary "$tmp/run.jsonl" --x
expect_bad "--x mu: not an axis of the grid" "$disc" "${grid[@]}" --summary "$tmp/run.jsonl" --x mu
expect_bad "--x/--y: the two axes must differ" "$disc" "${grid[@]}" --summary "$tmp/run.jsonl" --y system.j
expect_bad "--field X_max: no record has a number" "$disc" "${grid[@]}" --summary "$tmp/run.jsonl" --field X_max
expect_bad "--shard: not an option of --summary" "$disc" "${grid[@]}" --summary "$tmp/run.jsonl" --shard 0/2
expect_bad "no-such.jsonl: cannot be opened" "$disc" "${grid[@]}" --summary "$tmp/no-such.jsonl"
expect_bad "a record of another grid" "$disc" --grid system.j=0.2:1.4:4 --grid force=0.1:1.3:5 --summary "$tmp/run.jsonl"
{ head -n 3 "$tmp/run.jsonl"; echo '{"index": '; tail -n 2 "$tmp/run.jsonl"; } >"$tmp/broken.jsonl"
expect_bad "broken.jsonl: line 4: malformed JSON" "$disc" "${grid[@]}" --summary "$tmp/broken.jsonl"
{ cat "$tmp/run.jsonl"; head -n 1 "$tmp/run.jsonl"; } >"$tmp/twice.jsonl"
expect_bad "the index is recorded twice" "$disc" "${grid[@]}" --summary "$tmp/twice.jsonl"

cli_finish "scan --summary"
