#!/usr/bin/env bash
# The Celtic stone's slip systems mid-motion (issue 19, docs/manual.md sections 9 and 12): for
# twelve times T over the run of share/problems/celt.json (t_end = 3 s) the exported slip system
# is analysed by find-limits with exit 0 and a complete certificate, its closed orbits checked by
# the search (every forward and backward trajectory settled). The Kane & Levinson stone
# (share/problems/celt-kane-levinson.json) has a point contact P1: its slip system is not
# exported (celt --slip-system needs W1, whose Hertz size (11) needs a2 = a3), so it is not here.
# Usage: bash celt_slip_systems.sh BIN_DIR SHARE_DIR
source "$(dirname "$0")/common.bash"
cli_setup celt "$@"
stone="$share/problems/celt.json"

for T in 0.25 0.5 0.75 1 1.25 1.5 1.75 2 2.25 2.5 2.75 3; do
  rc=0
  "$bin/celt" "$stone" --slip-system "$T" --export-problem >"$tmp/slip.json" 2>"$tmp/celt.err" || rc=$?
  if [[ $rc -ne 0 ]]; then
    fail "celt --slip-system $T exited $rc: $(head -c 300 "$tmp/celt.err")"
    continue
  fi
  rc=0
  "$bin/find-limits" "$tmp/slip.json" >"$tmp/limits.json" 2>"$tmp/limits.err" || rc=$?
  if [[ $rc -ne 0 ]]; then
    fail "find-limits of the slip system at T = $T exited $rc: $(head -c 300 "$tmp/limits.err")"
    continue
  fi
  python3 - "$tmp/limits.json" <<'PY' && echo "ok: slip system at T = $T: certificate complete, closed orbits checked" || fail "slip system at T = $T: certificate not complete or closed orbits not checked"
import json, sys
c = json.load(open(sys.argv[1]))["certificate"]
assert c["complete"] and c["level"] in ("checked", "proven"), c
assert c["closed_orbits"] == "checked" and "0 unresolved" in c["reason"], c["reason"]
PY
done
cli_finish celt_slip_systems
