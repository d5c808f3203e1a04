#!/usr/bin/env bash
# Units in every --help (docs/manual.md section 5, "Units on the command line"): every numeric
# option of every app, of scan and of each `scan --job NAME --help` states its unit as
# "Unit: U." or "Units: PART U, ..." with U from the schemas' vocabulary, and the unit of an
# option that overrides a problem key is the one the key's schema description gives
# (help_units.py); and the checker is not vacuous: a help text with each kind of fault fails it.
# Usage: bash help_units.sh BIN_DIR SHARE_DIR
source "$(dirname "$0")/common.bash"
cli_setup find-limits "$@"
check="$(dirname "$0")/help_units.py"

if out=$(python3 "$check" "$bin" "$share" 2>&1); then
  echo "ok: $(tail -1 <<<"$out")"
else
  fail "$(grep -v '^ok:' <<<"$out")"
fi

# one fault per option but the last two (a keyword and a right unit); roll's schema
cat >"$tmp/help.txt" <<'HELP'
Options:
  --speed V             how fast
  --angle A             an angle. Unit: degrees.
  --mu-r MU_R           rolling resistance (overrides friction.mu_r). Unit: s.
  --grid LO,HI,N        a grid. Units: LO m, HI m.
  --h-max H             a step in (w, p). Unit: mixed.
  --bogus X             a key the schema lacks (overrides time.nothing). Unit: s.
  --two T               two units. Unit: s. Unit: m.
  --method M            a keyword: no unit
  --t-end T             final time (overrides time.t_end). Unit: s.
HELP
python3 "$check" --text "$tmp/help.txt" "$share" roll >"$tmp/out" 2>&1 && fail "help_units.py accepts options without units"
[[ $(grep -c "^FAIL:" "$tmp/out") -eq 7 ]] || fail "help_units.py: want 7 faults, got: $(cat "$tmp/out")"
for option in speed angle mu-r grid h-max bogus two; do
  grep -q -- "--$option:" "$tmp/out" || fail "help_units.py misses the fault of --$option: $(cat "$tmp/out")"
done
grep -q -- "--t-end:\|--method:" "$tmp/out" && fail "help_units.py faults a right option: $(cat "$tmp/out")"

cli_finish help_units
