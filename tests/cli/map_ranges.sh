#!/usr/bin/env bash
# bifurcation-map on rectangles at the edge of what it resolves (issue 34, docs/manual.md section
# 13, "Proof"): strips one float step wide, and parameters whose valid range is the rectangle.
# - A strip of the load crossed by the disc's pitchfork F_P(j) = |C1 - (4/9)/j S1| (N = 2, the
#   closed form of tests/cli/bifurcation_map.sh): proven only with that curve, at the j where
#   F_P = F, and the regions on both sides counted as find-limits counts them there.
# - A strip of j or lambda one float step wide ends at once (it once sampled its curves in steps
#   below a float step without end) and is proven.
# - Maps whose parameter may not leave the rectangle (d in [0, 1], k0 in [-1, 1]) are never
#   refused for values their own curves or differences stepped to: they exit 0 or 3, not 2.
# Usage: bash map_ranges.sh BIN_DIR SHARE_DIR
source "$(dirname "$0")/common.bash"
cli_setup bifurcation-map "$@"
disc=$share/problems/disc.json
ball=$share/problems/ball.json
first_coefficients "$disc"
# the count of limit directions of find-limits at (j, F)
count_at() {
  "$bin/find-limits" "$disc" --set "system.j=$1" --force "$2" |
    python3 -c "import json, sys; print(len(json.load(sys.stdin)['limit_directions']))"
}
# j* where F_P(j) = 0.5 on the branch F_P = (4/9)/j S1 - C1 decreasing in j (bisection; the
# curve points are corrected to ~1e-11 of the rectangle: 1e-9 in j)
j_star=$(python3 -c "
C1, S1 = $C1, $S1
g = lambda j: abs(C1 - 4 / 9 / j * S1) - 0.5
lo, hi = 0.3, 1.0
for _ in range(200):
    mid = 0.5 * (lo + hi)
    (lo, hi) = (mid, hi) if (g(mid) < 0) == (g(lo) < 0) else (lo, mid)
print(repr(0.5 * (lo + hi)))")
below=$(count_at 0.31 0.5)
above=$(count_at 0.99 0.5)
[[ $below -ne $above ]] || fail "find-limits counts $below on both sides of the pitchfork at j* = $j_star"
REPORT_PRELUDE="
J_STAR, BELOW, ABOVE = $j_star, $below, $above
def at_j(p, r):
    return p['x'] if r['x']['parameter'] == 'j' else p['y']
def thin_strip_ok(r):
    pf = [c for c in r['curves'] if c['kind'] == 'pitchfork']
    return (r['certificate']['level'] == 'proven' and len(pf) == 1
            and all(abs(at_j(p, r) - J_STAR) <= 1e-9 for p in pf[0]['points'])
            and sorted((at_j(g, r) < J_STAR, g['count']) for g in r['regions']) == [(False, ABOVE), (True, BELOW)])
"
for F1 in 0.5000000000000001 0.500000000001 0.5000000001; do
  expect_report map.schema.json "thin_strip_ok(r)" "$disc" --x j --x-range 0.3:1 --y force --y-range "0.5:$F1" --lines 2
  expect_report map.schema.json "thin_strip_ok(r)" "$disc" --y j --y-range 0.3:1 --x force --x-range "0.5:$F1" --lines 2
done

REPORT_PRELUDE=""
for strip in "$disc --x j --x-range 0.5:0.5000000000000001" "$disc --x j --x-range 1:1.0000000000000002" \
             "$ball --x lambda --x-range 0.5:0.5000000000000001" "$ball --x lambda --x-range 0.3:0.30000000000000004"; do
  # shellcheck disable=SC2086
  expect_report map.schema.json "r['certificate']['level'] == 'proven'" $strip --y force --y-range 0:1.5 --lines 2
done

# parameters bounded to the rectangle: a kudra-pade general problem in d over [0, 1], and the
# Kireenkov Pade disc in k0 over [0, 1] and [-1, 1]
python3 - "$share/problems/general.json" "$disc" "$tmp" <<'PY'
import json, sys
general, disc, tmp = json.load(open(sys.argv[1])), json.load(open(sys.argv[2])), sys.argv[3]
general["friction"] = {"model": "kudra-pade", "order": 1, "b_T": 1, "b_M": 1, "m_T": 1, "m_M": 1}
json.dump(general, open(f"{tmp}/kudra-pade.json", "w"))
disc["friction"] = {"model": "kireenkov-pade", "order": 1, "k0": 0.2}
json.dump(disc, open(f"{tmp}/kireenkov-pade.json", "w"))
PY
for args in "$tmp/kudra-pade.json --x force --x-range 0.1:1 --y d --y-range 0:1 --lines 1" \
            "$tmp/kireenkov-pade.json --x force --x-range 0.1:1 --y friction.k0 --y-range 0:1 --lines 1" \
            "$tmp/kireenkov-pade.json --x force --x-range 0.1:1 --y friction.k0 --y-range -1:1 --lines 1"; do
  # shellcheck disable=SC2086
  run $args
  if [[ $rc -ne 0 && $rc -ne 3 ]] || ! python3 "$(dirname "$0")/validate_json.py" "$share/schemas" map.schema.json "$tmp/stdout" >/dev/null; then
    fail "bifurcation-map $args exited with $rc (want a map, 0 or 3): $(head -c 300 "$tmp/stderr")"
  else
    echo "ok: bifurcation-map $args -> exit $rc"
  fi
done

cli_finish bifurcation-map-ranges
