#!/usr/bin/env bash
# A problem's name says what was computed (issue 34.4, docs/manual.md section 4): an override
# that changes what the file describes (--set KEY=VALUE, --pressure, --rho) is appended to the
# name, "<name>; KEY = VALUE", so the report, its --format text header and plot's title no longer
# say "lambda = 5" of a ball computed at lambda = 0.5. An override that changes nothing, and the
# model and the load (every report states them apart from the name: "model", "force"), leave it.
# Usage: bash problem_name.sh BIN_DIR SHARE_DIR
source "$(dirname "$0")/common.bash"
cli_setup find-limits "$@"
ball="$share/problems/ball.json"
disc="$share/problems/disc.json"
ball_name=$(jq -r .name "$ball")
disc_name=$(jq -r .name "$disc")

# name_is WHAT REPORT NAME: the report's embedded problem is named NAME.
name_is() {
  local got
  got=$(jq -r .problem.name "$2")
  if [[ $got == "$3" ]]; then echo "ok: $1: \"$3\""; else fail "$1: named \"$got\", want \"$3\""; fi
}

# --- the issue's reproducer: a ball at lambda = 0.5 is not titled lambda = 5 ------------------
"$bin/sweep-force" "$ball" --set system.lambda=0.5 --from 0.5 --to 1 >"$tmp/sweep.json" 2>/dev/null
[[ -s $tmp/sweep.json ]] || fail "sweep-force ball.json --set system.lambda=0.5: no diagram"
name_is "sweep-force --set system.lambda=0.5" "$tmp/sweep.json" "$ball_name; system.lambda = 0.5"
"$bin/plot" <"$tmp/sweep.json" >"$tmp/sweep.svg" || fail "plot of the sweep failed"
python3 - "$tmp/sweep.svg" <<'PY' && echo "ok: plot's title says system.lambda = 0.5" || fail "plot's title: $(grep -o '<title>[^<]*' "$tmp/sweep.svg")"
import sys, xml.etree.ElementTree as ET
title = ET.parse(sys.argv[1]).getroot().find('{http://www.w3.org/2000/svg}title').text
sys.exit(0 if "system.lambda = 0.5" in title else 1)
PY

# --- every way the name is shown: the report, --format text, Python reads the report -----------
"$app" "$ball" --force 0.3 --set system.lambda=0.5 >"$tmp/limits.json" || fail "find-limits --set failed"
name_is "find-limits --set system.lambda=0.5" "$tmp/limits.json" "$ball_name; system.lambda = 0.5"
"$app" "$ball" --force 0.3 --set system.lambda=0.5 --format text >"$tmp/limits.txt"
grep -qF "$ball_name; system.lambda = 0.5" "$tmp/limits.txt" &&
  echo "ok: --format text names system.lambda = 0.5" || fail "--format text: $(head -n 2 "$tmp/limits.txt")"
# a report of it read again (chained apps) keeps the name that says what was computed
"$app" "$tmp/limits.json" >"$tmp/again.json" || fail "find-limits of the report failed"
name_is "find-limits of that report" "$tmp/again.json" "$ball_name; system.lambda = 0.5"
# and a report given --set again names both settings, in order
"$app" "$tmp/limits.json" --set system.j=0.3 >"$tmp/twice.json" || fail "find-limits REPORT --set failed"
name_is "find-limits REPORT --set system.j=0.3" "$tmp/twice.json" "$ball_name; system.lambda = 0.5; system.j = 0.3"

# --- the other overrides of the problem ---------------------------------------------------------
"$app" "$ball" --force 0.3 --pressure uniform >"$tmp/p.json" || fail "find-limits --pressure uniform failed"
name_is "--pressure uniform on the Hertz ball" "$tmp/p.json" "$ball_name; pressure = uniform"
"$app" "$disc" --force 0.3 --rho 0.5 >"$tmp/r.json" || fail "find-limits --rho 0.5 failed"
name_is "--rho 0.5 on the disc (rho = kappa)" "$tmp/r.json" "$disc_name; rho = 0.5"
"$bin/classify" "$disc" --force 0.3 --rho 0.5 --direction 1,0,0 >"$tmp/c.json" || fail "classify --rho 0.5 failed"
name_is "classify --rho 0.5" "$tmp/c.json" "$disc_name; rho = 0.5"

# --- what leaves the name as it is -----------------------------------------------------------------
"$app" "$ball" --force 0.3 --set system.lambda=5 --pressure hertz --rho kappa >"$tmp/same.json"
name_is "overrides equal to the file's values" "$tmp/same.json" "$ball_name"
"$app" "$ball" --set force=0.4 --model exact >"$tmp/model.json"
name_is "the load and the model (stated apart)" "$tmp/model.json" "$ball_name"
[[ $(jq -r '.model' "$tmp/model.json") == exact* && $(jq -r .force "$tmp/model.json") == 0.4 ]] &&
  echo "ok: the report states the model and the load" || fail "model $(jq -r .model "$tmp/model.json"), force $(jq .force "$tmp/model.json")"

cli_finish "problem name"
