#!/usr/bin/env bash
# The committed reference diagrams share/reference/*.json (scripts/generate-references.sh: the
# disc and the ball of Figs 13-14 and 17-18 for every friction model) against freshly generated
# ones, compared by meaning with diagram-diff (default tolerances rtol 1e-6, atol 1e-9): every
# committed reference must be regenerated with a complete certificate and agree, and every
# regenerated one must be committed. Skips (exit 0, with a message) only while share/reference
# holds no diagram at all.
# Usage: bash references.sh BIN_DIR SHARE_DIR
source "$(dirname "$0")/common.bash"
cli_setup diagram-diff "$@"
generate="$share/../scripts/generate-references.sh"

shopt -s nullglob
committed=("$share"/reference/*.json)
if [[ ${#committed[@]} -eq 0 ]]; then
  echo "SKIP: share/reference holds no reference diagrams yet; run bash scripts/generate-references.sh build/bin share/reference"
  exit 0
fi

mkdir -p "$tmp/fresh"
if ! bash "$generate" "$bin" "$tmp/fresh" >"$tmp/generate.log" 2>&1; then
  fail "generate-references.sh failed: $(grep -v '\.json: sweep-force' "$tmp/generate.log" | head -c 1500)"
fi

for reference in "${committed[@]}"; do
  name=$(basename "$reference")
  fresh="$tmp/fresh/$name"
  if [[ ! -f $fresh ]]; then
    fail "$name: not regenerated (see the failure above, or it is no longer in generate-references.sh)"
    continue
  fi
  rc=0
  "$app" "$reference" "$fresh" >"$tmp/diff.json" 2>"$tmp/stderr" || rc=$?
  if [[ $rc -eq 0 ]]; then
    echo "ok: $name agrees with the regenerated diagram"
  elif [[ $rc -eq 1 ]]; then
    fail "$name differs from the regenerated diagram: $(python3 -c "
import json, sys
print('; '.join(json.load(open(sys.argv[1]))['differences'][:5])[:1500])" "$tmp/diff.json")"
  else
    fail "diagram-diff $name exited with $rc: $(head -c 400 "$tmp/stderr")"
  fi
done
for fresh in "$tmp"/fresh/*.json; do
  name=$(basename "$fresh")
  [[ -f $share/reference/$name ]] || fail "$name is generated but not committed to share/reference"
done

cli_finish "reference"
