#!/usr/bin/env python3
"""Units in every --help (docs/manual.md section 5, "Units on the command line").

Every option of every app (and of scan and `scan --job NAME --help`) whose metavariable is not a
keyword (a name from a table, a file, a format, a level) takes numbers, and its help states their
unit in one fixed form, the schemas' form (check_schema_units.py, whose vocabulary it extends):
  "Unit: U."  or  "Unit: U (an explanation)."         one unit for the value (or every part)
  "Units: PART U, PART U, ..."                        one unit per part of a list (LO,HI,N)
Checks, per option: exactly one such phrase; U from the vocabulary; "mixed" only with its
explanation; a list named part by part names exactly the parts of its metavariable; and where
the help says "(overrides KEY" the unit equals the one the problem file's schema gives KEY
(share/schemas: problem, roll or celt). The entries "  - NAME: ..." of the sweep-parameter table
(--parameter, --x) state their unit too, and it equals the schema's where NAME is a problem key.
Every executable of BIN_DIR is an app listed here (a new app cannot be forgotten).

usage: help_units.py BIN_DIR SHARE_DIR
       help_units.py --text HELP_FILE SHARE_DIR SCHEMA   (checks one help text; SCHEMA is
                                                         problem, roll, celt or -)
"""
import json
import os
import pathlib
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_schema_units import UNITS as SCHEMA_UNITS  # noqa: E402

# The schemas' units and those only a command line has: pixels of a figure, the slip velocity,
# time and rescaled time of section 1 (simulate --x0, plot's axes), a plot axis's own unit, and
# "mixed" for a norm over quantities of several units (it must say which in its parenthesis).
HELP_UNITS = SCHEMA_UNITS | {"px", "sqrt(R/(mu g))", "1/(mu g)", "the axis's", "mixed"}
# Metavariables of options that take a keyword, a file, a directory or a format rather than a number.
KEYWORDS = {"M", "NAME", "METHOD", "LEVEL", "FORMAT", "FILE", "FILE...", "DIR", "KEY", "P", "COORD", "AXIS", "CLOCK", "WHEN",
            "STAT"}
# The apps (every executable of BIN_DIR but the benchmarks) and the schema of their problem file.
APPS = {"find-limits": "problem", "sweep-force": "problem", "bifurcation-map": "problem", "simulate": "problem",
        "classify": "problem", "friction-model": "problem", "degree-study": "problem", "diagram-diff": None,
        "plot": None, "roll": "roll", "celt": "celt", "pile": "pile", "scan": None, "fit": None,
        "elliptic-series": None}
JOBS = ["find-limits", "sweep-force", "bifurcation-map", "simulate", "roll", "celt", "pile"]
# The sweep parameters that are problem keys under another name (continuation/parameter_family.cpp).
PARAMETER_KEYS = {"force": "force", "lambda": "system.lambda", "j": "system.j", "rho": "rho",
                  "alpha": "contact.pressure.power", "d": "contact.distortion.d",
                  "gamma": "contact.distortion.gamma", "k": "contact.shift.k"}

VOCAB = "|".join(re.escape(u) for u in sorted(HELP_UNITS, key=len, reverse=True))
UNIT = re.compile(r"\bUnit: (" + VOCAB + r")( \(.*?\))?\.(?=\s|$)")
PART = r"[A-Za-z][A-Za-z0-9_]*"
UNITS = re.compile(r"\bUnits: (" + PART + " (?:" + VOCAB + r")(?:, " + PART + " (?:" + VOCAB + r"))*)( \(.*?\))?\.(?=\s|$)")
ANY_UNIT = re.compile(r"\bUnits?: ")
SCHEMA_UNIT = re.compile(r"Unit: (.+?)(?: \(.*\))?\.$")
OPTION = re.compile(r"^  (?:-\w \[ )?--([a-z0-9-]+)(?: \])?(?: (\S+))?(?:\s+(.*))?$")
ENTRY = re.compile(r"^\s+- (\S+): (.*)$")


def parse_help(text):
    """[(option, metavariable or None, description, [(entry, description)])] of a --help text."""
    options, current = [], None
    for line in text.splitlines():
        m = OPTION.match(line)
        if m:
            current = [m.group(1), m.group(2), m.group(3) or "", []]
            options.append(current)
        elif not line.strip() or not line[0].isspace():
            current = None
        elif current is not None:
            e = ENTRY.match(line)
            if e:
                current[3].append([e.group(1), e.group(2)])
            elif current[3]:
                current[3][-1][1] += " " + line.strip()  # a wrapped entry
            else:
                current[2] += " " + line.strip()
    def clean(t):
        return re.sub(r"\s+", " ", t).strip()

    return [(o, meta, clean(d), [(n, clean(e)) for n, e in entries]) for o, meta, d, entries in options]


class Schema:
    """The units a problem schema gives its dotted keys."""

    def __init__(self, share, name):
        self.docs = {p.name: json.load(open(p)) for p in pathlib.Path(share, "schemas").glob("*.schema.json")}
        self.doc = self.docs[name + ".schema.json"]

    def expand(self, node, doc):
        """node and what it stands for: its $ref, its oneOf/anyOf/allOf branches (with their docs)."""
        out = [(node, doc)]
        if "$ref" in node:
            target, _, pointer = node["$ref"].partition("#")
            target_doc = self.docs[target] if target else doc
            sub = target_doc
            for part in pointer.strip("/").split("/"):
                sub = sub[part]
            out += self.expand(sub, target_doc)
        for key in ("oneOf", "anyOf", "allOf"):
            for branch in node.get(key, []):
                if isinstance(branch, dict):
                    out += self.expand(branch, doc)
        return out

    def units(self, key):
        nodes = [(self.doc, self.doc)]
        for part in key.split("."):
            if part.isdigit():  # an element of an array: the array's unit
                continue
            nodes = [(n["properties"][part], d) for node, doc in nodes for n, d in self.expand(node, doc)
                     if part in n.get("properties", {})]
        found = set()
        for node, doc in nodes:
            for n, _ in self.expand(node, doc):
                m = SCHEMA_UNIT.search(n.get("description", ""))
                if m:
                    found.add(m.group(1))
        return found


def check_unit_phrase(where, meta, text):
    """The failures of one option's (or entry's) unit phrase; the units it states."""
    singles, lists = list(UNIT.finditer(text)), list(UNITS.finditer(text))
    if len(singles) + len(lists) != 1 or len(ANY_UNIT.findall(text)) != 1:
        said = ANY_UNIT.search(text)
        why = ("states no unit" if not said else
               "unit not in the vocabulary or not in the form 'Unit: U.': " + text[said.start():said.start() + 60])
        if len(singles) + len(lists) > 1:
            why = "states %d units" % (len(singles) + len(lists))
        return ["%s: %s" % (where, why)], []
    if singles:
        m = singles[0]
        if m.group(1) == "mixed" and not m.group(2):
            return ["%s: 'Unit: mixed' without the parenthesis that names each part's unit" % where], []
        return [], [m.group(1)]
    parts = re.findall("(" + PART + ") (" + VOCAB + ")(?:,|$)", lists[0].group(1))
    named = [p for p, _ in parts]
    wanted = [p for p in re.split(r"[,:/=]", meta or "") if p and p != "..."]
    if len(wanted) > 1 and sorted(named) != sorted(wanted):
        return ["%s: 'Units:' names %s, the metavariable %s has %s" % (where, named, meta, wanted)], []
    return [], [u for _, u in parts]


def check_help(label, text, schema):
    """The failures of one --help text and the number of numeric options checked."""
    failures, checked = [], 0
    for option, meta, text_, entries in parse_help(text):
        where = "%s --%s" % (label, option)
        if option in ("parameter", "x"):
            for name, description in entries:
                problems, units = check_unit_phrase("%s entry %s" % (where, name), None, description)
                failures += problems
                key = PARAMETER_KEYS.get(name, name if "." in name else None)
                if schema and key and units:
                    failures += compare(where + " entry " + name, key, units, schema)
        if meta is None or meta in KEYWORDS:
            continue
        checked += 1
        problems, units = check_unit_phrase(where, meta, text_)
        failures += problems
        m = re.search(r"\(overrides ([a-z_.0-9A-Z]+)", text_)
        if m and units:
            if not schema:
                failures.append("%s: overrides %s but the app reads no problem schema" % (where, m.group(1)))
            else:
                failures += compare(where, m.group(1), units, schema)
    return failures, checked


def compare(where, key, units, schema):
    wanted = schema.units(key)
    if not wanted:
        return ["%s: the schema gives no unit for %s (unknown key?)" % (where, key)]
    return ["%s: unit %s, but the schema's %s is in %s" % (where, u, key, " or ".join(sorted(wanted)))
            for u in set(units) if u not in wanted]


def run_help(args):
    return subprocess.run(args, capture_output=True, text=True, check=True, stdin=subprocess.DEVNULL).stdout


def main():
    if sys.argv[1] == "--text":
        _, _, path, share, name = sys.argv
        failures, checked = check_help(path, open(path).read(), Schema(share, name) if name != "-" else None)
    else:
        bin_dir, share = sys.argv[1], sys.argv[2]
        failures, checked = [], 0
        apps = sorted(f for f in os.listdir(bin_dir)
                      if os.access(os.path.join(bin_dir, f), os.X_OK) and not f.startswith("bench_"))
        failures += ["%s: an app without an entry in help_units.py's APPS" % a for a in apps if a not in APPS]
        helps = [(a, [a, "--help"], APPS[a]) for a in apps if a in APPS]
        helps += [("scan --job " + j, ["scan", "--job", j, "--help"], APPS[j]) for j in JOBS]
        for label, args, schema in helps:
            f, n = check_help(label, run_help([os.path.join(bin_dir, args[0])] + args[1:]),
                              Schema(share, schema) if schema else None)
            failures, checked = failures + f, checked + n
            print("ok: %s: %d numeric options" % (label, n) if not f else "FAIL: %s: %d problems" % (label, len(f)))
    for line in failures:
        print("FAIL:", line)
    print("%d numeric options checked, %d problems" % (checked, len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
