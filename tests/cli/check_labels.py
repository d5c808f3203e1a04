#!/usr/bin/env python3
"""No two text boxes of an SVG figure intersect and none leaves it (docs/manual.md section 11).
A box is estimated as plot/svg.hpp documents it, from the SVG alone: width 0.64 em per
character (0.70 bold), 0.80 em above the baseline and 0.25 below, placed by text-anchor and
turned by a rotate(+-90) transform about the anchor point; a superscript <tspan> (the exponent of
a log axis's tick label 10^k) adds its own width at its size and reaches 0.33 em higher, a
subscript (baseline-shift="sub", plot/typeset.hpp) its width and, with a descender, reaches
0.14 em + its descent below the baseline; the text after
a <tspan> counts at the text's size.
A map's point and region labels (groups "points", "region-labels") keep off its curves (the
polylines of the groups "curves ..."): no label box meets a curve's segment. A legend keeps a key
(a text ending in ':' followed by swatches, the shading's key) with its swatches: they start on
the key's row or at the start of the next one, and when they fill several rows the first starts one.
Usage: check_labels.py FIGURE.svg  (prints "N labels disjoint"; exit 1 with the first clash)"""
import re
import sys
import xml.etree.ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"


def box(t):
    x, y, s = float(t.get("x")), float(t.get("y")), float(t.get("font-size"))
    advance = 0.70 if t.get("font-weight") == "bold" else 0.64
    w, top, bottom = advance * s * len(t.text or ""), y - 0.80 * s, y + 0.25 * s
    for span in t.iter(NS + "tspan"):
        size = float(span.get("font-size", s))
        w += advance * size * len(span.text or "") + advance * s * len(span.tail or "")
        if span.get("baseline-shift") == "sub":  # lowered by 0.14 em (plot/typeset.hpp)
            if any(c in "gjpqy,()[]{}|" for c in span.text or ""):  # its descender below the text's
                bottom = max(bottom, y + 0.14 * s + 0.25 * size)
        else:
            top = min(top, y - 0.33 * s - 0.80 * size)
    shift = {"middle": w / 2, "end": w}.get(t.get("text-anchor"), 0.0)
    x0, y0, x1, y1 = x - shift, top, x - shift + w, bottom
    m = re.match(r"rotate\(([-0-9.]+)", t.get("transform") or "")
    if m and float(m.group(1)) != 0:
        # a quarter turn about (x, y): -90 maps (dx, dy) to (dy, -dx), +90 to (-dy, dx)
        dx0, dx1, dy0, dy1 = x0 - x, x1 - x, y0 - y, y1 - y
        if float(m.group(1)) < 0:
            x0, x1, y0, y1 = x + dy0, x + dy1, y - dx1, y - dx0
        else:
            x0, x1, y0, y1 = x - dy1, x - dy0, y + dx0, y + dx1
    return (x0, y0, x1, y1)


def classes(g):
    return (g.get("class") or "").split()


def segment_meets(box, a, b):
    """Whether the segment a-b meets the open box (x0, y0, x1, y1) (Liang-Barsky clipping)."""
    (x0, y0, x1, y1), (ax, ay), (bx, by) = box, a, b
    t0, t1, dx, dy = 0.0, 1.0, bx - ax, by - ay
    for p, q in ((-dx, ax - x0), (dx, x1 - ax), (-dy, ay - y0), (dy, y1 - ay)):
        if p == 0:
            if q <= 0:
                return False
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
    return t0 < t1


def curve_clashes(root):
    """The first (label, box) of a map's point or region label meeting one of its curves, else None."""
    segments = []
    for g in root.iter(NS + "g"):
        if "curves" in classes(g):
            for line in g.iter(NS + "polyline"):
                pts = [tuple(map(float, p.split(","))) for p in (line.get("points") or "").split()]
                segments += zip(pts, pts[1:])
    for g in root.iter(NS + "g"):
        if {"points", "region-labels"} & set(classes(g)):
            for t in g.iter(NS + "text"):
                b = box(t)
                if any(segment_meets(b, p, q) for p, q in segments):
                    return t.text, b
    return None


def legend_clash(root):
    """A key of a legend whose swatches are stranded from it (see the docstring), else None."""
    for g in root.iter(NS + "g"):
        if "legend" not in classes(g):
            continue
        items = list(g)
        texts = [e for e in items if e.tag == NS + "text"]
        if not texts:
            continue
        left = min(float(e.get("x") or e.get("x1") or "inf") for e in items)
        rows = sorted({float(t.get("y")) for t in texts})
        for k, e in enumerate(items):
            if e.tag != NS + "text" or not (e.text or "").endswith(":"):
                continue
            swatches = []  # (row, x) of each swatch after the key: a rect and its text
            j = k + 1
            while j + 1 < len(items) and items[j].tag == NS + "rect" and items[j + 1].tag == NS + "text":
                swatches.append((rows.index(float(items[j + 1].get("y"))), float(items[j].get("x"))))
                j += 2
            if not swatches:
                continue
            key_row = rows.index(float(e.get("y")))
            first_row, x = swatches[0]
            starts_row = x - left < 8.0  # a swatch's rect is inset by 3 px (times the font scale) from its entry
            if first_row not in (key_row, key_row + 1) or (first_row == key_row + 1 and not starts_row):
                return f"key {e.text!r}: its first swatch is not on its row or at the start of the next"
            if swatches[-1][0] != first_row and not starts_row:
                return f"key {e.text!r}: its swatches are split over rows from mid-row ({swatches})"
    return None


def main():
    root = ET.parse(sys.argv[1]).getroot()
    W, H = float(root.get("width")), float(root.get("height"))
    texts = [t for t in root.iter(NS + "text")]  # a <tspan> is measured with its <text>
    boxes = [box(t) for t in texts]
    for i, (a, t) in enumerate(zip(boxes, texts)):
        if a[0] < -1e-9 or a[1] < -1e-9 or a[2] > W + 1e-9 or a[3] > H + 1e-9:
            print(f"label {t.text!r} leaves the {W:g} x {H:g} figure: {a}")
            sys.exit(1)
        for b, u in zip(boxes[i + 1:], texts[i + 1:]):
            if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]:
                print(f"labels {t.text!r} {a} and {u.text!r} {b} intersect")
                sys.exit(1)
    clash = curve_clashes(root)
    if clash:
        print(f"label {clash[0]!r} {clash[1]} meets a curve")
        sys.exit(1)
    clash = legend_clash(root)
    if clash:
        print(f"legend: {clash}")
        sys.exit(1)
    print(f"{len(texts)} labels disjoint")


main()
