#!/usr/bin/env bash
# A report read back is input, checked as any input (docs/manual.md section 5, issue 34): plot of
# a diagram whose branch point has w = (-1e308, ...) or (..., 1e308) exited 5 ("friction model:
# slip direction is zero": |w| overflowed); a direction that is not a unit vector to 1e-6 is bad
# input naming its key, in one line.
# Usage: bash report_read_back.sh BIN_DIR SHARE_DIR
source "$(dirname "$0")/common.bash"
cli_setup plot "$@"

# changed NAME EXPR: share/reference/disc-exact.json (a diagram sweep-force wrote) with the
# python statement EXPR applied to it as d
changed() {
  python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
exec(sys.argv[2])
json.dump(d, open(sys.argv[3], "w"))' "$share/reference/disc-exact.json" "$2" "$tmp/$1.json"
}
changed first 'd["branches"][0]["points"][0]["w"] = [-1e308, 0.0, 0.0]'
changed last 'd["branches"][0]["points"][0]["w"] = [0.0, 0.0, 1e308]'
changed long 'd["branches"][0]["points"][0]["w"] = [-1.0, 0.0, 0.01]'

expect_bad "branches[0].points[0].w: a direction must be a unit vector" "$tmp/first.json" --output "$tmp/first.svg"
expect_bad "branches[0].points[0].w: a direction must be a unit vector" "$tmp/last.json" --output "$tmp/last.svg"
# |w| = 1.00005, beyond the 1e-6 a direction printed with 7 digits keeps
expect_bad "branches[0].points[0].w: a direction must be a unit vector" "$tmp/long.json" --output "$tmp/long.svg"
# the diagram as written is drawn
run "$share/reference/disc-exact.json" --output "$tmp/good.svg"
[[ $rc -eq 0 && -s $tmp/good.svg ]] && echo "ok: the diagram as sweep-force wrote it is drawn" ||
  fail "plot disc-exact.json exited with $rc: $(head -c 300 "$tmp/stderr")"

cli_finish "report-read-back"
