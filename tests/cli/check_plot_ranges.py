#!/usr/bin/env python3
"""Axis ranges, overlays and cropped heat maps of plot (tests/cli/plot_kinds.sh, docs/manual.md
section 11), from the SVG alone with the standard library: data are mapped to pixels here from
each frame's rectangle and its data-x-range/data-y-range, independently of plot's own map.

  check_plot_ranges.py ranged SVG X0 X1 [Y0 Y1]
      every frame spans [X0, X1] (and [Y0, Y1]); every point of every series polyline and every
      heat-map cell lies in its frame's rectangle horizontally (and vertically when no [Y0, Y1]
      is given: the data's own range); the tick labels under and beside each frame sit at their
      values and span the range: all inside it, >= 2 of them, the first and last less than one
      tick step from its ends
  check_plot_ranges.py overlay SVG REPORT...
      roll or celt runs overlaid: run k's series (<g class="series KEY run-k">) go through its
      report's samples, and the legend names each run once (one entry with its X_max, or its
      spin reversals)
  check_plot_ranges.py heat-ranged SVG ROLL-MAP X0 X1 Y0 Y1
      the cells of the roll map (edges halfway between neighbouring values, as section 11 says)
      wholly outside [X0, X1] x [Y0, Y1] are not drawn, the figure says how many, and every cell
      drawn lies in the frame
Exit 0 when the check holds, 1 with a message per failure otherwise.
"""
import json
import math
import os
import sys
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_plot_kinds as kinds  # noqa: E402

SVG = kinds.SVG
PIXEL_TOLERANCE = kinds.PIXEL_TOLERANCE
# px: a tick label's baseline is placed a third of its size below its tick, printed to 1/100 px
TICK_LABEL_SLACK = 0.02
RELATIVE = 1e-9  # of a range: ticks k * step carry rounding errors far below this


class Frame(kinds.Frame):
    def holds(self, x, y, vertical):
        t = PIXEL_TOLERANCE
        inside_x = self.fx - t <= x <= self.fx + self.fw + t
        return inside_x and (not vertical or self.fy - t <= y <= self.fy + self.fh + t)


def frames(root):
    return [Frame(e) for e in root.iter(SVG + "rect") if e.get("class") == "frame"]


def frame_of(fs, x):
    return next((f for f in fs if f.fx - 1 <= x <= f.fx + f.fw + 1), None)


def groups(root, prefix):
    return [g for g in root.iter(SVG + "g") if (g.get("class") or "").startswith(prefix)]


def polyline_points(g):
    points = []
    for line in g.iter(SVG + "polyline"):
        points += [tuple(map(float, p.split(","))) for p in line.get("points").split()]
    return points


def label_value(t):
    """The value a tick label states: a number, or m x 10^k written "m\u00d710" (or "10") with the
    exponent k in a superscript <tspan> (the minus sign U+2212); None for other texts."""
    sup = t.find(SVG + "tspan")
    try:
        if sup is None:
            return float((t.text or "").replace("\u2212", "-"))  # the minus sign U+2212 (plot/typeset.hpp)
        base = t.text or ""
        mantissa = float(base[:-len("\u00d710")]) if base.endswith("\u00d710") else 1.0 if base == "10" else None
        return None if mantissa is None else mantissa * 10.0 ** int(sup.text.replace("\u2212", "-"))
    except (TypeError, ValueError):
        return None


def check_ticks(root, f, errors):
    """The tick labels of frame f: under it (x) and left of it (y), at their values, spanning the range
    (on a log axis in log10: the ends less than a decade from the outermost labels)."""
    xs, ys = [], []
    for t in root.iter(SVG + "text"):
        v = label_value(t)
        if v is None:
            continue
        x, y, size = float(t.get("x")), float(t.get("y")), float(t.get("font-size"))
        if t.get("text-anchor") == "middle" and f.fx - 1 <= x <= f.fx + f.fw + 1 and f.fy + f.fh < y < f.fy + f.fh + 3 * size:
            xs.append(v)
            if abs(f.pixel(v, f.y0)[0] - x) > TICK_LABEL_SLACK:
                errors.append(f"x tick {v} at x = {x}, its value maps to {f.pixel(v, f.y0)[0]}")
        elif t.get("text-anchor") == "end" and f.fx - 12 * size < x < f.fx and f.fy - size <= y <= f.fy + f.fh + size:
            ys.append(v)
            if abs(f.pixel(f.x0, v)[1] + size / 3 - y) > TICK_LABEL_SLACK:
                errors.append(f"y tick {v} at y = {y}, its value maps to {f.pixel(f.x0, v)[1]}")
    for name, values, lo, hi, log in (("x", xs, f.x0, f.x1, f.log_x), ("y", ys, f.y0, f.y1, f.log_y)):
        if log and all(v > 0 for v in values):
            values, lo, hi = [math.log10(v) for v in values], math.log10(lo), math.log10(hi)
        values = sorted(set(values))
        eps = RELATIVE * (hi - lo)
        if len(values) < 2:
            errors.append(f"{name} ticks {values}: fewer than 2")
            continue
        step = 1.0 if log else values[1] - values[0]  # a decade on a log axis
        if values[0] < lo - eps or values[-1] > hi + eps:
            errors.append(f"{name} ticks {values} leave [{lo}, {hi}]")
        if values[0] - lo >= step + eps or hi - values[-1] >= step + eps:
            errors.append(f"{name} ticks {values} (step {step}) do not span [{lo}, {hi}]")


def ranged(svg, x0, x1, y0=None, y1=None):
    root, errors = ET.parse(svg).getroot(), []
    fs = frames(root)
    if not fs:
        return ["no frame"]
    for f in fs:
        if (f.x0, f.x1) != (float(x0), float(x1)):
            errors.append(f"frame x range {f.x0} {f.x1}, want {x0} {x1}")
        if y0 is not None and (f.y0, f.y1) != (float(y0), float(y1)):
            errors.append(f"frame y range {f.y0} {f.y1}, want {y0} {y1}")
        check_ticks(root, f, errors)
    vertical = y0 is None
    for g in groups(root, "series "):
        for x, y in polyline_points(g):
            f = frame_of(fs, x)
            if f is None or not f.holds(x, y, vertical):
                errors.append(f"{g.get('class')}: the point ({x}, {y}) lies outside its frame")
                break
    for g in groups(root, "cells"):
        for r in g.iter(SVG + "rect"):
            x, y, w, h = (float(r.get(k)) for k in ("x", "y", "width", "height"))
            f = fs[0]
            if not (f.holds(x, y, True) and f.holds(x + w, y + h, True)):
                errors.append(f"cell ({x}, {y}, {w}, {h}) leaves the frame")
                break
    return errors


def kilo(values):
    return [v / 1000.0 for v in values]


def run_series(report):
    """(panel, key, values) of a roll or celt run, as section 11 draws them."""
    h = report["history"]
    if report["schema"] == "limitdir.roll-report/1":
        out = [(0, "X", h["X"]), (1, "U_X", h["U_X"]), (1, "Omega_Y", h["Omega_Y"]),
               (2, "r_T_X", kilo(h["r_T_X"])), (2, "m_T_Y", kilo(h["m_T_Y"]))]
        if any(h["Omega_Z"]):
            out += [(1, "Omega_Z", h["Omega_Z"]), (2, "m_T_Z", kilo(h["m_T_Z"]))]
        return out
    return [(0, f"omega_{c + 1}", [w[c] for w in h["omega"]]) for c in range(3)] + [(1, "spin", h["spin"])]


def overlay(svg, *reports):
    root, errors = ET.parse(svg).getroot(), []
    fs = frames(root)
    by_class = {g.get("class"): polyline_points(g) for g in groups(root, "series ")}
    for k, path in enumerate(reports, start=1):
        r = json.load(open(path))
        t = r["history"]["t"]
        for panel, key, values in run_series(r):
            points = by_class.get(f"series {key} run-{k}")
            if points is None or len(points) != len(t):
                errors.append(f"run {k} ({path}): series {key} has {None if points is None else len(points)} points, "
                              f"the report {len(t)}")
                continue
            worst = max(max(abs(p - q) for p, q in zip(point, fs[panel].pixel(x, y)))
                        for point, x, y in zip(points, t, values))
            if worst > PIXEL_TOLERANCE:
                errors.append(f"run {k}: series {key} is {worst:.4f} px off the report's samples")
    # the texts as read (subscripts of plot/typeset.hpp: "X" then "max" then " = ...")
    legend = ["".join(t.itertext()) for g in groups(root, "legend") for t in g.iter(SVG + "text")]
    runs = [text for text in legend if ": Xmax = " in text or " spin reversal" in text]
    if len(runs) != len(reports) or len(set(runs)) != len(runs):
        errors.append(f"legend entries naming the runs: {runs}, want {len(reports)} distinct")
    return errors


def edges(values):
    """The cells of an axis of sorted distinct values: halfway to the neighbours, the ends half a gap out."""
    n = len(values)
    lo, hi = [], []
    for i, v in enumerate(values):
        below = v - values[i - 1] if i > 0 else (values[1] - values[0] if n > 1 else 1.0)
        above = values[i + 1] - v if i + 1 < n else (v - values[i - 1] if n > 1 else 1.0)
        lo.append(v - below / 2)
        hi.append(v + above / 2)
    return lo, hi


def heat_ranged(svg, report, x0, x1, y0, y1):
    x0, x1, y0, y1 = map(float, (x0, x1, y0, y1))
    root, r = ET.parse(svg).getroot(), json.load(open(report))
    (xl, xh), (yl, yh) = edges(r["mu"]), edges(r["mu_r"])
    outside = sum(xh[i] <= x0 or xl[i] >= x1 or yh[k] <= y0 or yl[k] >= y1
                  for i in range(len(xl)) for k in range(len(yl)))
    total = len(xl) * len(yl)
    errors = ranged(svg, x0, x1, y0, y1)
    cells = [e for g in groups(root, "cells") for e in g.iter(SVG + "rect")]
    if len(cells) != total - outside:
        errors.append(f"{len(cells)} cells drawn, want {total} - {outside} outside the ranges")
    note = f"{outside} of {total} cells lie outside --x-range/--y-range: left out"
    if outside and not any(t.text == note for t in root.iter(SVG + "text")):
        errors.append(f"no note \"{note}\"")
    return errors


if __name__ == "__main__":
    sys.exit(kinds.main(sys.argv, {"ranged": ranged, "overlay": overlay, "heat-ranged": heat_ranged}))
