#!/usr/bin/env bash
# Regenerates the figures of README.md, docs/figures/*.svg, with plot (docs/manual.md section 11):
#   disc-diagram.svg   the disc's bifurcation diagram (Fig. 14 of [Nonlinear Dyn. 2024]: harmonic
#                      model N = 2, uniform pressure, rho = kappa) over F in [0, 1.5], against the
#                      position psi on the invariant circle w2 = 0;
#   disc-sphere.svg    the disc's limit directions at F = 0.03 (Case 4 of Fig. 11) on the sphere
#                      with the field V*;
#   disc-friction.svg  the laws Q(theta), T(theta) of that model against the exact model (Fig. 7).
# tests/cli/figures.sh runs this script into a temporary directory and compares the result with
# the committed files element by element, so that they cannot go stale silently.
# Usage: bash scripts/generate-figures.sh [BIN_DIR [OUT_DIR]]
#   (defaults: build/bin and docs/figures of this repository)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bin="${1:-$root/build/bin}"
out="${2:-$root/docs/figures}"
disc="$root/share/problems/disc.json"

if [[ ! -x $bin/plot ]]; then
  echo "generate-figures: $bin/plot not found; build first (cmake --build build)" >&2
  exit 2
fi
mkdir -p "$out"
"$bin/sweep-force" "$disc" --from 0 --to 1.5 | "$bin/plot" --y psi >"$out/disc-diagram.svg"
"$bin/find-limits" "$disc" --force 0.03 | "$bin/plot" >"$out/disc-sphere.svg"
"$bin/friction-model" "$disc" | "$bin/plot" --width 900 --height 450 >"$out/disc-friction.svg"
echo "generate-figures: wrote disc-diagram.svg, disc-sphere.svg, disc-friction.svg in $out"
