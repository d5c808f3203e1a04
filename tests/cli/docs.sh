#!/usr/bin/env bash
# The manual is part of the product: every "docs/manual.md section N" cited in the sources,
# tests, schemas and README must name a section that exists ("## N." in docs/manual.md), every
# docs/ file cited must exist, and nothing may cite documents the repository does not contain
# (the team's specification, the reference copies of the papers).
# Every repository path cited in README.md and docs/ must exist.
# Usage: bash docs.sh BIN_DIR SHARE_DIR (only SHARE_DIR is used: the repository is its parent)
source "$(dirname "$0")/common.bash"
cli_setup find-limits "$@"
root=$(cd "$share/.." && pwd)
manual="$root/docs/manual.md"
[[ -f $manual ]] || fail "docs/manual.md is missing"
cd "$root" || exit 1
sources=(README.md lib apps tests share/schemas bench scripts)
# every cited section number, including "sections 1 and 5" and "sections 4-5"
while read -r n; do
  grep -qE "^## $n\. " "$manual" || fail "docs/manual.md section $n is cited but does not exist"
done < <(grep -rhoE 'docs/manual\.md sections? [0-9]+((-| and )[0-9]+)?' "${sources[@]}" |
  grep -oE '[0-9]+' | sort -un)
while read -r f; do
  [[ -f $f ]] || fail "$f is cited but does not exist"
done < <(grep -rhoE 'docs/[a-z_]+\.(md|bib)' "${sources[@]}" | sort -u)
# every path of the repository that README.md and docs/ cite exists (a moved file leaves none stale)
while read -r f; do
  [[ -e $f ]] || fail "$f is cited in README.md or docs/ but does not exist"
done < <(grep -rhoE '\b(lib|tests|apps|bench|scripts|share)/[A-Za-z0-9_./-]+\.(cpp|hpp|sh|py|json|svg|cmake)' README.md docs | sort -u)
if hits=$(grep -rnE 'SPEC[. ]?(md|section|[0-9])|seed 00[0-9]|seeds/[0-9]|[0-9a-f]{3}_[0-9a-f]{16}\.txt' "${sources[@]}" docs); then
  fail "citations of documents the repository does not contain: $(head -c 600 <<<"$hits")"
fi
cli_finish "docs"
