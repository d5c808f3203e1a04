#!/usr/bin/env bash
# Command-line contract of simulate (issue 5): the trajectory as JSON Lines then a final record
# of schema "limitdir.simulation/1"; --survey N prints one object of schema "limitdir.survey/1";
# bad input exits 2 (one line on stderr, nothing on stdout); a failed integration exits 3 with
# its reason. Values checked: the force-free exact disc stops at v/(R omega) = 0.653 (Farkas et
# al. 2003), pure sliding stops at t = v0/(mu g) = 1, the F = 1.2 disc never sticks.
# Usage: bash simulate.sh BIN_DIR SHARE_DIR
source "$(dirname "$0")/common.bash"
cli_setup simulate "$@"
disc="$share/problems/disc.json"


# expect_ok PYTHON-CHECK ARGS...: exit 0, empty stderr, and the python check (reading the
# lines of stdout as `lines`, the last one parsed as `final`) passes.
expect_ok() {
  local check=$1
  shift
  run "$@"
  if [[ $rc -ne 0 ]]; then
    fail "simulate $* exited with $rc: $(head -c 400 "$tmp/stderr")"
  elif [[ -s $tmp/stderr ]]; then
    fail "simulate $* wrote to stderr: $(head -c 400 "$tmp/stderr")"
  elif ! why=$(python3 - "$tmp/stdout" "$check" <<'PY'
import json, math, sys
text = open(sys.argv[1]).read()
try:
    lines = [json.loads(text)]  # one (pretty-printed) object: the survey
except json.JSONDecodeError:
    lines = [json.loads(l) for l in text.splitlines() if l.strip()]
final = lines[-1]
points = lines[:-1]
for p in points:
    assert set(p) == {"t", "tau", "r", "w"}, p
    assert abs(sum(x * x for x in p["w"]) - 1) < 1e-12, p
try:
    ok = eval(sys.argv[2])
except Exception as e:
    print("check raised", repr(e)); sys.exit(1)
if not ok:
    print("check failed:", sys.argv[2], "final:", json.dumps(final)[:600]); sys.exit(1)
PY
  ); then
    fail "simulate $*: $why"
  else
    echo "ok: simulate $*"
  fi
}


# the force-free disc with the exact model: stops on the stable circle, eps = 0.653
expect_ok 'final["schema"] == "limitdir.simulation/1" and final["outcome"] == "stick" and abs(final["epsilon"] - 0.653) < 5e-4 and final["circle"]["sphere_type"] == "stable-circle" and len(points) > 10 and points[0]["t"] == 0' \
  "$disc" --model exact --force 0 --x0 1,0.3,0.5
# thinning: --every 0 prints the final record only; --every 5 fewer points than --every 1
expect_ok 'len(points) == 0 and final["outcome"] == "stick"' "$disc" --force 0 --x0 1,0.3,0.5 --every 0
run "$disc" --force 0 --x0 1,0.3,0.5 --every 1; n1=$(wc -l <"$tmp/stdout")
run "$disc" --force 0 --x0 1,0.3,0.5 --every 5; n5=$(wc -l <"$tmp/stdout")
[[ $n5 -lt $n1 && $n5 -gt 1 ]] && echo "ok: --every 5 ($n5 lines) < --every 1 ($n1 lines)" || fail "--every 5 gave $n5 lines, --every 1 $n1"
# pure sliding of the exact disc: t = v0/(mu g) = 1
expect_ok 'final["outcome"] == "stick" and abs(final["stick_time"] - 1) < 1e-9 and final["epsilon"] is None' \
  "$disc" --model exact --force 0 --x0 1,0,0
# F = 0.2: arrival along a stable node, reported with its classification
expect_ok 'final["outcome"] == "stick" and final["limit_direction"]["radial"] == "attracting" and final["limit_direction"]["sphere"]["type"] == "stable-node"' \
  "$disc" --force 0.2 --x0 0.3,0.1,0.4
# F = 1.2 (above the tangency): never sticks; backward from pure sliding: departure at t = -1/(F - 1) = -5 (exact)
expect_ok 'final["outcome"] == "never-sticks" and final["stick_time"] is None and final["reason"]' "$disc" --force 1.2 --x0 0.3,0.1,0.4
expect_ok 'final["outcome"] == "stick" and abs(final["stick_time"] + 5) < 1e-9 and final["limit_direction"]["radial"] == "repelling"' \
  "$disc" --model exact --force 1.2 --x0 1,0,0 --backward
# survey
expect_ok 'final["schema"] == "limitdir.survey/1" and final["trajectories"] == 50 and final["stick"] == 50 and sum(e["count"] for e in final["entries"] if e["sphere_type"] == "stable-node") == 50' \
  "$disc" --force 0.2 --survey 50
expect_ok 'final["stick"] == 0 and final["never_stick"] == 20' "$disc" --force 1.2 --survey 20 --backward
expect_ok 'final["stick"] == 30 and sum(e["count"] for e in final["entries"] if e["circle"] and e["sphere_type"] == "stable-circle") == 30' \
  "$disc" --force 0 --survey 30

# bad input: exit 2
expect_error 2 "--x0" "$disc" --force 0 --x0 0,0,0
expect_error 2 "--x0" "$disc" --force 0 --x0 1,nan,0
expect_error 2 "--x0" "$disc" --force 0 --x0 1,2
expect_error 2 "--survey" "$disc" --force 0 --survey 0
expect_error 2 "--survey" "$disc" --force 0 --survey x
expect_error 2 "--survey" "$disc" --force 0 --survey 100000
expect_error 2 "exactly one" "$disc" --force 0
expect_error 2 "exactly one" "$disc" --force 0 --x0 1,0,0 --survey 3
expect_error 2 "--every" "$disc" --force 0 --x0 1,0,0 --every -1
expect_error 2 "--force" "$disc" --force abc --x0 1,0,0
# an integration that fails: exit 3 with its reason (and the record printed)
expect_error 3 "steps" "$disc" --force 0 --x0 1,0.3,0.5 --max-steps 3
grep -q '"outcome":"failed"' "$tmp/stdout" && echo "ok: the failed record is printed" || fail "no failed record on stdout"
# extreme loads (issue 11): 1e300 is bad input (loads are bounded by 1e12, system/problem.cpp), and the
# largest allowed load ends within seconds, its streamed lines closed by the final record (the
# library stops a stalled time itself: dynamics/test_simulate.cpp)
expect_error 2 "--force" "$disc" --force 1e300 --x0 1,0,1
for force in 1e12 -1e12; do
  rc=0
  timeout 60 "$app" "$disc" --force "$force" --x0 1,0,1 >"$tmp/stdout" 2>"$tmp/stderr" || rc=$?
  lines=$(wc -l <"$tmp/stdout")
  if [[ $rc -ne 0 && $rc -ne 3 ]] || [[ $lines -gt 100000 ]]; then
    fail "simulate --force $force: exit $rc, $lines lines, stderr: $(head -c 300 "$tmp/stderr")"
  elif ! tail -n 1 "$tmp/stdout" | python3 -c '
import json, sys
final = json.loads(sys.stdin.read())
sys.exit(0 if final["schema"] == "limitdir.simulation/1" and final["outcome"] in ("never-sticks", "failed") else 1)'; then
    fail "simulate --force $force: the last line is not the final record"
  else
    echo "ok: simulate --force $force -> exit $rc after $lines lines"
  fi
done

# the speed law (1) [Kireenkov] (docs/manual.md section 7): friction.mu1, mu2 of the Kireenkov models.
# Pure sliding: dv/dt = -(1 + mu1 v^3 - mu2 v); with mu1 = 0, mu2 = -0.5 from v0 = 1 the stick
# time is ln(1 - mu2 v0)/(-mu2) = 2 ln 1.5 (closed form). The limit directions do not change.
speed_problem() {  # NAME FRICTION-EXTRA
  cat >"$tmp/$1" <<JSON
{"schema": "limitdir.problem/1", "system": {"preset": "disc", "j": 0.5}, "contact": {"pressure": "hertz"},
 "friction": {"model": "kireenkov-pade", "order": 2, "k0": 0.5$2}, "rho": "kappa", "force": 0.3}
JSON
}
speed_problem coulomb.json ''
speed_problem speed.json ', "mu1": 0, "mu2": -0.5'
speed_problem stribeck.json ', "mu1": 0.4, "mu2": 0.9'
expect_ok 'final["outcome"] == "stick" and abs(final["stick_time"] - 2 * math.log(1.5)) < 1e-9' \
  "$tmp/speed.json" --force 0 --x0 1,0,0
expect_ok 'final["outcome"] == "stick" and final["limit_direction"]["radial"] == "attracting"' \
  "$tmp/stribeck.json" --x0 0.3,0.1,0.4
"$bin/find-limits" "$tmp/coulomb.json" >"$tmp/a.json" && "$bin/find-limits" "$tmp/stribeck.json" >"$tmp/b.json" || fail "find-limits on the speed-law problems failed"
python3 - "$tmp/a.json" "$tmp/b.json" <<'PY' && echo "ok: find-limits is the same with the speed law" || fail "find-limits changed with the speed law"
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:])
# the same limit set, bit for bit, and the same certificate levels (the model's description
# names the speed law: the only difference)
for k in ("limit_directions", "circles", "closed_orbits", "singular_points"):
    assert a[k] == b[k], k
assert a["limit_directions"], "no limit directions"
assert [c["level"] for c in a["certificate"]["claims"]] == [c["level"] for c in b["certificate"]["claims"]]
PY
speed_problem negative-mu1.json ', "mu1": -1'
speed_problem driving.json ', "mu1": 0, "mu2": 1'
expect_error 2 "mu1" "$tmp/negative-mu1.json" --force 0 --x0 1,0,0
expect_error 2 "mu2" "$tmp/driving.json" --force 0 --x0 1,0,0

cli_finish simulate
