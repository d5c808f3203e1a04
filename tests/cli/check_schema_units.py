"""Every numeric field of share/schemas states its unit (docs/manual.md section 4, "Units").

Usage: python3 check_schema_units.py SCHEMA_DIR

A numeric field is a property (or pattern property) whose schema has type number or integer, an
enum of numbers, an array of numbers, a reference to a numeric definition (vector3, matrix3,
numbers, complex, column, ...), or a oneOf/anyOf with such a branch (a number or null). Its description must contain "Unit: U." with U one of UNITS
(optionally followed by a parenthesis that explains it). Prints each field that does not and
exits 1; the count of fields checked otherwise.
"""
import json
import pathlib
import re
import sys

UNITS = {
    # dimensionless things
    "dimensionless", "count", "index", "identifier", "exit code",
    # section 1: the dimensionless units of the slip dynamics (mu = g = m = R = 1)
    "R", "mu m g", "mu g", "tau", "m", "sqrt(mu g R)",
    # the speed law (1) [Kireenkov]: mu1, mu2 per velocity unit sqrt(mu g R) cubed / to the first
    "(mu g R)^(-3/2)", "(mu g R)^(-1/2)",
    # angles
    "rad", "rad/s", "rad/s^2", "(rad/s)^2",
    # a measure reported in degrees only, its key saying so (pile-report's angle_of_repose_deg)
    "deg",
    # SI (roll, celt)
    "s", "m/s", "m/s^2", "kg", "kg m^2", "kg m^2/s", "kg/m^3", "N", "N m", "J", "Pa", "1/s", "1/s^2", "1/(N s^2)", "SI",
    # a value of a parameter or key that the document names
    "the swept parameter's", "the x parameter's", "the y parameter's", "the x parameter's times the y parameter's",
    "the axis parameter's", "the key's", "the x key's", "the y key's", "the field's",
    # a fit's residuals: the unit of its data's friction columns (dimensionless q or N)
    "the data's",
}
UNIT = re.compile(r"Unit: (.+?)(?: \(.*\))?\.$")


def numeric(schema, numeric_defs):
    if not isinstance(schema, dict):
        return False
    types = schema.get("type")
    types = types if isinstance(types, list) else [types]
    if "number" in types or "integer" in types:
        return True
    if "$ref" in schema:
        return schema["$ref"].rsplit("/", 1)[-1] in numeric_defs
    for key in ("oneOf", "anyOf"):  # e.g. a number or null
        if any(numeric(branch, numeric_defs) for branch in schema.get(key, [])):
            return True
    if "enum" in schema:
        return all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in schema["enum"])
    if "array" in types and isinstance(schema.get("items"), dict):
        return numeric(schema["items"], numeric_defs)
    return False


def main():
    files = sorted(pathlib.Path(sys.argv[1]).glob("*.json"))
    documents = {f.name: json.load(open(f)) for f in files}
    # the numeric definitions, to a fixed point (a definition may refer to another)
    numeric_defs = set()
    while True:
        found = {k for d in documents.values() for k, v in d.get("$defs", {}).items() if numeric(v, numeric_defs)}
        if found <= numeric_defs:
            break
        numeric_defs |= found
    bad, checked = [], 0

    def walk(node, path, name):
        nonlocal checked
        if isinstance(node, dict):
            for section in ("properties", "patternProperties"):
                for key, schema in node.get(section, {}).items():
                    if numeric(schema, numeric_defs):
                        checked += 1
                        m = UNIT.search(schema.get("description", ""))
                        if not m or m.group(1) not in UNITS:
                            bad.append("%s %s/%s: %r" % (name, path, key, schema.get("description", "")[-80:]))
            for key, value in node.items():
                walk(value, path + "/" + key, name)
        elif isinstance(node, list):
            for i, value in enumerate(node):
                walk(value, "%s[%d]" % (path, i), name)

    for name, document in documents.items():
        walk(document, "", name)
    for line in bad:
        print("no unit:", line)
    if bad:
        sys.exit(1)
    print("%d numeric fields in %d schemas state their unit" % (checked, len(documents)))


if __name__ == "__main__":  # help_units.py imports UNITS
    main()
