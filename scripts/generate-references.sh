#!/usr/bin/env bash
# Regenerates the reference bifurcation diagrams share/reference/*.json with sweep-force
# (schema "limitdir.diagram/1"): the diagrams of Figs 13-14 and 17-18 of [Nonlinear Dyn. 2024] for every
# friction model the paper compares.
#   disc (uniform pressure, rho = kappa), F in [0, 1.5] (F_T = C1 ~ 1.05): linear-fit, harmonic
#     N = 1, 2, 4 and exact;
#   ball (Hertz pressure, lambda = 5), F in [0, 4] (F_T = (1 + j)/j C1 = 3.5 C1, between 3.39
#     for N = 1 and 3.65 for N = 2, 3.5 for the exact model): harmonic N = 1..4 and exact;
#   elliptic plates (docs/manual.md section 6), exact integral model, F in [0.02, 1.5] (F = 0 is
#     the equator's circle of limit directions): b/a = 1/2 uniform (limit directions leave
#     w2 = 0 at pitchforks near F = 0.173), a/b = 0.7 Hertz (pitchfork of (1, 0, 0) at
#     F = 1 - 2 a^2/((alpha + 2)(a^2 + b^2)) = 0.7369).
# A reference is written only when sweep-force certifies it (exit 0): a diagram in doubt is never
# committed; its old file, if any, is left as it was, and the script exits 1 naming it.
# tests/cli/references.sh runs this script into a temporary directory and compares the result
# with the committed files by meaning (diagram-diff).
# Usage: bash scripts/generate-references.sh BIN_DIR OUT_DIR
#   e.g. bash scripts/generate-references.sh build/bin share/reference (rewrites the committed
#   references). Both arguments are required, so that running the script by mistake never
#   overwrites the committed files: without them it prints this usage and exits 2.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
if [[ $# -ne 2 ]]; then
  cat >&2 <<EOF
usage: bash scripts/generate-references.sh BIN_DIR OUT_DIR
  regenerates the reference bifurcation diagrams with BIN_DIR/sweep-force into OUT_DIR;
  e.g. bash scripts/generate-references.sh build/bin share/reference rewrites the committed ones
EOF
  exit 2
fi
bin="$1"
out="$2"
problems="$root/share/problems"

if [[ ! -x $bin/sweep-force ]]; then
  echo "generate-references: $bin/sweep-force not found; build first (cmake --build build)" >&2
  exit 2
fi
mkdir -p "$out"

# One reference diagram per line: NAME PROBLEM-FILE SWEEP-FORCE-ARGS...
references() {
  cat <<EOF
disc-linear-fit disc.json --model linear-fit --from 0 --to 1.5
disc-harmonic-1 disc.json --model harmonic --degree 1 --from 0 --to 1.5
disc-harmonic-2 disc.json --model harmonic --degree 2 --from 0 --to 1.5
disc-harmonic-4 disc.json --model harmonic --degree 4 --from 0 --to 1.5
disc-exact disc.json --model exact --from 0 --to 1.5
ball-harmonic-1 ball.json --model harmonic --degree 1 --from 0 --to 4
ball-harmonic-2 ball.json --model harmonic --degree 2 --from 0 --to 4
ball-harmonic-3 ball.json --model harmonic --degree 3 --from 0 --to 4
ball-harmonic-4 ball.json --model harmonic --degree 4 --from 0 --to 4
ball-exact ball.json --model exact --from 0 --to 4
ellipse-exact ellipse.json --from 0.02 --to 1.5
ellipse-hertz-exact ellipse-hertz.json --from 0.02 --to 1.5
EOF
}

failed=()
while read -r name problem args; do
  rc=0
  # shellcheck disable=SC2086  # the arguments are separate words on purpose
  "$bin/sweep-force" "$problems/$problem" $args </dev/null >"$out/$name.json.tmp" 2>"$out/$name.stderr.tmp" || rc=$?
  if [[ $rc -eq 0 ]]; then
    mv "$out/$name.json.tmp" "$out/$name.json"
    echo "generate-references: $name.json: sweep-force $problem $args"
  else
    failed+=("$name")
    echo "generate-references: $name: sweep-force $problem $args exited with $rc:" \
      "$(head -c 400 "$out/$name.stderr.tmp")" >&2
    rm -f "$out/$name.json.tmp"
  fi
  rm -f "$out/$name.stderr.tmp"
done < <(references)

if [[ ${#failed[@]} -ne 0 ]]; then
  echo "generate-references: not written (certificate not complete or failure): ${failed[*]}" >&2
  exit 1
fi
