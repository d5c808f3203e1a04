#!/usr/bin/env bash
# Command-line contract of celt (issue 10, docs/manual.md section 12): the bundled problems
# validate against celt.schema.json; a run, the model comparison and the slip system print
# reports valid against celt-report.schema.json, with the spin reversal of the chosen initial
# conditions (reversal for +3 rad/s, none for -3 rad/s) and of the Kane & Levinson rattleback;
# the slip system exported at rest is exact (no normal coupling) and accepted by find-limits
# and sweep-force; off rest it is labelled approximate with the size of the neglected
# coupling; bad input exits 2 with one line on stderr and nothing on stdout.
# Usage: bash celt.sh BIN_DIR SHARE_DIR
source "$(dirname "$0")/common.bash"
cli_setup celt "$@"
validate="$(dirname "$0")/validate_json.py"
stone="$share/problems/celt.json"
kl="$share/problems/celt-kane-levinson.json"

# expect_ok CHECK ARGS...: a report valid against celt-report.schema.json for which CHECK holds.
expect_ok() {
  expect_report celt-report.schema.json "$@"
}

python3 "$validate" "$share/schemas" celt.schema.json "$share"/problems/celt*.json || fail "bundled celt problems invalid"

# W1, pitched 0.05 rad: +3 rad/s reverses once within 1.5 s, -3 rad/s does not (docs/manual.md section 12)
expect_ok 'r["kind"] == "run" and len(r["run"]["reversals"]) == 1 and 0.5 < r["run"]["reversals"][0] < 1.0 and r["history"]["spin"][-1] < -1 and r["run"]["max_energy_increase"] <= 1e-12' \
  "$stone" --t-end 1.5 --every 10
expect_ok 'r["run"]["reversals"] == [] and r["history"]["spin"][-1] < 0 and len(r["history"]["t"]) == 2' \
  "$stone" --t-end 1.5 --omega 0,0,-3 --every 0
# Kane & Levinson: +5 rad/s reverses, -5 rad/s does not
expect_ok 'len(r["run"]["reversals"]) == 1 and r["history"]["spin"][-1] < 0' "$kl"
expect_ok 'r["run"]["reversals"] == [] and r["history"]["spin"][-1] < 0' "$kl" --omega 0,0,-5
# no friction: the energy is conserved (dopri5, tolerance 1e-10 per step: 1e-7 relative over the run)
expect_ok 'max(abs(e - r["history"]["energy"][0]) for e in r["history"]["energy"]) <= 1e-7 * r["history"]["energy"][0]' \
  "$stone" --mu 0 --k-r 0 --t-end 0.5 --tilt 0.05,0.05
# the comparison of Sect. 4: five models, W1 first with deviation 0, P1 (no torque, no rolling resistance) the worst
expect_ok 'r["kind"] == "comparison" and [m["model"] for m in r["models"]] == ["W1", "O", "P1'"'"'", "P3'"'"'", "P1"] and r["models"][0]["mean_square_deviation"] == 0 and r["models"][4]["mean_square_deviation"] == max(m["mean_square_deviation"] for m in r["models"])' \
  "$stone" --compare --t-end 1
# the slip system at rest: exact (no coupling), c = 0; B(w) w + c = decoupled at any w
expect_ok 'r["kind"] == "slip-system" and r["exact"] and r["coupling"] == 0 and r["c"] == [0, 0, 0] and all(abs(a - b) <= 1e-12 * max(1, abs(a)) for f in r["fields"] for a, b in zip(f["Bw_plus_c"], f["decoupled"]))' \
  "$stone" --tilt 0,0 --omega 0,0,0 --slip-system 0 --w 1,0,0 --w 0.2,0.3,-0.9
# during the run: approximate, the coupling named, and the exact field differs from the decoupled one
expect_ok 'not r["exact"] and r["coupling"] > 1e-3 and "APPROXIMATE" in r["problem"]["name"] and any(a != b for f in r["fields"] for a, b in zip(f["Bw_plus_c"], f["decoupled"]))' \
  "$stone" --slip-system 0.3 --w 0.6,0.6,0.5

# the exported problem is a limitdir problem that find-limits and sweep-force accept
run "$stone" --tilt 0,0 --omega 0,0,0 --slip-system 0 --export-problem
cp "$tmp/stdout" "$tmp/rest.json"
if [[ $rc -ne 0 ]] || ! python3 "$validate" "$share/schemas" problem.schema.json "$tmp/rest.json"; then
  fail "celt --export-problem: exit $rc or not a valid problem"
elif ! grep -q '"name": "Celtic stone: slip system near stick at t = 0 s (exact' "$tmp/rest.json"; then
  fail "celt --export-problem at rest is not labelled exact"
else
  echo "ok: celt --slip-system 0 --export-problem"
fi
rc=0
"$bin/find-limits" "$tmp/rest.json" >"$tmp/limits.json" 2>"$tmp/limits.err" || rc=$?
[[ $rc -eq 0 ]] && echo "ok: find-limits accepts the exported slip system" || fail "find-limits exited $rc: $(head -c 300 "$tmp/limits.err")"
rc=0
"$bin/sweep-force" "$tmp/rest.json" --from 0 --to 0.5 >"$tmp/diagram.json" 2>"$tmp/diagram.err" || rc=$?
[[ $rc -eq 0 ]] && echo "ok: sweep-force accepts the exported slip system" || fail "sweep-force exited $rc: $(head -c 300 "$tmp/diagram.err")"

# bad input: one line on stderr, exit 2, nothing on stdout
sed 's/"semi_axes": \[0.11, 0.025, 0.025\]/"semi_axes": [-0.11, 0.025, 0.025]/' "$stone" >"$tmp/negative-axis.json"
sed 's/"g": 9.81,//' "$stone" >"$tmp/missing-key.json"
sed 's/"model": "W1"/"model": "W2"/' "$stone" >"$tmp/unknown-model.json"
sed 's/"mass": 0.3/"mass": 1e999/' "$stone" >"$tmp/infinite.json"
sed 's/"mu": 0.25/"mu": NaN/' "$stone" >"$tmp/nan.json"
sed 's/"t_end": 3.0/"t_end": 3.0, "t_begin": 0/' "$stone" >"$tmp/unknown-key.json"
sed 's/"mu": 0.25/"mu": 0.25, "S2": 0.1/' "$stone" >"$tmp/w1-moments.json"
sed 's/"model": "P1", "mu": 0.3, "a_hat": 0.0005, "b": 1.0/"model": "W1"/' "$kl" >"$tmp/kl-hertz.json"
expect_bad "body.semi_axes" "$tmp/negative-axis.json"
expect_bad "body.g" "$tmp/missing-key.json"
expect_bad "unknown model" "$tmp/unknown-model.json"
expect_bad "celt" "$tmp/infinite.json"
expect_bad "celt" "$tmp/nan.json"
expect_bad "time.t_begin" "$tmp/unknown-key.json"
sed 's/"t_end": 3.0/"t_end": 3.0, "method": "rk45"/' "$stone" >"$tmp/bad-method.json"
expect_bad 'time.method: must be "dopri5" or "rosenbrock4"' "$tmp/bad-method.json"
sed 's/"t_end": 3.0/"t_end": 3.0, "method": 4/' "$stone" >"$tmp/number-method.json"
expect_bad 'time.method' "$tmp/number-method.json"
expect_bad "not with the model W1" "$tmp/w1-moments.json"
expect_bad "a2 = a3" "$tmp/kl-hertz.json"
for f in negative-axis missing-key unknown-model unknown-key; do
  python3 "$validate" "$share/schemas" celt.schema.json --invalid "$tmp/$f.json" >/dev/null || fail "celt.schema.json accepts $f.json"
done
expect_bad "--mu" "$stone" --mu -1
expect_bad "--mu" "$stone" --mu inf
expect_bad "--omega" "$stone" --omega 1,2
expect_bad "--tilt" "$stone" --tilt 2,0
expect_bad "--model" "$stone" --model Q
expect_bad "--dt" "$stone" --dt 0
expect_bad "--k-r" "$stone" --k-r 1.5
expect_bad "time.dt" "$stone" --dt 5
expect_bad "--slip-system" "$stone" --slip-system 99
expect_bad "--slip-system: only with the models W1 and P1" "$stone" --model O --slip-system 0
expect_bad "only with --slip-system" "$stone" --export-problem
expect_bad "--w" "$stone" --slip-system 0 --w 0,0,0
# a bad --every is bad input in every mode, as `scan --job celt` always said (before, the slip
# system ignored its text)
expect_bad "--every: must be an integer" "$stone" --slip-system 0 --every abc
expect_bad "a2 = a3" "$kl" --compare
expect_bad "PROBLEM" --t-end 1
expect_bad "schema" "$share/problems/disc.json"

# a numerical failure: spun fast about its long axis the stone leaves the plane (N < 0): exit 3
expect_error 3 "leaves the plane" "$stone" --omega 200,0,0 --t-end 0.1
# --version, --help (the exit codes) and a failed write (exit 4), as the other apps
# issue 23: a trial stage without a normal force no longer aborts a valid run; the slip system of a
# frictionless stone has no problem (nulls once); a huge --w is a direction; the tolerance floor
expect_ok 'r["kind"] == "run" and len(r["history"]["t"]) == 6' "$stone" --model P1 --mu 10 --t-end 0.05
expect_ok 'r["kind"] == "run"' "$kl" --mu 30 --omega 0,0,-5 --t-end 0.5
expect_bad "mu N0 > 0" "$stone" --slip-system 0 --mu 0 --export-problem
expect_bad "mu N0 > 0" "$stone" --slip-system 0 --mu 0
expect_ok 'r["fields"][0]["w"] == [1.0, 0.0, 0.0]' "$stone" --slip-system 0.1 --w 1e300,0,0
expect_bad "time.tolerance" "$stone" --tol 1e-300

# The high-friction limit (docs/manual.md section 12): the Kane & Levinson stone's spin tends to
# that of rolling without slipping (tests/celt/rolling_rattleback.py, an independent pure-Python
# RK4 of the nonholonomic equations) like 1/mu: mu = 10 -> 30 divides |spin - rolling| at 1 s
# by 3 (measured 2.86; within 20 %), and at mu = 30 it is below 0.05 rad/s (measured 0.029).
python3 -c 'import json, sys; p = json.load(open(sys.argv[1])); p["time"]["t_end"] = 1.0; json.dump(p, open(sys.argv[2], "w"))' \
  "$kl" "$tmp/kl-1s.json"
python3 "$(dirname "$0")/../celt/rolling_rattleback.py" "$tmp/kl-1s.json" --h 1e-4 >"$tmp/rolling.json" || fail "rolling_rattleback.py failed"
for mu in 10 30; do
  "$app" "$tmp/kl-1s.json" --mu $mu --every 0 >"$tmp/kl-$mu.json" 2>/dev/null || fail "celt Kane & Levinson --mu $mu failed"
done
python3 - "$tmp" <<'PY' && echo "ok: celt Kane & Levinson: |spin - rolling| at 1 s shrinks like 1/mu" || fail "celt Kane & Levinson: no 1/mu limit"
import json, sys
tmp = sys.argv[1]
rolling = json.load(open(tmp + "/rolling.json"))["spin"][-1]
d = {mu: abs(json.load(open(f"{tmp}/kl-{mu}.json"))["history"]["spin"][-1] - rolling) for mu in (10, 30)}
print(f"|spin - rolling| at 1 s: mu = 10 {d[10]:.4g}, mu = 30 {d[30]:.4g} rad/s, ratio {d[10] / d[30]:.3g}")
sys.exit(0 if 2.4 <= d[10] / d[30] <= 3.6 and d[30] < 0.05 else 1)
PY

run --version
version=$(sed -n 's/^project(limitdir VERSION \([0-9.]*\).*/\1/p' "$share/../CMakeLists.txt")
[[ $rc -eq 0 && $(cat "$tmp/stdout") == "celt (limitdir) $version" ]] && echo "ok: celt --version" || fail "celt --version: $(cat "$tmp/stdout")"
run --help
for code in 0 2 3 4 5; do
  grep -q "^  $code  " "$tmp/stdout" || fail "celt --help does not explain exit code $code"
done
if [[ -w /dev/full ]]; then
  rc=0
  "$app" "$stone" --t-end 0.05 >/dev/full 2>"$tmp/stderr" || rc=$?
  [[ $rc -eq 4 ]] && grep -q "^celt: error: I/O error: " "$tmp/stderr" && echo "ok: celt > /dev/full exits 4" ||
    fail "celt > /dev/full: exit $rc, stderr $(head -c 200 "$tmp/stderr")"
fi

cli_finish celt
