"""Checks of plot's figures (tests/cli/plot.sh), with the standard library only.

  check_plot.py size PNG W H
      the PNG is W x H pixels
  check_plot.py ink PNG FRACTION
      at least FRACTION of the pixels are ink (min(R, G, B) < 200, alpha > 128)
  check_plot.py frame SVG PNG INDEX X Y COLOUR
      the data point (X, Y) of the INDEX-th plot frame (rect class="frame", its data-x-range and
      data-y-range mapped onto its x, y, width, height by our own arithmetic) has a pixel of
      COLOUR (#rrggbb, each channel within 48; or "ink") within 2 px in the PNG
  check_plot.py sphere SVG PNG INDEX W1 W2 W3 COLOUR
      the same for the unit vector w on the INDEX-th hemisphere (circle class="hemisphere":
      pixel (cx + r w.right, cy - r w.up))
  check_plot.py same-structure A B
      the SVGs A and B have the same elements in the same order with the same text and
      non-numeric attributes, and numeric attributes within 0.5 (px)
Exit 0 when the check holds, 1 with a message otherwise.
"""
import re
import struct
import sys
import xml.etree.ElementTree as ET
import zlib

SVG = "{http://www.w3.org/2000/svg}"
CHANNEL_TOLERANCE = 48  # anti-aliased edges blend with the background; a line's core keeps its colour
SEARCH_RADIUS = 2       # px: the rendered line or marker may sit half a line width off the point
NUMBER_TOLERANCE = 0.5  # px: regenerated figures may differ in the last printed digit (1/100 px) only


def read_png(path):
    """(width, height, rows of (r, g, b, a)) of an 8-bit RGB or RGBA non-interlaced PNG."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(path + ": not a PNG")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", chunk)
        elif kind == b"IDAT":
            idat += chunk
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace:
        raise ValueError(path + ": only 8-bit RGB/RGBA non-interlaced PNGs are read")
    bpp = 4 if colour == 6 else 3
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = previous[i]
            c = previous[i - bpp] if i >= bpp else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pred) & 255
        rows.append([tuple(line[x * bpp:x * bpp + bpp]) + ((255,) if bpp == 3 else ()) for x in range(width)])
        previous = line
    return width, height, rows


def is_ink(p):
    return p[3] > 128 and min(p[:3]) < 200


def matches(p, colour):
    if colour == "ink":
        return is_ink(p)
    want = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    return p[3] > 128 and all(abs(p[i] - want[i]) <= CHANNEL_TOLERANCE for i in range(3))


def svg_size(root):
    return float(root.get("width")), float(root.get("height"))


def check_pixel(svg_path, png_path, x, y, colour, what):
    root = ET.parse(svg_path).getroot()
    sw, sh = svg_size(root)
    width, height, rows = read_png(png_path)
    px, py = x * width / sw, y * height / sh
    seen = []
    for dy in range(-SEARCH_RADIUS, SEARCH_RADIUS + 1):
        for dx in range(-SEARCH_RADIUS, SEARCH_RADIUS + 1):
            i, j = int(round(px)) + dx, int(round(py)) + dy
            if 0 <= i < width and 0 <= j < height:
                seen.append(rows[j][i])
                if matches(rows[j][i], colour):
                    return 0
    print(f"{what}: no pixel of {colour} within {SEARCH_RADIUS} px of ({px:.1f}, {py:.1f}); saw {sorted(set(seen))[:6]}")
    return 1


def frame_point(svg_path, png_path, index, x, y, colour):
    frames = [e for e in ET.parse(svg_path).getroot().iter(SVG + "rect") if e.get("class") == "frame"]
    f = frames[index]
    x0, x1 = map(float, f.get("data-x-range").split())
    y0, y1 = map(float, f.get("data-y-range").split())
    fx, fy, fw, fh = (float(f.get(k)) for k in ("x", "y", "width", "height"))
    px = fx + (x - x0) / (x1 - x0) * fw
    py = fy + fh - (y - y0) / (y1 - y0) * fh  # pixel rows grow downwards
    return check_pixel(svg_path, png_path, px, py, colour, f"frame {index} point ({x}, {y})")


def sphere_point(svg_path, png_path, index, w, colour):
    discs = [e for e in ET.parse(svg_path).getroot().iter(SVG + "circle") if e.get("class") == "hemisphere"]
    d = discs[index]
    right = list(map(float, d.get("data-right").split()))
    up = list(map(float, d.get("data-up").split()))
    cx, cy, r = (float(d.get(k)) for k in ("cx", "cy", "r"))
    px = cx + r * sum(a * b for a, b in zip(w, right))
    py = cy - r * sum(a * b for a, b in zip(w, up))
    return check_pixel(svg_path, png_path, px, py, colour, f"hemisphere {index} direction {w}")


NUMBER = re.compile(r"-?\d+(\.\d+)?(e-?\d+)?")


def same_value(a, b):
    # equal text is the same value; a colour (#3e3678 reads as the number 3e3678 = inf) must be equal
    if a == b:
        return True
    if (a or "").startswith("#") or (b or "").startswith("#"):
        return False
    ta, tb = NUMBER.split(a or ""), NUMBER.split(b or "")
    na = [float(m.group()) for m in NUMBER.finditer(a or "")]
    nb = [float(m.group()) for m in NUMBER.finditer(b or "")]
    return ta == tb and len(na) == len(nb) and all(abs(u - v) <= NUMBER_TOLERANCE for u, v in zip(na, nb))


def same_structure(a, b):
    ea, eb = list(ET.parse(a).getroot().iter()), list(ET.parse(b).getroot().iter())
    if len(ea) != len(eb):
        print(f"{a}: {len(ea)} elements, {b}: {len(eb)}")
        return 1
    for k, (x, y) in enumerate(zip(ea, eb)):
        if x.tag != y.tag or sorted(x.attrib) != sorted(y.attrib) or (x.text or "") != (y.text or ""):
            print(f"element {k}: <{x.tag} {x.attrib}>{x.text} against <{y.tag} {y.attrib}>{y.text}")
            return 1
        for key in x.attrib:
            if not same_value(x.get(key), y.get(key)):
                print(f"element {k} <{x.tag}> {key}: {x.get(key)[:200]} against {y.get(key)[:200]}")
                return 1
    return 0


def main(argv):
    cmd = argv[1]
    if cmd == "size":
        width, height, _ = read_png(argv[2])
        if (width, height) != (int(argv[3]), int(argv[4])):
            print(f"{argv[2]}: {width} x {height}, want {argv[3]} x {argv[4]}")
            return 1
        return 0
    if cmd == "ink":
        width, height, rows = read_png(argv[2])
        fraction = sum(is_ink(p) for row in rows for p in row) / (width * height)
        if fraction < float(argv[3]):
            print(f"{argv[2]}: ink on {fraction:.4f} of the pixels, want >= {argv[3]}")
            return 1
        return 0
    if cmd == "frame":
        return frame_point(argv[2], argv[3], int(argv[4]), float(argv[5]), float(argv[6]), argv[7])
    if cmd == "sphere":
        return sphere_point(argv[2], argv[3], int(argv[4]), [float(v) for v in argv[5:8]], argv[8])
    if cmd == "same-structure":
        return same_structure(argv[2], argv[3])
    print("unknown check " + cmd)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
