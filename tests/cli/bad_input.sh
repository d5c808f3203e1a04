#!/usr/bin/env bash
# Command-line contract for bad input (docs/manual.md section 5): every case must exit with code 2,
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
# a file name with an escape sequence and a byte that is not UTF-8: quoted escaped, on one line
expect_bad 'cannot open file' "$tmp/"$'\e[2J\xff\nx.json'
if LC_ALL=C grep -q $'\e\|\xff' "$tmp/stderr" || ! grep -qF '\x1b[2J\xff x.json' "$tmp/stderr"; then
  fail "the file name reached stderr unescaped: $(od -c "$tmp/stderr" | head -5)"
else
  echo "ok: the file name's ESC, 0xff and newline are printed as \\x1b, \\xff and a space"
fi
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

# Hostile JSON, in every app: nesting deep enough to exhaust a recursive reader's stack, a key
# given twice (JSON leaves the value undefined), and an endless standard input; each ends in a
# one-line error, exit 2, within the input bound (core/json_input.hpp).
python3 -c "print('[' * 100000 + ']' * 100000)" >"$tmp/deep.json"
problem duplicate.json "{$head, \"force\": \"x\", \"force\": 0.3, \"friction\": {\"model\": \"exact\"}}"
problem duplicate-nested.json "{$head, \"friction\": {\"model\": \"exact\", \"model\": \"harmonic\"}}"
for name in find-limits classify friction-model simulate sweep-force degree-study bifurcation-map diagram-diff; do
  app="$bin/$name"
  case $name in
    find-limits) extra=(--force 0.3) ;;
    simulate) extra=(--force 0.3 --x0 1,0,1) ;;
    sweep-force) extra=(--from 0 --to 1) ;;
    degree-study) extra=(--degrees 1 --from 0 --to 1) ;;
    bifurcation-map) extra=(--y j --y-range 0.4,1 --x-range 0,1) ;;
    diagram-diff) extra=("$tmp/deep.json") ;;
    *) extra=() ;;
  esac
  expect_bad "nested deeper than 64" "$tmp/deep.json" "${extra[@]}"
done
app="$bin/find-limits"
# extreme but finite loads are bad input (|F| and every component of d, e at most 1e12), not an
# internal failure
problem huge-force.json "{$head, \"friction\": {\"model\": \"exact\"}, \"force\": 1e300}"
problem huge-direction.json '{"system": {"preset": "general", "mass": [[1, 0, 0], [0, 1, 0], [0, 0, 1]], "load": {"direction": [1e308, 0, 0]}}, "friction": {"model": "exact"}}'
expect_bad "force: must be at most 1e12" "$tmp/huge-force.json"
expect_bad "system.load.direction[0]" "$tmp/huge-direction.json" --force 0.3
expect_bad "--force: must be at most 1e12" "$disc" --force 1e300
# a pressure profile has at most 101 nodes (200 001 took more than 20 s in every app)
python3 -c "
import json
n = 200000
print(json.dumps({'system': {'preset': 'disc'}, 'contact': {'pressure': {'profile': [[i / n, 1 - (i / n) ** 2] for i in range(n + 1)]}}, 'friction': {'model': 'exact'}}))" >"$tmp/many-nodes.json"
expect_bad "at most 101 nodes" "$tmp/many-nodes.json" --force 0.3
expect_bad "duplicate key \"force\"" "$tmp/duplicate.json"
expect_bad "duplicate key \"model\"" "$tmp/duplicate-nested.json"
# contacts of any shape (docs/manual.md section 6): every key checked where it is given
ellipse='"system": {"preset": "plate"}, "friction": {"model": "exact"}'
problem negative-axis.json "{$ellipse, \"contact\": {\"shape\": {\"ellipse\": [-1, 0.5]}}}"
problem one-axis.json "{$ellipse, \"contact\": {\"shape\": {\"ellipse\": [1]}}}"
problem thin-ellipse.json "{$ellipse, \"contact\": {\"shape\": {\"ellipse\": [1, 1e-4]}}}"
problem unknown-shape.json "{$ellipse, \"contact\": {\"shape\": \"square\"}}"
problem big-d.json "{$ellipse, \"contact\": {\"shape\": {\"ellipse\": [1, 0.5]}, \"distortion\": {\"d\": 1.5}}}"
problem negative-d.json "{$ellipse, \"contact\": {\"shape\": {\"ellipse\": [1, 0.5]}, \"distortion\": {\"d\": -0.1}}}"
problem missing-d.json "{$ellipse, \"contact\": {\"shape\": {\"ellipse\": [1, 0.5]}, \"distortion\": {\"gamma\": 1}}}"
problem two-body-sum.json "{$ellipse, \"contact\": {\"shape\": {\"ellipse\": [1, 0.5]}, \"distortion\": {\"d1\": 0.6, \"d2\": 0.5, \"gamma2\": 3}}}"
problem two-body-negative.json "{$ellipse, \"contact\": {\"shape\": {\"ellipse\": [1, 0.5]}, \"distortion\": {\"d1\": -0.1, \"d2\": 0.5}}}"
problem two-body-orthotropic.json "{$ellipse, \"contact\": {\"shape\": {\"ellipse\": [1, 0.5]}, \"distortion\": {\"d1\": 0.9, \"b1\": 0.5, \"d2\": 0.02, \"b2\": 25}}}"
problem big-shift.json "{$head, \"contact\": {\"shift\": {\"k\": 1.5}}, \"friction\": {\"model\": \"exact\"}}"
problem shift-and-distortion.json "{$head, \"contact\": {\"shift\": {\"k\": 0.6}, \"distortion\": {\"d\": 0.6}}, \"friction\": {\"model\": \"exact\"}}"
problem big-height.json "{$head, \"contact\": {\"shift\": {\"h\": 1}}, \"friction\": {\"model\": \"exact\"}, \"force\": 0.3}"
problem two-shifts.json "{$head, \"contact\": {\"shift\": {\"k\": 0.1, \"h\": 0.1}}, \"friction\": {\"model\": \"exact\"}}"
problem profile-ellipse.json "{\"system\": {\"preset\": \"plate\"}, \"contact\": {\"shape\": {\"ellipse\": [1, 0.5]}, \"pressure\": {\"profile\": [[0, 1], [1, 0.5]]}}, \"friction\": {\"model\": \"kudra-pade\"}}"
problem singular-ellipse.json "{$ellipse, \"contact\": {\"shape\": {\"ellipse\": [1, 0.5]}, \"pressure\": {\"power\": -0.6}}}"
problem harmonic-ellipse.json '{"system": {"preset": "plate"}, "contact": {"shape": {"ellipse": [1, 0.5]}}, "friction": {"model": "harmonic", "degree": 2}}'
problem plate-circle.json '{"system": {"preset": "plate"}, "friction": {"model": "exact"}}'
expect_bad "contact.shape.ellipse[0]" "$tmp/negative-axis.json"
expect_bad "contact.shape.ellipse" "$tmp/one-axis.json"
expect_bad "aspect ratio" "$tmp/thin-ellipse.json"
expect_bad "contact.shape" "$tmp/unknown-shape.json"
expect_bad "contact.distortion.d" "$tmp/big-d.json"
expect_bad "contact.distortion.d" "$tmp/negative-d.json"
expect_bad "contact.distortion.d: required key is missing" "$tmp/missing-d.json"
expect_bad "contact.distortion: rolling resistance" "$tmp/two-body-sum.json"
expect_bad "contact.distortion.d1" "$tmp/two-body-negative.json"
expect_bad "contact.distortion: rolling resistance" "$tmp/two-body-orthotropic.json"
expect_bad "contact.shift" "$tmp/big-shift.json"
expect_bad "negative" "$tmp/shift-and-distortion.json"
expect_bad "contact.shift" "$tmp/big-height.json"
expect_bad "exactly one of the keys k, h" "$tmp/two-shifts.json"
expect_bad "tabulated" "$tmp/profile-ellipse.json"
expect_bad "alpha >= -1/2" "$tmp/singular-ellipse.json"
expect_bad "friction.model" "$tmp/harmonic-ellipse.json"
expect_bad "system.preset" "$tmp/plate-circle.json"
expect_bad "--model" "$share/problems/ellipse.json" --model harmonic --degree 2 --force 0.3
# the contact models' options (docs/manual.md section 7): only the model that takes one
model_problem() {  # NAME FRICTION-JSON
  problem "$1" "{\"system\": {\"preset\": \"plate\"}, \"contact\": {\"shape\": {\"ellipse\": [1, 0.5]}}, \"friction\": $2}"
}
model_problem w-with-bT.json '{"model": "kudra-w", "b_T": 2}'
model_problem pade-with-u0.json '{"model": "kudra-pade", "u0": [1, 1, 1]}'
model_problem pade-order-2.json '{"model": "kudra-pade", "order": 2}'
model_problem pade-order-6.json '{"model": "kudra-pade", "order": 6}'
model_problem kireenkov-order-3.json '{"model": "kireenkov-pade", "order": 3}'
model_problem w-negative-u0.json '{"model": "kudra-w", "u0": [1, -1, 1]}'
model_problem kireenkov-ellipse.json '{"model": "kireenkov-pade", "order": 1, "k0": 0.5}'
model_problem exact-with-k0.json '{"model": "exact", "k0": 0.5}'
expect_bad "friction" "$tmp/w-with-bT.json"
expect_bad "friction.u0" "$tmp/pade-with-u0.json"
expect_bad "order" "$tmp/pade-order-2.json"
expect_bad "order" "$tmp/pade-order-6.json"
expect_bad "order" "$tmp/kireenkov-order-3.json"
expect_bad "friction.u0[1]" "$tmp/w-negative-u0.json"
expect_bad "friction" "$tmp/kireenkov-ellipse.json"
expect_bad "friction.k0" "$tmp/exact-with-k0.json"
expect_bad "--model" "$share/problems/ellipse.json" --model kudra-pade:2
expect_bad "--model" "$share/problems/ellipse.json" --model kudra-pade:4
expect_bad "N <= 32" "$share/problems/ellipse.json" --model sphere-harmonic --degree 33
expect_bad "--degree" "$share/problems/ellipse.json" --model kudra-w --degree 3
expect_bad "sphere-harmonic model needs a degree" "$share/problems/ellipse.json" --model sphere-harmonic
rc=0
timeout 60 "$app" - --force 0.3 </dev/zero >"$tmp/stdout" 2>"$tmp/stderr" || rc=$?
if [[ $rc -ne 2 ]] || ! grep -q "input larger than 64 MiB" "$tmp/stderr"; then
  fail "find-limits - < /dev/zero: exit $rc, $(head -c 300 "$tmp/stderr")"
else
  echo "ok: find-limits - < /dev/zero -> $(cat "$tmp/stderr")"
fi

cli_finish "bad-input"
