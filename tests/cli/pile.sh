#!/usr/bin/env bash
# Command-line contract of pile (issue 36, docs/manual.md section 15): a 10-sphere pile of the
# Siconos tutorial's scene prints a report valid against pile-report.schema.json whose numbers
# agree with the problem and with each other (check_pile.py: every sphere born is present or lost,
# steps = t_end/h, the energy balance closed to rounding - an identity of the scheme -, the
# history's last row = the summary's energies, H and the base radius recomputed from the spheres'
# rows); --scene prints the births (pile-scene.schema.json); --vtk writes one frame per history
# row with the spheres present then; the same seed gives the same bytes, another seed another
# pile. Bad input (the issue's list, bad options) exits 2 with one line on stderr and nothing on
# stdout; a sphere born inside the pile exits 3 naming it, and so does a runaway step.
# Usage: bash pile.sh BIN_DIR SHARE_DIR
source "$(dirname "$0")/common.bash"
cli_setup pile "$@"
here="$(dirname "$0")"
validate="$here/validate_json.py"
check="python3 $here/check_pile.py"
siconos="$share/problems/pile-siconos.json"
# 10 spheres born every 0.0639 s, the last at 0.575 s: t_end = 0.702 s is past it (702 steps)
small=("$siconos" --set spheres.count=10 --set stepping.t_end=0.702)

# ok LABEL COMMAND...: COMMAND succeeds (its output says what failed otherwise)
ok() {
  local label=$1 why
  shift
  if why=$("$@" 2>&1); then echo "ok: $label ($why)"; else fail "$label: $why"; fi
}

# --- a small run: the report and its numbers ----------------------------------------------------
expect_report pile-report.schema.json 'r["summary"]["converged"] and r["problem"]["spheres"]["count"] == 10' "${small[@]}"
cp "$tmp/stdout" "$tmp/small.json"
ok "the default history keeps every step" $check report "$tmp/small.json" 10 1
# the schema is not vacuous: a report missing a key, with a row too short, a negative count
python3 - "$tmp/small.json" "$tmp" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
for name, edit in (("no-energy", lambda r: r["summary"].pop("energy")),
                   ("short-row", lambda r: r["history"]["rows"][1].pop()),
                   ("negative", lambda r: r["summary"].update(spheres_lost=-1)),
                   ("sphere-flag", lambda r: r["spheres"]["rows"][0].__setitem__(11, 1))):
    q = json.loads(json.dumps(r))
    edit(q)
    json.dump(q, open(f"{sys.argv[2]}/broken-{name}.json", "w"))
PY
ok "broken reports rejected by pile-report.schema.json" python3 "$validate" "$share/schemas" pile-report.schema.json --invalid "$tmp"/broken-*.json
expect_report pile-report.schema.json 'len(r["history"]["rows"]) == 2' "${small[@]}" --every 0
ok "--every 0 keeps t = 0 and the last step" $check report "$tmp/stdout" 10 0
# a plane 2 d wide: spheres roll off it and are counted lost, their energy leaves the balance
expect_report pile-report.schema.json 'r["summary"]["spheres_lost"] > 0 and r["summary"]["energy"]["lost"] > 0' \
  "$siconos" --set spheres.count=10 --set stepping.t_end=1.5 --set plane.width=0.04 --every 0
ok "spheres lost off a narrow plane" $check report "$tmp/stdout" 10 0
# problem on standard input
run - --set spheres.count=10 --set stepping.t_end=0.702 <"$siconos"
cmp -s "$tmp/stdout" "$tmp/small.json" && echo "ok: problem on stdin" || fail "pile - <pile-siconos.json: exit $rc, other output"

# --- the same seed, the same bytes; another seed, another pile ----------------------------------
run "${small[@]}"
cmp -s "$tmp/stdout" "$tmp/small.json" && echo "ok: two runs of one seed print the same bytes" ||
  fail "two runs of seed 1 differ"
run "${small[@]}" --set seed=2
[[ $rc -eq 0 ]] || fail "seed=2: exit $rc"
python3 -c '
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
sys.exit(0 if a["problem"]["seed"] == 1 and b["problem"]["seed"] == 2 and a["spheres"]["rows"] != b["spheres"]["rows"] else 1)
' "$tmp/small.json" "$tmp/stdout" && echo "ok: seed=2 gives another pile" || fail "seed=2 gives the pile of seed 1"

# --- --scene --------------------------------------------------------------------------------------
run "${small[@]}" --scene
cp "$tmp/stdout" "$tmp/scene.json"
[[ $rc -eq 0 && ! -s $tmp/stderr ]] || fail "--scene: exit $rc: $(head -c 300 "$tmp/stderr")"
ok "--scene is valid against pile-scene.schema.json" python3 "$validate" "$share/schemas" pile-scene.schema.json "$tmp/scene.json"
ok "--scene: the problem's births" $check scene "$tmp/scene.json" "$siconos" 10

# --- --vtk DIR: one frame per history row ------------------------------------------------------
run "${small[@]}" --every 100 --vtk "$tmp/frames"
[[ $rc -eq 0 ]] || fail "--vtk: exit $rc: $(head -c 300 "$tmp/stderr")"
cp "$tmp/stdout" "$tmp/kept.json"
ok "--every 100 keeps t = 0, every 100th step and the last" $check report "$tmp/kept.json" 10 100
ok "--vtk: pile.pvd lists the history's rows, each frame the spheres present" $check vtk "$tmp/kept.json" "$tmp/frames"
# --- --jobs K: the colour order on K threads, the same report for every K >= 2 ------------------
run "${small[@]}" --every 100 --jobs 2
[[ $rc -eq 0 ]] || fail "--jobs 2: exit $rc: $(head -c 300 "$tmp/stderr")"
cp "$tmp/stdout" "$tmp/jobs2.json"
run "${small[@]}" --every 100 --jobs 3
ok "--jobs 2 and --jobs 3 print the same report" cmp -s "$tmp/stdout" "$tmp/jobs2.json"
touch "$tmp/a-file"
expect_error 4 "a-file" "${small[@]}" --vtk "$tmp/a-file"

# --- a sphere born inside the pile: exit 3 naming it ---------------------------------------------
# born 1 mm above the plane (drop.height = r + 1 mm), sphere 0 rests where sphere 1 is born
# (the pile reached the drop height): the run stops there and prints the pile of that moment
expect_error 3 "sphere 1 is born at t = 0.064 s overlapping sphere 0" "${small[@]}" --set drop.height=0.011
ok "the pile that reached the drop height is printed, sphere 1 not born" python3 -c '
import json, sys
s = json.load(open(sys.argv[1]))["summary"]
r = s["reached_drop_height"]
assert r["sphere"] == 1 and r["overlapping"] == 0 and r["gap"] < 0 and s["spheres_present"] == 1, s
assert abs(s["t_end"] - 0.064) < 1e-12, s["t_end"]  # 64 steps of h = 1e-3 s: the first step at or past the birth at sqrt(2 d/g) = 0.0639 s' "$tmp/stdout"

# --- a runaway step: exit 3 naming it (docs/manual.md section 15, "A runaway step") --------------
# Fig. 5's point mu = 0.5, mu_r = 1 m, seed 2 of the paper's set-up: a step's reactions put in more
# energy than the births have brought in, which no solution of the law does
expect_error 3 "a runaway step, not a solution of the law" "$share/problems/pile.json" --set law.mu=0.5 \
  --set law.mu_r=1 --set seed=2 --set stepping.t_end=2
[[ ! -s $tmp/stdout ]] || fail "the runaway run printed a report"

# --- bad input: exit 2, one line ------------------------------------------------------------------
expect_bad "spheres.diameter: must be a finite number > 0" "${small[@]}" --set spheres.diameter=-0.02
expect_bad "spheres.diameter: must be a finite number > 0" "${small[@]}" --set spheres.diameter=0
expect_bad "spheres.density: must be a finite number > 0" "${small[@]}" --set spheres.density=-1300
expect_bad "spheres.density: must be a finite number > 0" "${small[@]}" --set spheres.density=0
# once a step whose error was NaN (exit 3): denser than osmium, an inertia 2/5 m r^2 below DBL_MIN
expect_bad "spheres.density: must be at most 22590 kg/m^3" "${small[@]}" --set spheres.density=1e300
expect_bad "the moments of inertia 2/5 m r^2" "${small[@]}" --set spheres.density=1e-300
expect_bad "the moments of inertia 2/5 m r^2" "${small[@]}" --set spheres.diameter=1e-100 --set plane.width=1e-99 --set drop.height=1e-99 --set drop.offset.1=0
expect_bad "law.mu: must be a finite number >= 0" "${small[@]}" --set law.mu=-0.1
expect_bad "law.mu_r: must be a finite number >= 0" "${small[@]}" --set law.mu_r=-1e-3
expect_bad "stepping.h: must be a finite number > 0" "${small[@]}" --set stepping.h=0
expect_bad "stepping.h: must be a finite number > 0" "${small[@]}" --set stepping.h=-1e-3
expect_bad "stepping.h: must be at most t_end" "${small[@]}" --set stepping.h=1
expect_bad "stepping.theta: must be in [0.5, 1]" "${small[@]}" --set stepping.theta=0.4
expect_bad "stepping.theta: must be in [0.5, 1]" "${small[@]}" --set stepping.theta=1.1
expect_bad "stepping.tol: must be in [1e-15, 1)" "${small[@]}" --set stepping.tol=0
expect_bad "stepping.tol: must be in [1e-15, 1)" "${small[@]}" --set stepping.tol=-1e-4
expect_bad "plane.width: must be finite and wider than the largest sphere" "${small[@]}" --set plane.width=0.01
expect_bad "spheres.count: must be an integer in [1, 10000000]" "${small[@]}" --set spheres.count=1e9
expect_bad "spheres 0 and 1 overlap at birth" "${small[@]}" --set drop.interval=1e-6
expect_bad "--every: must be an integer >= 0" "${small[@]}" --every -1
expect_bad "--vtk: must name a directory" "${small[@]}" --vtk ''
expect_bad "--jobs: must be an integer >= 1" "${small[@]}" --jobs 0
expect_bad "--jobs: must be an integer <= 256" "${small[@]}" --jobs 257
expect_bad "--scene: not with --every or --vtk" "${small[@]}" --scene --every 3
expect_bad "--scene: not with --every or --vtk" "${small[@]}" --scene --vtk "$tmp/scene-frames"
expect_bad "unrecognised option '--bogus'" "${small[@]}" --bogus
# the report is not one table: JSON only
expect_bad "unrecognised option '--format'" "${small[@]}" --format csv
expect_bad "spheres.nope: not a key of the problem" "${small[@]}" --set spheres.nope=1
expect_bad "limitdir.pile/1" "$share/problems/roll-fig3a.json"

# --help, --version
run --help
[[ $rc -eq 0 ]] && grep -q 'limitdir.pile-report/1' "$tmp/stdout" && echo "ok: --help" || fail "--help"
run --version
[[ $rc -eq 0 ]] && grep -q '^pile (limitdir)' "$tmp/stdout" && echo "ok: --version" || fail "--version"

cli_finish pile
