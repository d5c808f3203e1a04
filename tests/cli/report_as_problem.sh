#!/usr/bin/env bash
# Every report that embeds its problem is accepted wherever a problem file is (docs/manual.md
# section 5): find-limits, sweep-force, friction-model, simulate and classify read a limits
# report, a diagram, a friction report, a classification or a simulation's final record as
# PROBLEM: its "problem" (a whole problem file, problem_to_json), at the report's load "force"
# where it has one. So the apps chain: find-limits ... | sweep-force - ... The results must be
# those of the problem file itself: diagram-diff agrees, the limit directions are the same.
# Usage: bash report_as_problem.sh BIN_DIR SHARE_DIR
source "$(dirname "$0")/common.bash"
cli_setup find-limits "$@"
disc="$share/problems/disc.json"

# ok_run NAME ARGS...: exit 0 and nothing on stderr; the output is in $tmp/stdout.
ok_run() {
  local name=$1
  shift
  app="$bin/$name"
  run "$@"
  if [[ $rc -ne 0 || -s $tmp/stderr ]]; then
    fail "$name $*: exit $rc: $(head -c 400 "$tmp/stderr")"
    return 1
  fi
  echo "ok: $name $*"
}

# same_directions A B: two limits reports with the same load and the same directions.
same_directions() {
  python3 - "$1" "$2" <<'PY'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
key = lambda r: sorted(tuple(round(x, 9) for x in d["w"]) + (d["radial"], d["sphere"]["type"]) for d in r["limit_directions"])
sys.exit(0 if a["force"] == b["force"] and key(a) == key(b) and a["problem"] == b["problem"] else 1)
PY
}

ok_run find-limits "$disc" --force 0.2 && cp "$tmp/stdout" "$tmp/limits.json"
ok_run sweep-force "$disc" --from 0.1 --to 1.3 && cp "$tmp/stdout" "$tmp/direct.json"
ok_run friction-model "$disc" --samples 3 && cp "$tmp/stdout" "$tmp/friction.json"
ok_run simulate "$disc" --force 0.7 --x0 1,0.2,0.3 --every 0 && cp "$tmp/stdout" "$tmp/simulation.json"
ok_run classify "$disc" --force 0.4 --direction 1,0,0 && cp "$tmp/stdout" "$tmp/classification.json"

# friction-model embeds the whole problem, as the other reports do.
python3 - "$tmp/friction.json" "$tmp/limits.json" <<'PY' || fail "friction-model: \"problem\" is not the problem file of the other reports"
import json, sys
f, l = (json.load(open(p)) for p in sys.argv[1:3])
l["problem"]["force"] = 0.0  # find-limits embeds the problem at its load; disc.json has F = 0
sys.exit(0 if f["problem"] == l["problem"] else 1)
PY

# The chain of the issue: find-limits | sweep-force - gives the diagram of the problem file.
rc=0
"$bin/find-limits" "$disc" --force 0.2 | "$bin/sweep-force" - --from 0.1 --to 1.3 >"$tmp/chained.json" 2>"$tmp/stderr" || rc=$?
if [[ $rc -ne 0 ]]; then
  fail "find-limits | sweep-force - exited with $rc: $(head -c 400 "$tmp/stderr")"
elif ! "$bin/diagram-diff" "$tmp/direct.json" "$tmp/chained.json" >/dev/null; then
  fail "find-limits | sweep-force -: the diagram differs from that of disc.json"
else
  echo "ok: find-limits disc.json | sweep-force - agrees with sweep-force disc.json"
fi

# Each report as PROBLEM of find-limits at F = 0.2 gives the directions of disc.json at 0.2.
for report in limits direct friction simulation classification; do
  if ok_run find-limits "$tmp/$report.json" --force 0.2; then
    same_directions "$tmp/limits.json" "$tmp/stdout" || fail "find-limits $report.json --force 0.2: not the directions of disc.json"
  fi
done
# The report's load is used without --force: the limits report's 0.2, the simulation's 0.7.
ok_run find-limits "$tmp/limits.json" && { same_directions "$tmp/limits.json" "$tmp/stdout" || fail "find-limits limits.json: not the load 0.2 of the report"; }
ok_run find-limits "$tmp/simulation.json" &&
  { python3 -c "import json, sys; sys.exit(json.load(open(sys.argv[1]))['force'] != 0.7)" "$tmp/stdout" || fail "find-limits simulation.json: not the load 0.7 of the simulation"; }
ok_run find-limits "$tmp/classification.json" &&
  { python3 -c "import json, sys; sys.exit(json.load(open(sys.argv[1]))['force'] != 0.4)" "$tmp/stdout" || fail "find-limits classification.json: not the load 0.4 of the classification"; }
# Standard input, and the other apps.
ok_run find-limits - --force 0.2 <"$tmp/direct.json" && { same_directions "$tmp/limits.json" "$tmp/stdout" || fail "find-limits - < diagram: not the directions of disc.json"; }
# friction-model embeds the problem at the report's load (0.2; disc.json has 0), and nothing else changes.
ok_run friction-model "$tmp/limits.json" --samples 3 &&
  { python3 -c "
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
sys.exit(not (a['problem'].pop('force') == 0.2 and b['problem'].pop('force') == 0 and a == b))" "$tmp/stdout" "$tmp/friction.json" ||
    fail "friction-model limits.json differs from friction-model disc.json"; }
ok_run simulate "$tmp/friction.json" --force 0.7 --x0 1,0.2,0.3 --every 0 && { cmp -s "$tmp/stdout" "$tmp/simulation.json" || fail "simulate friction.json differs from simulate disc.json"; }
ok_run classify "$tmp/direct.json" --force 0.4 --direction 1,0,0 && { cmp -s "$tmp/stdout" "$tmp/classification.json" || fail "classify diagram.json differs from classify disc.json"; }
ok_run sweep-force "$tmp/friction.json" --from 0.1 --to 1.3 && { "$bin/diagram-diff" "$tmp/direct.json" "$tmp/stdout" >/dev/null || fail "sweep-force friction.json: the diagram differs"; }

# A document that carries no problem, or a report whose problem is broken, is bad input.
app="$bin/find-limits"
"$bin/classify" --regions "$tmp/direct.json" >"$tmp/regions.json" || fail "classify --regions failed"
expect_bad "carries no problem" "$tmp/regions.json" --force 0.2
"$bin/diagram-diff" "$tmp/direct.json" "$tmp/direct.json" >"$tmp/diff.json" || fail "diagram-diff failed"
expect_bad "carries no problem" "$tmp/diff.json"
python3 -c "
import json, sys
r = json.load(open(sys.argv[1])); r['problem']['friction']['model'] = 'harmonik'
json.dump(r, open(sys.argv[2], 'w'))
r = json.load(open(sys.argv[1])); r['problem'] = 'disc'
json.dump(r, open(sys.argv[3], 'w'))
r = json.load(open(sys.argv[1])); r['force'] = 'strong'
json.dump(r, open(sys.argv[4], 'w'))" "$tmp/limits.json" "$tmp/bad-model.json" "$tmp/bad-problem.json" "$tmp/bad-force.json"
expect_bad "problem: friction.model" "$tmp/bad-model.json"
expect_bad "problem: a limitdir.limits/1 report must embed" "$tmp/bad-problem.json"
expect_bad "force: must be a finite number" "$tmp/bad-force.json"

cli_finish "report-as-problem"
