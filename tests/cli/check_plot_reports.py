"""Checks of plot's figures of classify, simulate --survey, classify --regions and celt
--slip-system (tests/cli/plot_reports.sh), with the standard library only: every mark is mapped
to pixels here, from the frame's rectangle and its data-x-range/data-y-range or the hemisphere's
data-view/data-right/data-up (docs/manual.md section 11), independently of plot's own map, and
compared with the report's numbers.

  check_plot_reports.py classification SVG REPORT
      one marker per classified direction on each hemisphere that shows it, centred at its w; its
      shape its type on the sphere (disc node, diamond focus, square saddle, triangle
      non-hyperbolic; a white centre when unstable), its fill the sign of rdot (blue < 0, red > 0;
      white tangent); a cross at each given input; the caption's counts those of the report
  check_plot_reports.py slip SVG CELT_REPORT LIMITS_REPORT
      one disc per limit direction of LIMITS_REPORT (find-limits of the exported problem) at its
      w, and a cross at slip_at_t / |slip_at_t|; the caption names the model, mu and t
  check_plot_reports.py survey SVG REPORT
      one bar per entry, centred at its number, its height the entry's count on the frame's axis
      (so heights are proportional to the counts), labelled "count (share %)"; the caption's
      numbers of seeds, stick, never stick, failed and unmatched those of the report
  check_plot_reports.py regions SVG REPORT
      each region shaded from its from to its to (cut to the frame), its count over it, a line
      and a label with the value at every boundary inside the frame, a marker at each event's
      value on the strip's lower edge with its letter beside it, the title naming the parameter
      and the range
Exit 0 when the check holds, 1 with a message otherwise.
"""
import json
import math
import re
import sys
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"
# px: coordinates are printed to 1/100 px; a marker's centre mapped here from the printed
# hemisphere (centre and radius, each within 0.005) against the printed shape: 4 x 0.005 + the
# shapes' own rounding (a square's corner + half its side, 2 x 0.005)
PIXEL_TOLERANCE = 0.031
RIM = 1e-9  # a direction on the rim is shown on both hemispheres (plot/sphere_view.cpp's rim_slack)
FILL = {"attracting": "#1f63d4", "repelling": "#d62728", "tangent": "white"}
SHAPE = {"stable-node": "circle", "unstable-node": "circle", "saddle": "rect", "stable-focus": "diamond",
         "unstable-focus": "diamond", "non-hyperbolic": "triangle"}


def vec(text):
    return [float(v) for v in text.split()]


def dot(a, b):
    return sum(x * y for x, y in zip(a, b))


def unit(w):
    n = math.sqrt(dot(w, w))
    return [x / n for x in w]


def hemispheres(root):
    """[(view, right, up, cx, cy, r, group)] with the group of class limit-directions drawn on it."""
    discs = [e for e in root.iter(SVG + "circle") if e.get("class") == "hemisphere"]
    groups = [g for g in root.iter(SVG + "g") if g.get("class") == "limit-directions"]
    if len(discs) != 2 or len(groups) != 2:
        raise SystemExit(f"want 2 hemispheres and 2 groups of limit directions, got {len(discs)}, {len(groups)}")
    return [(vec(d.get("data-view")), vec(d.get("data-right")), vec(d.get("data-up")), float(d.get("cx")),
             float(d.get("cy")), float(d.get("r")), g) for d, g in zip(discs, groups)]


def shape_of(e):
    """(kind, centre x, centre y, fill) of a marker element, kind circle, rect, diamond or triangle."""
    tag = e.tag[len(SVG):]
    if tag == "circle":
        return "circle", float(e.get("cx")), float(e.get("cy")), e.get("fill")
    if tag == "rect":
        return "rect", float(e.get("x")) + float(e.get("width")) / 2, float(e.get("y")) + float(e.get("height")) / 2, e.get("fill")
    points = [tuple(map(float, p.split(","))) for p in e.get("points").split()]
    if len(points) == 4:  # the diamond's centre: the mean of its vertices
        return "diamond", sum(p[0] for p in points) / 4, sum(p[1] for p in points) / 4, e.get("fill")
    # the triangle (apex up): apex x; its vertical centre 1.2 r below the apex, the base 0.8 r below it
    apex = min(points, key=lambda p: p[1])
    base = max(p[1] for p in points)
    return "triangle", apex[0], apex[1] + (base - apex[1]) * 1.2 / 2.0, e.get("fill")


def markers(group):
    """The markers in a group: shapes with a black edge (white centres and crosses excluded)."""
    out = []
    for e in group:
        tag = e.tag[len(SVG):]
        if tag in ("circle", "rect", "polygon") and e.get("stroke") == "black":
            out.append(shape_of(e))
    return out


def crosses(group):
    """The centres of the crosses: a horizontal and a vertical line of equal length meeting there."""
    lines = [tuple(float(e.get(k)) for k in ("x1", "y1", "x2", "y2")) for e in group if e.tag == SVG + "line"]
    flat = [l for l in lines if abs(l[1] - l[3]) < 1e-9 and l[0] != l[2]]
    upright = [l for l in lines if abs(l[0] - l[2]) < 1e-9 and l[1] != l[3]]
    return [((h[0] + h[2]) / 2, h[1]) for h in flat for v in upright
            if abs(v[0] - (h[0] + h[2]) / 2) < 0.02 and abs((v[1] + v[3]) / 2 - h[1]) < 0.02]


def expected(hemi, w):
    view, right, up, cx, cy, r, _ = hemi
    return (cx + r * dot(w, right), cy - r * dot(w, up)) if dot(w, view) >= -RIM else None


def check_sphere(svg, directions, inputs, code, errors):
    """directions: [(w, radial, type)]; inputs: unit vectors drawn as crosses."""
    root = ET.parse(svg).getroot()
    for k, hemi in enumerate(hemispheres(root)):
        shown = markers(hemi[6])
        want = [(expected(hemi, unit(w)), radial, t) for w, radial, t in directions]
        want = [x for x in want if x[0] is not None]
        if len(shown) != len(want):
            errors.append(f"hemisphere {k}: {len(shown)} markers, want {len(want)} (the report's directions shown there)")
        for (px, py), radial, t in want:
            near = [m for m in shown if abs(m[1] - px) < PIXEL_TOLERANCE and abs(m[2] - py) < PIXEL_TOLERANCE]
            if not near:
                errors.append(f"hemisphere {k}: no marker at ({px:.2f}, {py:.2f}) for a {radial} {t}")
            elif code == "class" and (near[0][0] != SHAPE[t] or near[0][3] != FILL[radial]):
                errors.append(f"hemisphere {k}: the {radial} {t} at ({px:.2f}, {py:.2f}) is a {near[0][0]} filled "
                              f"{near[0][3]}, want a {SHAPE[t]} filled {FILL[radial]}")
            hollow = [e for e in hemi[6] if e.tag == SVG + "circle" and e.get("fill") == "white" and e.get("stroke") == "none"
                      and abs(float(e.get("cx")) - px) < PIXEL_TOLERANCE and abs(float(e.get("cy")) - py) < PIXEL_TOLERANCE]
            if code == "class" and bool(hollow) != t.startswith("unstable"):
                errors.append(f"hemisphere {k}: the {t} at ({px:.2f}, {py:.2f}) {'has' if hollow else 'lacks'} a white centre")
        got = crosses(hemi[6])
        for w in inputs:
            p = expected(hemi, w)
            if p and not any(abs(c[0] - p[0]) < PIXEL_TOLERANCE and abs(c[1] - p[1]) < PIXEL_TOLERANCE for c in got):
                errors.append(f"hemisphere {k}: no cross at ({p[0]:.2f}, {p[1]:.2f}) for {w}")
    return root


def texts(root):
    return [t.text or "" for t in root.iter(SVG + "text")]


def classification(svg, report_path):
    r = json.load(open(report_path))
    errors = []
    done = [d for d in r["directions"] if d["status"] == "classified"]
    for d in done:  # the fill's meaning: Def. 2, attracting iff rdot < 0 (tangent near 0)
        if d["radial"] != "tangent" and (d["rdot"] < 0) != (d["radial"] == "attracting"):
            errors.append(f"report: rdot {d['rdot']} against radial {d['radial']}")
    inputs = [unit(d["input"]) for d in r["directions"]]
    root = check_sphere(svg, [(d["w"], d["radial"], d["sphere"]["type"]) for d in done], inputs, "class", errors)
    caption = f"{len(done)} of {len(r['directions'])} directions classified"
    unclassified = f"{len(r['directions']) - len(done)} unclassified"
    if not any(caption in t and t.endswith(unclassified) for t in texts(root)):
        errors.append(f"no caption '{caption}: ...; {unclassified}'")
    return errors


def slip(svg, celt_path, limits_path):
    celt, limits = json.load(open(celt_path)), json.load(open(limits_path))
    errors = []
    s = celt["slip_at_t"]
    inputs = [unit(s)] if any(s) else []
    dirs = [(d["w"], d["radial"], d["sphere"]["type"]) for d in limits["limit_directions"]]
    root = check_sphere(svg, dirs, inputs, "fig11", errors)
    title = [t for t in texts(root) if t.startswith("Celtic stone")]
    want = [f"t = {celt['t']:g} s", f"\u03bc = {celt['mu']:g}", "W1" if limits["problem"]["friction"]["model"] == "kudra-w" else "P1"]
    if not title or not all(w in title[0] for w in want):
        errors.append(f"title {title} does not name {want}")
    return errors


def frame_of(root):
    rects = [e for e in root.iter(SVG + "rect") if e.get("class") == "frame"]
    if len(rects) != 1:
        raise SystemExit(f"want one frame, got {len(rects)}")
    e = rects[0]
    x0, x1 = vec(e.get("data-x-range"))
    y0, y1 = vec(e.get("data-y-range"))
    fx, fy, fw, fh = (float(e.get(k)) for k in ("x", "y", "width", "height"))
    return (lambda x: fx + (x - x0) / (x1 - x0) * fw), (lambda y: fy + fh - (y - y0) / (y1 - y0) * fh), (fx, fy, fw, fh)


def survey(svg, report_path):
    r = json.load(open(report_path))
    root = ET.parse(svg).getroot()
    to_x, to_y, _ = frame_of(root)
    errors = []
    bars = [e for e in root.iter(SVG + "rect") if e.get("class") == "bar"]
    if len(bars) != len(r["entries"]):
        errors.append(f"{len(bars)} bars, want one per entry ({len(r['entries'])})")
    for k, (bar, e) in enumerate(zip(bars, r["entries"])):
        x, w, y, h = (float(bar.get(a)) for a in ("x", "width", "y", "height"))
        if abs(x + w / 2 - to_x(k + 1)) > PIXEL_TOLERANCE:
            errors.append(f"bar {k + 1}: centred at {x + w / 2}, want {to_x(k + 1):.2f}")
        if abs(y - to_y(e["count"])) > PIXEL_TOLERANCE or abs(y + h - to_y(0)) > PIXEL_TOLERANCE:
            errors.append(f"bar {k + 1}: from {y + h} up to {y}, want {to_y(0):.2f} to {to_y(e['count']):.2f} (count {e['count']})")
        label = f"{e['count']} ({100 * e['count'] / r['trajectories']:.3g} %)"
        if label not in texts(root):
            errors.append(f"bar {k + 1}: no label '{label}'")
    back = r["backward"]
    note = (f"{r['stick']} {'came from stick' if back else 'stick'}, {r['never_stick']} never stick, {r['failed']} failed, "
            f"{r['unmatched']} ended at no known limit direction")
    if note not in texts(root):
        errors.append(f"no caption '{note}'")
    if not any(f"{r['trajectories']} seeds" in t for t in texts(root)):
        errors.append(f"the title does not state the {r['trajectories']} seeds")
    return errors


def regions(svg, report_path):
    r = json.load(open(report_path))
    root = ET.parse(svg).getroot()
    to_x, _, (fx, fy, fw, fh) = frame_of(root)
    errors = []
    lo, hi = fx, fx + fw
    clamp = lambda p: min(max(p, lo), hi)
    shaded = [e for e in root.iter(SVG + "rect") if e.get("class") == "region"]
    if len(shaded) != len(r["regions"]):
        errors.append(f"{len(shaded)} regions shaded, want {len(r['regions'])}")
    labels = [t for g in root.iter(SVG + "g") if g.get("class") == "region-labels" for t in g.iter(SVG + "text")]
    for k, (e, reg) in enumerate(zip(shaded, r["regions"])):
        a, b = clamp(to_x(min(reg["from"], reg["to"]))), clamp(to_x(max(reg["from"], reg["to"])))
        x, w = float(e.get("x")), float(e.get("width"))
        if abs(x - a) > PIXEL_TOLERANCE or abs(x + w - b) > PIXEL_TOLERANCE:
            errors.append(f"region {k}: shaded from {x} to {x + w}, want {a:.2f} to {b:.2f}")
        want = str(reg["count"]) + (f", Case {reg['case']}" if reg.get("case") is not None else "")
        if b - a > 0 and not any(t.text == want and abs(float(t.get("x")) - (a + b) / 2) < PIXEL_TOLERANCE for t in labels):
            errors.append(f"region {k}: no label '{want}' over the middle ({(a + b) / 2:.2f}) of its shown part")
    values = [t for g in root.iter(SVG + "g") if g.get("class") == "boundary-values" for t in g.iter(SVG + "text")]
    lines = [e for g in root.iter(SVG + "g") if g.get("class") == "regions" for e in g.iter(SVG + "line")]
    for reg in r["regions"][1:]:
        p = to_x(reg["from"])
        if not lo < p < hi:
            continue
        if not any(abs(float(l.get("x1")) - p) < PIXEL_TOLERANCE for l in lines):
            errors.append(f"no line at the boundary {reg['from']} (x = {p:.2f})")
        text = f"{reg['from']:.4g}"
        # a label beside the line: its box (0.64 em a character, as plot/svg.hpp estimates) ends
        # 3 px from it on one side
        beside = lambda t: abs(abs(float(t.get("x")) - p) - (3 + 0.64 * float(t.get("font-size")) * len(text) / 2))
        if not any(t.text == text and beside(t) < 0.02 for t in values):
            errors.append(f"no label '{text}' beside the boundary at x = {p:.2f}")
    # every event inside the frame a marker on its lower edge at its value, its letter beside it
    letters = {"tangency": "T", "fold": "F", "pitchfork": "P", "branch-point": "B", "hopf": "H", "continuum": "C",
               "kink": "K", "jump": "J"}
    marks = [e for g in root.iter(SVG + "g") if g.get("class") == "event-markers" for e in g.iter(SVG + "circle")]
    named = [t for g in root.iter(SVG + "g") if g.get("class") == "events" for t in g.iter(SVG + "text")]
    inside = [e for e in r.get("events", []) if lo <= to_x(e["value"]) <= hi]
    if len(marks) != len(inside):
        errors.append(f"{len(marks)} event markers, want the {len(inside)} events inside the frame")
    for e in inside:
        p = to_x(e["value"])
        if not any(abs(float(m.get("cx")) - p) < PIXEL_TOLERANCE and abs(float(m.get("cy")) - (fy + fh)) < PIXEL_TOLERANCE
                   for m in marks):
            errors.append(f"no marker of the {e['kind']} at {e['value']} (x = {p:.2f}) on the strip's lower edge")
        # the letter in the first ring about its marker (plot/labels.hpp): within 3 letter widths
        if not any(t.text == letters[e["kind"]] and abs(float(t.get("x")) - p) < 3 * 0.70 * float(t.get("font-size"))
                   for t in named):
            errors.append(f"no letter {letters[e['kind']]} next to the {e['kind']} at x = {p:.2f}")
    # typeset (plot/typeset.hpp): the Greek name of a parameter is its letter
    name = {"force": "F", "lambda": "\u03bb", "rho": "\u03c1", "alpha": "\u03b1", "gamma": "\u03b3"}.get(r["parameter"], r["parameter"])
    title = f"Regions of {name} from {r['from']:g} to {r['to']:g}"
    if not any(t.startswith(title) for t in texts(root)):
        errors.append(f"no title '{title} ...'")
    return errors


def main(argv):
    checks = {"classification": classification, "slip": slip, "survey": survey, "regions": regions}
    errors = checks[argv[1]](*argv[2:])
    for e in errors:
        print(e)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
