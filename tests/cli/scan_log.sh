#!/usr/bin/env bash
# scan's log-spaced axes KEY=log:FROM:TO:COUNT (issue 36 point 4, docs/manual.md section 14): a
# tiny scan of the ball over force=log:0.05:5:7 records exactly the nearest doubles of the closed
# form 0.05 (5/0.05)^(i/6) (computed in decimal at 60 digits, check_scan_log.py) with the ends
# exact, and at each point the limit directions of the closed form (check_scan.py ball); its shards
# merge and a cut run resumes (the same grid recognised); its summary records the axis as log and
# plot draws it in log10; a Latin hypercube over a log range puts one point in each stratum equal
# in log. Bad input (FROM or TO <= 0 or not finite, COUNT < 1, too many values): one line, exit 2.
# Usage: bash scan_log.sh BIN_DIR SHARE_DIR
source "$(dirname "$0")/common.bash"
cli_setup scan "$@"
source "$(dirname "$0")/scan_checks.bash"
here="$(dirname "$0")"
check="python3 $here/check_scan_log.py"
records="python3 $here/check_scan.py"
ball="$share/problems/ball.json"
job=(--job find-limits)
grid=(--grid force=log:0.05:5:7 --grid system.lambda=0.4,5)  # 14 points
n=14

# --- the values recorded: the closed form's nearest doubles, the ends exact -------------------------
run_ok "$ball" "${job[@]}" "${grid[@]}" && cp "$tmp/stdout" "$tmp/full.jsonl"
ok "14 points, each once" $records once "$tmp/full.jsonl" $n
ok "force=log:0.05:5:7 records 0.05 (5/0.05)^(i/6)" $check values "$tmp/full.jsonl" force 0.05 5 7
"$bin/friction-model" "$ball" --samples 2 >"$tmp/friction.json" || fail "friction-model $ball failed"
ok "limit directions of the ball at the log points = closed form" $records ball "$tmp/full.jsonl" "$tmp/friction.json"
# a decreasing axis: TO < FROM
run_ok "$ball" "${job[@]}" --grid force=log:4:0.1:4 --grid system.lambda=5 && cp "$tmp/stdout" "$tmp/down.jsonl"
ok "force=log:4:0.1:4 records 4 (0.1/4)^(i/3), decreasing" $check values "$tmp/down.jsonl" force 4 0.1 4

# --- the same grid recognised: shards merged, a cut run resumed ---------------------------------------
for i in 0 1; do run_ok "$ball" "${job[@]}" "${grid[@]}" --shard $i/2 && cp "$tmp/stdout" "$tmp/part-$i.jsonl"; done
run_ok "$ball" "${grid[@]}" --merge "$tmp"/part-{0,1}.jsonl && cp "$tmp/stdout" "$tmp/merged.jsonl"
ok "the merge of 2 shards = the whole run" $records same "$tmp/merged.jsonl" "$tmp/full.jsonl"
head -n 5 "$tmp/full.jsonl" >"$tmp/resumed.jsonl"
run_ok "$ball" "${job[@]}" "${grid[@]}" --resume "$tmp/resumed.jsonl" && cat "$tmp/stdout" >>"$tmp/resumed.jsonl"
ok "a resume after 5 points completes the grid" $records same "$tmp/resumed.jsonl" "$tmp/full.jsonl"

# --- the summary records the log axis; plot draws it in log10 -----------------------------------------
run "$ball" "${grid[@]}" --summary "$tmp/merged.jsonl" --x force --y system.lambda
cp "$tmp/stdout" "$tmp/summary.json"
[[ $rc -eq 0 ]] || fail "scan --summary: exit $rc: $(head -c 300 "$tmp/stderr")"
ok "the summary is valid against its schema" python3 "$here/validate_json.py" "$share/schemas" scan-summary.schema.json "$tmp/summary.json"
ok "the summary's x axis is log, its y linear" $check summary "$tmp/summary.json" "$tmp/merged.jsonl" force system.lambda
"$bin/plot" "$tmp/summary.json" >"$tmp/heat.svg" 2>"$tmp/plot.err" || fail "plot summary: $(head -c 300 "$tmp/plot.err")"
# typeset as the papers write it (plot/typeset.hpp): log with the subscript 10
grep -qE '>log<tspan baseline-shift="sub"[^>]*>10</tspan> of force<' "$tmp/heat.svg" &&
  echo "ok: plot labels the axis log10 of force (10 a subscript)" ||
  fail "plot summary: no axis label 'log10 of force'"
ok "plot draws the log axis in log10, 7 cells evenly spaced" $check xrange "$tmp/heat.svg" 0.05 5 7

# --- a Latin hypercube over a log range: strata equal in log -------------------------------------------
run_ok "$ball" "${job[@]}" --random 8 --seed 5 --grid force=log:0.05:5:2 --grid system.lambda=0.3:5:2 &&
  cp "$tmp/stdout" "$tmp/random.jsonl"
ok "8 random points" $records once "$tmp/random.jsonl" 8
ok "one force in each of the 8 strata equal in log" $check strata "$tmp/random.jsonl" force 0.05 5 8
ok "random points: the closed form of the ball" $records ball "$tmp/random.jsonl" "$tmp/friction.json"

# --- the help says it ---------------------------------------------------------------------------------
run --help
grep -q "KEY=log:FROM:TO:COUNT" "$tmp/stdout" && echo "ok: --help describes KEY=log:FROM:TO:COUNT" ||
  fail "scan --help does not describe KEY=log:FROM:TO:COUNT"

# --- bad input: one line, exit 2 --------------------------------------------------------------------
expect_bad "FROM must be > 0 on a log axis" "$ball" "${job[@]}" --grid force=log:0:5:3
expect_bad "FROM must be > 0 on a log axis" "$ball" "${job[@]}" --grid force=log:-1:5:3
expect_bad "TO must be > 0 on a log axis" "$ball" "${job[@]}" --grid force=log:0.05:0:3
expect_bad "TO must be > 0 on a log axis" "$ball" "${job[@]}" --grid force=log:0.05:-5:3
expect_bad "FROM must be a finite number" "$ball" "${job[@]}" --grid force=log:nan:5:3
expect_bad "TO must be a finite number" "$ball" "${job[@]}" --grid force=log:0.05:inf:3
expect_bad "FROM must be at least 2.2250738585072014e-308" "$ball" "${job[@]}" --grid force=log:1e-320:5:3
expect_bad "COUNT must be an integer >= 1" "$ball" "${job[@]}" --grid force=log:0.05:5:0
expect_bad "COUNT must be at most 2^24" "$ball" "${job[@]}" --grid force=log:0.05:5:16777217
expect_bad "COUNT 1 needs FROM = TO" "$ball" "${job[@]}" --grid force=log:0.05:5:1
expect_bad "a log range must be log:FROM:TO:COUNT" "$ball" "${job[@]}" --grid force=log:0.05:5
expect_bad "a log range must be log:FROM:TO:COUNT" "$ball" "${job[@]}" --random 3 --seed 1 --grid force=log:0.05,5

cli_finish scan_log
