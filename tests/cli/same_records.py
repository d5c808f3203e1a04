"""Usage: python3 same_records.py A B

Exit 0 when the JSON Lines files A and B hold the same scan records in the same order, compared
without their "seconds" (a job's wall time, the one field of a record that depends on the run;
docs/manual.md section 14); otherwise print the first difference and exit 1."""
import json
import sys


def strip(v):
    """The record without its "seconds" (at any depth)."""
    if isinstance(v, dict):
        return {k: strip(x) for k, x in v.items() if k != "seconds"}
    if isinstance(v, list):
        return [strip(x) for x in v]
    return v


def main(a_file, b_file):
    a, b = ([strip(json.loads(line)) for line in open(f)] for f in (a_file, b_file))
    if len(a) != len(b):
        print(f"{len(a)} records against {len(b)}")
        return 1
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            print(f"record {i} differs:\n  {json.dumps(x)[:300]}\n  {json.dumps(y)[:300]}")
            return 1
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1], sys.argv[2]))
