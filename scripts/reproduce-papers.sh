#!/usr/bin/env bash
# Regenerates every figure and table of the five papers that limitdir computes today - the rows
# of docs/papers.md that name a command - into OUT_DIR/<paper>/ (SVG figures and the reports
# behind them as JSON, tables as CSV), and checks each item against the reference docs/papers.md
# names for it (a closed form, an independent quadrature, the paper's printed value) with
# scripts/reproduce_papers_check.py, which writes OUT_DIR/comparisons.tsv (item, quantity, value,
# reference, tolerance, pass). Exit 1 if any comparison fails, 2 on bad usage.
#   nonlinear-dyn-2024/         [Nonlinear Dyn. 2024]: Figs 4-18 (11-12 also side by side), the test problems, Table 2
#   kudra-awrejcewicz-2013/     Table 1, Figs 5, 6, 7 (the pressure, the surfaces, their sections), 8-9, 10 (the joins
#                               against b and (58)), 11-12 (T_sx, T_sy, M_s against theta_s, a panel per phi_s, one
#                               figure per b), 13 (the errors of the series (64)-(65) of K and E)
#   acary-bourrier-2021/        Figs 2, 3a-c, 4 (one pile), 5 (a reduced scan; fig5/ holds the
#                               part files of the full 300-pile study, scripts/fig5-study.sh,
#                               which this script does not run)
#   kireenkov/                  Fig. 2 (figure and tables, Coulomb and speed law), the Pade models, the thin ring
#   celtic-stone/               the spin reversal, Fig. 3, the models' objectives, Sect. 4's refitted parameters
# The reports' run times ("seconds", "wall_seconds") are removed, so that the files depend on
# the binary alone and regenerate byte for byte.
# --reduced: the two pile items are made smaller (30 spheres over 3 s for Fig. 4; 2 mu x 3 mu_r
# x 1 seed of 20 spheres for Fig. 5) and written as fig4-reduced.*, fig5-reduced.*; every other
# file is the same as at the full setting (tests/cli/reproduce_papers.sh compares them byte for
# byte with the committed ones) but the four Celtic-stone refits (celtic-stone/fit-*.json,
# fits.csv and their comparisons), which --reduced does not run: they cost ~60 s of CPU, and
# tests/cli/fit_celt.sh checks the same refits. The files it leaves out are listed in
# OUT_DIR/full-setting-only.txt.
# Usage: bash scripts/reproduce-papers.sh [--reduced] [BIN_DIR [OUT_DIR]]
#   (defaults: build/bin and docs/papers of this repository)
set -euo pipefail
export LC_ALL=C  # seq and the apps print numbers with a decimal point
root="$(cd "$(dirname "$0")/.." && pwd)"
reduced=0
if [[ ${1:-} == --reduced ]]; then reduced=1; shift; fi
if [[ $# -gt 2 || ${1:-} == -* ]]; then
  echo "usage: bash scripts/reproduce-papers.sh [--reduced] [BIN_DIR [OUT_DIR]]" >&2
  exit 2
fi
bin="${1:-$root/build/bin}"
out="${2:-$root/docs/papers}"
if [[ ! -x $bin/plot ]]; then
  echo "reproduce-papers: $bin/plot not found; build first (cmake --build build)" >&2
  exit 2
fi
for tool in jq python3; do
  command -v "$tool" >/dev/null || { echo "reproduce-papers: $tool not found (scripts/install-deps.sh)" >&2; exit 2; }
done
S="$root/share/problems"
disc="$S/disc.json"
nd="$out/nonlinear-dyn-2024" ka="$out/kudra-awrejcewicz-2013" ab="$out/acary-bourrier-2021"
ki="$out/kireenkov" cs="$out/celtic-stone"
mkdir -p "$nd" "$ka" "$ab" "$ki" "$cs"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# keep FILE: drops the run times from the JSON (or JSON Lines) report FILE, in place
keep() {
  local strip='walk(if type == "object" then del(.seconds, .wall_seconds) else . end)'
  jq -c "$strip" "$1" >"$work/keep"
  mv "$work/keep" "$1"
}
fm() { "$bin/friction-model" "$@"; }
plot() { "$bin/plot" "$@"; }
# w NAME: the full report NAME of the current paper's directory $d, kept in $work for plot
w() { echo "$work/${d##*/}-$1.json"; }
# tab NAME ARGS...: friction-model ARGS; its table as $d/NAME.csv, the rest of the report
# (model, coefficients, largest errors) as $d/NAME.json, the whole report as $(w NAME)
tab() {
  local name=$1
  shift
  fm "$@" >"$(w "$name")"
  fm "$@" --format csv >"$d/$name.csv"
  jq 'del(.table)' "$(w "$name")" >"$d/$name.json"
}

core_paper() {
  local d=$nd N c
  # the test problems (126), (139) and the dynamics near stick (100)-(125)
  "$bin/find-limits" "$disc" --force 0.3 >"$d/disc-limits-F0.3.json"
  "$bin/find-limits" "$S/ball.json" --force 0.3 >"$d/ball-limits-F0.3.json"
  # exact laws (57)-(63) and Fig. 4 (the theta panel; plot draws no eps, w3 or meridian panel)
  tab fig4-uniform "$disc" --model exact
  tab fig4-hertz "$disc" --model exact --pressure hertz
  plot "$(w fig4-uniform)" "$(w fig4-hertz)" >"$d/fig4.svg"
  # linear-ellipsoidal models (64)-(69), Figs 5-6
  tab fig5-kappa "$disc" --model linear-fit
  tab fig5-R "$disc" --model linear-fit --rho R
  plot "$(w fig5-kappa)" "$(w fig5-R)" >"$d/fig5.svg"
  tab fig6-kappa "$disc" --model linear-fit --pressure hertz
  tab fig6-R "$disc" --model linear-fit --rho R --pressure hertz
  plot "$(w fig6-kappa)" "$(w fig6-R)" >"$d/fig6.svg"
  # harmonic model (82)-(96), Figs 7-9: degrees 1-4
  tab harmonic-4 "$disc" --degree 4
  for N in 1 2 3 4; do
    tab fig7-N$N "$disc" --degree $N
    tab fig8-N$N "$disc" --degree $N --rho R
    tab fig9-N$N "$disc" --degree $N --pressure hertz
  done
  for f in 7 8 9; do plot "$(w fig$f-N1)" "$(w fig$f-N2)" "$(w fig$f-N3)" "$(w fig$f-N4)" >"$d/fig$f.svg"; done
  # Fig. 10: the harmonic model against the Pade model, degrees 1 and 2
  for N in 1 2; do
    tab fig10-pade$N "$disc" --model pade:$N
    plot "$(w fig10-pade$N)" "$(w fig7-N$N)" >"$d/fig10-N$N.svg"
  done
  # Figs 11-12: Cases 4, 3, 2, 1, one figure each and side by side
  for c in 4:0.03 3:0.2 2:0.7 1:1.2; do
    "$bin/find-limits" "$disc" --force "${c#*:}" >"$d/fig11-case${c%%:*}.json"
    plot "$d/fig11-case${c%%:*}.json" >"$d/fig11-case${c%%:*}.svg"
  done
  plot "$d"/fig11-case{1,2,3,4}.json --width 1200 --height 760 >"$d/fig11-12.svg"
  # the events (126)-(138), Figs 13-14 and the exact model's diagram
  "$bin/sweep-force" "$disc" --degree 1 --from 0 --to 1.5 >"$d/fig13.json"
  plot "$d/fig13.json" --y psi >"$d/fig13.svg"
  "$bin/sweep-force" "$disc" --from 0 --to 1.5 >"$d/fig14.json"
  plot "$d/fig14.json" --y psi >"$d/fig14.svg"
  "$bin/sweep-force" "$disc" --from 0 --to 1.5 --model exact >"$d/fig14-exact.json"
  plot "$d/fig14.json" "$d/fig14-exact.json" --y psi >"$d/fig14-overlay.svg"
  # Figs 15-16 (F = 0) and Table 2
  "$bin/find-limits" "$disc" --force 0 --model linear-fit >"$d/fig15.json"
  plot "$d/fig15.json" >"$d/fig15.svg"
  "$bin/find-limits" "$disc" --force 0 >"$d/fig16.json"
  plot "$d/fig16.json" >"$d/fig16.svg"
  for p in disc disc-exact disc-galin; do "$bin/find-limits" "$S/$p.json" --force 0 >"$d/table2-$p.json"; done
  # Figs 17-18 (degree studies) and the ball (139)-(141)
  "$bin/degree-study" "$disc" --degrees 1..8 --from 0.001 --to 1.5 >"$d/fig17.json"
  plot "$d/fig17.json" --y psi >"$d/fig17.svg"
  plot "$d/fig17.json" --convergence >"$d/fig17-errors.svg"
  "$bin/sweep-force" "$S/ball.json" --from 0.001 --to 4.5 >"$d/ball-diagram.json"
  "$bin/degree-study" "$S/ball.json" --degrees 1..8 --from 0.001 --to 4.5 >"$d/fig18.json"
  plot "$d/fig18.json" --y psi >"$d/fig18.svg"
}

kudra_paper() {
  local d=$ka b k
  tab integral-model "$S/ellipse-hertz.json"
  tab table1-b0.5 "$S/ellipse-hertz.json" --model kudra-pade --set contact.shape.ellipse.0=0.5
  tab model-O "$S/ellipse-hertz.json" --model point-spin
  tab pade-first "$S/ellipse-hertz.json" --model kudra-pade-first
  for k in 1 3 5 7; do tab pade-$k "$S/ellipse-hertz.json" --model kudra-pade:$k; done
  # Fig. 5: the Hertz pressure on the ellipse b = 0.5 distorted by d = 1 towards gamma' = pi/4 (16)
  jq '.problem | .name = "Fig. 5: Hertz pressure on the ellipse b = 0.5 distorted by (16), d = 1, gamma'"'"' = pi/4"
      | .contact.distortion = {"d": 1, "gamma": 0.7853981633974483}' "$root/share/fits/kudra-w.json" >"$d/fig5-problem.json"
  plot "$d/fig5-problem.json" --width 1000 --height 480 >"$d/fig5.svg"
  # Figs 6-7: the surfaces (T_sx, T_sy, M_s) = -q on a 46 x 36 grid of (theta, phi), (b, d) in {1, 0.3} x
  # {0, 1}, gamma' = 0, and their sections by (31) (180 points each; Fig. 7c: gamma' = pi/2)
  jq '.problem + {"friction": {"model": "exact"}}' "$root/share/fits/kudra-w.json" >"$work/e.json"
  local g sec='"plane,phi_x,w1,w2,w3,T_sx,T_sy,M_s,residual", (.sections[] | .plane as $p | .points[]
    | [$p, .phi_x, .w[0], .w[1], .w[2], -.q[0], -.q[1], -.q[2], .residual] | @csv)'
  for b in 1 0.3; do for k in 0 1; do
    fm "$work/e.json" --set contact.shape.ellipse.1=$b --set contact.distortion.d=$k --grid 46,36 --sections 180 \
      >"$(w fig6-b$b-d$k)"
    jq -r '"theta,phi,T_sx,T_sy,M_s", (.table[] | [.theta, .phi, -.q[0], -.q[1], -.q[2]] | @csv)' "$(w fig6-b$b-d$k)" \
      >"$d/fig6-b$b-d$k.csv"
    jq -r "$sec" "$(w fig6-b$b-d$k)" >"$d/fig7-b$b-d$k-g0.csv"
  done
    g=1.5707963267948966
    fm "$work/e.json" --set contact.shape.ellipse.1=$b --set contact.distortion.d=1 --set contact.distortion.gamma=$g \
      --grid 3,1 --sections 180 >"$(w fig7-b$b-d1-g90)"
    jq -r "$sec" "$(w fig7-b$b-d1-g90)" >"$d/fig7-b$b-d1-g90.csv"
  done
  plot "$(w fig6-b1-d0)" "$(w fig6-b1-d1)" "$(w fig6-b0.3-d0)" "$(w fig6-b0.3-d1)" --surface --width 1000 --height 900 \
    >"$d/fig6.svg"
  plot "$(w fig6-b1-d0)" "$(w fig6-b0.3-d0)" --width 1100 --height 450 >"$d/fig7a.svg"
  plot "$(w fig6-b1-d1)" "$(w fig6-b0.3-d1)" --width 1100 --height 450 >"$d/fig7b.svg"
  plot "$(w fig7-b1-d1-g90)" "$(w fig7-b0.3-d1-g90)" --width 1100 --height 450 >"$d/fig7c.svg"
  # Figs 8-9 as a section on phi = 0 (the fitted values of docs/manual.md section 16)
  python3 "$root/scripts/paper_problems.py" kudra-approximants "$root/share/fits/kudra-pade-I11.json" "$work"
  for k in I00 I11 I21 I31; do tab fig8-$k "$work/kudra-$k.json" --grid 73,1; done
  plot "$(w fig8-I00)" "$(w fig8-I11)" "$(w fig8-I21)" "$(w fig8-I31)" >"$d/fig8-9.svg"
  # Fig. 10 and (58): the joins u0 of W fitted at b = 0.5, and at b = 0.1, 0.2, ..., 1 (the table of the
  # figure); the figure: the ten fits together, the joins against b, (58) dashed
  "$bin/fit" "$root/share/fits/kudra-w.json" | jq 'del(.rows)' >"$d/fig10-fit-b0.5.json"
  echo "b,u0_Tsx,u0_Tsy,u0_Ms,rms" >"$d/fig10.csv"
  local fits=()
  for b in 0.1 0.2 0.3 0.4 0.5 0.6 0.7 0.8 0.9 1; do
    "$bin/fit" "$root/share/fits/kudra-w.json" --set contact.shape.ellipse.1=$b --rows none >"$work/fit-b$b.json"
    jq -r --arg b "$b" '[($b | tonumber), (.parameters[].value), .rms] | @csv' "$work/fit-b$b.json" >>"$d/fig10.csv"
    fits+=("$work/fit-b$b.json")
  done
  plot "${fits[@]}" >"$d/fig10.svg"
  # Fig. 13 (App. C): the errors of the series (64)-(65) of K and E against Boost.Math's, b = 0.01..1
  "$bin/elliptic-series" >"$d/fig13.json"
  "$bin/elliptic-series" --format csv >"$d/fig13.csv"
  plot "$d/fig13.json" --width 1000 --height 500 >"$d/fig13.svg"
  # Figs 11-12: W against the exact model, Hertz, d = 1, gamma' = 1
  jq '.problem + {"friction": {"model": "kudra-w"}}' "$root/share/fits/kudra-w.json" >"$work/w.json"
  for b in 1 0.5 0.3 0.1; do
    fm "$work/w.json" --set contact.shape.ellipse.1=$b --set contact.distortion.d=1 \
      --set contact.distortion.gamma=1 --grid 181,12 >"$work/w-$b.json"
    # the paper's panels phi_s = 0, pi/6, pi/3, pi/2: longitudes 0..3 of the 12
    jq -r '"theta,phi,T_sx,T_sy,M_s,T_sx_exact,T_sy_exact,M_s_exact", (.table[] | select(.phi < 1.6)
           | [.theta, .phi, -.q[0], -.q[1], -.q[2], -.q_exact[0], -.q_exact[1], -.q_exact[2]] | @csv)' \
      "$work/w-$b.json" >"$d/fig11-12-b$b.csv"
    # the figure as the paper's: T_sx, T_sy, M_s of W (solid) and of the exact model (dotted), a panel per phi_s
    jq -c '.table |= map(select(.phi < 1.6))' "$work/w-$b.json" >"$work/w4-$b.json"
    plot "$work/w4-$b.json" --components --width 900 --height 700 \
      >"$d/fig$([[ $b == 1 || $b == 0.5 ]] && echo 11 || echo 12)-b$b.svg"
  done
}

acary_paper() {
  local d=$ab run
  "$bin/roll" "$S/roll-fig2.json" --map >"$d/fig2.json" 2>/dev/null
  plot "$d/fig2.json" >"$d/fig2.svg"
  for run in a b c; do
    "$bin/roll" "$S/roll-fig3$run.json" >"$d/fig3$run.json"
    plot "$d/fig3$run.json" --width 1200 --height 420 >"$d/fig3$run.svg"
  done
  local pile_set=() scan_grid=(--grid law.mu=0.1,0.3,1 --grid law.mu_r=log:1e-4:1e-2:5 --grid seed=1,2
                               --set spheres.count=40 --set stepping.t_end=4) tag=""
  if [[ $reduced -eq 1 ]]; then
    tag="-reduced"
    pile_set=(--set spheres.count=30 --set stepping.t_end=3)
    scan_grid=(--grid law.mu=0.1,1 --grid law.mu_r=log:1e-4:1e-2:3 --grid seed=1
               --set spheres.count=20 --set stepping.t_end=3)
  fi
  "$bin/pile" "$S/pile.json" --every 0 "${pile_set[@]}" >"$d/fig4$tag.json"
  plot "$d/fig4$tag.json" --width 900 --height 460 >"$d/fig4$tag.svg"
  # Fig. 5 by scan (its points one run each; the full study: scripts/fig5-study.sh)
  "$bin/scan" "$S/pile.json" --job pile "${scan_grid[@]}" >"$d/fig5$tag.jsonl" 2>/dev/null
  plot "$d/fig5$tag.jsonl" --width 900 --height 460 >"$d/fig5$tag.svg"
}

kireenkov_paper() {
  local d=$ki v slips=()
  tab integral-model "$disc" --model kireenkov-exact
  tab pade-2 "$disc" --model kireenkov-pade
  tab pade-1 "$disc" --model kireenkov-pade:1
  "$bin/find-limits" "$S/disc-shift.json" --force 0 >"$d/shifted-pressure.json"
  "$bin/find-limits" "$S/disc-ring.json" >"$d/thin-ring.json"
  # Fig. 2: F_par = -force1, F_perp = -force2 (over f N) at the slips x = (v, 0, rho omega), u = R omega = 1 (rho = R),
  # the Coulomb law (mu1 = mu2 = 0) and the speed law (mu1, mu2) = (0.3, 0.7); the figure as the paper's, each
  # component over its largest |value|
  jq '. + {"friction": {"model": "kireenkov-exact", "k0": 0.5}, "rho": "R"}' "$disc" >"$work/k.json"
  jq '.friction += {"mu1": 0.3, "mu2": 0.7}' "$work/k.json" >"$work/k-speed.json"
  for v in $(seq 0 0.05 3); do slips+=(--slip "$v,0,1"); done
  local c
  for c in fig2:k fig2-speed:k-speed; do
    fm "$work/${c#*:}.json" --pressure hertz "${slips[@]}" | jq 'del(.table)' >"$d/${c%%:*}.json"
    jq -r '"v,F_par,F_perp", (.forces[] | [.x[0], -.force[0], -.force[1]] | @csv)' "$d/${c%%:*}.json" >"$d/${c%%:*}.csv"
  done
  plot "$d/fig2.json" "$d/fig2-speed.json" >"$d/fig2.svg"
}

celt_paper() {
  local d=$cs m
  "$bin/celt" "$S/celt.json" >"$d/spin.json" 2>/dev/null
  plot "$d/spin.json" --width 1000 --height 420 >"$d/spin.svg"
  jq '.initial.omega[2] = -3 | .name += " (spun at -3 rad/s instead)"' "$S/celt.json" >"$work/celt-minus.json"
  "$bin/celt" "$work/celt-minus.json" >"$d/spin-minus.json" 2>/dev/null
  "$bin/celt" "$S/celt.json" --compare --t-end 1 >"$d/objectives.json" 2>/dev/null
  python3 "$root/scripts/paper_problems.py" celt-fig3 "$root/share/fits" "$work"
  for m in O P1 P3prime W1; do "$bin/celt" "$work/fig3-$m.json" >"$d/fig3-$m.json" 2>/dev/null; done
  plot "$d"/fig3-{O,P1,P3prime,W1}.json --panel 1 --width 900 --height 560 >"$d/fig3.svg"
  if [[ $reduced -eq 1 ]]; then
    printf 'celtic-stone/%s\n' fits.csv fit-O.json fit-P1.json fit-P1prime.json fit-P3prime.json >"$out/full-setting-only.txt"
    return
  fi
  # Sect. 4's table: each model refitted to limitdir's W1 run (share/fits), its parameters and objective,
  # and the objective recomputed from celt's runs of the fitted problem and of W1 (--every 1), as tests/cli/fit_celt.sh
  echo "model,key,value,std_error,objective,objective_from_runs" >"$d/fits.csv"
  for m in O P1 P1prime P3prime; do
    "$bin/fit" "$root/share/fits/celt-$m.json" --rows none >"$d/fit-$m.json"
    jq '.fitted_problem' "$d/fit-$m.json" >"$work/fitted-$m.json"
    jq '.problem + .data.trajectory' "$d/fit-$m.json" >"$work/w1-$m.json"
    "$bin/celt" "$work/fitted-$m.json" --every 1 >"$work/fitted-$m-run.json" 2>/dev/null
    "$bin/celt" "$work/w1-$m.json" --every 1 >"$work/w1-$m-run.json" 2>/dev/null
    python3 - "$work/fitted-$m-run.json" "$work/w1-$m-run.json" "$d/fit-$m.json" "$m" >>"$d/fits.csv" <<'PY'
import json, sys
run, ref = (json.load(open(p))["history"]["omega"] for p in sys.argv[1:3])
r = json.load(open(sys.argv[3]))
# the mean over the samples of |omega - omega_W1|^2 (docs/manual.md section 16, "A run as the data")
msd = sum(sum((a - b) ** 2 for a, b in zip(x, y)) for x, y in zip(run, ref)) / len(ref) if len(run) == len(ref) else float("nan")
for p in r["parameters"]:
    se = "" if p["std_error"] is None else repr(p["std_error"])
    print(f'{sys.argv[4]},{p["key"]},{p["value"]!r},{se},{r["objective"]!r},{msd!r}')
PY
  done
}

core_paper
kudra_paper
acary_paper
kireenkov_paper
celt_paper
for f in "$nd" "$ka" "$ab" "$ki" "$cs"; do
  for j in "$f"/*.json "$f"/*.jsonl; do [[ -e $j ]] && keep "$j"; done
done
python3 "$root/scripts/reproduce_papers_check.py" "$out" $([[ $reduced -eq 1 ]] && echo --reduced)
