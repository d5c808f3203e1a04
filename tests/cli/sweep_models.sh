#!/usr/bin/env bash
# Issue 34: the model x problem matrix of load sweeps. Every friction model (the 13 of
# friction-model --help, pade and kudra-pade and kireenkov-pade in each order: 16) on the disc,
# the ball, the ellipse and the general preset, on [0.001, 3] and through F = 0 on [-1.5, 1.5]:
# a run the app accepts exits 0 with nothing on stderr but progress notes; the models built on
# the meridian functions of a circle (docs/manual.md section 4: coulomb-point, linear-fit,
# harmonic, pade) and Kireenkov's, whose shifted pressure needs a circle, are refused on the
# ellipse: exit 2 with one line naming --model. Before, the
# linear model's continuum at F = 0 (the equator, Pi = diag(a, a, b)) was taken for a pitchfork
# on the disc and the ball, "not a root of the event conditions of (132)", exit 3.
# Usage: bash sweep_models.sh BIN_DIR SHARE_DIR
source "$(dirname "$0")/common.bash"
cli_setup sweep-force "$@"

models=(exact coulomb-point linear-fit "harmonic --degree 6" pade:1 pade:2 "sphere-harmonic --degree 4" kudra-pade
        kudra-pade:1 kudra-pade-first kudra-w point-spin zhuravlev-klimov kireenkov-pade kireenkov-pade:1
        kireenkov-exact)
circle_only="coulomb-point linear-fit harmonic pade kireenkov-pade kireenkov-exact"

for model in "${models[@]}"; do
  name=${model%% *}
  name=${name%%:*}
  for problem in disc ball ellipse general; do
    for range in "0.001 3" "-1.5 1.5"; do
      read -r from to <<<"$range"
      # shellcheck disable=SC2086  # the model's words (a degree) are separate options
      args=("$share/problems/$problem.json" --model $model --from "$from" --to "$to")
      if [[ $problem == ellipse && " $circle_only " == *" $name "* ]]; then
        expect_bad "--model" "${args[@]}"
        continue
      fi
      run "${args[@]}"
      if [[ $rc -ne 0 ]]; then
        fail "sweep-force ${args[*]} exited with $rc: $(head -c 400 "$tmp/stderr")"
      elif grep -qv "^sweep-force: [^e]\|^sweep-force: e[^r]" "$tmp/stderr"; then
        fail "sweep-force ${args[*]} wrote to stderr: $(head -c 400 "$tmp/stderr")"
      else
        echo "ok: sweep-force ${args[*]}"
      fi
    done
  done
done

# The linear model through F = 0 on the disc (j = 0.5, M^-1 = diag(1, 1, (4/9)/j)): with
# q = Pi w, Pi = diag(a, a, b) from friction-model, the tangencies of (+-1, 0, 0) at F = +-|a|, the
# pitchforks of the equator at F = +-|b (4/9)/j - a| (docs/manual.md section 5, the (j, F) map of
# linear-fit), and the continuum of the equator at F = 0 between them, nothing else.
# Events are located to p_tol = 1e-11 (ContinuationOptions); 1e-9 keeps a margin of 100.
REPORT_PRELUDE=$("$bin/friction-model" "$share/problems/disc.json" --model linear-fit --samples 2 | python3 -c '
import json, sys
Pi = json.load(sys.stdin)["coefficients"]["Pi"]
print(f"a, b, j = {Pi[0][0]!r}, {Pi[2][2]!r}, 0.5")
print("pf, tg = abs(b * 4 / 9 / j - a), abs(a)")
print("want = sorted([(\"tangency\", -tg), (\"pitchfork\", -pf), (\"continuum\", 0.0), (\"pitchfork\", pf), (\"tangency\", tg)], key=lambda e: e[1])")
print("got = sorted(((e[\"kind\"], e[\"force\"]) for e in r[\"bifurcations\"]), key=lambda e: e[1])")')
expect_report diagram.schema.json \
  "len(got) == len(want) and all(k == l and abs(f - g) <= 1e-9 for (k, f), (l, g) in zip(got, want))" \
  "$share/problems/disc.json" --model linear-fit --from -1.5 --to 1.5
unset REPORT_PRELUDE

cli_finish "sweep_models"
