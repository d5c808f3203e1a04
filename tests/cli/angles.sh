#!/usr/bin/env bash
# Angles are radians (docs/manual.md section 4, "Units"): an angle key of a problem file with
# |angle| > 2 pi - a load angle of 90 or a distortion direction of -45, meant in degrees - is bad
# input (exit 2) whose one line says "looks like degrees; give radians" and names the key; one
# full turn (2 pi itself, -2 pi) is accepted. celt's initial.tilt too.
# Usage: bash angles.sh BIN_DIR SHARE_DIR
source "$(dirname "$0")/common.bash"
cli_setup find-limits "$@"
problems="$share/problems"

# file NAME BASE PYTHON: $tmp/NAME.json, the bundled BASE changed by the python statements on d.
file() {
  python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))
$3
json.dump(d, open(sys.argv[2], 'w'))" "$problems/$2" "$tmp/$1.json"
}

file load90 ellipse.json 'd["system"]["load_angle"] = 90'
file load-7 ellipse.json 'd["system"]["load_angle"] = -7'
file gamma45 ellipse.json 'd["contact"]["distortion"] = {"d": 0.5, "gamma": -45}'
file turn ellipse.json 'd["system"]["load_angle"] = 6.283185307179586; d["contact"]["distortion"] = {"d": 0.5, "gamma": -6.283185307179586}'
file tilt celt.json 'd["initial"]["tilt"] = [0.0, 10]'

expect_error 2 "system.load_angle: looks like degrees; give radians" "$tmp/load90.json"
expect_error 2 "system.load_angle: looks like degrees; give radians" "$tmp/load-7.json"
expect_error 2 "contact.distortion.gamma: looks like degrees; give radians" "$tmp/gamma45.json"
app="$bin/friction-model"
expect_error 2 "system.load_angle: looks like degrees" "$tmp/load90.json"
app="$bin/celt"
expect_error 2 "initial.tilt looks like degrees; give radians" "$tmp/tilt.json"
# and the angle options of the command line (docs/manual.md section 5, "Units on the command line")
expect_error 2 "--tilt: looks like degrees; give radians" "$problems/celt.json" --tilt 0,10
app="$bin/classify"
expect_error 2 "--max-angle: looks like degrees; give radians" "$problems/disc.json" --force 0.3 --direction 1,0,0 --max-angle 90

# One full turn is an angle: accepted, and the same as 0 for the load (cos, sin of 2 pi).
"$bin/find-limits" "$tmp/turn.json" >"$tmp/turn.out" 2>"$tmp/stderr" ||
  fail "find-limits with load_angle = gamma = 2 pi exited with $?: $(head -c 300 "$tmp/stderr")"

cli_finish angles
