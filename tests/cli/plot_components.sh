#!/usr/bin/env bash
# plot --components (docs/manual.md section 11): a friction table over the sphere as Figs 11-12 of
# [Kudra & Awrejcewicz 2013], one panel per longitude phi with T_sx, T_sy, M_s = -q of the model
# (solid) and the exact model (dotted). Read from the SVG: one panel per longitude of the table,
# titled with its phi; the legend's six styles are exactly the styles drawn in every panel; the
# drawn points map back to the table's -q (to the pixel rounding); bad input exits 2 with one line.
# Usage: bash plot_components.sh BIN_DIR SHARE_DIR
source "$(dirname "$0")/common.bash"
cli_setup plot "$@"
require_tools plot_components jq python3 xmllint rsvg-convert

jq '.problem + {"friction": {"model": "kudra-w"}}' "$share/fits/kudra-w.json" >"$tmp/w.json"
"$bin/friction-model" "$tmp/w.json" --set contact.distortion.d=1 --set contact.distortion.gamma=1 --grid 19,12 \
  >"$tmp/grid.json" || fail "friction-model --grid failed"
jq -c '.table |= map(select(.phi < 1.6))' "$tmp/grid.json" >"$tmp/four.json"
run "$tmp/four.json" --components --width 900 --height 640
what=$(rendered four 900 640)
[[ -z $what ]] || fail "plot --components:$what"
python3 - "$tmp/four.svg" "$tmp/four.json" <<'PY' || fail "plot --components: the figure against the table"
import json, math, sys
import xml.etree.ElementTree as ET
ns = "{http://www.w3.org/2000/svg}"
root = ET.parse(sys.argv[1]).getroot()
table = json.load(open(sys.argv[2]))["table"]
bad = 0
style = lambda e: (e.get("stroke"), e.get("stroke-dasharray"))  # noqa: E731
legend = [style(e) for g in root.iter(ns + "g") if g.get("class") == "legend" for e in g.iter(ns + "line")]
said = ["".join(t.itertext()) for g in root.iter(ns + "g") if g.get("class") == "legend" for t in g.iter(ns + "text")]
if len(set(legend)) != 6 or len(legend) != 6:
    print(f"legend styles {legend}, want 6 distinct"); bad += 1
for name in ("Tsx", "Tsy", "Ms"):  # T_sx, T_sy, M_s typeset with subscripts
    for who in ("(model)", "(exact model)"):
        if not any(t.startswith(name + " ") and t.endswith(who) for t in said):
            print(f"no legend entry for {name} {who}: {said}"); bad += 1
frames = [e for e in root.iter(ns + "rect") if e.get("class") == "frame"]
phis = sorted({r["phi"] for r in table if abs(abs(r["theta"]) - math.pi / 2) > 1e-12})
if len(frames) != len(phis) or len(phis) != 4:
    print(f"{len(frames)} panels for the longitudes {phis}"); bad += 1
titles = ["".join(t.itertext()) for t in root.iter(ns + "text") if "".join(t.itertext()).startswith("φ = ")]
want = [f"φ = {p * 180 / math.pi:.4g}°" for p in phis]  # "phi = 30 deg" typeset
if titles != want:
    print(f"panel titles {titles}, want {want}"); bad += 1
lines = [(style(e), [tuple(map(float, p.split(","))) for p in e.get("points").split()]) for e in root.iter(ns + "polyline")]
worst = 0.0
for fr, phi in zip(frames, phis):
    X, Y, W, H = (float(fr.get(k)) for k in ("x", "y", "width", "height"))
    x0, x1 = map(float, fr.get("data-x-range").split())
    y0, y1 = map(float, fr.get("data-y-range").split())
    inside = [(s, pts) for s, pts in lines if all(X - 0.5 <= px <= X + W + 0.5 and Y - 0.5 <= py <= Y + H + 0.5 for px, py in pts)]
    if [s for s, _ in inside] != legend:
        print(f"phi = {phi}: drawn styles {[s for s, _ in inside]}, legend {legend}"); bad += 1
        continue
    rows = sorted((r for r in table if r["phi"] == phi or abs(abs(r["theta"]) - math.pi / 2) <= 1e-12), key=lambda r: r["theta"])
    for c, (_, pts) in enumerate(inside):
        key, i = ("q", c) if c < 3 else ("q_exact", c - 3)
        if len(pts) != len(rows):
            print(f"phi = {phi}, curve {c}: {len(pts)} points, {len(rows)} rows (poles included)"); bad += 1
            continue
        for (px, py), r in zip(pts, rows):
            # pixels printed to 0.01 px: 0.006 px of either axis in data units, with a margin
            dx = abs(x0 + (px - X) / W * (x1 - x0) - r["theta"]) / ((x1 - x0) / W)
            dy = abs(y0 + (Y + H - py) / H * (y1 - y0) - (-r[key][i])) / ((y1 - y0) / H)
            worst = max(worst, dx, dy)
if worst > 0.01:
    print(f"drawn points {worst:.3g} px from the table's -q (want <= 0.01 px)"); bad += 1
sys.exit(1 if bad else 0)
PY

# bad input: one line, exit 2
"$bin/friction-model" "$share/problems/disc.json" >"$tmp/lat.json" || fail "friction-model (latitudes) failed"
expect_error 2 "--grid" "$tmp/lat.json" --components
expect_error 2 "one friction table" "$tmp/four.json" "$tmp/four.json" --components
"$bin/friction-model" "$tmp/w.json" --grid 5,13 >"$tmp/thirteen.json" || fail "friction-model --grid 5,13 failed"
expect_error 2 "at most 12" "$tmp/thirteen.json" --components
expect_error 2 "--surface" "$tmp/four.json" --components --surface
expect_error 2 "--log-y" "$tmp/four.json" --components --log-y
"$bin/find-limits" "$share/problems/disc.json" --force 0.3 >"$tmp/limits.json" || fail "find-limits failed"
expect_error 2 "--components" "$tmp/limits.json" --components
cli_finish plot_components
