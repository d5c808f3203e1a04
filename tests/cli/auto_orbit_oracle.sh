#!/usr/bin/env bash
# Test oracle of sweep-force's continuation of closed orbits (issue 38, docs/manual.md section 9
# "Continuation of orbits") with AUTO-07p's periodic-orbit continuation (IPS = 2, orthogonal
# collocation) of the same field. share/problems/general-hopf.json at rho = 6 (a subcritical Hopf
# point at F_H = 0.7582774): sweep-force over [0.7575, 0.759] follows the repelling orbits born
# there down to a period blow-up. AUTO (compiled with gfortran) gets V* written in the
# stereographic chart about the Hopf direction (tests/auto/orbit.f90: the flow itself, so periods
# and multipliers are those on the sphere), continues the focus in F from 0.759 to its Hopf point
# (run 1, tests/auto/c.orbit.1), then the periodic orbits from it with NTST = 40 and 80 (runs 2
# and 3, tests/auto/c.orbit.2), with a user point at the load of every point of the branch. The
# Hopf point, the period and the nontrivial Floquet multiplier at every point, the end of the
# branch and the absence of a fold of cycles must agree within AUTO's own accuracy
# (tests/auto/orbit_compare.py derives it). M, d, e, kappa/rho and C, S come from friction-model
# at run time. Timings of both are printed. Skipped (exit 77, ctest's skip code: "SKIP: ...")
# without AUTO-07p or gfortran (test-only: scripts/install-deps.sh installs both).
# Usage: bash auto_orbit_oracle.sh BIN_DIR SHARE_DIR
source "$(dirname "$0")/common.bash"
cli_setup sweep-force "$@"
auto_setup orbit c.orbit.1 c.orbit.2
problem="$share/problems/general-hopf.json"

diagram="$tmp/diagram.json"
sweep_start=$(date +%s.%N)
"$app" "$problem" --rho 6 --from 0.7575 --to 0.759 >"$diagram" 2>"$tmp/sweep.err" ||
  fail "sweep-force $problem --rho 6 exited with $?: $(head -c 400 "$tmp/sweep.err")"
sweep_end=$(date +%s.%N)
"$bin/friction-model" "$problem" --rho 6 --samples 2 >"$tmp/friction.json" || fail "friction-model $problem failed"
residual=$(python3 "$auto_files/orbit_start.py" "$tmp/friction.json" "$diagram" 0.759 "$work") ||
  fail "the starting point of run 1: $residual"
cat "$work/start.txt" >>"$work/c.orbit.1"
[[ $failures -eq 0 ]] || cli_finish "AUTO-07p orbit oracle"

# AUTO: compile (not timed), run 1 to the Hopf point, runs 2 and 3 of the periodic orbits (fort.7
# the bifurcation diagram b.*, fort.8 the labelled solutions s.*, fort.9 the diagnostics with the
# multipliers d.*); then run 2's branch alone (no user points) for its time.
auto_compile orbit || fail "gfortran: $(head -c 600 "$work/compile.log")"
run_auto() {  # TAG: the constants on standard input, fort.7, 8, 9 kept as b.TAG, s.TAG, d.TAG
  local tag=$1
  (cd "$work" && OMP_NUM_THREADS=1 ./orbit.exe >"run.$tag.log" 2>&1 &&
    mv fort.7 "b.$tag" && mv fort.8 "s.$tag" && mv fort.9 "d.$tag")
}
auto_start=$(date +%s.%N)
(run_auto eq <"$work/c.orbit.1" &&
  (echo "s='eq'" && cat "$work/c.orbit.2" "$work/restart.txt") | run_auto n40 &&
  (echo "s='eq'" && cat "$work/c.orbit.2" "$work/restart.txt" && echo "NTST=80") | run_auto n80) ||
  fail "AUTO-07p failed: $(cat "$work"/run.*.log 2>/dev/null | head -c 600)"
auto_end=$(date +%s.%N)
(echo "s='eq'" && cat "$work/c.orbit.2" && head -1 "$work/restart.txt") | run_auto branch ||
  fail "AUTO-07p's branch alone failed: $(head -c 600 "$work/run.branch.log")"
branch_end=$(date +%s.%N)
[[ $failures -eq 0 ]] || cli_finish "AUTO-07p orbit oracle"

why=$(python3 "$auto_files/orbit_compare.py" "$diagram" "$work") && echo "ok: $why" ||
  fail "AUTO-07p against sweep-force's orbit branch: $why"
python3 - "$sweep_start" "$sweep_end" "$auto_start" "$auto_end" "$branch_end" <<'EOF'
import sys
s0, s1, a0, a1, b1 = map(float, sys.argv[1:])
print(f"note: sweep-force over [0.7575, 0.759] with its orbit branch {s1 - s0:.3f} s; AUTO-07p (wall, "
      f"gfortran not counted) run 1 to the Hopf point and the two periodic runs with the branch's user "
      f"points {a1 - a0:.3f} s, its periodic branch alone (NTST = 40) {b1 - a1:.3f} s")
EOF

cli_finish "AUTO-07p orbit oracle"
