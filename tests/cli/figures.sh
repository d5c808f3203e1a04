#!/usr/bin/env bash
# The committed figures docs/figures/*.svg (scripts/generate-figures.sh, shown in README.md and docs/overview.md)
# against freshly generated ones: the same SVG elements in the same order, with the same text
# and attributes, numbers within 0.5 px (check_plot.py same-structure). Every committed figure
# must be regenerated and agree, and every regenerated one must be committed. Every committed
# figure's labels are disjoint, inside it, off a map's curves and with legend keys beside their
# swatches (check_labels.py).
# Usage: bash figures.sh BIN_DIR SHARE_DIR
source "$(dirname "$0")/common.bash"
cli_setup plot "$@"
root=$(cd "$share/.." && pwd)
check="$(dirname "$0")/check_plot.py"
labels="$(dirname "$0")/check_labels.py"

mkdir -p "$tmp/fresh"
bash "$root/scripts/generate-figures.sh" "$bin" "$tmp/fresh" >"$tmp/generate.log" 2>&1 ||
  fail "generate-figures.sh failed: $(head -c 1000 "$tmp/generate.log")"
shopt -s nullglob
for fresh in "$tmp"/fresh/*.svg; do
  [[ -f $root/docs/figures/$(basename "$fresh") ]] || fail "$(basename "$fresh") is generated but not committed in docs/figures"
done
for figure in "$root"/docs/figures/*.svg; do
  name=$(basename "$figure")
  if [[ ! -f $tmp/fresh/$name ]]; then
    fail "$name: not regenerated (no longer in scripts/generate-figures.sh?)"
  elif out=$(python3 "$check" same-structure "$figure" "$tmp/fresh/$name"); then
    echo "ok: $name agrees with the regenerated figure"
  else
    fail "$name differs from the regenerated figure (run bash scripts/generate-figures.sh): $out"
  fi
  out=$(python3 "$labels" "$figure") && echo "ok: $name: $out" || fail "$name: $out"
done
grep -q "docs/figures/" "$root/README.md" || fail "README.md shows no figure of docs/figures"
cli_finish "figures"
