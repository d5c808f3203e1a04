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

cli_finish "mass-matrix"
