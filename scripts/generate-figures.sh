#!/usr/bin/env bash
# Regenerates the figures of README.md and docs/overview.md, docs/figures/*.svg, with plot (docs/manual.md section 11):
#   disc-diagram.svg   the disc's bifurcation diagram (Fig. 14 of [Nonlinear Dyn. 2024]: harmonic
#                      model N = 2, uniform pressure, rho = kappa) over F in [0, 1.5], against the
#                      position psi on the invariant circle w2 = 0;
#   disc-sphere.svg    the disc's limit directions at F = 0.03 (Case 4 of Fig. 11) on the sphere
#                      with the field V*;
#   disc-friction.svg  the laws Q(theta), T(theta) of that model against the exact model (Fig. 7);
#   disc-degrees.svg   the disc's limit directions (131) for the harmonic model N = 1..8 and the
#                      exact model over F in [0.001, 1.5] (Fig. 17, degree-study), against psi;
#   disc-degree-errors.svg  log10 of the error of the disc's event loads against N (the same study);
#   ball-degrees.svg   the same for the ball (141) over F in [0.001, 4.5] (Fig. 18);
#   ball-map.svg       the ball's two-parameter map in (lambda, F) (bifurcation-map, harmonic N = 2);
#   disc-map.svg       the disc's two-parameter map in (j, F);
#   ball-map-overlay.svg  the ball's (lambda, F) maps of the harmonic model N = 2, N = 4 and the
#                      exact model overlaid for lambda from 0.01 to 8 on a log lambda axis (--log-x);
#   disc-overlay.svg   the disc's diagram of the harmonic model N = 2 overlaid on the exact model's
#                      (plot A.json B.json: one colour per report), against psi;
#   disc-simulation.svg a simulation of the disc at F = 0.3 to stick: the log10 r panel scaled
#                      on the bulk of the data, the final plunge clipped and marked;
#   disc-scan.svg      the heat map of a find-limits scan of the disc over (j, F) (15 x 16 points),
#                      coloured by class (scan --summary, docs/manual.md section 14);
#   roll-fig3a.svg, roll-fig3b.svg, roll-fig3c.svg  the rolling sphere of [Acary & Bourrier 2021],
#                      Fig. 3a-c: X, U_X and Omega_Y, r_T and m_T against t, the closed form dotted
#                      (roll, docs/manual.md section 10);
#   roll-overlay.svg   Fig. 3b with mu_r = 0.04 m (the paper's) and 0.02 m overlaid (plot A.json
#                      B.json: one colour per run, the legend naming mu_r);
#   roll-fig2.svg      its X_max(mu, mu_r) map, Fig. 2 (roll --map, 15 x 15 runs);
#   celt-spin.svg      the Celtic stone of [Awrejcewicz & Kudra, Celtic stone] (share/problems/celt.json,
#                      model W1): omega against t and the spin with its reversal (celt, section 12);
#   celt-slip.svg      its slip system near stick at t = 0.1 s (celt --slip-system): the limit
#                      directions of the exported problem on the sphere, the stone's slip a cross;
#   celt-fig3.svg      Fig. 3 of that paper: omega of W1 and of O, P3', P1 refitted to it (section 16);
#   kudra-approximants.svg  Figs 8-9 of [Kudra & Awrejcewicz 2013] as a section: the four fitted
#                      approximants against the exact model (friction-model --grid 73,1, overlaid);
#   hopf-classification.svg  classify of the limit directions of share/problems/general-hopf.json
#                      (a focus, a saddle and two nodes) on the sphere, marked by their class;
#   disc-survey.svg    simulate --survey of the disc at F = 0.3: 200 seeds, their ends as bars;
#   ball-regions.svg   classify --regions of the ball's lambda sweep (0.2..1.2 at F = 0.3);
#   pile-fig4.svg      the paper's pile of 250 spheres (share/problems/pile.json, [Acary & Bourrier
#                      2021] Fig. 4): side and top views shaded by height (pile, section 15; ~25 s of CPU);
#   pile-fig5.svg      H/d and base radius/d against mu_r, one curve per mu (Fig. 5): a reduced study,
#                      3 mu x 5 mu_r x 2 seeds of 40 spheres over 4 s (scan --job pile; ~20 s).
# The piles are chaotic but deterministic: the same binary gives the same pile bit for bit (only
# +, -, *, /, sqrt enter the dynamics, no libm function whose result depends on the processor).
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
"$bin/sweep-force" "$disc" --from 0 --to 1.5 >"$out/disc-n2.json"
"$bin/sweep-force" "$disc" --from 0 --to 1.5 --model exact >"$out/disc-exact.json"
"$bin/plot" "$out/disc-n2.json" "$out/disc-exact.json" --y psi >"$out/disc-overlay.svg"
rm "$out/disc-n2.json" "$out/disc-exact.json"
"$bin/simulate" "$disc" --force 0.3 --x0 1,0.2,0.5 | "$bin/plot" >"$out/disc-simulation.svg"
ball="$root/share/problems/ball.json"
"$bin/degree-study" "$disc" --degrees 1..8 --from 0.001 --to 1.5 >"$out/disc-degrees.json"
"$bin/plot" "$out/disc-degrees.json" --y psi >"$out/disc-degrees.svg"
"$bin/plot" "$out/disc-degrees.json" --convergence >"$out/disc-degree-errors.svg"
rm "$out/disc-degrees.json"
"$bin/degree-study" "$ball" --degrees 1..8 --from 0.001 --to 4.5 | "$bin/plot" --y psi >"$out/ball-degrees.svg"
"$bin/bifurcation-map" "$ball" --x lambda --x-range 0.15,1.2 --y force --y-range 0,4 | "$bin/plot" >"$out/ball-map.svg"
"$bin/bifurcation-map" "$disc" --x j --x-range 0.1,1.5 --y force --y-range 0,1.5 | "$bin/plot" >"$out/disc-map.svg"
for model in "2:--degree 2" "4:--degree 4" "exact:--model exact"; do
  # exit 3 allowed: the exact model's map is checked, not proven, and its sweeps near lambda = 0.01 are
  # cut after their step limit (its certificate says so); its curves are drawn all the same
  # shellcheck disable=SC2086  # the model's options
  "$bin/bifurcation-map" "$ball" --x lambda --x-range 0.01,8 --y force --y-range 0,4 ${model#*:} \
    >"$out/ball-map-${model%%:*}.json" 2>/dev/null || [[ $? -eq 3 ]]
done
"$bin/plot" "$out/ball-map-2.json" "$out/ball-map-4.json" "$out/ball-map-exact.json" --log-x >"$out/ball-map-overlay.svg"
rm "$out"/ball-map-{2,4,exact}.json
scan_grid=(--grid system.j=0.1:1.5:15 --grid force=0.05:1.5:16)
"$bin/scan" "$disc" --job find-limits "${scan_grid[@]}" >"$out/disc-scan.jsonl"
"$bin/scan" "$disc" "${scan_grid[@]}" --summary "$out/disc-scan.jsonl" | "$bin/plot" --colour-by class >"$out/disc-scan.svg"
rm "$out/disc-scan.jsonl"
for run in a b c; do
  "$bin/roll" "$root/share/problems/roll-fig3$run.json" >"$out/roll-fig3$run.json"
  "$bin/plot" "$out/roll-fig3$run.json" --width 1200 --height 420 >"$out/roll-fig3$run.svg"
done
"$bin/roll" "$root/share/problems/roll-fig3b.json" --mu-r 0.02 >"$out/roll-fig3b-mu-r.json"
"$bin/plot" "$out/roll-fig3b.json" "$out/roll-fig3b-mu-r.json" --width 1200 --height 460 >"$out/roll-overlay.svg"
rm "$out"/roll-fig3*.json
"$bin/roll" "$root/share/problems/roll-fig2.json" --map 2>/dev/null | "$bin/plot" >"$out/roll-fig2.svg"
"$bin/celt" "$root/share/problems/celt.json" 2>/dev/null | "$bin/plot" --width 1000 --height 420 >"$out/celt-spin.svg"
"$bin/celt" "$root/share/problems/celt.json" --slip-system 0.1 2>/dev/null | "$bin/plot" >"$out/celt-slip.svg"
# Fig. 3 of the Celtic stone paper from the refitted models (docs/manual.md section 16, the fits'
# values to 4 digits): W1, O, P3' and P1 over 1 s, overlaid (O with the Rosenbrock integrator of
# its fit file).
python3 "$root/scripts/paper_problems.py" celt-fig3 "$root/share/fits" "$out"
for m in O P1 P3prime W1; do "$bin/celt" "$out/fig3-$m.json" >"$out/fig3-$m-run.json" 2>/dev/null; done
"$bin/plot" "$out"/fig3-{O,P1,P3prime,W1}-run.json --panel 1 --width 900 --height 560 >"$out/celt-fig3.svg"
rm "$out"/fig3-*.json
# Figs 8-9 of [Kudra & Awrejcewicz 2013] as a section: the four fitted approximants (manual
# section 16's table) against the exact model on the meridian phi = 0 of the Hertz ellipse b = 0.5.
python3 "$root/scripts/paper_problems.py" kudra-approximants "$root/share/fits/kudra-pade-I11.json" "$out"
for k in I00 I11 I21 I31; do "$bin/friction-model" "$out/kudra-$k.json" --grid 73,1 >"$out/kudra-$k-grid.json"; done
"$bin/plot" "$out"/kudra-{I00,I11,I21,I31}-grid.json >"$out/kudra-approximants.svg"
rm "$out"/kudra-*.json
hopf="$root/share/problems/general-hopf.json"
"$bin/find-limits" "$hopf" | "$bin/classify" "$hopf" | "$bin/plot" >"$out/hopf-classification.svg"
"$bin/simulate" "$disc" --force 0.3 --survey 200 | "$bin/plot" >"$out/disc-survey.svg"
"$bin/sweep-force" "$ball" --parameter lambda --from 0.2 --to 1.2 --force 0.3 2>/dev/null | "$bin/classify" --regions |
  "$bin/plot" --height 420 >"$out/ball-regions.svg"
pile="$root/share/problems/pile.json"
"$bin/pile" "$pile" --every 0 | "$bin/plot" --width 900 --height 460 >"$out/pile-fig4.svg"
"$bin/scan" "$pile" --job pile --grid law.mu=0.1,0.3,1 --grid law.mu_r=log:1e-4:1e-2:5 --grid seed=1,2 \
  --set spheres.count=40 --set stepping.t_end=4 >"$out/pile-study.jsonl" 2>/dev/null
"$bin/plot" "$out/pile-study.jsonl" --width 900 --height 460 >"$out/pile-fig5.svg"
rm "$out/pile-study.jsonl"
echo "generate-figures: wrote disc-diagram.svg, disc-sphere.svg, disc-friction.svg, disc-overlay.svg," \
  "disc-simulation.svg, disc-degrees.svg, disc-degree-errors.svg, ball-degrees.svg, ball-map.svg, ball-map-overlay.svg," \
  "disc-map.svg, disc-scan.svg, roll-fig3a.svg, roll-fig3b.svg, roll-fig3c.svg, roll-overlay.svg, roll-fig2.svg," \
  "celt-spin.svg, celt-slip.svg, celt-fig3.svg, kudra-approximants.svg, hopf-classification.svg, disc-survey.svg, ball-regions.svg, pile-fig4.svg," \
  "pile-fig5.svg in $out"
