"""Checks of plot's figures of a spheres pile and of a pile scan (tests/cli/plot_pile.sh), with
the standard library only: every mark is mapped to data here, from the frame's rectangle and its
data-x-range/data-y-range (docs/manual.md section 11), independently of plot's own map, and
compared with numbers computed here from the report or the records.

  check_plot_pile.py pile SVG REPORT
      two frames (side view x-z, top view x-y) with one scale on both axes; in each one circle per
      sphere of the report, at its (x, z) or (x, y) / d with its radius / d; the spheres in no
      contact outlined only (no fill), the others filled; the fills' luminance non-decreasing in
      z (viridis); the colour bar's range from the lowest centre z/d to the highest (at least one
      d); the plane's edge drawn (class plane-edge at +-width/2 / d) when the views reach it, else
      the figure says where it lies
  check_plot_pile.py scan SVG RECORDS
      per panel (H_over_d, base_radius_over_d) one marker per (mu, mu_r) at (log10 mu_r, the mean
      over the records of the point's seeds), the means computed here; the x axis in log10 of
      law.mu_r, its range covering every log10 mu_r
Exit 0 when the check holds, 1 with a message otherwise.
"""
import json
import math
import sys
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"
# px: coordinates, radii and the frame's corner and size are printed to 1/100 px (rounding by at
# most 0.005 px each): a point mapped here is off by at most 3 x 0.005 px (its own, the corner's,
# the size's over the frame); 0.02 px leaves a margin
PIXEL_TOLERANCE = 0.02
# a fill is #rrggbb, each channel rounded to an integer: its luminance is within 0.5/255 of the
# scale's, so two fills in z order may invert by at most 1/255
LUMINANCE_SLACK = 1.0 / 255.0
MIN_COLOUR_SPAN = 1.0  # d: the colour scale spans at least one diameter (plot/pile.cpp)


def frames(root):
    out = []
    for e in root.iter(SVG + "rect"):
        if e.get("class") == "frame":
            x0, x1 = map(float, e.get("data-x-range").split())
            y0, y1 = map(float, e.get("data-y-range").split())
            out.append((float(e.get("x")), float(e.get("y")), float(e.get("width")), float(e.get("height")),
                        x0, x1, y0, y1))
    return out


def to_data(frame, px, py):
    fx, fy, fw, fh, x0, x1, y0, y1 = frame
    return x0 + (px - fx) / fw * (x1 - x0), y1 - (py - fy) / fh * (y1 - y0)


def per_px(frame):
    """data units per pixel on x and on y"""
    fx, fy, fw, fh, x0, x1, y0, y1 = frame
    return (x1 - x0) / fw, (y1 - y0) / fh


def luminance(fill):
    r, g, b = (int(fill[1 + 2 * k:3 + 2 * k], 16) / 255.0 for k in range(3))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def check_pile(svg, report_path):
    report = json.load(open(report_path))
    root = ET.parse(svg).getroot()
    d = report["problem"]["spheres"]["diameter"]
    cols = report["spheres"]["columns"]
    rows = [dict(zip(cols, row)) for row in report["spheres"]["rows"]]
    errors = []
    fs = frames(root)
    if len(fs) != 2:
        return ["expected two frames (side and top view), got %d" % len(fs)]
    circles = [e for e in root.iter(SVG + "circle") if (e.get("class") or "").startswith("sphere")]
    for k, (view, b) in enumerate([("side", "z"), ("top", "y")]):
        frame = fs[k]
        ux, uy = per_px(frame)
        # the width and height each rounded by 0.005 px: their scales agree to 0.01 px over the shorter
        if abs(ux - uy) > 0.01 / min(frame[2], frame[3]) * max(ux, uy):
            errors.append("%s view: %g d a pixel on x, %g on y (not one scale)" % (view, ux, uy))
        mine = [c for c in circles if c.get("data-view") == view]
        if len(mine) != len(rows):
            errors.append("%s view: %d circles for %d spheres" % (view, len(mine), len(rows)))
            continue
        tol = PIXEL_TOLERANCE * ux
        left = list(mine)
        for s in rows:
            want = (s["x"] / d, s[b] / d, s["radius"] / d)
            hit = None
            for c in left:
                u, v = to_data(frame, float(c.get("cx")), float(c.get("cy")))
                if abs(u - want[0]) <= tol and abs(v - want[1]) <= tol and abs(float(c.get("r")) * ux - want[2]) <= tol:
                    hit = c
                    break
            if hit is None:
                errors.append("%s view: no circle at sphere %d (%.4f, %.4f, r %.4f d)" % ((view, s["id"]) + want))
                continue
            left.remove(hit)
            flying = "in-flight" in hit.get("class")
            if flying != (not s["in_contact"]) or (hit.get("fill") == "none") != (not s["in_contact"]):
                errors.append("%s view: sphere %d in_contact %s drawn %s with fill %s" %
                              (view, s["id"], s["in_contact"], hit.get("class"), hit.get("fill")))
        if view == "side":  # z from the geometry, the fill's luminance non-decreasing in it
            filled = sorted((to_data(frame, float(c.get("cx")), float(c.get("cy")))[1], luminance(c.get("fill")))
                            for c in mine if c.get("fill") != "none")
            for (z0, l0), (z1, l1) in zip(filled, filled[1:]):
                if l1 < l0 - LUMINANCE_SLACK:
                    errors.append("side view: luminance %.4f at z/d %.4f below %.4f at %.4f" % (l1, z1, l0, z0))
    zs = [s["z"] / d for s in rows]
    bar = [e for e in root.iter(SVG + "rect") if e.get("class") == "colour-bar"]
    lo, hi = min(zs), max(max(zs), min(zs) + MIN_COLOUR_SPAN)
    if len(bar) != 1 or any(abs(a - b) > 1e-9 for a, b in zip(map(float, bar[0].get("data-range").split()), (lo, hi))):
        errors.append("colour bar %s, expected the range %g %g" % ([b.get("data-range") for b in bar], lo, hi))
    half = report["problem"]["plane"]["width"] / (2 * d)
    top = fs[1]
    edge = [e for e in root.iter(SVG + "rect") if e.get("class") == "plane-edge"]
    texts = " ".join("".join(t.itertext()) for t in root.iter(SVG + "text"))
    if top[5] >= half:  # the view reaches the edge: the square's corners at +-half
        u0, v1 = to_data(top, float(edge[0].get("x")), float(edge[0].get("y")))
        u1, v0 = to_data(top, float(edge[0].get("x")) + float(edge[0].get("width")),
                         float(edge[0].get("y")) + float(edge[0].get("height")))
        tol = PIXEL_TOLERANCE * per_px(top)[0]
        if any(abs(a - b) > tol for a, b in zip((u0, u1, v0, v1), (-half, half, -half, half))):
            errors.append("plane edge at %s, expected +-%g" % ((u0, u1, v0, v1), half))
    elif ("plane edge at |x|, |y| = %g d, outside the views" % half) not in texts:
        errors.append("the plane's edge (+-%g d) is outside the views and the figure does not say so" % half)
    return errors


def check_reached(root, fs, records_path):
    """The piles that reached the drop height (docs/manual.md section 15): per panel one open
    triangle pointing up per record, its centroid at (log10 mu_r, the record's value), none in the
    means; the subtitle counts them and the legend explains the triangle."""
    reached = [json.loads(line) for line in open(records_path)]
    reached = [r for r in reached if r["summary"].get("reached_drop_height") is True]
    groups = [g for g in root.iter(SVG + "g") if (g.get("class") or "").startswith("reached ")]
    texts = ["".join(t.itertext()) for t in root.iter(SVG + "text")]
    if not reached:
        return ["triangles drawn without a pile that reached the drop height"] if groups else []
    errors = []
    if len(groups) != 2:
        return ["expected two groups of triangles, got %d" % len(groups)]
    if not any(("%d reached the drop height" % len(reached)) in t for t in texts):
        errors.append("the subtitle does not count %d piles that reached the drop height" % len(reached))
    if "reached the drop height (a lower bound)" not in texts:
        errors.append("the legend does not explain the triangles")
    for k, (frame, g) in enumerate(zip(fs, groups)):
        ux, uy = per_px(frame)
        triangles = []
        for poly in g.iter(SVG + "polygon"):
            xy = [tuple(map(float, p.split(","))) for p in poly.get("points").split()]
            if len(xy) != 3 or not (xy[0][1] < xy[1][1] and xy[1][1] == xy[2][1]):
                errors.append("panel %d: a marker that is not a triangle pointing up" % k)
                continue
            triangles.append(to_data(frame, sum(p[0] for p in xy) / 3, sum(p[1] for p in xy) / 3))
        if len(triangles) != len(reached):
            errors.append("panel %d: %d triangles for %d piles" % (k, len(triangles), len(reached)))
        for r in reached:
            want = (math.log10(r["point"]["law.mu_r"]), r["summary"][("H_over_d", "base_radius_over_d")[k]])
            if not any(abs(u - want[0]) <= PIXEL_TOLERANCE * ux and abs(v - want[1]) <= PIXEL_TOLERANCE * uy
                       for u, v in triangles):
                errors.append("panel %d: no triangle at (%g, %g)" % ((k,) + want))
    return errors


def check_scan(svg, records_path):
    root = ET.parse(svg).getroot()
    groups = {}
    for line in open(records_path):
        r = json.loads(line)
        s = r["summary"]
        if r["status"] != 0 or not isinstance(s.get("H_over_d"), (int, float)):
            continue
        key = (r["point"]["law.mu"], r["point"]["law.mu_r"])
        groups.setdefault(key, []).append((s["H_over_d"], s["base_radius_over_d"]))
    errors = []
    fs = frames(root)
    panels = [g for g in root.iter(SVG + "g") if (g.get("class") or "").startswith("curves ")]
    if len(fs) != 2 or len(panels) != 2:
        return ["expected two frames and two panels, got %d and %d" % (len(fs), len(panels))]
    us = [math.log10(mu_r) for _, mu_r in groups]
    for k, (frame, g) in enumerate(zip(fs, panels)):
        if not (frame[4] <= min(us) and frame[5] >= max(us)):
            errors.append("panel %d: x range %g %g misses log10 mu_r in [%g, %g]" % (k, frame[4], frame[5], min(us), max(us)))
        marks = [c for c in g.iter(SVG + "circle") if c.get("class") == "mean"]
        if len(marks) != len(groups):
            errors.append("panel %d: %d markers for %d points (mu, mu_r)" % (k, len(marks), len(groups)))
        ux, uy = per_px(frame)
        for (mu, mu_r), values in groups.items():
            want = (math.log10(mu_r), sum(v[k] for v in values) / len(values))
            ok = any(float(c.get("data-mu")) == mu and abs(to_data(frame, float(c.get("cx")), float(c.get("cy")))[0] -
                     want[0]) <= PIXEL_TOLERANCE * ux and abs(to_data(frame, float(c.get("cx")), float(c.get("cy")))[1] -
                     want[1]) <= PIXEL_TOLERANCE * uy for c in marks)
            if not ok:
                errors.append("panel %d: no marker of mu %g at (%g, %g)" % ((k, mu) + want))
    errors += check_reached(root, fs, records_path)
    # typeset (plot/typeset.hpp): log with the subscript 10, mu_r the Greek mu with the subscript r
    texts = ["".join(t.itertext()) for t in root.iter(SVG + "text")]
    if texts.count("log10 of law.\u03bcr [m]") != 2:
        errors.append("the x axes are not labelled log10 of law.mu_r [m]")
    return errors


def main():
    kind, svg, data = sys.argv[1:4]
    errors = check_pile(svg, data) if kind == "pile" else check_scan(svg, data)
    for e in errors[:10]:
        print(e)
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()
