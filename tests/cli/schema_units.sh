#!/usr/bin/env bash
# Units in every schema (docs/manual.md section 4, "Units"): each numeric field of share/schemas
# says "Unit: U." in its description, U from a fixed list of unit words (check_schema_units.py);
# and the checker is not vacuous: a schema with a numeric field without a unit fails it.
# Usage: bash schema_units.sh BIN_DIR SHARE_DIR
source "$(dirname "$0")/common.bash"
cli_setup find-limits "$@"
check="$(dirname "$0")/check_schema_units.py"

if out=$(python3 "$check" "$share/schemas" 2>&1); then
  echo "ok: $out"
else
  fail "$out"
fi

mkdir "$tmp/schemas"
printf '%s\n' '{"properties": {"speed": {"type": "number", "description": "How fast."},
  "angle": {"type": "number", "description": "Unit: degrees."}, "ok": {"type": "number", "description": "Unit: rad."}}}' \
  >"$tmp/schemas/x.schema.json"
python3 "$check" "$tmp/schemas" >"$tmp/out" 2>&1 && fail "check_schema_units.py accepts fields without units"
[[ $(grep -c "^no unit:" "$tmp/out") -eq 2 ]] || fail "check_schema_units.py: want 2 fields without unit, got: $(cat "$tmp/out")"

cli_finish schema_units
