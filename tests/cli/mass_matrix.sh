#!/usr/bin/env bash
# system.mass of a general system (docs/manual.md section 4) must be symmetric positive definite:
# an asymmetric, indefinite or negative definite matrix is bad input (exit 2, one line naming
# system.mass) in every app that reads a problem; a singular one keeps its message.
# Usage: bash mass_matrix.sh BIN_DIR SHARE_DIR
source "$(dirname "$0")/common.bash"
cli_setup find-limits "$@"

problem() {
  printf '{"system": {"preset": "general", "mass": %s, "load": {"direction": [1, 0, 0]}}, "friction": {"model": "harmonic", "degree": 2}, "force": 0.3}\n' "$2" >"$tmp/$1"
}
problem asymmetric.json '[[2, 0.3, 0], [0, 1.5, 0.2], [0, 0.2, 0.8]]'
problem indefinite.json '[[0, 1, 0], [1, 0, 0], [0, 0, 1]]'
problem negative.json '[[-1, 0, 0], [0, -2, 0], [0, 0, -3]]'
problem singular.json '[[1, 2, 0], [2, 4, 0], [0, 0, 1]]'
problem good.json '[[2, 0.3, 0], [0.3, 1.5, 0.2], [0, 0.2, 0.8]]'

for name in find-limits friction-model simulate; do
  app="$bin/$name"
  expect_bad "system.mass: a mass matrix must be symmetric positive definite; this one is not symmetric" "$tmp/asymmetric.json"
  expect_bad "system.mass: a mass matrix must be symmetric positive definite; this one has the eigenvalue -1 " "$tmp/indefinite.json"
  expect_bad "system.mass: a mass matrix must be symmetric positive definite; this one has the eigenvalue -3 " "$tmp/negative.json"
  expect_bad "system.mass: singular mass matrix" "$tmp/singular.json"
done
app="$bin/sweep-force"
expect_bad "not symmetric" "$tmp/asymmetric.json" --from 0 --to 1
app="$bin/find-limits"
run "$tmp/good.json"
[[ $rc -eq 0 ]] && echo "ok: a symmetric positive definite coupled mass is accepted" ||
  fail "find-limits good.json (symmetric positive definite) exited with $rc: $(head -c 300 "$tmp/stderr")"

# Homogeneity (docs/manual.md section 2): with M -> s M the field B(w) w + c = M^-1 (q + Q_e) is
# divided by s, so V* = (I - w w^T)(B w + c) has the same zeros (the limit directions, of the same
# types) and rdot and the eigenvalues on the sphere are divided by s. Checked for s = 1e3 and
# 1e-40 against s = 1 (good.json is share/problems/general.json's mass). 1e300 I and 1e-300 I are
# not singular: they are beyond the solvers' range (|M^-1| in [1e-4, 1e100]), and say so.
scaled() {  # scaled NAME S MASS: good.json's load and model with the mass S M
  python3 -c '
import json, sys
s = float(sys.argv[1])
print(json.dumps({"system": {"preset": "general", "mass": [[s * x for x in row] for row in json.loads(sys.argv[2])],
                             "load": {"direction": [1, 0, 0], "offset": [0, 0, 0.1]}},
                  "friction": {"model": "harmonic", "degree": 3}, "force": 0.5}))' "$2" "$3" >"$tmp/$1"
}
# compare REFERENCE OTHER S MAP: the limit directions of OTHER are those of REFERENCE mapped by
# w -> D w/|D w| (D = diag(1, 1, MAP)) with rdot -> rdot |D w| / S, of the same types. Both runs
# refine to |V*| <= 1e-13 (limits/limits.hpp) at fields of magnitude >= 0.5: their directions are
# exact to ~1e-12 and their rates to ~1e-12 relative; 1e-9 keeps a margin for the eigen-solvers.
compare() {
  python3 -c '
import json, math, sys
TOLERANCE = 1e-9
a, b = (json.load(open(p))["limit_directions"] for p in sys.argv[1:3])
s, k = float(sys.argv[3]), float(sys.argv[4])
mapped = []
for x in a:
    d = [x["w"][0], x["w"][1], k * x["w"][2]]
    n = math.sqrt(sum(c * c for c in d))
    mapped.append(([c / n for c in d], x["rdot"] * n / s, x["sphere"]["type"]))
if len(mapped) != len(b):
    sys.exit(f"{len(b)} limit directions, {len(mapped)} expected")
for w, rdot, kind in mapped:
    near = [y for y in b if max(abs(p - q) for p, q in zip(w, y["w"])) <= TOLERANCE]
    if len(near) != 1 or abs(near[0]["rdot"] - rdot) > TOLERANCE * abs(rdot) or near[0]["sphere"]["type"] != kind:
        sys.exit(f"no direction {w} with rdot {rdot} ({kind})")' "$@"
}
G='[[2, 0.3, 0], [0.3, 1.5, 0.2], [0, 0.2, 0.8]]'
I='[[1, 0, 0], [0, 1, 0], [0, 0, 1]]'
app="$bin/find-limits"
scaled one.json 1 "$G"
"$app" "$tmp/one.json" --format json >"$tmp/one.out" 2>/dev/null || fail "find-limits of the unscaled mass failed"
for s in 1e3 1e-40; do
  scaled "s$s.json" $s "$G"
  run "$tmp/s$s.json" --format json
  if [[ $rc -eq 0 ]] && why=$(compare "$tmp/one.out" "$tmp/stdout" $s 1 2>&1); then
    echo "ok: mass x $s: the same limit directions, rdot / $s"
  else
    fail "mass x $s: exit $rc, $why $(head -c 200 "$tmp/stderr")"
  fi
done
scaled big.json 1e300 "$I"
scaled small.json 1e-300 "$I"
expect_bad "system.mass: the mass matrix is too large: |M^-1| = 1e-300 is below 1e-4" "$tmp/big.json"
expect_bad "system.mass: the mass matrix is too small: |M^-1| = 1e+300 exceeds 1e100" "$tmp/small.json"

# The disc at rho and rho' (docs/manual.md section 1: w = (v_x, v_y, rho omega)/|.|): the same
# slips in other coordinates, x' = D x with D = diag(1, 1, rho'/rho), so a limit direction w at rho
# is D w/|D w| at rho' with rdot |D w| (x' = rdot D w there), for the exact model, which takes rho
# as it is. M = diag(1, 1, j/rho'^2) is 5e11 at rho' = 1e-6 and 5e-13 at 1e6: once refused as
# "singular mass matrix", it is diagonal and inverted exactly.
"$app" "$share/problems/disc.json" --model exact --force 0.3 --rho R --format json >"$tmp/rho-R.out" 2>/dev/null ||
  fail "find-limits disc.json --rho R failed"
for rho in 1e6 1e-6; do
  run "$share/problems/disc.json" --model exact --force 0.3 --rho $rho --format json
  if [[ $rc -eq 0 ]] && why=$(compare "$tmp/rho-R.out" "$tmp/stdout" 1 $rho 2>&1); then
    echo "ok: the disc at rho = $rho: the limit directions at rho = R mapped by diag(1, 1, $rho)"
  else
    fail "disc --rho $rho: exit $rc, $why $(head -c 200 "$tmp/stderr")"
  fi
done

cli_finish "mass-matrix"
