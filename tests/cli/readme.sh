#!/usr/bin/env bash
# README.md is what a newcomer reads first: nothing in it may be untrue. Its tour (the block between
# "<!-- tour -->" and "<!-- /tour -->") is run line by line from the repository root with the
# built apps on PATH: every line must succeed, the map it makes must be certified proven, and the
# figures it draws must be SVG. Every docs/ file the README links to must exist.
# Usage: bash readme.sh BIN_DIR SHARE_DIR
source "$(dirname "$0")/common.bash"
cli_setup plot "$@"
root=$(cd "$share/.." && pwd)
share=$(cd "$share" && pwd)
readme="$root/README.md"
tour=$(sed -n '/^<!-- tour -->$/,/^<!-- \/tour -->$/p' "$readme" | sed -n '/^```sh$/,/^```$/p' | sed '1d;$d')
[[ $(grep -c . <<<"$tour") -ge 5 ]] || fail "README.md: no tour of at least five commands between <!-- tour --> markers"
mkdir -p "$tmp/repo" && ln -s "$share" "$tmp/repo/share" && ln -s "$(cd "$bin/.." && pwd)" "$tmp/repo/build"
while IFS= read -r line; do
  # the tour's PATH line names build/bin of the repository: the link above is that directory
  (cd "$tmp/repo" && bash -c "set -eo pipefail; export PATH=\"$bin:\$PATH\"; $line" >>"$tmp/out" 2>"$tmp/err") ||
    fail "README.md tour: '$line' failed: $(head -c 400 "$tmp/err")"
done <<<"$(grep -v '^export PATH=' <<<"$tour")"
grep -q '^export PATH="$PWD/build/bin:$PATH"$' <<<"$tour" || fail "README.md tour: no PATH line for build/bin"
python3 - "$tmp/repo" 2>"$tmp/py.err" <<'PY' || fail "README.md tour: the map is not proven or a figure is not SVG"
import json, sys, xml.etree.ElementTree as ET
d = sys.argv[1]
assert json.load(open(f"{d}/map.json"))["certificate"]["level"] == "proven"
for f in ("disc.svg", "map.svg"):
    assert ET.parse(f"{d}/{f}").getroot().tag.endswith("svg"), f
PY
while read -r f; do
  [[ -e $root/$f ]] || fail "README.md links to $f, which does not exist"
done < <(grep -oE '\]\([^)#]+\)' "$readme" | sed 's/^](//; s/)$//')
cli_finish "readme"
