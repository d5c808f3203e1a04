#!/usr/bin/env bash
# The exit-code contract under hostile input (docs/manual.md section 5): the deterministic fuzz
# corpus of tests/fuzz/fuzz.py (mutated problem files, reports and diagrams, extreme options)
# run against every app; each case must exit 0, 2 or 3 (1 for diagram-diff) within its time
# bound, with one line on stderr for 2 and 3.
# Usage: bash fuzz.sh BIN_DIR SHARE_DIR
set -u
if [[ $# -ne 2 ]]; then
  echo "usage: bash $0 BIN_DIR SHARE_DIR" >&2
  exit 2
fi
exec python3 "$(dirname "$0")/../fuzz/fuzz.py" "$1" "$2" --jobs 2
