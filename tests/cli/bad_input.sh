#!/usr/bin/env bash
# Command-line contract for bad input (SPEC.md section 5): every case must exit with code 2,
# print nothing on stdout and exactly one line "<app>: error: ..." on stderr that names what is
# wrong. Usage: bash bad_input.sh BIN_DIR SHARE_DIR
source "$(dirname "$0")/common.bash"
cli_setup friction-model "$@"
disc="$share/problems/disc.json"


# problem FILE JSON: writes a problem file into the temporary directory.
problem() {
  printf '%s\n' "$2" >"$tmp/$1"
}

head='"schema": "limitdir.problem/1", "system": {"preset": "disc"}'
problem malformed.json '{"schema": "limitdir.problem/1", "system": {"preset": "disc"},'
problem unknown-model.json "{$head, \"friction\": {\"model\": \"harmonik\", \"degree\": 2}}"
problem unknown-pressure.json "{$head, \"contact\": {\"pressure\": \"unifrom\"}, \"friction\": {\"model\": \"exact\"}}"
problem power-alpha.json "{$head, \"contact\": {\"pressure\": {\"power\": -1}}, \"friction\": {\"model\": \"exact\"}}"
problem negative-profile.json "{$head, \"contact\": {\"pressure\": {\"profile\": [[0, 1], [0.5, -0.5], [1, 0]]}}, \"friction\": {\"model\": \"exact\"}}"
problem decreasing-xi.json "{$head, \"contact\": {\"pressure\": {\"profile\": [[0, 1], [0.6, 1], [0.4, 1], [1, 0]]}}, \"friction\": {\"model\": \"exact\"}}"
problem overflow.json "{$head, \"friction\": {\"model\": \"exact\"}, \"force\": 1e999}"
problem singular-mass.json '{"schema": "limitdir.problem/1", "system": {"preset": "general", "mass": [[1, 2, 0], [2, 4, 0], [0, 0, 1]], "load": {"direction": [1, 0, 0]}}, "friction": {"model": "exact"}}'
problem unknown-key.json "{$head, \"friction\": {\"model\": \"exact\"}, \"frction\": {}}"
problem wrong-schema.json '{"schema": "limitdir.problem/9", "system": {"preset": "disc"}, "friction": {"model": "exact"}}'
problem zero-direction.json '{"system": {"preset": "general", "mass": [[1, 0, 0], [0, 1, 0], [0, 0, 1]], "load": {"direction": [0, 0, 0]}}, "friction": {"model": "exact"}}'

expect_bad "malformed JSON" "$tmp/malformed.json"
expect_bad "cannot open file" "$tmp/does-not-exist.json"
expect_bad "friction.model" "$tmp/unknown-model.json"
expect_bad "contact.pressure" "$tmp/unknown-pressure.json"
expect_bad "contact.pressure.power" "$tmp/power-alpha.json"
expect_bad "--degree" "$disc" --degree 0
expect_bad "--degree" "$disc" --degree abc
expect_bad "--degree" "$disc" --degree 3x
expect_bad "--degree" "$disc" --degree 2.5
expect_bad "--samples" "$disc" --samples 1
expect_bad "--samples" "$disc" --samples 5x
expect_bad "--samples" "$disc" --samples 99999999999999999999
expect_bad "profile[1]" "$tmp/negative-profile.json"
expect_bad "increasing" "$tmp/decreasing-xi.json"
expect_bad "1e999" "$tmp/overflow.json"
expect_bad "singular mass matrix" "$tmp/singular-mass.json"
expect_bad "frction" "$tmp/unknown-key.json"
expect_bad "schema" "$tmp/wrong-schema.json"
expect_bad "system.load.direction" "$tmp/zero-direction.json"
expect_bad "frobnicate" "$disc" --frobnicate
expect_bad "--pressure" "$disc" --pressure power:-1
expect_bad "--pressure" "$disc" --pressure cone
expect_bad "--rho" "$disc" --rho inf
expect_bad "--rho" "$disc" --rho 0
expect_bad "--model" "$disc" --model harmonik
expect_bad "--model" "$share/problems/disc-exact.json" --model harmonic
expect_bad "--degree" "$share/problems/disc-exact.json" --degree 3
expect_bad "PROBLEM" --samples 5
expect_bad "too many" "$disc" "$disc"

cli_finish "bad-input"
