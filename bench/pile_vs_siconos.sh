#!/usr/bin/env bash
# The spheres pile side by side with Siconos (issue 36): the same scene (limitdir's pluviation
# of PROBLEM with N spheres, `pile --scene`) run by `pile` and by bench/pile_siconos.py (Siconos
# 4.4's python3-siconos, `scripts/install-deps.sh --bench`), each on one core; prints both CPU
# times, their ratio, the mean sweeps a step and H/d of both piles. Run by hand, never by ctest.
#   bench/pile_vs_siconos.sh [BUILD_DIR] [PROBLEM] [N] [SEED]
# Defaults: build, share/problems/pile-siconos.json, 50, 1 (the tutorial's scene with 50 spheres
# over its horizon T = 1.1 N sqrt(2 d/g)).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$here/build}
problem=${2:-$here/share/problems/pile-siconos.json}
n=${3:-50}
seed=${4:-1}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
interval=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['drop']['interval'])" "$problem")
t_end=$(python3 -c "import sys; print(1.1 * int(sys.argv[1]) * float(sys.argv[2]))" "$n" "$interval")
set_args=(--set "spheres.count=$n" --set "seed=$seed" --set "stepping.t_end=$t_end")
"$build/bin/pile" "$problem" "${set_args[@]}" --scene > "$work/scene.json"
export OPENBLAS_NUM_THREADS=1
/usr/bin/time -f "%U %S" -o "$work/ours.time" "$build/bin/pile" "$problem" "${set_args[@]}" --every 0 > "$work/ours.json"
python3 "$here/bench/pile_siconos.py" "$work/scene.json" --out "$work/siconos.json" 2> "$work/siconos.err"
python3 - "$work" <<'PY'
import json, sys
work = sys.argv[1]
report = json.load(open(f"{work}/ours.json"))
ours = report["summary"]
cols = report["spheres"]["columns"]
top = max(r[cols.index("z")] + r[cols.index("radius")] for r in report["spheres"]["rows"])
user, system = map(float, open(f"{work}/ours.time").read().split()[-2:])
sic = json.load(open(f"{work}/siconos.json"))
scene = json.load(open(f"{work}/scene.json"))
d = 2 * scene["spheres"][0]["radius"]
h_sic = max(s["position"][2] for s in sic["spheres"]) / d + 0.5  # equal spheres: the top of the highest
print(f"spheres {len(scene['spheres'])}, steps {ours['steps']} / {sic['steps']}, tol {scene['stepping']['tol']}")
print(f"limitdir: CPU {user + system:.3f} s, mean sweeps {ours['mean_sweeps']:.2f}, "
      f"unconverged steps {ours['unconverged_steps']}, highest top/d {top / d:.3f} (H/d of the pile {ours['H_over_d']:.3f})")
print(f"Siconos:  CPU {sic['cpu_seconds']:.3f} s, mean sweeps {sic['sweeps']['mean_per_step']:.2f}, "
      f"steps at the cap {sic['sweeps']['steps_at_cap']}, highest top/d {h_sic:.3f}")
print(f"Siconos / limitdir CPU: {sic['cpu_seconds'] / max(user + system, 0.01):.0f}x (limitdir's CPU read to 0.01 s)")
PY
