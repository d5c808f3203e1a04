#!/usr/bin/env bash
# Command-line contract of find-limits (docs/manual.md section 5): one JSON object of schema
# "limitdir.limits/1" with the documented keys; exit 0 when the certificate is complete; when it
# is not, the report is still printed, one line on stderr gives the reason and the exit code is 3;
# bad input exits 2 with nothing on stdout and one line on stderr.
# The disc cases are those of Sect. 7.4 of [Nonlinear Dyn. 2024] (harmonic N = 2, F_T = C1 ~ 1.05):
# F = 0 gives circles of latitude (Fig. 15), F = 0.2 Case 3 (four limit directions),
# F = 1.2 Case 1 (two, one of them repelling).
# Usage: bash find_limits.sh BIN_DIR SHARE_DIR
source "$(dirname "$0")/common.bash"
cli_setup find-limits "$@"
check="$(dirname "$0")/check_reports.py"
disc="$share/problems/disc.json"


# expect_ok CHECK-ARGS -- ARGS...: exit 0, empty stderr, and a report passing check_reports.py.
expect_ok() {
  local checks=()
  while [[ $1 != -- ]]; do
    checks+=("$1")
    shift
  done
  shift
  run "$@"
  if [[ $rc -ne 0 ]]; then
    fail "find-limits $* exited with $rc: $(head -c 400 "$tmp/stderr")"
  elif [[ -s $tmp/stderr ]]; then
    fail "find-limits $* wrote to stderr: $(head -c 400 "$tmp/stderr")"
  elif ! why=$(python3 "$check" limits "$tmp/stdout" --complete yes "${checks[@]}"); then
    fail "find-limits $*: $why"
  else
    echo "ok: find-limits $*"
  fi
}


problem() {
  printf '%s\n' "$2" >"$tmp/$1"
}

# ----- results ---------------------------------------------------------------------------------

# Fig. 15: F = 0 with axisymmetry gives circles of constant latitude (and the poles).
expect_ok --force 0 --min-circles 1 -- "$disc"
# Case 3 of Sect. 7.4.2: limit directions on the invariant circle, the certificate is complete.
expect_ok --force 0.2 --min-count 2 -- "$disc" --force 0.2
expect_ok --force 0.3 --min-count 2 -- "$disc" --force 0.3
# Case 1 (|F| > F_T): two limit directions, one repelling (purple in Fig. 11).
expect_ok --force 1.2 --count 2 --repelling 1 -- "$disc" --force 1.2
run "$disc" --force 1.2
if [[ $rc -eq 0 ]]; then
  python3 - "$tmp/stdout" <<'PY' || fail "find-limits disc.json --force 1.2: the repelling direction is not slip along F, purple"
import json, sys
r = json.load(open(sys.argv[1]))
rep = [d for d in r["limit_directions"] if d["radial"] == "repelling"]
sys.exit(0 if len(rep) == 1 and rep[0]["w"][0] > 0.999 and rep[0].get("colour") == "purple" else 1)
PY
fi
# The force in the file is used without --force, and overrides are applied.
problem disc-force.json "$(python3 -c "import json,sys; d=json.load(open(sys.argv[1])); d['force']=1.2; print(json.dumps(d))" "$disc")"
expect_ok --force 1.2 --count 2 --repelling 1 -- "$tmp/disc-force.json"
expect_ok --force 0.2 --min-count 2 -- "$disc" --force 0.2 --degree 4 --method invariant-circle
expect_ok --force 0.5 --min-count 2 -- "$share/problems/general.json"
expect_ok --force 0.3 --min-count 2 -- "$disc" --force 0.3 --model linear-fit --method linear-eigen
expect_ok --force 0.2 --min-count 2 -- - --force 0.2 <"$disc"
# Pade models have a kink on the equator, where (+-1, 0, 0) lie: classified by their one-sided
# Jacobians (both sides listed), the certificate is not in doubt.
for model in pade:1 pade:2; do
  expect_ok --force 0.3 --count 4 -- "$disc" --force 0.3 --model $model
  run "$disc" --force 0.3 --model $model
  python3 - "$tmp/stdout" <<'PY' || fail "find-limits --model $model: (+-1, 0, 0) do not carry their two one-sided Jacobians"
import json, sys
r = json.load(open(sys.argv[1]))
kinks = [d for d in r["limit_directions"] if abs(d["w"][0]) > 0.999999]
sys.exit(0 if len(kinks) == 2 and all(len(d.get("one_sided", [])) == 2 and not d["differentiable"] for d in kinks) else 1)
PY
done

# ----- incomplete certificates: the report is printed, exit 3, one line on stderr ----------------
# Each case must keep the contract (exit 0 <=> certificate complete); at least one must be
# incomplete today so that the exit-3 path is exercised: the level-1 icosphere (42 vertices)
# cannot resolve the field of the disc, and the point-contact Coulomb model is discontinuous.
incomplete=0
for args in "--force 0.3 --method global --mesh-level 1" "--force 0.3 --model coulomb-point" \
            "--force 0 --method global" "--force 0 --model linear-fit"; do
  # shellcheck disable=SC2086
  run "$disc" $args
  lines=$(wc -l <"$tmp/stderr")
  if [[ $rc -eq 0 ]]; then
    why=$(python3 "$check" limits "$tmp/stdout" --complete yes) || fail "find-limits disc.json $args: $why"
    [[ ! -s $tmp/stderr ]] || fail "find-limits disc.json $args: exit 0 with stderr"
  elif [[ $rc -eq 3 ]]; then
    incomplete=$((incomplete + 1))
    why=$(python3 "$check" limits "$tmp/stdout" --complete no) || fail "find-limits disc.json $args (exit 3): $why"
    [[ $lines -eq 1 ]] || fail "find-limits disc.json $args: exit 3 with $lines stderr lines (want 1)"
    grep -q '^find-limits: error: certificate not complete' "$tmp/stderr" ||
      fail "find-limits disc.json $args: stderr is '$(head -c 200 "$tmp/stderr")'"
    [[ $(wc -c <"$tmp/stderr") -lt 1000 ]] || fail "find-limits disc.json $args: the stderr line is too long"
    echo "ok: find-limits disc.json $args -> exit 3: $(head -c 160 "$tmp/stderr")"
  else
    fail "find-limits disc.json $args exited with $rc: $(head -c 400 "$tmp/stderr")"
  fi
done
[[ $incomplete -ge 1 ]] || fail "no case gave an incomplete certificate: the exit-3 path is untested"

# ----- bad input ---------------------------------------------------------------------------------
problem singular-mass.json '{"schema": "limitdir.problem/1", "system": {"preset": "general", "mass": [[1, 2, 0], [2, 4, 0], [0, 0, 1]], "load": {"direction": [1, 0, 0]}}, "friction": {"model": "harmonic", "degree": 2}}'
problem zero-direction.json '{"system": {"preset": "general", "mass": [[1, 0, 0], [0, 1, 0], [0, 0, 1]], "load": {"direction": [0, 0, 0]}}, "friction": {"model": "harmonic", "degree": 2}}'
problem overflow.json '{"system": {"preset": "disc"}, "friction": {"model": "harmonic", "degree": 2}, "force": 1e999}'
problem nan-mass.json '{"system": {"preset": "general", "mass": [[1, 0, 0], [0, 1e999, 0], [0, 0, 1]], "load": {"direction": [1, 0, 0]}}, "friction": {"model": "exact"}}'

expect_bad "singular mass matrix" "$tmp/singular-mass.json"
expect_bad "system.load.direction" "$tmp/zero-direction.json"
expect_bad "1e999" "$tmp/overflow.json"
expect_bad "malformed JSON" "$tmp/nan-mass.json"
expect_bad "cannot open file" "$tmp/does-not-exist.json"
expect_bad "--require" "$share/problems/disc.json" --require maybe
expect_bad "--require" "$share/problems/disc.json" --require incomplete
# --require proven: a certificate that is only checked (a power pressure (1 - xi^2)^0.3 is
# integrated by quadrature, which has no rigorous enclosure) exits 3 with the report on stdout and
# the level named on stderr
expect_error 3 "not proven as --require asks" "$share/problems/disc-exact.json" --pressure power:0.3 --force 0.3 --require proven
# the global method has a work budget: at F = 0 the disc's limit directions fill circles (the
# equator and, for Galin's pressure, a pair of latitudes), which the mesh sees as hundreds of
# candidate zeros (~26 us per q); the equator's are set aside as a circle, the others spend the
# budget: it stops (it ran for more than 100 s) and says so
expect_error 3 "work budget is spent" "$share/problems/disc-galin.json" --force 0 --method global
# the harmonic disc is proven: --require proven exits 0 and the report says so
expect_ok --force 0.3 --count 4 -- "$disc" --force 0.3 --require proven
python3 -c "import json, sys; sys.exit(json.load(open(sys.argv[1]))['certificate']['level'] != 'proven')" "$tmp/stdout" ||
  fail "find-limits disc.json --force 0.3: certificate.level is not proven"
[[ -s $tmp/stdout ]] || fail "--require proven: the report must still be printed"
expect_bad "--force" "$disc" --force nan
expect_bad "--force" "$disc" --force inf
expect_bad "--force" "$disc" --force -inf
expect_bad "--force" "$disc" --force 1e999
expect_bad "--force" "$disc" --force 0.2x
expect_bad "--method" "$disc" --method bogus
expect_bad "--method linear-eigen" "$disc" --method linear-eigen
expect_bad "--mesh-level" "$disc" --method global --mesh-level 0
expect_bad "--mesh-level" "$disc" --method global --mesh-level 99
expect_bad "--degree" "$disc" --degree 0
expect_bad "--model" "$disc" --model bogus
expect_bad "PROBLEM" --force 0.2
expect_bad "frobnicate" "$disc" --frobnicate

# ----- exact zeros (docs/manual.md section 5) ----------------------------------------------------
# At F = 0 the poles w = (0, 0, +-1) are limit directions (pure spin: B(e3) e3 is along e3 and
# c = 0). For the disc w1 = w2 = 0 by construction: printed as 0, never -0 or a subnormal; for
# the elliptic contact Newton leaves residues ~1e-15 that are kept, but phi is 0 by convention at
# every pole (within kPoleTolerance = 1e-13); no number of the report is -0.
for problem in disc ellipse; do
  run "$share/problems/$problem.json" --force 0
  python3 - "$tmp/stdout" "$problem" <<'PY' || fail "find-limits $problem.json --force 0: a pole is not printed with phi 0"
import json, re, sys
text = open(sys.argv[1]).read()
if re.search(r"(?<![0-9.eE])-0(\.0*)?(?![0-9.eE])", text):
    sys.exit("a -0 in the report")
if re.search(r"[0-9]e-3[1-2][0-9]", text):
    sys.exit("a subnormal number in the report")
poles = [d for d in json.loads(text)["limit_directions"] if abs(abs(d["w"][2]) - 1) < 1e-15]
ok = len(poles) == 2 and all(d["phi"] == 0 and abs(d["w"][0]) < 1e-13 and abs(d["w"][1]) < 1e-13 for d in poles)
if sys.argv[2] == "disc":
    ok = ok and all(d["w"][0] == 0 and d["w"][1] == 0 for d in poles)
sys.exit(0 if ok else 1)
PY
  run "$share/problems/$problem.json" --force 0 --format text
  ! grep -q -- "-0\.000000" "$tmp/stdout" || fail "find-limits $problem.json --format text prints -0.000000"
done

# ----- help and version --------------------------------------------------------------------------
run --help
if [[ $rc -ne 0 ]]; then
  fail "find-limits --help exited with $rc"
else
  for word in --force --method --mesh-level "Exit codes"; do
    grep -q -- "$word" "$tmp/stdout" || fail "--help does not mention $word"
  done
fi
run --version
grep -qE '^find-limits \(limitdir\) [0-9]+\.[0-9]+\.[0-9]+$' "$tmp/stdout" ||
  fail "--version printed '$(cat "$tmp/stdout")'"

cli_finish "find-limits"
