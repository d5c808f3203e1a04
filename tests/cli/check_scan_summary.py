"""Checks scan --summary against the records it summarises (tests/cli/scan_summary.sh), recomputed
here from the records file by the definitions of docs/manual.md section 14 (Summaries and heat
maps), independently of scan/summary.cpp.

  check_scan_summary.py SUMMARY RECORDS X Y [FIELD]
      SUMMARY is scan --summary's output, RECORDS the JSON Lines it read (a partial last line is
      left out, as scan does), X and Y the keys of the table's axes, FIELD the --field given.
Exit 0 when everything agrees, 1 with one line per difference otherwise.
"""
import json
import sys

LEVELS = ["none", "incomplete", "checked", "proven"]


def read_records(path):
    records = []
    text = open(path).read()
    lines = text.split("\n")
    for k, line in enumerate(lines):
        if not line.strip():
            continue
        last = k == len(lines) - 1  # no newline after it
        try:
            r = json.loads(line)
        except ValueError:
            r = None
        if last or r is None:
            continue  # a partial last line (scan notes it); a bad line elsewhere is scan's bad input
        records.append(r)
    return records


def level(r):
    return r["summary"]["level"] or "none"


def expected(records, summary, x, y, field):
    keys = summary["keys"]
    values = {k: sorted({r["point"][k] for r in records}) for k in keys}
    out = {"recorded": len(records)}
    jobs = {r["job"] for r in records if "job" in r}  # the job the records name (one scan: one job)
    out["job"] = jobs.pop() if len(jobs) == 1 else None
    recorded = sorted(r["index"] for r in records)
    out["missing"] = {"count": summary["points"] - len(records),
                      "first": [i for i in range(summary["points"]) if i not in set(recorded)][:20]}
    out["status"] = {s: sum(r["status"] == int(s) for r in records) for s in ("0", "2", "3", "4", "5")}
    out["levels"] = {lv: sum(level(r) == lv for r in records) for lv in LEVELS}
    by_class = {}
    for r in sorted(records, key=lambda r: r["index"]):
        by_class.setdefault(r["summary"]["class"], []).append(r["index"])
    order = sorted(by_class, key=lambda c: (-len(by_class[c]), c is not None, c or ""))
    out["classes"] = [{"class": c, "count": len(by_class[c]), "examples": by_class[c][:3]} for c in order]
    weakest = min(LEVELS.index(level(r)) for r in records)
    w = min((r for r in records if LEVELS.index(level(r)) == weakest), key=lambda r: r["index"])
    out["worst"] = {"level": LEVELS[weakest], "index": w["index"], "point": w["point"], "reason": w["summary"]["reason"],
                    "count": out["levels"][LEVELS[weakest]]}
    slow = sorted(records, key=lambda r: (-r["summary"]["seconds"], r["index"]))[:5]
    out["slowest"] = [r["index"] for r in slow]
    # the table: the cells of (x, y), every other key aggregated
    per_cell = summary["points"] // (len(summary["table"]["x"]["values"]) * len(summary["table"]["y"]["values"]))
    xs, ys = summary["table"]["x"]["values"], summary["table"]["y"]["values"]
    cells = []
    for yv in ys:
        row = []
        for xv in xs:
            rs = [r for r in records if r["point"][x] == xv and r["point"][y] == yv]
            counts = {}
            for r in rs:
                counts[r["summary"]["class"]] = counts.get(r["summary"]["class"], 0) + 1
            top = min(counts, key=lambda c: (-counts[c], order.index(c))) if counts else None
            cell = {"points": len(rs), "missing": per_cell - len(rs), "class": top,
                    "class_count": counts.get(top, 0), "classes": len(counts),
                    "level": LEVELS[min(LEVELS.index(level(r)) for r in rs)] if rs else None}
            if field:
                v = [r["summary"][field] for r in rs if isinstance(r["summary"].get(field), (int, float))]
                cell["field"] = {"mean": sum(v) / len(v), "min": min(v), "max": max(v), "count": len(v)} if v else None
            row.append(cell)
        cells.append(row)
    out["cells"] = cells
    return out


def main(argv):
    summary = json.load(open(argv[1]))
    records = read_records(argv[2])
    x, y = argv[3], argv[4]
    field = argv[5] if len(argv) > 5 else None
    want = expected(records, summary, x, y, field)
    bad = []
    for key in ("recorded", "job", "missing", "status", "levels", "classes"):
        if summary[key] != want[key]:
            bad.append(f"{key}: {json.dumps(summary[key])[:300]} != {json.dumps(want[key])[:300]}")
    worst = {k: summary["worst"][k] for k in ("level", "index", "point", "reason", "count")}
    if worst != want["worst"]:
        bad.append(f"worst: {worst} != {want['worst']}")
    if [p["index"] for p in summary["slowest"]] != want["slowest"]:
        bad.append(f"slowest: {[p['index'] for p in summary['slowest']]} != {want['slowest']}")
    t = summary["table"]
    if t["x"]["key"] != x or t["y"]["key"] != y:
        bad.append(f"table axes {t['x']['key']}, {t['y']['key']} != {x}, {y}")
    for j, row in enumerate(want["cells"]):
        for i, cell in enumerate(row):
            got = dict(t["cells"][j][i])
            if field and got.get("field") and cell["field"]:
                for s in ("mean", "min", "max"):
                    if abs(got["field"][s] - cell["field"][s]) > 1e-12 * max(1.0, abs(cell["field"][s])):
                        bad.append(f"cell [{j}][{i}] field {s}: {got['field'][s]} != {cell['field'][s]}")
                got["field"] = dict(got["field"], mean=cell["field"]["mean"], min=cell["field"]["min"],
                                    max=cell["field"]["max"])
            if got != cell:
                bad.append(f"cell [{j}][{i}]: {got} != {cell}")
    if t["missing_cells"] != sum(c["points"] == 0 for row in want["cells"] for c in row):
        bad.append(f"missing_cells {t['missing_cells']}")
    for b in bad[:10]:
        print(b)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
