#!/usr/bin/env bash
# Command-line contract of degree-study (docs/manual.md section 5): one JSON document of schema
# "limitdir.degree-study/1" comparing the harmonic model of several degrees with the exact model
# (Figs 17-18 [Nonlinear Dyn. 2024]); bad input exits 2 with nothing on stdout and one line on
# stderr. The disc (131) against values known without this program: the exact model's fold at
# F_F = 0.0804632... [Nonlinear Dyn. 2024, Sect. 7.4.4] and its tangency at F = 1 (pure sliding
# w = e1 has q(e1) = -e1, so R*(e1) = F - 1); the tangency of the harmonic model N is at its
# C1 (docs/manual.md section 1), taken from friction-model.
# Usage: bash degree_study.sh BIN_DIR SHARE_DIR
source "$(dirname "$0")/common.bash"
cli_setup degree-study "$@"
disc="$share/problems/disc.json"
ball="$share/problems/ball.json"

# C1 of the disc's harmonic model N (friction-model), as in sweep_force.sh.
c1() {
  "$bin/friction-model" "$disc" --degree "$1" --samples 2 |
    python3 -c "import json, sys; print(repr(json.load(sys.stdin)['coefficients']['C'][0]))"
}

# Event loads are located to p_tol = 1e-11 (ContinuationOptions); a margin of 100 for the
# conditioning of the located function in p and the rounding of C1 leaves 1e-9.
REPORT_PRELUDE="
EVENT_TOL = 1e-9
C1 = {$(for n in 1 2 3 4; do printf '%d: %s, ' "$n" "$(c1 "$n")"; done)}
def exact(kind):
    return [e['p'] for e in r['exact']['events'] if e['kind'] == kind]
def errors(kind):
    s = [k for k in r['summary'] if k['kind'] == kind][0]
    return {e['degree']: e['max_error'] for e in s['errors']}
def tangency(run):
    return [e for e in run['events'] if e['kind'] == 'tangency']
"
# The exact fold lies in [0.0804632, 0.0804633] (the literature value's digits), the exact
# tangency at 1; every tangency of N at C1 with the error |C1 - 1|; every error is |p - exact_p|.
expect_report degree-study.schema.json "(
len(exact('fold')) == 1 and 0.0804632 <= exact('fold')[0] <= 0.0804633
and len(exact('tangency')) == 1 and abs(exact('tangency')[0] - 1) <= EVENT_TOL
and r['degrees'] == [1, 2, 3, 4] and [x['degree'] for x in r['runs']] == [1, 2, 3, 4]
and all(x['level'] == 'proven' and x['diagram']['schema'] == 'limitdir.diagram/1' for x in r['runs'])
and r['exact']['level'] == 'proven' and r['certificate']['level'] == 'proven'
and all(len(tangency(x)) == 1 and abs(tangency(x)[0]['p'] - C1[x['degree']]) <= EVENT_TOL
        and abs(tangency(x)[0]['error'] - abs(C1[x['degree']] - 1)) <= EVENT_TOL for x in r['runs'])
and all(e['error'] == abs(e['p'] - e['exact_p']) for x in r['runs'] for e in x['events'] if e['exact'] is not None)
)" "$disc" --degrees 1..4 --from 0.001 --to 1.5
cp "$tmp/stdout" "$tmp/disc.json"
# The errors decrease with N: those of N = 3, 4 are below those of N = 1, 2 for the tangency and
# the fold (N = 1 has no fold, Fig. 13: the exact fold is missed there; the errors are not
# monotone from one degree to the next, so the comparison is between the pairs).
python3 - "$tmp/disc.json" <<'PY' || fail "degree-study disc --degrees 1..4: the errors do not decrease with N"
import json, sys
r = json.load(open(sys.argv[1]))
def errors(kind):
    s = [k for k in r["summary"] if k["kind"] == kind][0]
    return {e["degree"]: e["max_error"] for e in s["errors"]}
t, f = errors("tangency"), errors("fold")
fold = [i for i, e in enumerate(r["exact"]["events"]) if e["kind"] == "fold"]
ok = max(t[3], t[4]) < min(t[1], t[2])
ok = ok and f[1] is None and r["runs"][0]["missed"] == fold and max(f[3], f[4]) < f[2]
sys.exit(0 if ok else 1)
PY
echo "ok: the disc's tangency and fold errors of N = 3, 4 are below those of N = 1, 2"

# A list of degrees, and another parameter at a fixed load (the ball's lambda, Sect. 7.5).
expect_report degree-study.schema.json "([x['degree'] for x in r['runs']] == [4, 2] and r['parameter'] == 'lambda'
and r['exact']['diagram']['force'] == 1)" "$ball" --degrees 4,2 --parameter lambda --force 1 --from 2 --to 3 --checks 2

# ----- bad input -----------------------------------------------------------------------------------
expect_bad "--degrees" "$disc" --from 0.1 --to 1
expect_bad "--degrees" "$disc" --degrees 0..3 --from 0.1 --to 1
expect_bad "--degrees" "$disc" --degrees 3..1 --from 0.1 --to 1
expect_bad "--degrees" "$disc" --degrees 1,,2 --from 0.1 --to 1
expect_bad "given twice" "$disc" --degrees 1,2,2 --from 0.1 --to 1
expect_bad "--degrees" "$disc" --degrees two --from 0.1 --to 1
expect_bad "--degrees" "$disc" --degrees 401 --from 0.1 --to 1
expect_bad "--from" "$disc" --degrees 1..2 --to 1
expect_bad "--to" "$disc" --degrees 1..2 --from 0.1
expect_bad "greater than --from" "$disc" --degrees 1..2 --from 1 --to 0.5
expect_bad "--from" "$disc" --degrees 1..2 --from nan --to 1
expect_bad "--degree" "$disc" --degrees 1..2 --degree 3 --from 0.1 --to 1
expect_bad "--model" "$disc" --degrees 1..2 --model exact --from 0.1 --to 1
expect_bad "--force" "$disc" --degrees 1..2 --force 0.5 --from 0.1 --to 1
expect_bad "bogus" "$disc" --degrees 1..2 --parameter bogus --from 0.1 --to 1
expect_bad "--checks" "$disc" --degrees 1..2 --from 0.1 --to 1 --checks -1
expect_bad "PROBLEM" --degrees 1..2 --from 0.1 --to 1
expect_bad "missing.json" "$tmp/missing.json" --degrees 1..2 --from 0.1 --to 1
expect_bad "--require" "$disc" --degrees 1..2 --from 0.1 --to 1 --require always
# a sweep in lambda is checked at best (no proof off load sweeps): --require proven prints the
# study, exit 3
expect_error 3 "not proven as --require asks" "$ball" --degrees 2 --parameter lambda --force 1 --from 2 --to 3 \
  --checks 2 --require proven
[[ -s $tmp/stdout ]] || fail "degree-study --require proven: the study is not on stdout"

# ----- help and version ----------------------------------------------------------------------------
run --help
if [[ $rc -ne 0 ]]; then
  fail "degree-study --help exited with $rc"
else
  for word in --degrees --from --to --parameter --checks --force --require "Exit codes" "limitdir.degree-study/1"; do
    grep -q -- "$word" "$tmp/stdout" || fail "--help does not mention $word"
  done
fi
run --version
grep -qE '^degree-study \(limitdir\) [0-9]+\.[0-9]+\.[0-9]+$' "$tmp/stdout" || fail "--version printed '$(cat "$tmp/stdout")'"

cli_finish "degree-study"
