#!/usr/bin/env python3
"""Validates JSON files against a schema of share/schemas (draft 2020-12), used by schemas.sh.

  validate_json.py SCHEMA_DIR SCHEMA FILE... [--invalid]

SCHEMA is a file name in SCHEMA_DIR (e.g. problem.schema.json); its references to the other
schemas there ("defs.schema.json#/$defs/vector3") are resolved locally, never fetched. Prints one
line per file that fails (or, with --invalid, per file that passes although it should not) and
exits 1 if there was any; exits 0 silently otherwise. Works with the jsonschema of Debian 12
(4.10, RefResolver) and with newer ones (the referencing library).
"""
import argparse
import json
import pathlib
import sys

try:
    import jsonschema
except ImportError:
    print("the Python module jsonschema is missing: install python3-jsonschema (scripts/install-deps.sh)")
    sys.exit(1)


def make_validator(schema_dir, name):
    schemas = {}
    for path in sorted(pathlib.Path(schema_dir).glob("*.schema.json")):
        with open(path) as f:
            schemas[path.name] = json.load(f)
    if name not in schemas:
        raise SystemExit(f"no schema {name} in {schema_dir}")
    for schema in schemas.values():
        jsonschema.Draft202012Validator.check_schema(schema)
    root = schemas[name]
    try:
        from referencing import Registry, Resource
        from referencing.jsonschema import DRAFT202012
    except ImportError:
        # jsonschema < 4.18: the schemas have no $id, so relative references resolve against
        # the base URI "" to the bare file names of the store.
        resolver = jsonschema.RefResolver(base_uri=name, referrer=root, store=dict(schemas))
        return jsonschema.Draft202012Validator(root, resolver=resolver)
    registry = Registry().with_resources(
        (file_name, Resource.from_contents(schema, default_specification=DRAFT202012))
        for file_name, schema in schemas.items())
    return jsonschema.Draft202012Validator(root, registry=registry)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("schema_dir")
    parser.add_argument("schema")
    parser.add_argument("files", nargs="+")
    parser.add_argument("--invalid", action="store_true", help="the files must NOT validate")
    args = parser.parse_args()
    validator = make_validator(args.schema_dir, args.schema)
    failures = 0
    for file_name in args.files:
        try:
            with open(file_name) as f:
                document = json.load(f)
        except (OSError, ValueError) as e:
            print(f"{file_name}: cannot read JSON: {e}")
            failures += 1
            continue
        errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
        if args.invalid:
            if not errors:
                print(f"{file_name}: passes {args.schema} but should not")
                failures += 1
        elif errors:
            first = errors[0]
            where = "/".join(str(p) for p in first.absolute_path) or "(root)"
            print(f"{file_name}: {len(errors)} error(s) against {args.schema}; first at {where}: "
                  f"{first.message[:300]}")
            failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
