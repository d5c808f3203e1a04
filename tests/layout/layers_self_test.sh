#!/usr/bin/env bash
# check_layers.py catches what it is there to catch: in a copy of lib/, a file of numerics/ that
# includes a header of plot/ (above it), a private header named relative to its folder, and a
# file outside every part each make it fail with a line naming the file; the unchanged copy
# passes.
# Usage: bash layers_self_test.sh REPO_ROOT
set -euo pipefail
root=${1:?usage: layers_self_test.sh REPO_ROOT}
check="$(dirname "$0")/check_layers.py"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
fresh() { rm -rf "$tmp/repo"; mkdir -p "$tmp/repo"; cp -r "$root/lib" "$tmp/repo/"; }
expect_violation() {  # WHAT PATTERN
  local out
  if out=$(python3 "$check" "$tmp/repo"); then
    echo "FAIL: $1 passed the layering check"; fails=$((fails + 1))
  elif ! grep -q "$2" <<<"$out"; then
    echo "FAIL: $1: no line matching '$2' in: $out"; fails=$((fails + 1))
  else
    echo "ok: $1 -> $(grep "$2" <<<"$out" | head -1)"
  fi
}
fresh
python3 "$check" "$tmp/repo" >/dev/null || { echo "FAIL: the unchanged copy does not pass"; fails=$((fails + 1)); }
echo '#include "limitdir/plot/svg.hpp"' >>"$tmp/repo/lib/src/numerics/elliptic.cpp"
expect_violation "numerics including plot" "src/numerics/elliptic.cpp:.*part 'numerics' includes limitdir/plot/svg.hpp"
fresh
echo '#include "limitdir/analysis/find_limits.hpp"' >>"$tmp/repo/lib/include/limitdir/limits/limits.hpp"
expect_violation "limits including analysis" "limits/limits.hpp:.*part 'limits' includes limitdir/analysis"
fresh
echo '#include "icosphere.hpp"' >>"$tmp/repo/lib/src/numerics/sphere.cpp"
expect_violation "a header named relative to its folder" "src/numerics/sphere.cpp:.*relative to its folder"
fresh
touch "$tmp/repo/lib/src/stray.cpp"
expect_violation "a file outside every part" "src/stray.cpp: outside every part"
[[ $fails -eq 0 ]] || exit 1
echo "layers_self_test: every violation caught"
