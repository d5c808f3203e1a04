#!/usr/bin/env bash
# Issue 19: sweep-force on the invariant circle w2 = 0 of the harmonic model of degrees the
# monomial roots of (132) [Nonlinear Dyn. 2024] got wrong (phantom folds at N = 12, a fold at
# F = 7.45e-09 through F = 0 at N = 4, 8, 9, 11): exit 0, empty stderr, and for the disc at
# N = 12 the two folds of (132) (F = 0.0811 and 0.4919, Sect. 7.4) and nothing else.
# Usage: bash circle_events.sh BIN_DIR SHARE_DIR
source "$(dirname "$0")/common.bash"
cli_setup sweep-force "$@"
disc="$share/problems/disc.json"
ball="$share/problems/ball.json"

expect_exit0() {
  run "$@"
  if [[ $rc -ne 0 ]]; then
    fail "sweep-force $* exited with $rc: $(head -c 600 "$tmp/stderr")"
  elif [[ -s $tmp/stderr ]]; then
    fail "sweep-force $* wrote to stderr: $(head -c 400 "$tmp/stderr")"
  else
    echo "ok: sweep-force $*"
  fi
}

expect_exit0 "$disc" --degree 12 --from 0.001 --to 1.5
python3 - "$tmp/stdout" <<'PY' || fail "disc N = 12: not the two folds of (132)"
import json, sys
d = json.load(open(sys.argv[1]))
folds = sorted(e["force"] for e in d["bifurcations"] if e["kind"] == "fold")
sys.exit(0 if len(folds) == 2 and abs(folds[0] - 0.0811) < 1e-4 and abs(folds[1] - 0.4919) < 1e-4 else 1)
PY
for N in 4 8 9 11 12; do
  expect_exit0 "$disc" --degree "$N" --from -1.5 --to 1.5
done
for N in 19 20 24; do
  expect_exit0 "$disc" --degree "$N" --from 0.001 --to 1.5
done
expect_exit0 "$ball" --degree 12 --from -4 --to 4

cli_finish "circle_events"
