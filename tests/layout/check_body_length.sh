#!/usr/bin/env bash
# No function, class or struct body in lib/ or apps/ longer than a reader can hold in mind
# (docs/architecture.md, "Size"): at most kMaxBodyLines lines from its first line to its
# closing brace, as Universal Ctags measures them (ctags --fields=+ne: line and end). Namespaces
# are not bodies. Prints each one over the bound and exits 1; skips (exit 0 with a note) when
# Universal Ctags is absent.
# Usage: bash check_body_length.sh REPO_ROOT
set -euo pipefail
kMaxBodyLines=150  # ~3 screens: issue 18's bound for one job of a function or class
root=${1:?usage: check_body_length.sh REPO_ROOT}
if ! ctags --version 2>/dev/null | grep -q "Universal Ctags"; then
  echo "skipped: Universal Ctags not found (Debian package universal-ctags)"
  exit 0
fi
cd "$root"
over=$(ctags -R --fields=+ne --languages=C++ --kinds-C++=fcsu -f - lib apps |
  awk -F'\t' -v max="$kMaxBodyLines" '{
    line = ""; end = ""; kind = ""
    for (i = 4; i <= NF; i++) {
      if ($i ~ /^line:/) line = substr($i, 6)
      else if ($i ~ /^end:/) end = substr($i, 5)
      else if (length($i) == 1) kind = $i
    }
    if (line != "" && end != "" && end - line + 1 > max)
      printf "%s:%s: %s %s is %d lines (at most %d)\n", $2, line, (kind == "f" ? "function" : "class"), $1, end - line + 1, max
  }' | sort)
count=$(ctags -R --fields=+ne --languages=C++ --kinds-C++=fcsu -f - lib apps | wc -l)
if [[ -n $over ]]; then
  echo "$over"
  echo "check_body_length: $(wc -l <<<"$over") bodies over $kMaxBodyLines lines"
  exit 1
fi
echo "check_body_length: $count functions and classes in lib/ and apps/, none over $kMaxBodyLines lines"
