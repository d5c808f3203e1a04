#!/usr/bin/env bash
# The Celtic stone's runs and the fit objective against an independent integration (issue 37;
# docs/manual.md sections 12 and 16, "Checks"): tests/celt/sliding_stone.py integrates (1)-(3)
# with the contact models (13), (16)-(20) of [Awrejcewicz & Kudra, Celtic stone] in its own variables
# (v, omega, n of (1), N from (3) differentiated) and its own Cash-Karp integrator, in pure Python.
# (1) omega(t) of celt and of the independent run agree at every sample of 0.3 s for P3', P1 and
#     P1' and of 0.05 s for O (stiff: b = 0.006), the paper's fitted sets from
#     share/problems/celt.json's start, and for the reference W1 (10) with its Hertz size (11)-(12)
#     at each instant (tests/celt/w1_law.py: the joins of (51) solved from their C^2 conditions,
#     N by the secant method): 0.3 s from that start (near pure spin: the inner pieces of (51)) and
#     0.1 s from omega = (0, 3, 0.5) rad/s (rocking: ~15 % of the evaluations on the outer pieces);
# (2) fit's objective (the mean over the samples of |omega - omega_ref|^2) at its start equals the
#     one recomputed from two independent runs (P3' fitted to a P1 run, P1' to a P3' run, and P3'
#     to a W1 run, the paper's objective).
# Usage: bash celt_independent.sh BIN_DIR SHARE_DIR
source "$(dirname "$0")/common.bash"
cli_setup celt "$@"
stone="$(dirname "$0")/../celt/sliding_stone.py"

# Both integrators at 1e-12 per step (celt's time.tolerance, the script's --tol).
python3 - "$share/problems/celt.json" "$tmp" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
p["time"].update(t_end=0.3, dt=0.01, tolerance=1e-12)
for name, model in (("P3prime", "P3'"), ("P1", "P1"), ("P1prime", "P1'"), ("O", "O"), ("W1", "W1")):
    p["contact"] = {"model": model, "epsilon": 1e-5, "E_star": 1e8}  # the paper's fitted set of Sect. 4
    p["time"]["t_end"] = 0.05 if model == "O" else 0.3  # O: ~4e5 steps a second
    json.dump(p, open(f"{sys.argv[2]}/{name}.json", "w"))
p["initial"]["omega"], p["time"]["t_end"] = [0.0, 3.0, 0.5], 0.1
json.dump(p, open(f"{sys.argv[2]}/W1rocking.json", "w"))
PY
for name in P3prime P1 P1prime O W1 W1rocking; do
  "$app" "$tmp/$name.json" --every 1 >"$tmp/$name-celt.json" 2>"$tmp/stderr" || fail "celt $name exited $?: $(head -c 300 "$tmp/stderr")"
  python3 "$stone" "$tmp/$name.json" --tol 1e-12 >"$tmp/$name-ind.json" || fail "sliding_stone.py $name failed"
done

# (1) Each integrator's global error in omega is at most its number of steps times its per-step
# tolerance times the state's scale 1 + |y| <= 5 (no growth over 0.3 s: the differences measured
# are ~1e-12, 1e-4 of this bound or less): OMEGA_TOL = 5e-12 (steps_celt + steps_independent).
python3 - "$tmp" <<'PY' && echo "ok: celt's omega(t) equals the independent integration's (P3', P1, P1', O, W1)" || fail "celt's omega(t) differs from the independent integration"
import json, sys
tmp, ok = sys.argv[1], True
for name in ("P3prime", "P1", "P1prime", "O", "W1", "W1rocking"):
    celt, ind = (json.load(open(f"{tmp}/{name}-{kind}.json")) for kind in ("celt", "ind"))
    omega_tol = 5e-12 * (celt["run"]["steps"] + ind["steps"])
    assert celt["history"]["t"] == ind["t"], name
    d = max(abs(a - b) for x, y in zip(celt["history"]["omega"], ind["omega"]) for a, b in zip(x, y))
    print(f"{name}: max |omega_celt - omega_independent| = {d:.3g} rad/s over {len(ind['t'])} samples "
          f"(OMEGA_TOL {omega_tol:.3g}: {celt['run']['steps']} + {ind['steps']} steps)")
    ok = ok and d <= omega_tol
sys.exit(0 if ok else 1)
PY

# (2) fit with the one free key contact.E_star, which a fixed-size contact (a_hat, b given) does
# not use: its Jacobian column is zero, Ceres stops at the start (0 iterations), and the reported
# objective is the start's.
check_objective() {  # MODEL_NAME REFERENCE_NAME
  local model=$1 reference=$2
  python3 - "$tmp" "$model" "$reference" <<'PY'
import json, sys
tmp, model, reference = sys.argv[1:]
problem = json.load(open(f"{tmp}/{model}.json"))
fit = {"schema": "limitdir.fit/1", "name": f"{model} against a {reference} run", "problem": problem,
       "data": {"trajectory": {"contact": json.load(open(f"{tmp}/{reference}.json"))["contact"]}},
       "parameters": [{"key": "contact.E_star", "start": 1e8, "lower": 1e7, "upper": 1e9}], "max_iterations": 1}
json.dump(fit, open(f"{tmp}/fit-{model}-{reference}.json", "w"))
PY
  "$bin/fit" "$tmp/fit-$model-$reference.json" >"$tmp/fit-$model-$reference-report.json" 2>"$tmp/stderr" ||
    fail "fit $model to $reference exited $?: $(head -c 300 "$tmp/stderr")"
  # With every component of both runs within OMEGA_TOL of the truth, each sample's deviation
  # d_i moves by |e_i| <= E = 2 sqrt(3) OMEGA_TOL, so the mean of |d_i|^2 moves by at most
  # 2 sqrt(J) E + E^2 (Cauchy-Schwarz): OBJECTIVE_TOL.
  if why=$(python3 - "$tmp" "$model" "$reference" <<'PY'
import json, math, sys
tmp, model, reference = sys.argv[1:]
r = json.load(open(f"{tmp}/fit-{model}-{reference}-report.json"))
runs = {name: (json.load(open(f"{tmp}/{name}-celt.json")), json.load(open(f"{tmp}/{name}-ind.json")))
        for name in (model, reference)}
omega_tol = max(5e-12 * (celt["run"]["steps"] + ind["steps"]) for celt, ind in runs.values())
a, b = runs[model][1]["omega"], runs[reference][1]["omega"]
J = sum(sum((x - y) ** 2 for x, y in zip(u, v)) for u, v in zip(a, b)) / len(b)
E = 2 * math.sqrt(3) * omega_tol
objective_tol = 2 * math.sqrt(J) * E + E * E
start = r["starts"][0]
print(f"objective {r['objective']:.12g}, independent {J:.12g} rad^2/s^2 (|difference| {abs(r['objective'] - J):.3g}, "
      f"OBJECTIVE_TOL {objective_tol:.3g}; {start['iterations']} iterations)")
ok = start["iterations"] == 0 and start["estimate"] == start["start"] and abs(r["objective"] - J) <= objective_tol
sys.exit(0 if ok else 1)
PY
  ); then
    echo "ok: fit $model to a $reference run: $why"
  else
    fail "fit $model to a $reference run: $why"
  fi
}
check_objective P3prime P1
check_objective P1prime P3prime
check_objective P3prime W1  # the paper's objective of Sect. 4 (P'3 against the reference W1), over 0.3 s

cli_finish celt_independent
