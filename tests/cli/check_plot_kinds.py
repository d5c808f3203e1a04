"""Checks of plot's figures of the rolling sphere and the Celtic stone (tests/cli/plot_kinds.sh),
with the standard library only. Every data point is mapped to pixels here, from the frame's
rectangle and its data-x-range/data-y-range (docs/manual.md section 11), independently of plot's
own map, and compared with the report's numbers.

  check_plot_kinds.py roll SVG REPORT
      each series of the Fig. 3 panels (X; U_X, Omega_Y; r_T_X, m_T_Y in kN and kN m), and with
      spin Omega_Z and m_T_Z, is one polyline through the report's samples; a dashed line at each mode change in every panel
  check_plot_kinds.py closed-form SVG X_MAX T_STOP
      the dotted closed form of X reaches (T_STOP, X_MAX) (values from docs/manual.md section 10)
  check_plot_kinds.py celt SVG REPORT
      omega_1..3 (body) in the first panel and the spin in the second are polylines through the
      report's samples; each reversal is a circle at (t, 0) of the second panel and the spin
      samples change sign across it
  check_plot_kinds.py comparison SVG REPORT
      each model but W1 is a circle at (log10 rhs_evaluations, log10 mean_square_deviation), W1 a
      dashed vertical line at log10 of its cost
  check_plot_kinds.py roll-map SVG REPORT
      one cell per (mu, mu_r) centred at its values, filled with the viridis colour of X_max on
      the colour bar's range (the range of X_max); the runs that did not stop, and only they,
      hatched
  check_plot_kinds.py pdf FILE W H      one page of W x H pt
  check_plot_kinds.py png FILE W H      the PNG signature and an IHDR of W x H
Exit 0 when the check holds, 1 with a message otherwise.
"""
import json
import math
import re
import struct
import sys
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"
# px: plot prints coordinates to 1/100 px, each within 0.005 of its value; a point mapped here from
# the printed frame (its x and width, or y and height) against the printed point: 3 x 0.005
PIXEL_TOLERANCE = 0.0151
VIRIDIS = [(0x44, 0x01, 0x54), (0x3b, 0x52, 0x8b), (0x21, 0x91, 0x8c), (0x5e, 0xc9, 0x62), (0xfd, 0xe7, 0x25)]


class Frame:
    """A plot frame: its rectangle and data ranges; an axis with data-x-scale (data-y-scale)="log"
    is logarithmic, a pixel affine in log10 of the value."""
    def __init__(self, rect):
        self.x0, self.x1 = map(float, rect.get("data-x-range").split())
        self.y0, self.y1 = map(float, rect.get("data-y-range").split())
        self.fx, self.fy, self.fw, self.fh = (float(rect.get(k)) for k in ("x", "y", "width", "height"))
        self.log_x, self.log_y = rect.get("data-x-scale") == "log", rect.get("data-y-scale") == "log"

    @staticmethod
    def fraction(v, lo, hi, log):
        if log:
            return (math.log10(v) - math.log10(lo)) / (math.log10(hi) - math.log10(lo))
        return (v - lo) / (hi - lo)

    def pixel(self, x, y):
        return (self.fx + self.fraction(x, self.x0, self.x1, self.log_x) * self.fw,
                self.fy + self.fh - self.fraction(y, self.y0, self.y1, self.log_y) * self.fh)


def frames(root):
    return [Frame(e) for e in root.iter(SVG + "rect") if e.get("class") == "frame"]


def series_points(root, key):
    """The points of the polylines in <g class="series KEY">, in order."""
    for g in root.iter(SVG + "g"):
        if g.get("class") == "series " + key:
            points = []
            for line in g.iter(SVG + "polyline"):
                points += [tuple(map(float, p.split(","))) for p in line.get("points").split()]
            return points
    raise AssertionError(f"no series {key}")


def check_series(root, frame, key, t, values, errors):
    points = series_points(root, key)
    if len(points) != len(t):
        errors.append(f"series {key}: {len(points)} points, the report has {len(t)} samples")
        return
    worst = max(max(abs(p - q) for p, q in zip(point, frame.pixel(x, y))) for point, x, y in zip(points, t, values))
    if worst > PIXEL_TOLERANCE:
        errors.append(f"series {key}: a point {worst:.4f} px off the report's sample")


def vertical_lines(root, frame, dash):
    """The x pixels of the dashed lines (stroke-dasharray DASH) spanning the frame."""
    xs = []
    for e in root.iter(SVG + "line"):
        if e.get("stroke-dasharray") == dash and abs(float(e.get("x1")) - float(e.get("x2"))) < 1e-9 and \
                abs(float(e.get("y1")) - frame.fy) < 0.01 and abs(float(e.get("y2")) - frame.fy - frame.fh) < 0.01:
            xs.append(float(e.get("x1")))
    return xs


def check_marks(root, fs, times, dash, what, errors):
    for k, frame in enumerate(fs):
        xs = vertical_lines(root, frame, dash)
        for t in times:
            px = frame.pixel(t, 0.0)[0]
            if not any(abs(x - px) <= PIXEL_TOLERANCE for x in xs):
                errors.append(f"panel {k}: no dashed line at the {what} t = {t}")


def roll(svg, report):
    root, r = ET.parse(svg).getroot(), json.load(open(report))
    h, fs, errors = r["history"], frames(root), []
    panels = {"X": (0, 1.0), "U_X": (1, 1.0), "Omega_Y": (1, 1.0), "r_T_X": (2, 1e-3), "m_T_Y": (2, 1e-3)}
    if any(h["Omega_Z"]):  # spin about the normal: drawn with its moment
        panels.update({"Omega_Z": (1, 1.0), "m_T_Z": (2, 1e-3)})
    elif any(g.get("class") in ("series Omega_Z", "series m_T_Z") for g in root.iter(SVG + "g")):
        errors.append("Omega_Z drawn for a run without spin")
    for key, (panel, unit) in panels.items():
        check_series(root, fs[panel], key, h["t"], [v * unit for v in h[key]], errors)
    check_marks(root, fs, [m["t"] for m in r["modes"]], "6 4", "mode change", errors)
    return errors


def closed_form(svg, x_max, t_stop):
    root = ET.parse(svg).getroot()
    frame = frames(root)[0]
    want = frame.pixel(float(t_stop), float(x_max))
    points = series_points(root, "closed-form-X")
    near = min(max(abs(p[0] - want[0]), abs(p[1] - want[1])) for p in points)
    return [] if near <= PIXEL_TOLERANCE else [f"the closed form of X passes {near:.4f} px from (t_stop, X_max)"]


def celt(svg, report):
    root, r = ET.parse(svg).getroot(), json.load(open(report))
    h, fs, errors = r["history"], frames(root), []
    for c in range(3):
        check_series(root, fs[0], f"omega_{c + 1}", h["t"], [w[c] for w in h["omega"]], errors)
    check_series(root, fs[1], "spin", h["t"], h["spin"], errors)
    reversals = r["run"]["reversals"]
    check_marks(root, fs, reversals, "5 3", "reversal", errors)
    circles = [(float(e.get("cx")), float(e.get("cy"))) for g in root.iter(SVG + "g") if g.get("class") == "reversals"
               for e in g.iter(SVG + "circle")]
    if len(circles) != len(reversals):
        errors.append(f"{len(circles)} reversal circles, the report has {len(reversals)} reversals")
    for t, c in zip(reversals, circles):
        want = fs[1].pixel(t, 0.0)
        if max(abs(c[0] - want[0]), abs(c[1] - want[1])) > PIXEL_TOLERANCE:
            errors.append(f"the reversal at t = {t} is drawn at {c}, not at {want}")
        # an odd number of reversals between two samples: the samples differ in sign
        k = max(i for i, s in enumerate(h["t"]) if s <= t)
        inside = sum(h["t"][k] <= s < h["t"][min(k + 1, len(h["t"]) - 1)] for s in reversals)
        if k + 1 < len(h["t"]) and inside % 2 == 1 and h["spin"][k] * h["spin"][k + 1] > 0:
            errors.append(f"the spin samples do not change sign across the reversal t = {t}")
    return errors


def comparison(svg, report):
    import math
    root, r = ET.parse(svg).getroot(), json.load(open(report))
    frame, errors = frames(root)[0], []
    circles = {e.get("data-model"): (float(e.get("cx")), float(e.get("cy"))) for e in root.iter(SVG + "circle")
               if e.get("data-model")}
    for m in r["models"]:
        if m["model"] == "W1":
            check_marks(root, [frame], [math.log10(m["rhs_evaluations"])], "6 4", "W1 cost", errors)
            continue
        want = frame.pixel(math.log10(m["rhs_evaluations"]), math.log10(m["mean_square_deviation"]))
        got = circles.get(m["model"])
        if got is None or max(abs(got[0] - want[0]), abs(got[1] - want[1])) > PIXEL_TOLERANCE:
            errors.append(f"model {m['model']}: drawn at {got}, want {want}")
    if len(circles) != len(r["models"]) - 1:
        errors.append(f"{len(circles)} model circles for {len(r['models']) - 1} models besides W1")
    return errors


def viridis(u):
    u = min(max(u, 0.0), 1.0) * 4.0
    k = min(3, int(u))
    f = u - k
    return "#" + "".join(f"{int(round(VIRIDIS[k][c] + f * (VIRIDIS[k + 1][c] - VIRIDIS[k][c]))):02x}" for c in range(3))


def roll_map(svg, report):
    root, r = ET.parse(svg).getroot(), json.load(open(report))
    frame, errors = frames(root)[0], []
    cells = [e for g in root.iter(SVG + "g") if g.get("class") == "cells" for e in g.iter(SVG + "rect")]
    mu, mu_r, x_max, stopped = r["mu"], r["mu_r"], r["X_max"], r["stopped"]
    values = [v for row in x_max for v in row if v is not None]
    lo, hi = min(values), max(values)
    bar = [e for e in root.iter(SVG + "rect") if e.get("class") == "colour-bar"]
    if not bar or [float(v) for v in bar[0].get("data-range").split()] != [lo, hi]:
        errors.append(f"the colour bar does not span X_max [{lo}, {hi}]")
    if len(cells) != len(mu) * len(mu_r):
        return errors + [f"{len(cells)} cells, want {len(mu)} x {len(mu_r)}"]
    hatch = [e for g in root.iter(SVG + "g") if g.get("class") == "missing" for e in g.iter(SVG + "line")]
    for n, cell in enumerate(cells):
        k, i = divmod(n, len(mu))  # rows of mu_r, mu along each
        x, y, w, hgt = (float(cell.get(a)) for a in ("x", "y", "width", "height"))
        cx, cy = frame.pixel(mu[i], mu_r[k])
        if abs(x + w / 2 - cx) > 2 * PIXEL_TOLERANCE or abs(y + hgt / 2 - cy) > 2 * PIXEL_TOLERANCE:  # + the cell's side
            errors.append(f"cell ({mu[i]}, {mu_r[k]}) centred at ({x + w / 2}, {y + hgt / 2}), want ({cx}, {cy})")
        v = x_max[i][k]
        if v is not None and cell.get("fill") != viridis((v - lo) / (hi - lo)):
            errors.append(f"cell ({mu[i]}, {mu_r[k]}): fill {cell.get('fill')}, want {viridis((v - lo) / (hi - lo))}")
        inside = [ln for ln in hatch if x - 0.01 <= (float(ln.get("x1")) + float(ln.get("x2"))) / 2 <= x + w + 0.01 and
                  y - 0.01 <= (float(ln.get("y1")) + float(ln.get("y2"))) / 2 <= y + hgt + 0.01]
        if bool(inside) == stopped[i][k]:
            errors.append(f"cell ({mu[i]}, {mu_r[k]}): stopped {stopped[i][k]} but {len(inside)} hatch lines")
    return errors


def pdf(path, w, h):
    data = open(path, "rb").read()
    errors = [] if data.startswith(b"%PDF-") else ["does not start with %PDF-"]
    pages = re.findall(rb"/Type\s*/Page(?![s\w])", data)
    boxes = re.findall(rb"/MediaBox\s*\[\s*([-\d. ]+)\]", data)
    if len(pages) != 1:
        errors.append(f"{len(pages)} pages")
    if [[float(v) for v in b.split()] for b in boxes] != [[0.0, 0.0, float(w), float(h)]]:
        errors.append(f"MediaBox {boxes}, want [0 0 {w} {h}]")
    return errors


def png(path, w, h):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        return ["no PNG signature and IHDR"]
    width, height = struct.unpack(">II", data[16:24])
    return [] if (width, height) == (int(w), int(h)) else [f"{width} x {height}, want {w} x {h}"]


def main(argv, checks=None):
    """Runs the check argv[1] (of `checks`, by default this file's) on argv[2:]."""
    checks = checks or {"roll": roll, "closed-form": closed_form, "celt": celt, "comparison": comparison, "roll-map": roll_map, "pdf": pdf, "png": png}
    errors = checks[argv[1]](*argv[2:])
    for e in errors[:10]:
        print(e)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
