"""--format csv|tsv against the JSON report of the same run (docs/manual.md section 5, "Tables").

Usage: python3 check_table.py REPORT.json|TRAJECTORY.jsonl TABLE.csv|TABLE.tsv

A trajectory's table (simulate --x0) is its points' rows, an empty row, then the final record's
own header and row (every member but "problem"), each part checked as a table of its own.

The table is read by python's csv module (RFC 4180; TSV with its backslash escapes undone), the
rows the manual promises are rebuilt from the JSON here, independently of the C++ writer, and
every cell is compared with the JSON's value: a number read back with float() must be the same
double (to the last bit), a string the same string, an empty cell a null (or +infinity, which
JSON writes as null). Every column of numbers must name its unit in the header ("theta [rad]").
"""
import csv
import json
import math
import re
import sys

# the units a header may name (docs/manual.md section 5, "Tables")
UNITS = {"1", "rad", "mu g", "mu m g", "R", "s", "m", "m/s", "rad/s", "N", "N m", "J", "kg m^2/s",
         "sqrt(R/(mu g))", "1/(mu g)", "sqrt(mu g R)"}


def flatten(value, name, out):
    if isinstance(value, dict):
        for key, item in value.items():
            flatten(item, key if not name else name + "." + key, out)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            flatten(item, "%s[%d]" % (name, i), out)
    else:
        out[name] = value


def expected_rows(report):
    schema = report["schema"]
    rows = []
    if schema in ("trajectory", "final"):  # simulate --x0: its JSON Lines points, or its final record
        entries = report["points"]
    elif schema == "limitdir.survey/1":
        entries = report["entries"]
    elif schema == "limitdir.scan-summary/1":
        table = report["table"]
        x, y = table["x"], table["y"]
        entries = []
        for j, yv in enumerate(y["values"]):
            for i, xv in enumerate(x["values"]):
                row = {}
                flatten(table["cells"][j][i], "", row)
                entries.append(dict({x["key"]: xv, y["key"]: yv}, **row))
    elif schema == "limitdir.friction/1":
        entries = report["table"]
    elif schema == "limitdir.limits/1":
        entries = report["limit_directions"]
    elif schema == "limitdir.diagram/1":
        entries = []
        for branch in report["branches"]:
            for point in branch["points"]:
                row = {"branch." + k: v for k, v in branch.items() if not isinstance(v, (list, dict))}
                row.update(point)
                entries.append(row)
    elif schema == "limitdir.map/1":  # curve by curve, x and y named by their parameters
        x, y = report["x"]["parameter"], report["y"]["parameter"]
        entries = []
        for curve in report["curves"]:
            for point in curve["points"]:
                row = {"curve." + k: v for k, v in curve.items() if not isinstance(v, (list, dict))}
                row.update({x if k == "x" else y if k == "y" else k: v for k, v in point.items()})
                entries.append(row)
    elif schema == "limitdir.degree-study/1":
        entries = [dict({"kind": s["kind"], "exact_events": s["exact_events"]}, **e)
                   for s in report["summary"] for e in s["errors"]]
    elif schema in ("limitdir.roll-report/1", "limitdir.celt-report/1"):
        history = report["history"]
        n = len(history["t"])
        entries = [{k: v[i] for k, v in history.items() if isinstance(v, list) and len(v) == n} for i in range(n)]
    else:
        raise SystemExit("no table for " + schema)
    for entry in entries:
        row = {}
        flatten(entry, "", row)
        rows.append(row)
    return rows


def read_table(path):
    text = open(path, newline="").read()
    if path.endswith(".tsv"):
        unescape = lambda c: re.sub(r"\\(.)", lambda m: {"t": "\t", "n": "\n", "r": "\r", "\\": "\\"}[m.group(1)], c)
        return [[unescape(c) for c in line.split("\t")] for line in text.split("\n")[:-1]]
    assert text.endswith("\r\n"), "RFC 4180 records end with CRLF"
    return list(csv.reader(text.splitlines(keepends=True)))


def main():
    if sys.argv[1].endswith(".jsonl"):  # a trajectory: the points, then (after an empty row) the final record
        lines = [json.loads(line) for line in open(sys.argv[1])]
        report = {"schema": "trajectory", "points": [p for p in lines if "schema" not in p]}
        final = dict(lines[-1])
        assert final["schema"] == "limitdir.simulation/1", "the JSON Lines end without the final record"
        del final["problem"]  # the input, not in the table (docs/manual.md section 5)
        table = read_table(sys.argv[2])
        empty = [i for i, row in enumerate(table) if row in ([], [""])]
        split = empty[0] if empty else 0  # --every 0: the final record's table alone
        if report["points"] and not empty:
            raise SystemExit("no empty row between the trajectory and the final record")
        out = check(report, table[:split]) if report["points"] else "no trajectory rows"
        rest = table[split + 1:] if empty else table
        if len(rest) != 2:
            raise SystemExit("the final record's table has %d rows, want a header and one row" % len(rest))
        print(out + "; final record: " + check({"schema": "final", "points": [final]}, rest))
        return
    print(check(json.load(open(sys.argv[1])), read_table(sys.argv[2])))


def check(report, table):
    """The table's cells against the rows of `report` (one line of text, or SystemExit)."""
    header, body = table[0], table[1:]
    names = []
    for h in header:
        m = re.fullmatch(r"(.*?)(?: \[([^\]]+)\])?", h)
        names.append(m.group(1))
        if m.group(2) is not None and m.group(2) not in UNITS:
            raise SystemExit("unknown unit in header " + h)
    rows = expected_rows(report)
    if len(body) != len(rows):
        raise SystemExit("%d rows, the JSON has %d" % (len(body), len(rows)))
    if set(names) != set().union(*[r.keys() for r in rows]):
        raise SystemExit("columns %s, the JSON has %s" % (names, sorted(set().union(*[r.keys() for r in rows]))))
    numbers = 0
    for i, (cells, row) in enumerate(zip(body, rows)):
        for name, h, cell in zip(names, header, cells):
            value = row.get(name)
            if value is None or (isinstance(value, float) and math.isinf(value)):
                ok = cell == ""
            elif isinstance(value, bool):
                ok = cell == ("true" if value else "false")
            elif isinstance(value, (int, float)):
                ok = float(cell) == value and "[" in h  # the same double, and a unit
                numbers += 1
            else:
                ok = cell == value
            if not ok:
                raise SystemExit("row %d column %s: %r, the JSON has %r" % (i + 1, h, cell, value))
    return "%d rows, %d columns, %d numbers equal to the JSON's" % (len(rows), len(names), numbers)


main()
