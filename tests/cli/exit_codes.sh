#!/usr/bin/env bash
# The exit codes and the general options every app shares (docs/manual.md section 5):
#   --version on every app: one line "<app> (limitdir) <version>", the version of the CMake
#     project, exit 0; --help lists the exit codes 0, 2, 3, 4 and 5;
#   4, an I/O error: the output cannot be written (standard output is /dev/full, a full disk)
#     or an opened input cannot be read (standard input is a directory): one line on stderr;
#   scripts/generate-references.sh without its two arguments prints its usage and exits 2,
#     leaving the committed references alone.
# Exit 5 (an internal error: a bug) has no input that provokes it; run() maps std::logic_error
# and unknown exceptions to it (apps/common/cli.cpp).
# Usage: bash exit_codes.sh BIN_DIR SHARE_DIR
source "$(dirname "$0")/common.bash"
cli_setup find-limits "$@"
disc="$share/problems/disc.json"
reference="$share/reference/disc-harmonic-2.json"
# every app: each folder of apps/ but the shared code
mapfile -t apps < <(find "$share/../apps" -mindepth 1 -maxdepth 1 -type d ! -name common -printf '%f\n' | sort)
[[ ${#apps[@]} -ge 15 ]] || fail "found ${#apps[@]} apps under apps/, want at least 15"
version=$(sed -n 's/^project(limitdir VERSION \([0-9.]*\).*/\1/p' "$share/../CMakeLists.txt")
[[ -n $version ]] || fail "no VERSION in the project() line of CMakeLists.txt"

# ----- --version and --help -------------------------------------------------------------------------
for name in "${apps[@]}"; do
  app="$bin/$name"
  run --version
  if [[ $rc -eq 0 && ! -s $tmp/stderr && $(cat "$tmp/stdout") == "$name (limitdir) $version" && $(wc -l <"$tmp/stdout") -eq 1 ]]; then
    echo "ok: $name --version: $(cat "$tmp/stdout")"
  else
    fail "$name --version: exit $rc, stdout '$(head -c 200 "$tmp/stdout")', want '$name (limitdir) $version'"
  fi
  run --help
  for code in 0 2 3 4 5; do
    grep -q "^  $code  " "$tmp/stdout" || fail "$name --help does not explain exit code $code"
  done
done

# ----- exit 4: the output cannot be written ----------------------------------------------------------
# expect_io NAME ARGS...: NAME ARGS > /dev/full exits 4 with one line "NAME: error: I/O error: ...".
expect_io() {
  local name=$1
  shift
  rc=0
  "$bin/$name" "$@" >/dev/full 2>"$tmp/stderr" || rc=$?
  if [[ $rc -eq 4 && $(wc -l <"$tmp/stderr") -eq 1 ]] && grep -q "^$name: error: I/O error: " "$tmp/stderr"; then
    echo "ok: $name $* > /dev/full -> $(cat "$tmp/stderr")"
  else
    fail "$name $* > /dev/full: exit $rc (want 4), stderr: $(head -c 300 "$tmp/stderr")"
  fi
}
[[ -w /dev/full ]] || { echo "SKIP: no /dev/full"; cli_finish "exit code"; exit 0; }
expect_io find-limits "$disc" --force 1.2
expect_io find-limits "$disc" --force 1.2 --format text
expect_io classify "$disc" --force 1.2 --direction 1,0,0
expect_io classify --regions "$reference"
expect_io sweep-force "$disc" --from 0.5 --to 0.6 --checks 0
expect_io degree-study "$disc" --degrees 1,2 --from 0.5 --to 0.6 --checks 0
expect_io bifurcation-map "$disc" --y j --y-range 0.4,1 --x-range 0.5,1 --lines 1
expect_io friction-model "$disc" --samples 2
expect_io simulate "$disc" --force 1.2 --x0 1,0,0 --every 0
expect_io diagram-diff "$reference" "$reference"
expect_io plot "$reference"
# --version and --help write too.
expect_io plot --version
expect_io find-limits --help

# ----- exit 4: an opened input cannot be read --------------------------------------------------------
app="$bin/find-limits"
rc=0
"$app" - --force 1.2 <"$share" >"$tmp/stdout" 2>"$tmp/stderr" || rc=$?
if [[ $rc -eq 4 && ! -s $tmp/stdout ]] && grep -q "^find-limits: error: I/O error: -: cannot read" "$tmp/stderr"; then
  echo "ok: find-limits - < directory -> $(cat "$tmp/stderr")"
else
  fail "find-limits - < directory: exit $rc (want 4), stderr: $(head -c 300 "$tmp/stderr")"
fi
# A file that cannot be opened stays bad input (the user named it).
expect_bad "cannot open" "$tmp/missing.json" --force 1.2

# ----- generate-references.sh needs its arguments ----------------------------------------------------
generate="$share/../scripts/generate-references.sh"
before=$(cat "$share"/reference/*.json | cksum)
rc=0
bash "$generate" >"$tmp/stdout" 2>"$tmp/stderr" || rc=$?
if [[ $rc -eq 2 && ! -s $tmp/stdout ]] && grep -q "^usage: bash scripts/generate-references.sh BIN_DIR OUT_DIR" "$tmp/stderr"; then
  echo "ok: generate-references.sh without arguments prints its usage, exit 2"
else
  fail "generate-references.sh without arguments: exit $rc (want 2), stderr: $(head -c 300 "$tmp/stderr")"
fi
rc=0
bash "$generate" "$bin" >/dev/null 2>&1 || rc=$?
[[ $rc -eq 2 ]] || fail "generate-references.sh with one argument: exit $rc (want 2)"
[[ $(cat "$share"/reference/*.json | cksum) == "$before" ]] || fail "generate-references.sh without arguments changed share/reference"

cli_finish "exit code"
