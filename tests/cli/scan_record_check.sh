#!/usr/bin/env bash
# One check of a record for every reader (docs/manual.md section 14, issue 34): --merge, --resume
# and --summary refuse the same broken records with the same message (a merge once exited 0 on
# records that --summary then refused), and a summary never prints null for a total it overflowed.
# Usage: bash scan_record_check.sh BIN_DIR SHARE_DIR
source "$(dirname "$0")/common.bash"
cli_setup scan "$@"

ball="$share/problems/ball.json"
job=(--job find-limits --force 0.3)
grid=(--grid force=0.1:1:3)
"$app" "$ball" "${job[@]}" "${grid[@]}" >"$tmp/good.jsonl" 2>/dev/null || fail "the scan of 3 points failed"

# broken NAME EXPR: good.jsonl with its middle record changed by the python statement EXPR on r
broken() {
  python3 -c '
import json, sys
lines = open(sys.argv[1]).read().splitlines()
r = json.loads(lines[1])
exec(sys.argv[2])
lines[1] = json.dumps(r)
print("\n".join(lines))' "$tmp/good.jsonl" "$2" >"$tmp/$1.jsonl"
}
broken status 'r["status"] = 999'
broken level 'r["summary"]["level"] = "bogus"'
broken no-summary 'del r["summary"]'
broken seconds 'r["summary"]["seconds"] = 1.7e308'

for reader in --merge --resume --summary; do
  expect_bad 'line 2: "status" must be 0, 2, 3, 4 or 5 (got 999)' "$ball" "${job[@]}" "${grid[@]}" $reader "$tmp/status.jsonl"
  expect_bad 'line 2: summary.level: must be "proven", "checked", "incomplete" or null (got "bogus")' \
    "$ball" "${job[@]}" "${grid[@]}" $reader "$tmp/level.jsonl"
  expect_bad 'line 2: missing key "summary"' "$ball" "${job[@]}" "${grid[@]}" $reader "$tmp/no-summary.jsonl"
  # 1.7e308 s is far beyond any job; three of them summed overflowed the summary's "seconds" to null
  expect_bad 'line 2: summary: "seconds" must be a number in [0, 1e15]' "$ball" "${job[@]}" "${grid[@]}" $reader \
    "$tmp/seconds.jsonl"
done

# the largest seconds a record may hold, 1e15 each: the total 3e15 is a number, not null
python3 -c '
import json, sys
for line in open(sys.argv[1]):
    r = json.loads(line)
    r["summary"]["seconds"] = 1e15
    print(json.dumps(r))' "$tmp/good.jsonl" >"$tmp/slow.jsonl"
run "$ball" "${job[@]}" "${grid[@]}" --summary "$tmp/slow.jsonl"
total=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["seconds"] == 3e15)' "$tmp/stdout")
[[ $rc -eq 0 && $total == True ]] && echo "ok: three records of 1e15 s sum to 3e15 s" ||
  fail "--summary of three records of 1e15 s: exit $rc, seconds $total"

cli_finish "scan-record-check"
