"""Usage: python3 make_scan_records.py PROBLEM N SHARDS OUT_PREFIX [--shuffle SEED] [--template RECORD]

Synthetic records of a scan of PROBLEM over a list grid of N points (key "force", the values
i / N written to OUT_PREFIX.points.jsonl), as `scan PROBLEM --points OUT_PREFIX.points.jsonl
--job ...` would write them: the grid hash and each point's key computed here from their
definitions (docs/manual.md section 14, scan/points.hpp: FNV-1a 64 of the problem's compact JSON,
"list", the keys and the rows as %.17g), the "summary" copied from the record TEMPLATE (a real
record; default: a find-limits summary). The records go to OUT_PREFIX.0.jsonl ...
OUT_PREFIX.<SHARDS-1>.jsonl by index mod SHARDS, in index order, or shuffled within each file
(--shuffle SEED: the order of `--jobs K > 1`). For measuring and testing `scan --merge` on files
no job needs to compute."""
import json
import random
import sys

FNV_OFFSET, FNV_PRIME, MASK = 0xCBF29CE484222325, 0x100000001B3, (1 << 64) - 1


def fnv1a64(text, h=FNV_OFFSET):
    for byte in text.encode():
        h = ((h ^ byte) * FNV_PRIME) & MASK
    return h


def main(problem, n, shards, prefix, *rest):
    n, shards = int(n), int(shards)
    options = dict(zip(rest[::2], rest[1::2]))
    doc = json.load(open(problem))
    text = json.dumps(doc, separators=(",", ":"), sort_keys=True, ensure_ascii=False)
    summary = {"seconds": 0.002, "level": "checked", "reason": "every limit direction isolated and typed",
               "class": "2 stable-node, 1 saddle", "limit_directions": 3,
               "types": {"saddle": 1, "stable-node": 2}}
    if "--template" in options:
        summary = json.loads(open(options["--template"]).readline())["summary"]
    values = [i / n for i in range(n)]
    with open(prefix + ".points.jsonl", "w") as f:
        for v in values:
            f.write(json.dumps({"force": v}) + "\n")
    prefix_hash = fnv1a64(text + "\n")
    g = fnv1a64("list\nforce\n", prefix_hash)
    for v in values:
        g = fnv1a64("%.17g\n" % v, g)
    grid = "%016x" % g
    scan = "%016x" % fnv1a64(json.dumps([grid, "find-limits"], separators=(",", ":")))
    files = [[] for _ in range(shards)]
    for i, v in enumerate(values):
        key = "%016x" % fnv1a64("force=%.17g\n" % v, prefix_hash)
        record = {"schema": "limitdir.scan-record/1", "index": i, "key": key, "grid": grid, "scan": scan,
                  "point": {"force": v}, "status": 0, "summary": summary}
        files[i % shards].append(json.dumps(record, separators=(",", ":")))
    rng = random.Random(int(options.get("--shuffle", 0)))
    for k, lines in enumerate(files):
        if "--shuffle" in options:
            rng.shuffle(lines)
        with open("%s.%d.jsonl" % (prefix, k), "w") as f:
            f.write("".join(line + "\n" for line in lines))


if __name__ == "__main__":
    main(*sys.argv[1:])
