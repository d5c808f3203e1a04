#!/usr/bin/env bash
# Command-line contract of classify (docs/manual.md section 5): reads a find-limits report, an object
# {"problem", "force", "directions"} or a bare list on stdin (or --direction options), refines
# each direction to the nearest limit direction, and prints one JSON object of schema
# "limitdir.classification/1" with the detailed classification. Each direction stands on its
# own: one with no limit direction within --max-angle is an entry "status": "unclassified" with
# an "error" naming --max-angle and the distance, the others are classified; the whole report
# is printed and the exit code is 3 (one line on stderr: how many, and the first error) when
# any direction is unclassified. Bad input exits 2 with nothing on stdout and one line on stderr.
# With --regions it reads a diagram (sweep-force, "limitdir.diagram/1") from a file or stdin and
# prints its regions recomputed from the branches ("limitdir.regions/1").
# Usage: bash classify.sh BIN_DIR SHARE_DIR
source "$(dirname "$0")/common.bash"
cli_setup classify "$@"
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
    fail "classify $* exited with $rc: $(head -c 400 "$tmp/stderr")"
  elif [[ -s $tmp/stderr ]]; then
    fail "classify $* wrote to stderr: $(head -c 400 "$tmp/stderr")"
  elif ! why=$(python3 "$check" classification "$tmp/stdout" "${checks[@]}"); then
    fail "classify $*: $why"
  else
    echo "ok: classify $*"
  fi
}

# expect_fail CODE WORD ARGS...: exit CODE, nothing on stdout, one line "classify: error: ..."
# that mentions WORD.
expect_fail() {
  local code=$1 word=$2
  shift 2
  run "$@"
  local lines what=""
  lines=$(wc -l <"$tmp/stderr")
  [[ $rc -eq $code ]] || what+=" exit code $rc (want $code);"
  [[ ! -s $tmp/stdout ]] || what+=" stdout is not empty;"
  [[ $lines -eq 1 ]] || what+=" stderr has $lines lines (want 1);"
  grep -q '^classify: error: ' "$tmp/stderr" || what+=" stderr does not start with 'classify: error: ';"
  grep -qF -- "$word" "$tmp/stderr" || what+=" stderr does not mention '$word';"
  if [[ -n $what ]]; then
    fail "classify $*:$what stderr: $(head -c 400 "$tmp/stderr")"
  else
    echo "ok: classify $* -> $(cat "$tmp/stderr")"
  fi
}

# expect_partial STATUSES WORD ARGS...: exit 3, the whole report on stdout (schema-valid) with
# the entries' statuses STATUSES (e.g. "classified,unclassified"), each unclassified entry's
# error naming --max-angle or Newton, and one line "classify: error: ..." mentioning WORD.
expect_partial() {
  local statuses=$1 word=$2
  shift 2
  run "$@"
  local what=""
  [[ $rc -eq 3 ]] || what+=" exit code $rc (want 3);"
  [[ $(wc -l <"$tmp/stderr") -eq 1 ]] || what+=" stderr is not one line;"
  grep -q '^classify: error: ' "$tmp/stderr" || what+=" stderr does not start with 'classify: error: ';"
  grep -qF -- "$word" "$tmp/stderr" || what+=" stderr does not mention '$word';"
  python3 - "$tmp/stdout" "$statuses" <<'PY' || what+=" stdout: $(head -c 300 "$tmp/stdout");"
import json, sys
d = json.load(open(sys.argv[1]))["directions"]
statuses = ",".join(e["status"] for e in d)
ok = statuses == sys.argv[2]
for e in d:
    if e["status"] == "unclassified":
        ok = ok and ("--max-angle" in e["error"] or "Newton" in e["error"]) and "w" not in e
    else:
        ok = ok and "w" in e and "sphere" in e
sys.exit(0 if ok else 1)
PY
  python3 "$(dirname "$0")/validate_json.py" "$share/schemas" classification.schema.json "$tmp/stdout" ||
    what+=" not valid against classification.schema.json;"
  if [[ -n $what ]]; then
    fail "classify $*:$what stderr: $(head -c 400 "$tmp/stderr")"
  else
    echo "ok: classify $* -> $(cat "$tmp/stderr")"
  fi
}

input() {
  printf '%s\n' "$2" >"$tmp/$1"
}

# ----- find-limits | classify ------------------------------------------------------------------
for force in 0.2 1.2 0; do
  if "$bin/find-limits" "$disc" --force "$force" >"$tmp/limits-$force.json"; then
    expect_ok --force "$force" --input-of "$tmp/limits-$force.json" -- <"$tmp/limits-$force.json"
  else
    fail "find-limits disc.json --force $force failed"
  fi
done
# The pipe itself, as in docs/overview.md.
if ! "$bin/find-limits" "$disc" --force 0.2 | "$app" >"$tmp/piped.json" 2>"$tmp/stderr"; then
  fail "find-limits disc.json --force 0.2 | classify failed: $(head -c 400 "$tmp/stderr")"
elif ! why=$(python3 "$check" classification "$tmp/piped.json" --count 4 --force 0.2); then
  fail "find-limits | classify: $why"
else
  echo "ok: find-limits disc.json --force 0.2 | classify"
fi
# classify reads its own output (an object with problem, force and directions).
expect_ok --count 4 --force 0.2 -- <"$tmp/piped.json"
# PROBLEM given: the report's problem is not used, but its force is.
expect_ok --count 4 --force 0.2 -- "$share/problems/disc.json" <"$tmp/limits-0.2.json"
# --force given: it wins over the report's force; at F = 1.2 there is no limit direction near
# the stable nodes of F = 0.2 (Case 1 has only the two directions along F).
expect_partial "classified,unclassified,unclassified,classified" "2 of 4 directions not classified; direction 1" \
  --force 1.2 <"$tmp/limits-0.2.json"

# ----- --direction -------------------------------------------------------------------------------
# Case 3, F = 0.2: the stable node on the invariant circle near w = (0.8598, 0, 0.5107).
expect_ok --count 1 --force 0.2 -- "$disc" --force 0.2 --direction 0.8598,0,0.5107
python3 - "$tmp/stdout" <<'PY' || fail "classify --direction 0.8598,0,0.5107: not the blue stable node"
import json, sys
d = json.load(open(sys.argv[1]))["directions"][0]
ok = d["sphere"]["type"] == "stable-node" and d["radial"] == "attracting" and d.get("colour") == "blue"
ok = ok and d["input"] == [0.8598, 0, 0.5107] and abs(d["w"][2] - 0.5106877) < 1e-6
sys.exit(0 if ok else 1)
PY
# Directions need not be unit vectors; several --direction options; a leading minus sign.
expect_ok --count 3 --force 0.2 -- "$disc" --force 0.2 --direction 2,0,0 --direction -1,0,0 --direction=-3,0,0
# --max-angle widens the acceptance.
expect_ok --count 1 --force 0.2 -- "$disc" --force 0.2 --direction 0.86,0,0.5 --max-angle 0.05
expect_partial "unclassified" "--max-angle" "$disc" --force 0.2 --direction 0.86,0,0.5
# Far from every limit direction: Newton fails or lands too far away.
expect_partial "unclassified" "direction 0 [0, 1, 0]" "$disc" --force 0.2 --direction 0,1,0
expect_partial "classified,unclassified" "1 of 2 directions not classified; direction 1" \
  "$disc" --force 0.2 --direction 1,0,0 --direction 0.9,0,0.3
# Each direction on its own (issue 11): the far one does not hide the classified one.
expect_partial "classified,unclassified" "direction 1 [0, 0, 1]" \
  "$disc" --force 0.5 --direction 1,0,0 --direction 0,0,1
# A partly classified report read back: the unclassified entry contributes its input.
run "$disc" --force 0.2 --direction 1,0,0 --direction 0.9,0,0.3
cp "$tmp/stdout" "$tmp/partial.json"
expect_partial "classified,unclassified" "direction 1 [0.9, 0, 0.3]" <"$tmp/partial.json"

# ----- other input shapes on stdin ---------------------------------------------------------------
input bare.json '[[1, 0, 0], [-1, 0, 0]]'
expect_ok --count 2 --force 0.2 -- "$disc" --force 0.2 <"$tmp/bare.json"
python3 -c "
import json, sys
problem = json.load(open(sys.argv[1]))
print(json.dumps({'problem': problem, 'force': 1.2, 'directions': [{'w': [1, 0, 0]}, [-1, 0, 0]]}))" "$disc" >"$tmp/object.json"
expect_ok --count 2 --force 1.2 -- <"$tmp/object.json"
python3 - "$tmp/stdout" <<'PY' || fail "classify object input at F = 1.2: (1, 0, 0) is not repelling"
import json, sys
d = json.load(open(sys.argv[1]))["directions"]
sys.exit(0 if d[0]["radial"] == "repelling" and d[1]["radial"] == "attracting" else 1)
PY

# ----- bad input ---------------------------------------------------------------------------------
input singular.json '{"problem": {"system": {"preset": "general", "mass": [[1, 2, 0], [2, 4, 0], [0, 0, 1]], "load": {"direction": [1, 0, 0]}}, "friction": {"model": "exact"}}, "directions": [[1, 0, 0]]}'
input zero-load.json '{"problem": {"system": {"preset": "general", "mass": [[1, 0, 0], [0, 1, 0], [0, 0, 1]], "load": {"direction": [0, 0, 0]}}, "friction": {"model": "exact"}}, "directions": [[1, 0, 0]]}'
input overflow.json '[[1, 0, 1e999]]'
input short.json '[[1, 0, 0], [1, 0]]'
input string.json '{"directions": [[1, "0", 0]]}'
input zero.json '{"directions": [[0, 0, 0]]}'
input friction.json '{"schema": "limitdir.friction/1", "table": []}'
input bad-force.json '{"directions": [[1, 0, 0]], "force": "0.2"}'
input malformed.json '[[1, 0, 0]'
input empty.json ''

expect_fail 2 "problem: system.mass: singular mass matrix" <"$tmp/singular.json"
expect_fail 2 "problem: system.load.direction" <"$tmp/zero-load.json"
expect_fail 2 "1e999" "$disc" <"$tmp/overflow.json"
expect_fail 2 "directions[1]" "$disc" <"$tmp/short.json"
expect_fail 2 "directions[0][1]" "$disc" <"$tmp/string.json"
expect_fail 2 "zero length" "$disc" <"$tmp/zero.json"
expect_fail 2 "limit_directions" "$disc" <"$tmp/friction.json"
expect_fail 2 "force" "$disc" <"$tmp/bad-force.json"
expect_fail 2 "malformed JSON" "$disc" <"$tmp/malformed.json"
expect_fail 2 "no input" "$disc" <"$tmp/empty.json"
expect_fail 2 "PROBLEM" <"$tmp/bare.json"
expect_fail 2 "PROBLEM" --direction 1,0,0
expect_fail 2 "PROBLEM \"-\"" - <"$tmp/bare.json"
expect_fail 2 "--direction" "$disc" --direction 1,0
expect_fail 2 "--direction" "$disc" --direction 1,0,0,0
expect_fail 2 "--direction" "$disc" --direction 1,x,0
expect_fail 2 "--direction" "$disc" --direction nan,0,0
expect_fail 2 "--direction" "$disc" --direction 1e999,0,0
expect_fail 2 "zero length" "$disc" --direction 0,0,0
expect_fail 2 "--force" "$disc" --direction 1,0,0 --force nan
expect_fail 2 "--force" "$disc" --direction 1,0,0 --force inf
expect_fail 2 "--max-angle" "$disc" --direction 1,0,0 --max-angle 0
expect_fail 2 "--max-angle" "$disc" --direction 1,0,0 --max-angle inf
expect_fail 2 "limitdir.diagram/1" --regions <"$tmp/limits-0.2.json"
expect_fail 2 "limitdir.diagram/1" "$disc" --regions

# ----- --regions -----------------------------------------------------------------------------------
# The diagram's certificate does not matter here (exit 0 or 3): the regions are recomputed from
# its branches and must agree with those the diagram carries.
rc=0
"$bin/sweep-force" "$disc" --from 0 --to 1.5 >"$tmp/diagram.json" 2>/dev/null || rc=$?
[[ $rc -eq 0 || $rc -eq 3 ]] || fail "sweep-force disc.json --from 0 --to 1.5 exited with $rc"
for source in stdin file; do
  if [[ $source == stdin ]]; then run --regions <"$tmp/diagram.json"; else run --regions "$tmp/diagram.json"; fi
  cp "$tmp/stdout" "$tmp/regions-$source.json"
  if [[ $rc -ne 0 || -s $tmp/stderr ]]; then
    fail "classify --regions ($source) exited with $rc: $(head -c 400 "$tmp/stderr")"
  elif ! python3 - "$tmp/stdout" "$tmp/diagram.json" <<'PY'; then
import json, sys
r, d = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
ok = r["schema"] == "limitdir.regions/1" and r["parameter"] == "force" and r["force"] is None
ok = ok and (r["from"], r["to"]) == (d["from"], d["to"]) and len(r["regions"]) == len(d["regions"])
for a, b in zip(r["regions"], d["regions"]):
    ok = ok and a["count"] == b["count"] and a["types"] == b["types"]
    ok = ok and abs(a["from"] - b["from"]) <= 1e-9 and abs(a["to"] - b["to"]) <= 1e-9
sys.exit(0 if ok else 1)
PY
    fail "classify --regions ($source): not the diagram's regions: $(head -c 600 "$tmp/stdout")"
  else
    echo "ok: classify --regions ($source)"
  fi
done
cmp -s "$tmp/regions-stdin.json" "$tmp/regions-file.json" || fail "classify --regions: file and stdin differ"
expect_fail 2 "--direction" --regions --direction 1,0,0 <"$tmp/diagram.json"
expect_fail 2 "--force" --regions --force 0.2 <"$tmp/diagram.json"
expect_fail 2 "--max-angle" --regions "$tmp/diagram.json" --max-angle 0.1
expect_fail 2 "cannot open" --regions "$tmp/missing.json"
expect_fail 2 "no input" --regions <"$tmp/empty.json"
python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))
d['regions'] = 'none'
json.dump(d, open(sys.argv[2], 'w'))" "$tmp/diagram.json" "$tmp/bad-diagram.json"
expect_fail 2 "regions: must be an array" --regions "$tmp/bad-diagram.json"

# ----- help and version --------------------------------------------------------------------------
run --help
if [[ $rc -ne 0 ]]; then
  fail "classify --help exited with $rc"
else
  for word in --direction --max-angle --force --regions "limitdir.regions/1" "Exit codes"; do
    grep -q -- "$word" "$tmp/stdout" || fail "--help does not mention $word"
  done
fi
run --version
grep -qE '^classify \(limitdir\) [0-9]+\.[0-9]+\.[0-9]+$' "$tmp/stdout" || fail "--version printed '$(cat "$tmp/stdout")'"

cli_finish "classify"
