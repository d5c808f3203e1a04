#!/usr/bin/env bash
# The command line shared by every app (issue 23 point 2, docs/manual.md section 5):
#  * standard input read the same way everywhere: "-", and the default when no file is given and
#    standard input is not a terminal (same output as the file); with a terminal, exit 2 and a
#    usage line;
#  * --set KEY=VALUE: the result equals that of the problem file edited with jq to the same value
#    (an independent edit) and named with the setting, bad keys and values exit 2 with one line;
#  * a load is required where one is needed: a problem without "force" exits 2 unless --force,
#    --set force=F or the sweep sets it;
#  * --parameter takes a dotted problem key (system.load_angle): the sweep's region at a value
#    has the limit directions find-limits finds in the file edited to that value.
# Usage: bash command_line.sh BIN_DIR SHARE_DIR
source "$(dirname "$0")/common.bash"
cli_setup find-limits "$@"
p="$share/problems"

# same OUT_A OUT_B WHAT: the two outputs are identical but for the wall-clock times they report.
same() {
  local a b
  a=$(jq -c 'del(.. | .wall_seconds?, .seconds?)' "$1" 2>/dev/null || cat "$1")
  b=$(jq -c 'del(.. | .wall_seconds?, .seconds?)' "$2" 2>/dev/null || cat "$2")
  if [[ $a == "$b" ]]; then echo "ok: $3"; else fail "$3: outputs differ: $(diff <(echo "$a") <(echo "$b") | head -c 400)"; fi
}

# --- standard input --------------------------------------------------------------------------
# app ARGS: the file, "-" with the file on stdin, and no operand with the file on stdin agree.
stdin_case() {
  local name=$1 file=$2
  shift 2
  "$bin/$name" "$file" "$@" >"$tmp/file.out" 2>/dev/null
  "$bin/$name" - "$@" <"$file" >"$tmp/dash.out" 2>/dev/null
  "$bin/$name" "$@" <"$file" >"$tmp/none.out" 2>/dev/null
  [[ -s $tmp/file.out ]] || fail "$name $file $*: no output"
  same "$tmp/file.out" "$tmp/dash.out" "$name: - reads standard input"
  same "$tmp/file.out" "$tmp/none.out" "$name: no operand reads standard input"
}
stdin_case find-limits "$p/disc.json" --force 0.3
stdin_case sweep-force "$p/disc.json" --from 0.2 --to 0.4 --checks 0
stdin_case friction-model "$p/disc.json" --samples 5
stdin_case simulate "$p/disc.json" --x0 1,0,0.5 --every 0
stdin_case roll "$p/roll-fig3b.json" --h 1e-2 --every 0
stdin_case celt "$p/celt.json" --t-end 0.01 --every 0
"$bin/sweep-force" "$p/disc.json" --from 0.2 --to 0.4 --checks 0 >"$tmp/diagram.json"
"$bin/classify" --regions "$tmp/diagram.json" >"$tmp/regions_file.out"
"$bin/classify" --regions <"$tmp/diagram.json" >"$tmp/regions_none.out"
same "$tmp/regions_file.out" "$tmp/regions_none.out" "classify --regions: no operand reads standard input"
# With a terminal and no operand: exit 2, one line with the usage (a pseudo-terminal from python).
for name in find-limits sweep-force friction-model roll celt plot; do
  out=$(python3 - "$bin/$name" <<'PY'
import os, pty, sys
pid, fd = pty.fork()
if pid == 0:
    os.execv(sys.argv[1], [sys.argv[1]])
text = b""
while True:
    try:
        chunk = os.read(fd, 4096)
    except OSError:
        break
    if not chunk:
        break
    text += chunk
print(os.waitpid(pid, 0)[1] >> 8, text.decode().strip().replace("\r", ""))
PY
)
  if [[ $out == "2 $name: error: missing "*"standard input is a terminal); usage: $name "* && $(wc -l <<<"$out") -eq 1 ]]; then
    echo "ok: $name on a terminal without operand -> $out"
  else
    fail "$name on a terminal without operand: $out"
  fi
done

# --- --set KEY=VALUE -------------------------------------------------------------------------
# set_case APP FILE KEY VALUE JQ-PATH ARGS...: APP FILE --set KEY=VALUE equals APP on the file
# edited by jq, whose name says the setting ("<name>; KEY = VALUE", section 4) unless KEY is the
# load (every report states it apart from the name).
set_case() {
  local name=$1 file=$2 key=$3 value=$4 path=$5 named
  shift 5
  named=$([[ $key == force ]] && echo . || echo ".name += \"; $key = $value\"")
  jq "$path = $value | $named" "$file" >"$tmp/edited.json"
  "$bin/$name" "$file" --set "$key=$value" "$@" >"$tmp/set.out" 2>"$tmp/set.err"
  "$bin/$name" "$tmp/edited.json" "$@" >"$tmp/edited.out" 2>/dev/null
  [[ -s $tmp/set.out ]] || fail "$name --set $key=$value: no output: $(cat "$tmp/set.err")"
  # the reports name their source file only in messages; the JSON must be the same
  same "$tmp/set.out" "$tmp/edited.out" "$name --set $key=$value equals the file edited by jq"
}
set_case find-limits "$p/ball.json" system.lambda 2 .system.lambda --force 0.3
set_case find-limits "$p/ellipse.json" contact.shape.ellipse.1 0.7 '.contact.shape.ellipse[1]' --model kudra-pade
set_case sweep-force "$p/disc.json" system.j 0.3 .system.j --from 0.2 --to 0.6 --checks 2
set_case friction-model "$p/disc.json" rho 0.5 .rho --samples 5
set_case simulate "$p/disc.json" force 0.7 .force --x0 1,0,0.5 --every 0
set_case roll "$p/roll-fig3b.json" friction.mu 0.3 .friction.mu --h 1e-2 --every 0
set_case celt "$p/celt.json" contact.mu 0.2 .contact.mu --t-end 0.01 --every 0
set_case classify "$p/disc.json" force 0.8 .force --direction 1,0,0.3
# repeated --set: applied in order, both kept
jq '.force = 0.5 | .system.j = 0.4 | .name += "; system.j = 0.4"' "$p/disc.json" >"$tmp/edited2.json"
"$bin/find-limits" "$p/disc.json" --set force=0.5 --set system.j=0.4 >"$tmp/set2.out"
"$bin/find-limits" "$tmp/edited2.json" >"$tmp/edited2.out"
same "$tmp/set2.out" "$tmp/edited2.out" "find-limits --set twice equals the file edited twice"
# a report embedding a problem: --set edits its problem (and its load)
"$bin/find-limits" "$p/disc.json" >"$tmp/report.json"
"$bin/find-limits" "$tmp/report.json" --set force=0.9 >"$tmp/report_set.out"
"$bin/find-limits" "$p/disc.json" --force 0.9 >"$tmp/report_force.out"
same "$tmp/report_set.out" "$tmp/report_force.out" "find-limits REPORT --set force=0.9 equals --force 0.9"
expect_bad "nope" "$p/disc.json" --set nope=1
expect_bad "system.j" "$p/disc.json" --set system.j=-1
expect_bad "--set" "$p/disc.json" --set system.j
expect_bad "--set system.j" "$p/disc.json" --set system.j=abc
expect_bad "friction.model" "$p/disc.json" --set friction.model=1
app="$bin/roll" expect_bad "friction.nope" "$p/roll-fig3b.json" --set friction.nope=1
app="$bin/sweep-force" expect_bad "system.j" "$p/disc.json" --from 0 --to 1 --set system.j=0

# --- a load is required where one is needed --------------------------------------------------
jq 'del(.force)' "$p/disc.json" >"$tmp/noforce.json"
expect_bad "force: missing" "$tmp/noforce.json"
app="$bin/simulate" expect_bad "force: missing" "$tmp/noforce.json" --x0 1,0,0.5
app="$bin/classify" expect_bad "force: missing" "$tmp/noforce.json" --direction 1,0,0
app="$bin/sweep-force" expect_bad "force: missing" "$tmp/noforce.json" --parameter j --from 0.3 --to 0.6
"$bin/find-limits" "$tmp/noforce.json" --force 0.3 >"$tmp/f1.out"
"$bin/find-limits" "$tmp/noforce.json" --set force=0.3 >"$tmp/f2.out"
jq '.force = 0.3' "$p/disc.json" | "$bin/find-limits" >"$tmp/f3.out"
same "$tmp/f1.out" "$tmp/f3.out" "no force in the file, --force 0.3: as the file with force 0.3"
same "$tmp/f2.out" "$tmp/f3.out" "no force in the file, --set force=0.3: as the file with force 0.3"
# a load sweep sets the load; friction-model needs none
"$bin/sweep-force" "$tmp/noforce.json" --from 0.2 --to 0.4 --checks 0 >/dev/null 2>&1 || fail "sweep-force of the load without force"
"$bin/friction-model" "$tmp/noforce.json" --samples 5 >/dev/null 2>&1 || fail "friction-model without force"

# --- --parameter: a dotted key of the problem file -------------------------------------------
# the plate's load angle beta (rad): the region of the sweep at beta = 0.25 holds the limit
# directions find-limits finds on the file edited to beta = 0.25 (types counted)
"$bin/sweep-force" "$p/ellipse.json" --model kudra-pade --parameter system.load_angle --from 0 --to 0.5 \
  --checks 2 >"$tmp/angle.json" || fail "sweep-force --parameter system.load_angle: exit $?"
jq '.system.load_angle = 0.25' "$p/ellipse.json" | "$bin/find-limits" --model kudra-pade >"$tmp/at.json"
python3 - "$tmp/angle.json" "$tmp/at.json" <<'PY' || fail "sweep of system.load_angle against find-limits at 0.25"
import json, sys
diagram, limits = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
assert diagram["parameter"] == "system.load_angle", diagram["parameter"]
region = [r for r in diagram["regions"] if r["from"] <= 0.25 <= r["to"]][0]
types = {}
for d in limits["limit_directions"]:
    t = d["radial"] + " " + d["sphere"]["type"]
    types[t] = types.get(t, 0) + 1
assert region["types"] == types, (region["types"], types)
print("ok: sweep of system.load_angle, region at 0.25:", types)
PY
app="$bin/sweep-force" expect_bad "system.load_angle" "$p/disc.json" --parameter system.load_angle --from 0 --to 1

cli_finish command-line
