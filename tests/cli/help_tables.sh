#!/usr/bin/env bash
# One table per choice drives both the parser and --help (docs/manual.md section 5): the models,
# the sweep parameters and celt's models listed by every app's --help are exactly the names
# its parser accepts, and an unknown name's message lists the same names (help_tables.py).
set -u
exec </dev/null
if [[ $# -ne 2 ]]; then
  echo "usage: bash $0 BIN_DIR SHARE_DIR" >&2
  exit 2
fi
python3 "$(dirname "$0")/help_tables.py" "$1" "$2"
