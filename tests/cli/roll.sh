#!/usr/bin/env bash
# Command-line contract of roll (issue 10): the Fig. 3 runs print a report valid against
# roll-report.schema.json whose X_max and stop time agree with the closed form (derived by hand
# in docs/manual.md section 10: (a) 2.5^2 (1 + j) R/(2 mu_r g), (c) 2.5^2/(2 mu g)); --map prints
# a map valid against roll-map.schema.json with X_max = U0^2/(2 g min(mu, mu_r/((1 + j) R)));
# bad input exits 2 with one line on stderr and nothing on stdout.
# Usage: bash roll.sh BIN_DIR SHARE_DIR
source "$(dirname "$0")/common.bash"
cli_setup roll "$@"
validate="$(dirname "$0")/validate_json.py"
a="$share/problems/roll-fig3a.json"
b="$share/problems/roll-fig3b.json"
c="$share/problems/roll-fig3c.json"

# expect_ok SCHEMA PYTHON-CHECK ARGS...: exit 0, empty stderr, stdout valid against SCHEMA and
# the check (stdout parsed as `r`, with g, R, j of Sect. 6.1) holds (common.bash expect_report).
expect_ok() {
  REPORT_PRELUDE="g, R, j = 9.81, 0.5, 0.4" expect_report "$@"
}

# Fig. 3a with h = 1e-3: X_max within the kink bound a h^2/8 (a = mu_r g/((1 + j) R)), stop within one step.
expect_ok roll-report.schema.json \
  'abs(r["X_max"] - 2.5**2 * (1 + j) * R / (2 * 0.04 * g)) < 1e-7 and 0 <= r["t_stop"] - 2.5 * (1 + j) * R / (0.04 * g) <= 1e-3 and [m["mode"] for m in r["modes"]] == ["roll", "rest"] and r["converged"] and r["closed_form"]["stops"]' \
  "$a" --h 1e-3
# Fig. 3b: slide and roll, then roll at t = 2.5/g (within a step), rest.
expect_ok roll-report.schema.json \
  '[m["mode"] for m in r["modes"]] == ["slide and roll", "roll", "rest"] and 0 <= r["modes"][1]["t"] - 2.5 / g <= 1e-3 and abs(r["X_max"] - r["closed_form"]["X_max"]) < 1e-6' \
  "$b" --h 1e-3
# Fig. 3c: Omega stops first, then block sliding to 2.5^2/(2 mu g).
expect_ok roll-report.schema.json \
  '[m["mode"] for m in r["modes"]] == ["slide and roll", "slide", "rest"] and abs(r["X_max"] - 2.5**2 / (2 * 0.05 * g)) < 1e-6 and abs(r["history"]["Omega_Y"][-1]) < 1e-9' \
  "$c" --h 1e-3
# The paper's step h = 1e-4: the bundled file as it is; theta = 1 shifts X by -h U0/2.
expect_ok roll-report.schema.json 'abs(r["X_max"] - r["closed_form"]["X_max"]) < 1e-8 and len(r["history"]["t"]) <= 1002' "$a"
expect_ok roll-report.schema.json 'abs(r["X_max"] - (r["closed_form"]["X_max"] - 1e-3 * 2.5 / 2)) < 1e-6' "$a" --h 1e-3 --theta 1
# Overrides and other solvers; --every 0 keeps t = 0 and the last step; stdin.
expect_ok roll-report.schema.json 'r["problem"]["friction"]["mu"] == 0.05 and r["modes"][1]["mode"] == "slide"' "$a" --mu 0.05 --h 1e-3 --method pfp
expect_ok roll-report.schema.json 'len(r["history"]["t"]) == 2 and r["at_rest"]' "$b" --h 1e-3 --every 0 --method extragradient
expect_ok roll-report.schema.json 'r["closed_form"] is None and not r["at_rest"] and r["modes"][0]["mode"] == "slide and roll"' "$a" --h 1e-3 --t-end 1 --velocity 2.5,1,0
run - --h 1e-3 --t-end 0.5 <"$a"
[[ $rc -eq 0 ]] && echo "ok: problem on stdin" || fail "roll - <roll-fig3a.json exited with $rc"
# Spin about the normal on a Hertz disc of radius a = 0.01 m (roll-spin.json): a pure spin
# Omega_Z = 1 stops at J/(mu m g (3 pi/16) a) = 0.4 R^2/(0.2 g (3 pi/16) 0.01) = 8.6527 s (within a step, h = 1e-3);
# Fig. 3b with spin goes further than without (the Contensou effect), by ~5 a.
spin="$share/problems/roll-spin.json"
expect_ok roll-report.schema.json 'abs(r["t_stop"] - 0.4 * R**2 / (0.2 * g * 3 * 3.141592653589793 / 16 * 0.01)) <= 1e-3 + 1e-9 and r["closed_form"] is None and r["history"]["m_T_Z"][1] < 0' \
  "$spin" --velocity 0,0,0 --omega 0,0,1 --t-end 10
expect_ok roll-report.schema.json 'r["X_max"] > 4.141182467 and r["X_max"] - 4.141182467 < 10 * 0.01 and r["problem"]["spin_friction"]["pressure"] == "hertz" and "method" not in r["problem"]["solver"]' "$spin"
# Fig. 2 map: closed form by hand at every point that stops.
expect_ok roll-map.schema.json \
  'len(r["mu"]) == 3 and len(r["mu_r"]) == 2 and all(abs(r["X_max_closed_form"][i][k] - 2.5**2 / (2 * g * min(m, mr / ((1 + j) * R)))) < 1e-9 for i, m in enumerate(r["mu"]) for k, mr in enumerate(r["mu_r"])) and r["max_abs_difference"] < 1e-6 and all(all(row) for row in r["stopped"])' \
  "$a" --map --mu-grid 0.05,0.3,3 --mu-r-grid 0.005,0.04,2 --h 1e-3 --t-end 40
expect_ok roll-map.schema.json 'r["X_max_closed_form"][0][0] is None and r["t_stop"][0][0] is None and not r["stopped"][0][0]' \
  "$a" --map --mu-grid 0,0,1 --mu-r-grid 0.01,0.01,1 --h 1e-3 --t-end 1

# --help, --version
run --help
[[ $rc -eq 0 ]] && grep -q 'limitdir.roll/1' "$tmp/stdout" && echo "ok: --help" || fail "--help"
run --version
[[ $rc -eq 0 ]] && grep -q '^roll (limitdir)' "$tmp/stdout" && echo "ok: --version" || fail "--version"

# bad input: exit 2, one line
printf '%s\n' '{"sphere": {"radius": 0.5, "density": 2500}, "friction": {"mu": -0.1, "mu_r": 0.04}, "initial": {"velocity": [1, 0, 0], "omega": [0, 2, 0]}, "time": {"h": 1e-3, "t_end": 1}}' >"$tmp/neg-mu.json"
printf '%s\n' '{"sphere": {"radius": 0.5, "density": 2500}, "friction": {"mu": 0.1, "mu_r": -0.04}, "initial": {"velocity": [1, 0, 0], "omega": [0, 2, 0]}, "time": {"h": 1e-3, "t_end": 1}}' >"$tmp/neg-mu-r.json"
printf '%s\n' '{"sphere": {"radius": 0, "density": 2500}, "friction": {"mu": 0.1, "mu_r": 0.04}, "initial": {"velocity": [1, 0, 0], "omega": [0, 2, 0]}, "time": {"h": 1e-3, "t_end": 1}}' >"$tmp/zero-radius.json"
printf '%s\n' '{"sphere": {"radius": 0.5, "density": 2500}, "friction": {"mu": 0.1}, "initial": {"velocity": [1, 0, 0], "omega": [0, 2, 0]}, "time": {"h": 1e-3, "t_end": 1}}' >"$tmp/missing-key.json"
printf '%s\n' '{"sphere": {"radius": 0.5, "density": 2500}, "friction": {"mu": 0.1, "mu_r": 0.04, "mu_s": 1}, "initial": {"velocity": [1, 0, 0], "omega": [0, 2, 0]}, "time": {"h": 1e-3, "t_end": 1}}' >"$tmp/unknown-key.json"
printf '%s\n' '{"sphere": {"radius": 0.5, "density": 2500, "mass": 1}, "friction": {"mu": 0.1, "mu_r": 0.04}, "initial": {"velocity": [1, 0, 0], "omega": [0, 2, 0]}, "time": {"h": 1e-3, "t_end": 1}}' >"$tmp/mass-and-density.json"
printf '%s\n' '{"sphere": {"radius": 0.5, "density": 2500}, "friction": {"mu": 0.1, "mu_r": 0.04}, "initial": {"position": [0, 0, 0.4], "velocity": [1, 0, 0], "omega": [0, 2, 0]}, "time": {"h": 1e-3, "t_end": 1}}' >"$tmp/inside.json"
printf '%s\n' '{"schema": "limitdir.problem/1", "sphere": {"radius": 0.5, "density": 2500}, "friction": {"mu": 0.1, "mu_r": 0.04}, "initial": {"velocity": [1, 0, 0], "omega": [0, 2, 0]}, "time": {"h": 1e-3, "t_end": 1}}' >"$tmp/schema.json"
expect_bad "friction.mu" "$tmp/neg-mu.json"
expect_bad "friction.mu_r" "$tmp/neg-mu-r.json"
expect_bad "sphere.radius" "$tmp/zero-radius.json"
expect_bad "friction.mu_r: required key is missing" "$tmp/missing-key.json"
expect_bad "friction.mu_s: unknown key" "$tmp/unknown-key.json"
expect_bad "exactly one" "$tmp/mass-and-density.json"
expect_bad "initial.position" "$tmp/inside.json"
expect_bad "schema" "$tmp/schema.json"
sed 's/"contact_radius": 0.01/"contact_radius": 0/' "$spin" >"$tmp/spin-zero.json"
sed 's/"pressure": "hertz"/"pressure": "galin"/' "$spin" >"$tmp/spin-galin.json"
sed 's/"tol": 1e-12,/"method": "pfp", "tol": 1e-12,/' "$spin" >"$tmp/spin-method.json"
sed 's/"position": \[0, 0, 0.5\]/"position": [0, 0, 0.6]/' "$spin" >"$tmp/spin-above.json"
expect_bad "spin_friction.contact_radius" "$tmp/spin-zero.json"
expect_bad "spin_friction.pressure" "$tmp/spin-galin.json"
expect_bad "solver.method: not with spin_friction" "$tmp/spin-method.json"
expect_bad "on the plane" "$tmp/spin-above.json"
expect_bad "--method" "$spin" --method pgs
for f in spin-zero spin-galin; do
  python3 "$validate" "$share/schemas" roll.schema.json --invalid "$tmp/$f.json" >/dev/null || fail "roll.schema.json accepts $f.json"
done
# The schema rejects them too (except what it cannot express: Z >= R).
for f in neg-mu neg-mu-r zero-radius missing-key unknown-key mass-and-density schema; do
  python3 "$validate" "$share/schemas" roll.schema.json --invalid "$tmp/$f.json" >/dev/null || fail "roll.schema.json accepts $f.json"
done
python3 "$validate" "$share/schemas" roll.schema.json "$share"/problems/roll-*.json || fail "bundled roll problems invalid"
expect_bad "--mu" "$a" --mu -0.2
expect_bad "--mu-r" "$a" --mu-r abc
expect_bad "--mu-r" "$a" --mu-r -1
expect_bad "--theta" "$a" --theta 2
expect_bad "t_end/h" "$a" --h 1e-7 --t-end 10
expect_bad "--method" "$a" --method newton
expect_bad "--velocity" "$a" --velocity 1,2
expect_bad "--mu-grid" "$a" --map --mu-grid 0.1,0.3,1000
expect_bad "--mu-grid" "$a" --map --mu-grid 0.3,0.1,3
expect_bad "--map" "$a" --map --mu-grid 0.1,0.3,100 --mu-r-grid 0.01,0.03,100
expect_bad "only with --map" "$a" --mu-grid 0.1,0.3,3
expect_bad "history rows" "$a" --h 1e-6 --every 1
expect_bad "PROBLEM" --h 1e-3
expect_bad "disc.json" "$share/problems/disc.json"

# a solve that misses its tolerance: the report all the same, exit 3 with the reason
sed 's/"max_iter": 1000/"max_iter": 1/; s/"method": "pgs"/"method": "pfp"/' "$a" >"$tmp/one-iteration.json"
expect_error 3 "missed the tolerance" "$tmp/one-iteration.json" --h 1e-3 --t-end 0.01
python3 "$validate" "$share/schemas" roll-report.schema.json "$tmp/stdout" && echo "ok: the report is printed with exit 3" ||
  fail "no valid report with exit 3"
# velocities so large that the energy overflows: a numerical failure (3), not a report with nulls
expect_error 3 "not finite" "$a" --h 1e-3 --t-end 0.01 --velocity 1e200,0,0 --omega 0,0,0

# issue 23: no step past the horizon; bodies no sphere can be; the tolerance floor; the work budget
expect_bad "longer than the horizon" "$b" --h 7 --every 0
expect_bad "longer than the horizon" "$spin" --h 1e300
expect_bad "below the radius" "$b" --mu-r 0.6
expect_bad "solver tol" "$b" --tol 1e-320
python3 - "$b" "$tmp" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
for name, key, value in (("j", "j", 0.7), ("dense", "density", 2.5e7), ("j-tiny", "j", 1e-6)):
    q = json.loads(json.dumps(p))
    q["sphere"][key] = value
    json.dump(q, open(f"{sys.argv[2]}/{name}.json", "w"))
q = json.loads(json.dumps(p))
q["sphere"]["radius"] = 1.0
q["initial"]["position"] = [0, 0, 1.0]
json.dump(q, open(f"{sys.argv[2]}/radius-1.json", "w"))
PY
expect_bad "2/3" "$tmp/j.json"
expect_bad "osmium" "$tmp/dense.json"
expect_error 3 "work budget" "$tmp/j-tiny.json" --t-end 0.01
# the stopping test in the problem's own scale: a 4189 kg sphere of radius 1 m converges (exit 0)
run "$tmp/radius-1.json" --mu 0.15 --mu-r 0.05 --velocity 3,0,0 --omega 0,1,0 --t-end 8 --every 0
[[ $rc -eq 0 ]] && echo "ok: roll of a 4189 kg sphere converges at tol 1e-12" || fail "roll radius 1 m: exit $rc: $(head -c 300 "$tmp/stderr")"

cli_finish roll
