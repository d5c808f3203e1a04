#!/usr/bin/env bash
# friction-model --slip and Fig. 2 [Kireenkov] drawn from its forces (docs/manual.md sections 7
# and 11): the force F = q(x/|x|) + the speed terms of the law (1) [Kireenkov] at slips x = (v, 0,
# rho omega), u = R omega = 1, Hertz, k0 = 0.5, (mu1, mu2) = (0.3, 0.7), against the closed forms of
# (8) [Kireenkov] with docs/errata.md written out here (F_par for every v, F_perp for v <= 1, where
# the shift's lateral force is pi I_2 (1 - eps^2/2 + eps^4/8)); bad input exits 2 with one line;
# plot draws the two panels F_par/max|F_par|, F_perp/max|F_perp| with the legend's styles.
# Usage: bash friction_slip.sh BIN_DIR SHARE_DIR
source "$(dirname "$0")/common.bash"
cli_setup friction-model "$@"
require_tools friction_slip jq python3 xmllint rsvg-convert

jq '. + {"friction": {"model": "kireenkov-exact", "k0": 0.5, "mu1": 0.3, "mu2": 0.7}, "rho": "R"}' \
  "$share/problems/disc.json" >"$tmp/k.json"
jq '.friction |= del(.mu1, .mu2)' "$tmp/k.json" >"$tmp/c.json"
slips=()
for v in 0.1 0.5 0.8 1 1.5 3; do slips+=(--slip "$v,0,1"); done
for law in k c; do
  run "$tmp/$law.json" --pressure hertz --samples 2 "${slips[@]}"
  [[ $rc -eq 0 && ! -s $tmp/stderr ]] || fail "--slip ($law): exit $rc: $(head -c 300 "$tmp/stderr")"
  cp "$tmp/stdout" "$tmp/$law-report.json"
  why=$(python3 "$(dirname "$0")/validate_json.py" "$share/schemas" friction.schema.json "$tmp/$law-report.json") ||
    fail "--slip ($law): $why"
done
python3 - "$tmp/k-report.json" "$tmp/c-report.json" <<'PY' || fail "forces against the closed forms of (8) [Kireenkov]"
import json, math, sys
# the closed forms in double, the exact model's elliptic forms accurate to ~1e-14: 1e-13 as
# tests/friction/test_speed_law.cpp
TOL = 1e-13
I1, I2, I3, I5 = 1 / (2 * math.pi), 3 / 32, 1 / (5 * math.pi), 4 / (35 * math.pi)  # Hertz moments (8)
bad = 0
for path, (mu1, mu2) in zip(sys.argv[1:], ((0.3, 0.7), (0.0, 0.0))):
    forces = json.load(open(path))["forces"]
    if [f["x"][0] for f in forces] != [0.1, 0.5, 0.8, 1, 1.5, 3]:
        print("forces not in the order of --slip"); bad += 1
    for f in forces:
        v = e = f["x"][0]  # u = R omega = 1
        Qc = (3 * math.pi / 32 * e * (4 - e * e) if e <= 1 else  # (62) [Nonlinear Dyn. 2024]
              3 / (16 * e) * (e * e * (4 - e * e) * math.asin(1 / e) + (e * e + 2) * math.sqrt(e * e - 1)))
        Fpar = Qc + 2 * math.pi * ((mu1 * v ** 3 - mu2 * v) * I1 + 2 * mu1 * v * I3)
        checks = [("F_par", -f["force"][0], Fpar), ("force = q + speed_part", f["force"][0], f["q"][0] + f["speed_part"][0])]
        if e <= 1:
            k = 0.5 * Qc
            Fperp = k * math.pi * I2 * (1 - e * e / 2 + e ** 4 / 8) + k * (
                mu1 * (v * v * 2 * math.pi * I3 + 2 * math.pi * I5) - mu2 * 2 * math.pi * I3) / 2
            checks.append(("F_perp", -f["force"][1], Fperp))
        for name, got, want in checks:
            if abs(got - want) > TOL:
                print(f"{path}: {name} at v = {v}: {got!r}, want {want!r}"); bad += 1
        if (mu1, mu2) == (0.0, 0.0) and any(c != 0 for c in f["speed_part"]):
            print(f"speed_part {f['speed_part']} without a speed law"); bad += 1
sys.exit(1 if bad else 0)
PY

# bad input: one line, exit 2
while IFS='|' read -r word args; do
  read -ra a <<<"$args"
  expect_error 2 "$word" "$tmp/k.json" "${a[@]}"
done <<'CASES'
--slip|--slip 0,0,0
--slip|--slip 1,0
--slip|--slip 1,nan,1
--slip|--slip 1,0,1 --format csv
mu2|--set friction.mu2=5
CASES

# plot: the two panels, each report's curve reaching 1 in both, the legend's two styles drawn
app="$bin/plot"
run "$tmp/c-report.json" "$tmp/k-report.json"
what=$(rendered fig2 800 500)
[[ -z $what ]] || fail "plot of two reports with forces:$what"
python3 - "$tmp/fig2.svg" <<'PY' || fail "plot: Fig. 2 [Kireenkov] from forces"
import sys
import xml.etree.ElementTree as ET
ns = "{http://www.w3.org/2000/svg}"
root = ET.parse(sys.argv[1]).getroot()
bad = 0
frames = [e for e in root.iter(ns + "rect") if e.get("class") == "frame"]
style = lambda e: (e.get("stroke"), e.get("stroke-dasharray"))  # noqa: E731
drawn = [(style(e), [tuple(map(float, p.split(","))) for p in e.get("points").split()]) for e in root.iter(ns + "polyline")]
legend = [style(e) for g in root.iter(ns + "g") if g.get("class") == "legend" for e in g.iter(ns + "line")]
said = ["".join(t.itertext()) for g in root.iter(ns + "g") if g.get("class") == "legend" for t in g.iter(ns + "text")]
if len(frames) != 2:
    print(f"{len(frames)} panels, want 2"); bad += 1
for fr in frames:
    X, Y, W, H = (float(fr.get(k)) for k in ("x", "y", "width", "height"))
    y0, y1 = map(float, fr.get("data-y-range").split())
    inside = [(s, pts) for s, pts in drawn if all(X - 0.5 <= px <= X + W + 0.5 for px, _ in pts)]
    if sorted(s for s, _ in inside) != sorted(legend):
        print(f"panel at x = {X}: styles {[s for s, _ in inside]}, legend {legend}"); bad += 1
    for s, pts in inside:  # each curve over its largest |value|: its top at 1, to 0.01 px
        top = max(y0 + (Y + H - py) / H * (y1 - y0) for _, py in pts)
        if abs(top - 1) > 0.01 * (y1 - y0) / H:
            print(f"curve {s}: largest drawn value {top}, want 1"); bad += 1
if len(legend) != 2 or sum("speed law" in t for t in said) != 1 or not any("max |F" in t for t in said):
    print(f"legend {said}"); bad += 1
sys.exit(1 if bad else 0)
PY
# forces at different spin speeds are not one Fig. 2
jq '.forces[0].x[2] = 2 | .forces[1].x[2] = 2 | .forces[2].x[2] = 2 | .forces[3].x[2] = 2 | .forces[4].x[2] = 2 | .forces[5].x[2] = 2' \
  "$tmp/k-report.json" >"$tmp/k2.json"
expect_error 2 "spin speed" "$tmp/c-report.json" "$tmp/k2.json"
cli_finish friction_slip
