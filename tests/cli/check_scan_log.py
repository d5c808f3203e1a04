#!/usr/bin/env python3
"""Checks of the log axes of scan (KEY=log:FROM:TO:COUNT, docs/manual.md section 14), used by scan_log.sh.

  check_scan_log.py values FILE KEY FROM TO COUNT
      the records of FILE (one per point of a product grid, any order) hold for KEY exactly the
      values FROM (TO/FROM)^(i/(COUNT-1)), i = 0..COUNT-1, each the double nearest the closed
      form, computed here in decimal at 60 digits (Python's decimal module: its power is
      correctly rounded to the context's 60 digits but for values within 1e-60 of a tie), and
      the first FROM and the last TO bit for bit
  check_scan_log.py strata FILE KEY FROM TO N
      the N records' values of KEY lie one in each of the N strata equal in log of [FROM, TO):
      [FROM (TO/FROM)^(s/N), FROM (TO/FROM)^((s+1)/N)), s = floor(N log(v/FROM)/log(TO/FROM))
  check_scan_log.py summary SUMMARY FILE X Y
      the summary's table has the axis X with "scale" "log" and the values of the records' X,
      sorted as the grid gives them, and Y with "scale" "linear"
  check_scan_log.py xrange SVG FROM TO COUNT
      plot's heat map has the horizontal data range of COUNT cells evenly spaced in log10 from
      FROM to TO: [log10 FROM - h/2, log10 TO + h/2], h = (log10 TO - log10 FROM)/(COUNT - 1),
      to 1e-9 (the figure's attributes carry ~12 significant digits)

Exits 1 with one line saying what is wrong.
"""
import decimal
import json
import math
import re
import sys

DIGITS = 60  # decimal digits of the closed form: far beyond a double's 17


def fail(message):
    print(message)
    sys.exit(1)


def points(path, key):
    out = []
    for line in open(path, encoding="utf-8"):
        if line.strip():
            record = json.loads(line)
            out.append((record["index"], record["point"][key]))
    return out


def closed_form(start, end, i, count):
    """The double nearest start (end/start)^(i/(count-1)) (start, end doubles, taken exactly)."""
    decimal.getcontext().prec = DIGITS
    a, b = decimal.Decimal(start), decimal.Decimal(end)  # exact: a float's binary value
    if count == 1:
        return float(a)
    return float(a * (b / a) ** (decimal.Decimal(i) / decimal.Decimal(count - 1)))


def values(path, key, start, end, count):
    start, end, count = float(start), float(end), int(count)
    got = sorted(set(v for _, v in points(path, key)), reverse=end < start)
    want = [closed_form(start, end, i, count) for i in range(count)]
    if got != want:
        fail(f"{key}: the recorded values {got} are not the nearest doubles of the closed form {want}")
    if got[0] != start or got[-1] != end:
        fail(f"{key}: the ends {got[0]!r}, {got[-1]!r} are not FROM {start!r} and TO {end!r}")
    print(f"{key}: {count} values, the nearest doubles of {start!r} ({end!r}/{start!r})^(i/{count - 1})")


def strata(path, key, start, end, n):
    start, end, n = float(start), float(end), int(n)
    vs = [v for _, v in points(path, key)]
    if len(vs) != n:
        fail(f"{len(vs)} records, want {n}")
    ts = [math.log(v / start) / math.log(end / start) for v in vs]
    if not all(0.0 <= t < 1.0 for t in ts):
        fail(f"{key}: a value outside [FROM, TO): {vs}")
    taken = sorted(int(t * n) for t in ts)
    if taken != list(range(n)):
        fail(f"{key}: the strata in log {taken} are not one each of 0..{n - 1}")
    print(f"{key}: one value in each of the {n} strata equal in log")


def summary(summary_path, path, x, y):
    table = json.load(open(summary_path))["table"]
    recorded = sorted(set(v for _, v in points(path, x)))
    if table["x"]["key"] != x or table["x"].get("scale") != "log":
        fail(f"table.x: {table['x']} is not the log axis {x}")
    if sorted(table["x"]["values"]) != recorded:
        fail(f"table.x.values {table['x']['values']} are not the recorded {recorded}")
    if table["y"]["key"] != y or table["y"].get("scale") != "linear":
        fail(f"table.y: {table['y']} is not the linear axis {y}")
    print(f"table: x {x} log, y {y} linear")


def xrange(svg, start, end, count):
    start, end, count = math.log10(float(start)), math.log10(float(end)), int(count)
    h = (end - start) / (count - 1)
    m = re.search(r'data-x-range="(\S+) (\S+)"', open(svg, encoding="utf-8").read())
    if not m:
        fail(f"{svg}: no data-x-range")
    got, want = (float(m.group(1)), float(m.group(2))), (start - h / 2, end + h / 2)
    if any(abs(g - w) > 1e-9 for g, w in zip(got, want)):
        fail(f"{svg}: x range {got}, want {want} (log10 of the values, cells halfway in log)")
    print(f"x range {got}: log10 of the values")


def main(argv):
    modes = {"values": (values, 5), "strata": (strata, 5), "summary": (summary, 4), "xrange": (xrange, 4)}
    if len(argv) < 2 or argv[1] not in modes or len(argv) - 2 != modes[argv[1]][1]:
        fail(__doc__)
    modes[argv[1]][0](*argv[2:])


if __name__ == "__main__":
    main(sys.argv)
