#!/usr/bin/env python3
"""Logarithmic axes, map overlays and map legends of plot (tests/cli/plot_log_maps.sh, docs/manual.md
section 11), checked from the SVG alone with the standard library. Pixels are computed here from
the frame's rectangle and data range: on an axis marked data-x-scale="log" (data-y-scale) a pixel is
affine in log10 of the value, fx + (log10 v - log10 x0) / (log10 x1 - log10 x0) fw.

  check_plot_log.py log-ticks SVG x|y WANT...
      every frame's axis is logarithmic, and its tick labels are powers of ten written m\u00d710 (or
      10) with the exponent in a <tspan baseline-shift="super">, each at the pixel of its value;
      WANT (numbers) must be among each frame's
  check_plot_log.py map SVG REPORT...
      map k's curves are the group <g class="curves map-k">: its vertices the report's curve points
      in view (every one, in order, mapped here); in an overlay each group in one colour, the
      colours distinct; the legend's line entries are the curve kinds with a point in view (and in
      an overlay the maps' names first); the points key names exactly the codimension-2 points in
      view (each within 1e-9 of an axis's span outside counts as on its edge, drawn there: its circle
      at that edge's pixel)
  check_plot_log.py diagram-legend SVG REPORT
      a diagram's legend names the event kinds with an event in the frame's x range (from the
      report's bifurcations), and each of its line entries has the colour and dash of a polyline
      drawn in the frame: no style listed that is not drawn
  check_plot_log.py spread SVG REPORT KIND FRACTION
      the vertices of the curves of KIND cover at least FRACTION of the frame's width
Exit 0 when the check holds, 1 with a message per failure otherwise.
"""
import json
import math
import os
import sys
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_plot_kinds as kinds  # noqa: E402
import check_plot_ranges as ranges  # noqa: E402

SVG = kinds.SVG
PIXEL_TOLERANCE = kinds.PIXEL_TOLERANCE
# px: a tick label's baseline is a third of its size below its tick; x labels are centred on it,
# both printed to 1/100 px (each within 0.005)
TICK_SLACK = 0.011
# of an axis's span: the map's points are exact to ~1e-15; a point this close outside lies on the edge
BOUNDARY_SLACK = 1e-9
KINDS = ["fold", "pitchfork", "tangency", "hopf", "kink"]
POINTS = {"cusp": "C cusp", "degenerate-pitchfork": "DP degenerate pitchfork", "fold-pole": "FP fold-pole",
          "fold-tangency": "FT fold-tangency", "pitchfork-tangency": "PT pitchfork-tangency",
          "bogdanov-takens": "BT Bogdanov-Takens", "kink-tangency": "KT kink-tangency"}


def frame(root):
    fs = ranges.frames(root)
    if len(fs) != 1:
        raise AssertionError(f"{len(fs)} frames, want 1")
    return fs[0]


def log_ticks(svg, axis, *want):
    root, errors = ET.parse(svg).getroot(), []
    for f in ranges.frames(root):
        errors += frame_log_ticks(root, f, axis, want)
    return errors


def frame_log_ticks(root, f, axis, want):
    """The tick labels of frame f's axis (under it, or left of it within its height)."""
    errors = []
    if not (f.log_x if axis == "x" else f.log_y):
        return [f"the {axis} axis of the frame at x = {f.fx} is not marked logarithmic"]
    found = []
    lo, hi = (f.x0, f.x1) if axis == "x" else (f.y0, f.y1)
    for t in root.iter(SVG + "text"):
        sup = t.find(SVG + "tspan")
        if sup is None or sup.get("baseline-shift") != "super":
            continue
        v = ranges.label_value(t)
        if v is None:
            continue
        x, y, size = float(t.get("x")), float(t.get("y")), float(t.get("font-size"))
        # the pixel of v computed here, affine in log10 v
        p = math.log10(v) - math.log10(lo)
        span = math.log10(hi) - math.log10(lo)
        below = f.fy + f.fh < y < f.fy + f.fh + 3 * size and f.fx - 1 <= x <= f.fx + f.fw + 1
        beside = f.fx - 12 * size < x < f.fx and f.fy - size <= y <= f.fy + f.fh + size
        if axis == "x" and t.get("text-anchor") == "middle" and below:
            found.append(v)
            if abs(f.fx + p / span * f.fw - x) > TICK_SLACK:
                errors.append(f"x tick {v} at x = {x}, want {f.fx + p / span * f.fw}")
        elif axis == "y" and t.get("text-anchor") == "end" and beside:
            found.append(v)
            if abs(f.fy + f.fh - p / span * f.fh + size / 3 - y) > TICK_SLACK:
                errors.append(f"y tick {v} at y = {y}, want {f.fy + f.fh - p / span * f.fh + size / 3}")
    for w in map(float, want):
        if not any(abs(v - w) <= 1e-12 * w for v in found):
            errors.append(f"no {axis} tick label {w:g} among {found} (frame at x = {f.fx})")
    return errors


def on_axis(v, lo, hi, log):
    """v inside [lo, hi], the end within BOUNDARY_SLACK of the span outside, else None."""
    if lo <= v <= hi:
        return v
    if log and v <= 0:
        return None
    u = (lambda d: math.log10(d)) if log else (lambda d: d)
    slack = BOUNDARY_SLACK * (u(hi) - u(lo))
    if u(lo) - slack <= u(v) < u(lo):
        return lo
    if u(hi) < u(v) <= u(hi) + slack:
        return hi
    return None


def shown(f, x, y):
    a, b = on_axis(x, f.x0, f.x1, f.log_x), on_axis(y, f.y0, f.y1, f.log_y)
    return None if a is None or b is None else (a, b)


FAR = 1e6  # px: plot clamps a vertex beyond this (clipped anyway), e.g. F = 0 on a log axis (minus infinity)


def drawn_pixel(f, x, y):
    """Where plot draws the vertex (x, y): its pixel, a value <= 0 on a log axis beyond the axis's start."""
    px = f.fx + f.fraction(x, f.x0, f.x1, f.log_x) * f.fw if x > 0 or not f.log_x else -math.inf
    py = f.fy + f.fh - f.fraction(y, f.y0, f.y1, f.log_y) * f.fh if y > 0 or not f.log_y else math.inf
    return (min(max(px, -FAR), FAR), min(max(py, -FAR), FAR))


def group(root, cls):
    return next((g for g in root.iter(SVG + "g") if g.get("class") == cls), None)


def check_curves(root, f, k, report, overlay, errors):
    """Map k's group: its vertices the report's points in view, in one colour in an overlay."""
    g = group(root, f"curves map-{k}")
    if g is None:
        errors.append(f"no group curves map-{k}")
        return None
    lines = list(g.iter(SVG + "polyline"))
    got = [tuple(map(float, p.split(","))) for line in lines for p in line.get("points").split()]
    # a polyline needs 2 points: a curve of one point draws nothing
    want = [drawn_pixel(f, p["x"], p["y"]) for c in report["curves"] if len(c["points"]) >= 2 for p in c["points"]]
    # every vertex drawn is a report point (the clip path hides those outside); all points are drawn
    if len(got) != len(want):
        errors.append(f"map {k}: {len(got)} vertices drawn, the report has {len(want)}")
    else:
        worst = max((max(abs(a - c), abs(b - d)) for (a, b), (c, d) in zip(got, want)), default=0.0)
        if worst > PIXEL_TOLERANCE:
            errors.append(f"map {k}: a vertex lies {worst:.4f} px off its report point")
    colours = {line.get("stroke") for line in lines}
    if overlay and len(colours) != 1:
        errors.append(f"map {k}: curves in {len(colours)} colours {colours}, want one")
    return colours


def expected_legend(f, reports, names):
    """The line entries and the points key the SVG must have: only what is in view."""
    lines = list(names) if len(reports) > 1 else []
    for kind in KINDS:
        if any(c["kind"] == kind and curve_in_view(f, c) for r in reports for c in r["curves"]):
            lines.append(kind)
    points = [text for kind, text in POINTS.items()
              if any(p["kind"] == kind and shown(f, p["x"], p["y"]) for r in reports for p in r["points"])]
    return lines, points


def curve_in_view(f, c):
    pts = c["points"]
    for i, p in enumerate(pts):
        if shown(f, p["x"], p["y"]):
            return True
        if i > 0:
            a = pts[i - 1]
            if any(shown(f, a["x"] + t * (p["x"] - a["x"]), a["y"] + t * (p["y"] - a["y"])) for t in (0.25, 0.5, 0.75)):
                return True
    return False


def legend_entries(root):
    """(line labels, texts) of the legend: a label follows its line sample."""
    g = group(root, "legend")
    labels, texts = [], []
    items = list(g)
    for i, e in enumerate(items):
        if e.tag == SVG + "text":
            texts.append(e.text or "")
            if i > 0 and items[i - 1].tag == SVG + "line":
                labels.append(e.text or "")
    return labels, texts


def check_map(svg, *report_paths):
    root, errors = ET.parse(svg).getroot(), []
    f = frame(root)
    reports = [json.load(open(p)) for p in report_paths]
    colours = [check_curves(root, f, k, r, len(reports) > 1, errors) for k, r in enumerate(reports)]
    if len(reports) > 1 and all(colours) and len(set().union(*colours)) != len(reports):
        errors.append(f"the maps' colours {colours} are not distinct")
    names = [legend_name(r) for r in reports]
    want_lines, want_points = expected_legend(f, reports, names)
    labels, texts = legend_entries(root)
    if labels != want_lines:
        errors.append(f"legend line entries {labels}, want {want_lines}")
    key = [t for t in texts if t.startswith("points: ")]
    got_points = key[0][len("points: "):].rstrip(";").split(", ") if key else []
    if got_points != want_points:
        errors.append(f"points key {got_points}, want {want_points}")
    # every codimension-2 point in view (or on an edge within rounding) drawn where it lies
    circles = [(float(c.get("cx")), float(c.get("cy"))) for c in group(root, "points").iter(SVG + "circle")]
    for r in reports:
        for p in r["points"]:
            at = shown(f, p["x"], p["y"])
            if at is None:
                continue
            px = f.pixel(*at)
            if not any(abs(a - px[0]) <= PIXEL_TOLERANCE and abs(b - px[1]) <= PIXEL_TOLERANCE for a, b in circles):
                errors.append(f"the {p['kind']} point ({p['x']}, {p['y']}) is not drawn at {px}")
    return errors


def legend_name(report):
    """The name an overlay's legend gives a map: its model up to ", " and " of ", "N=" spaced."""
    name = report["model"].split(", ")[0].split(" of ")[0]
    return name.replace("N=", "N = ")


def spread(svg, report_path, kind, fraction):
    root = ET.parse(svg).getroot()
    f = frame(root)
    r = json.load(open(report_path))
    xs = [f.pixel(p["x"], p["y"])[0] for c in r["curves"] if c["kind"] == kind for p in c["points"]
          if shown(f, p["x"], p["y"])]
    if not xs:
        return [f"no {kind} point in view"]
    cover = (max(xs) - min(xs)) / f.fw
    print(f"{kind} curves cover {cover:.3f} of the frame's width", file=sys.stderr)
    return [] if cover >= float(fraction) else [f"the {kind} curves cover {cover:.3f} of the width, want >= {fraction}"]


LETTERS = [("tangency", "T tangency"), ("fold", "F fold"), ("pitchfork", "P pitchfork"),
           ("branch-point", "B branch point"), ("hopf", "H Hopf"), ("kink", "K kink"), ("jump", "J jump"),
           ("continuum", "C continuum")]


def diagram_legend(svg, report_path):
    root, errors = ET.parse(svg).getroot(), []
    f = frame(root)
    d = json.load(open(report_path))
    at = [(e["kind"], e.get(d["parameter"], e.get("force"))) for e in d["bifurcations"]]
    want = [text for kind, text in LETTERS if any(k == kind and f.x0 <= v <= f.x1 for k, v in at)]
    _, texts = legend_entries(root)
    key = [t for t in texts if t.startswith("events: ")]
    got = key[0][len("events: "):].rstrip(";").split(", ") if key else []
    if got != want:
        errors.append(f"events key {got}, want {want}")
    g = group(root, "legend")
    items = list(g)
    def inside(line):  # a vertex in the frame: the line is seen (the clip path hides the others)
        return any(f.fx <= x <= f.fx + f.fw and f.fy <= y <= f.fy + f.fh
                   for x, y in (map(float, p.split(",")) for p in line.get("points").split()))
    drawn = {(p.get("stroke"), p.get("stroke-dasharray") or "") for p in root.iter(SVG + "polyline") if inside(p)}
    colours = {c for c, _ in drawn}
    dashes = {d for _, d in drawn}
    for i, e in enumerate(items[:-1]):
        if e.tag != SVG + "line":
            continue
        label, stroke, dash = items[i + 1].text, e.get("stroke"), e.get("stroke-dasharray") or ""
        # a Fig. 11 colour (any dash), or a line style in black (any colour)
        if stroke == "black" and dash not in dashes:
            errors.append(f"legend entry {label!r}: no line dashed {dash!r} is drawn")
        elif stroke != "black" and stroke not in colours:
            errors.append(f"legend entry {label!r}: no line in {stroke} is drawn")
    return errors


if __name__ == "__main__":
    sys.exit(kinds.main(sys.argv, {"log-ticks": log_ticks, "map": check_map, "spread": spread,
                                    "diagram-legend": diagram_legend}))
