"""The heat maps of scan summaries (tests/cli/plot_heatmap.sh), with the standard library only.

  check_heatmap.py make SUMMARY
      writes a limitdir.scan-summary/1 whose table is a known pattern: x = friction.mu 0:1:11,
      y = system.lambda 2..9, force aggregated (3 points a cell); the class is a function of
      (x, y) (three regions), the level proven but incomplete at (0.5, 5) and none at (0.8, 3),
      the field X_max mean x y (min and max 1 below and above); the cells (0.7..0.9, 7..8) have
      no record and (0.2, 3) only 2 of its 3 points.
  check_heatmap.py check SVG PNG SUMMARY MODE
      every cell of the SUMMARY's table, at its value (mapped to pixels here from the frame's
      data range and rectangle), has in the PNG: for a cell without records, white and ink (the
      hatching) within 2 px; for a cell with some points missing, its colour (below) and another
      (the hatching) within 2 px; for a weak level (incomplete or none; not in MODE level), black
      within 2 px (the cross); otherwise, at its centre pixel, the colour that the legend gives
      its class or level (MODE class, level: the swatch whose data-label names it), or for MODE
      mean, min or max the colour of the colour bar at the height of the cell's value. Every
      legend entry is whole: the lines of text after its swatch, joined, are its data-label (a
      class name is never cut, e.g. with "...").
Exit 0 when every cell holds, 1 with one line per failing cell otherwise.
"""
import json
import os
import sys
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_plot import SVG, read_png, is_ink, matches  # noqa: E402

BAR_TOLERANCE = 16  # per channel: the bar has 64 bands, half a band is <= 5 per channel of viridis;
# the bar is read 3 px inside its ends (its black outline blends into the outer 2 px): 3 px of
# the 220 px bar of these figures, <= 9 per channel more at the ends of the range


def make(path):
    xs = [i / 10 for i in range(11)]
    ys = [2.0 + j for j in range(8)]
    missing = {(i, j) for i in (7, 8, 9) for j in (5, 6)}
    weak = {(5, 3): "incomplete", (8, 1): "none"}

    def cls(x, y):
        if x + y / 10 < 0.6:
            return "1 attracting saddle, 2 attracting stable-node, 1 attracting unstable-node, 1 repelling stable-node"
        return "2 attracting stable-node" if x < 0.65 else "Case 4"

    cells, counts = [], {}
    for j, y in enumerate(ys):
        row = []
        for i, x in enumerate(xs):
            if (i, j) in missing:
                row.append({"points": 0, "missing": 3, "class": None, "class_count": 0, "classes": 0,
                            "level": None, "field": None})
                continue
            n = 2 if (i, j) == (2, 1) else 3
            counts[cls(x, y)] = counts.get(cls(x, y), 0) + n
            row.append({"points": n, "missing": 3 - n, "class": cls(x, y), "class_count": n, "classes": 1,
                        "level": weak.get((i, j), "proven"),
                        "field": {"mean": x * y, "min": x * y - 1, "max": x * y + 1, "count": n}})
        cells.append(row)
    recorded = sum(counts.values())
    summary = {
        "schema": "limitdir.scan-summary/1", "grid": "0123456789abcdef", "kind": "product",
        "keys": ["friction.mu", "system.lambda", "force"], "job": None, "problem": None,
        "points": 264, "recorded": recorded,
        "missing": {"count": 264 - recorded, "first": []},
        "status": {"0": recorded, "2": 0, "3": 0, "4": 0, "5": 0},
        "levels": {"none": 3, "incomplete": 3, "checked": 0, "proven": recorded - 6}, "seconds": 1.0,
        "classes": [{"class": c, "count": n, "examples": [0]}
                    for c, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))],
        "worst": None, "slowest": [],
        "table": {"x": {"key": "friction.mu", "values": xs}, "y": {"key": "system.lambda", "values": ys},
                  "aggregated": [{"key": "force", "count": 3}],
                  "aggregation": {"class": "most frequent", "level": "weakest", "field": "mean, min, max"},
                  "field": "X_max", "points_per_cell": 3, "missing_cells": len(missing), "partial_cells": 1,
                  "cells": cells}}
    with open(path, "w") as f:
        json.dump(summary, f)


def near(rows, px, py, radius, test):
    for dy in range(-radius, radius + 1):
        for dx in range(-radius, radius + 1):
            i, j = int(round(px)) + dx, int(round(py)) + dy
            if 0 <= j < len(rows) and 0 <= i < len(rows[0]) and test(rows[j][i]):
                return True
    return False


def close(p, q, tolerance):
    return all(abs(p[k] - q[k]) <= tolerance for k in range(3))


def check(svg_path, png_path, summary_path, mode):
    root = ET.parse(svg_path).getroot()
    rects = list(root.iter(SVG + "rect"))
    frame = [e for e in rects if e.get("class") == "frame"][0]
    x0, x1 = map(float, frame.get("data-x-range").split())
    y0, y1 = map(float, frame.get("data-y-range").split())
    fx, fy, fw, fh = (float(frame.get(k)) for k in ("x", "y", "width", "height"))
    legend = {e.get("data-label"): e.get("fill") for e in rects if e.get("class") == "swatch"}
    width, height, rows = read_png(png_path)
    sx, sy = width / float(root.get("width")), height / float(root.get("height"))
    table = json.load(open(summary_path))["table"]
    counts = {c["class"]: c["count"] for c in json.load(open(summary_path))["classes"]}
    bar = [e for e in rects if e.get("class") == "colour-bar"]
    failures = []
    for j, y in enumerate(table["y"]["values"]):
        for i, x in enumerate(table["x"]["values"]):
            c = table["cells"][j][i]
            px = (fx + (x - x0) / (x1 - x0) * fw) * sx
            py = (fy + fh - (y - y0) / (y1 - y0) * fh) * sy
            where = f"cell ({x}, {y}) at ({px:.1f}, {py:.1f})"
            if c["points"] == 0:
                if not (near(rows, px, py, 2, lambda p: matches(p, "#ffffff")) and near(rows, px, py, 2, is_ink)):
                    failures.append(where + ": no record, but not white and hatched")
                continue
            if mode != "level" and c["level"] in ("incomplete", "none"):
                if not near(rows, px, py, 2, lambda p: matches(p, "#000000")):
                    failures.append(where + f": level {c['level']}, but no cross")
                continue
            if c["missing"] > 0:  # some points missing: hatched over the colour
                label = c["level"] if mode == "level" else f"{c['class']} ({counts[c['class']]})"
                colour = legend.get(label, "#ffffff") if mode in ("class", "level") else "ink"
                if not (near(rows, px, py, 2, lambda p: matches(p, colour)) and
                        near(rows, px, py, 2, lambda p: not matches(p, colour))):
                    failures.append(where + f": {c['missing']} missing, but not hatched over {colour}")
                continue
            if mode in ("class", "level"):
                label = c["level"] if mode == "level" else f"{c['class']} ({counts[c['class']]})"
                if label not in legend:
                    failures.append(where + f": no legend entry {label!r}")
                elif not matches(rows[int(round(py))][int(round(px))], legend[label]):
                    failures.append(where + f": {rows[int(round(py))][int(round(px))]}, legend {label!r} {legend[label]}")
                continue
            lo, hi = map(float, bar[0].get("data-range").split())
            bx, by, bw, bh = (float(bar[0].get(k)) for k in ("x", "y", "width", "height"))
            t = (c["field"][mode] - lo) / (hi - lo)
            want = rows[int(round((by + bh - min(max(t * bh, 3.0), bh - 3.0)) * sy))][int(round((bx + bw / 2) * sx))]
            got = rows[int(round(py))][int(round(px))]
            if not close(got, want, BAR_TOLERANCE):
                failures.append(where + f": {mode} {c['field'][mode]} drawn {got[:3]}, the bar there {want[:3]}")
    failures += cut_entries(root)
    for f in failures:
        print(f)
    return 1 if failures else 0


def cut_entries(root):
    """The legend entries whose text lines (the texts after a swatch, up to the next element
    that is not a text) do not join to the swatch's data-label."""
    failures, elements = [], list(root.iter())
    for k, e in enumerate(elements):
        if e.tag != SVG + "rect" or e.get("class") != "swatch":
            continue
        lines = []
        for t in elements[k + 1:]:
            if t.tag != SVG + "text":
                break
            lines.append("".join(t.itertext()))
        if "".join(" ".join(lines).split()) != "".join(e.get("data-label").split()):
            failures.append(f"legend entry {e.get('data-label')!r} drawn as {lines!r}")
    return failures


if __name__ == "__main__":
    if sys.argv[1] == "make":
        make(sys.argv[2])
        sys.exit(0)
    sys.exit(check(*sys.argv[2:6]))
