#!/usr/bin/env bash
# --format csv|tsv (docs/manual.md section 5, "Tables"): the reports that are tables written for
# spreadsheets - friction-model's table, find-limits' limit directions, sweep-force's branch
# points with their branch id, bifurcation-map's curve points with their curve id and kind,
# degree-study's (event kind, degree) errors, roll's and celt's
# histories, simulate's trajectory (streamed) and survey, scan --summary's cells - with a header
# row naming each column's unit. check_table.py reads each with
# python's csv module and compares every cell with the JSON report of the same run (the same
# double to the last bit). JSON stays the default, byte for byte; a format an app does not
# offer, or a report that is not a table, is bad input (exit 2).
# Usage: bash csv_formats.sh BIN_DIR SHARE_DIR
source "$(dirname "$0")/common.bash"
cli_setup find-limits "$@"
check="$(dirname "$0")/check_table.py"
problems="$share/problems"

# table APP EXT ARGS...: the run as JSON and as EXT (csv or tsv), compared cell by cell
# (simulate --x0: its JSON Lines, REPORT.jsonl).
table() {
  local name=$1 ext=$2 report=report.json
  shift 2
  [[ $name == simulate && " $* " == *" --x0 "* ]] && report=report.jsonl
  local rc_json=0 rc_table=0
  "$bin/$name" "$@" >"$tmp/$report" 2>/dev/null || rc_json=$?
  "$bin/$name" "$@" --format "$ext" >"$tmp/table.$ext" 2>"$tmp/stderr" || rc_table=$?
  if [[ $rc_json -ne $rc_table ]]; then
    fail "$name $* --format $ext exited with $rc_table, the JSON run with $rc_json: $(head -c 300 "$tmp/stderr")"
  elif out=$(python3 "$check" "$tmp/$report" "$tmp/table.$ext" 2>&1); then
    echo "ok: $name $* --format $ext: $out"
  else
    fail "$name $* --format $ext: $out"
  fi
}

table friction-model csv "$problems/disc.json" --samples 7            # latitudes; epsilon empty on the equator
table friction-model tsv "$problems/ellipse.json" --grid 5,4 --model kudra-w   # the (theta, phi) grid
table find-limits csv "$problems/disc.json" --force 0.5
table find-limits tsv "$problems/ball.json" --force 0.1
table sweep-force csv "$problems/disc.json" --from 0.5 --to 1.5
table sweep-force csv "$problems/ball.json" --parameter lambda --force 0.5 --from 3 --to 6
table degree-study csv "$problems/disc.json" --degrees 1,2 --from 0 --to 1
table bifurcation-map csv "$problems/ball.json" --x lambda --x-range 0.5:8 --y force --y-range 0:4  # curves, x = lambda, y = F
table roll csv "$problems/roll-fig3b.json" --t-end 0.5 --h 1e-3
table celt tsv "$problems/celt.json" --t-end 0.05
table simulate csv "$problems/disc.json" --force 0.5 --x0 1,0.2,0.3 --every 5   # streamed rows, then the final record
table simulate tsv "$problems/disc.json" --model exact --force 0 --x0 1,0.3,0.5 --every 20   # stick on a circle
table simulate csv "$problems/disc.json" --force 0.5 --x0 1,0.2,0.3 --every 0   # the final record's table alone
table simulate tsv "$problems/ball.json" --force 0.1 --survey 30

# scan --summary --format csv|tsv: the cells of the table, one row per (x, y), against the JSON.
grid=(--grid system.j=0.2:1.4:3 --grid force=0.1:1.3:4)
"$bin/scan" "$problems/disc.json" --job find-limits "${grid[@]}" >"$tmp/run.jsonl" 2>/dev/null || fail "scan failed"
"$bin/scan" "$problems/disc.json" "${grid[@]}" --summary "$tmp/run.jsonl" --field limit_directions >"$tmp/summary.json" ||
  fail "scan --summary failed"
"$bin/scan" "$problems/disc.json" "${grid[@]}" --summary "$tmp/run.jsonl" --field limit_directions --format csv \
  >"$tmp/summary.csv" || fail "scan --summary --format csv failed"
if out=$(python3 "$check" "$tmp/summary.json" "$tmp/summary.csv" 2>&1); then
  echo "ok: scan --summary --format csv: $out"
else
  fail "scan --summary --format csv: $out"
fi

# JSON and text are unchanged: the default is JSON, --format json the same bytes.
"$bin/find-limits" "$problems/disc.json" --force 0.5 >"$tmp/default.json"
"$bin/find-limits" "$problems/disc.json" --force 0.5 --format json >"$tmp/explicit.json"
cmp -s "$tmp/default.json" "$tmp/explicit.json" || fail "find-limits --format json differs from the default"
"$bin/friction-model" "$problems/disc.json" >"$tmp/default.json"
"$bin/friction-model" "$problems/disc.json" --format json >"$tmp/explicit.json"
cmp -s "$tmp/default.json" "$tmp/explicit.json" || fail "friction-model --format json differs from the default"

# Formats an app does not offer, and reports that are not tables: exit 2, one line.
expect_error 2 "json, text, csv or tsv" "$problems/disc.json" --force 0.5 --format xml
app="$bin/friction-model"
expect_error 2 "json, csv or tsv" "$problems/disc.json" --format text
app="$bin/roll"
expect_error 2 "json, csv or tsv" "$problems/roll-fig3b.json" --format text
app="$bin/celt"
expect_error 2 "not a table" "$problems/celt.json" --t-end 0.05 --compare --format csv
app="$bin/scan"
expect_error 2 "json, csv or tsv" "$problems/disc.json" "${grid[@]}" --summary "$tmp/run.jsonl" --format text

cli_finish csv_formats
