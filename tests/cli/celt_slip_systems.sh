#!/usr/bin/env bash
# The Celtic stone's slip systems mid-motion (issue 19, docs/manual.md sections 9 and 12): for
# twelve times T over the run of share/problems/celt.json (t_end = 3 s) the exported slip system
# is analysed by find-limits with exit 0 and a complete certificate, its closed orbits checked by
# the search (every forward and backward trajectory settled). The same for the Kane & Levinson
# stone (share/problems/celt-kane-levinson.json, t_end = 4 s), whose point contact P1 (18) is
# exported as limitdir's zhuravlev-klimov model (kinked on the equator; no interval enclosure,
# so the certificate is "checked").
# Usage: bash celt_slip_systems.sh BIN_DIR SHARE_DIR
source "$(dirname "$0")/common.bash"
cli_setup celt "$@"

check_stone() {
local stone="$1"; shift
for T in "$@"; do
  rc=0
  "$bin/celt" "$stone" --slip-system "$T" --export-problem >"$tmp/slip.json" 2>"$tmp/celt.err" || rc=$?
  if [[ $rc -ne 0 ]]; then
    fail "$(basename "$stone"): celt --slip-system $T exited $rc: $(head -c 300 "$tmp/celt.err")"
    continue
  fi
  rc=0
  "$bin/find-limits" "$tmp/slip.json" >"$tmp/limits.json" 2>"$tmp/limits.err" || rc=$?
  if [[ $rc -ne 0 ]]; then
    fail "$(basename "$stone"): find-limits of the slip system at T = $T exited $rc: $(head -c 300 "$tmp/limits.err")"
    continue
  fi
  python3 - "$tmp/limits.json" <<'PY' && echo "ok: $(basename "$stone") slip system at T = $T: certificate complete, closed orbits checked" || fail "$(basename "$stone") slip system at T = $T: certificate not complete or closed orbits not checked"
import json, sys
c = json.load(open(sys.argv[1]))["certificate"]
assert c["complete"] and c["level"] in ("checked", "proven"), c
assert c["closed_orbits"] == "checked" and "0 unresolved" in c["reason"], c["reason"]
PY
done
}

check_stone "$share/problems/celt.json" 0.25 0.5 0.75 1 1.25 1.5 1.75 2 2.25 2.5 2.75 3
check_stone "$share/problems/celt-kane-levinson.json" 0.25 0.5 0.75 1 1.5 2 2.25 2.5 3 3.25 3.5 4
cli_finish celt_slip_systems
