# Shared plumbing of the command-line contract tests (sourced, not run: ctest runs *.sh only).
# cli_setup APP BIN_DIR SHARE_DIR: checks the arguments, sets $bin, $share, $app, a temporary
# directory $tmp removed on exit, and the failure counter; fail MESSAGE counts a failure;
# cli_finish LABEL prints the summary and exits 1 if anything failed.
set -u
exec </dev/null  # no case reads the terminal by mistake

cli_setup() {
  if [[ $# -ne 3 ]]; then
    echo "usage: bash $0 BIN_DIR SHARE_DIR" >&2
    exit 2
  fi
  app="$2/$1"
  bin=$2
  share=$3
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  failures=0
}

fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}

cli_finish() {
  if [[ $failures -ne 0 ]]; then
    echo "$failures $1 check(s) failed"
    exit 1
  fi
  echo "all $1 checks passed"
}

# require_tools LABEL TOOL...: every TOOL on PATH (scripts/install-deps.sh installs them), else
# one failure per missing tool and the summary LABEL (exit 1).
require_tools() {
  local label=$1 tool missing=0
  shift
  for tool in "$@"; do
    if ! command -v "$tool" >/dev/null; then
      fail "$tool not found (scripts/install-deps.sh installs it)"
      missing=1
    fi
  done
  [[ $missing -eq 0 ]] || cli_finish "$label"
}

# run ARGS...: runs $app; exit code in $rc, output in $tmp/stdout and $tmp/stderr.
run() {
  rc=0
  "$app" "$@" >"$tmp/stdout" 2>"$tmp/stderr" || rc=$?
}

# rendered NAME W H: the last run of plot as $tmp/NAME.svg, and what is wrong with it (nothing when
# it exited 0 with nothing on stderr, is well-formed and renders to a W x H $tmp/NAME.png)
rendered() {
  local name=$1 w=$2 h=$3 what=""
  cp "$tmp/stdout" "$tmp/$name.svg"
  [[ $rc -eq 0 && ! -s $tmp/stderr ]] || what+=" exit code $rc: $(head -c 300 "$tmp/stderr");"
  xmllint --noout "$tmp/$name.svg" 2>/dev/null || what+=" not well-formed;"
  rsvg-convert "$tmp/$name.svg" -o "$tmp/$name.png" 2>/dev/null || what+=" rsvg-convert failed;"
  [[ -n $what ]] || what+=$(python3 "$(dirname "${BASH_SOURCE[0]}")/check_plot.py" size "$tmp/$name.png" "$w" "$h")
  echo "$what"
}

# expect_error CODE WORD ARGS...: exit CODE and one stderr line "<app>: error: ..." that names
# WORD; for bad input (2) nothing on stdout (docs/manual.md section 5).
expect_error() {
  local code=$1 word=$2 name
  shift 2
  name=$(basename "$app")
  run "$@"
  local lines what=""
  # progress notes ("<app>: <note>", a run over a second) are not counted
  lines=$(grep -cv "^$name: [^e]\|^$name: e[^r]" "$tmp/stderr")
  [[ $rc -eq $code ]] || what+=" exit code $rc (want $code);"
  if [[ $code -eq 2 ]]; then [[ ! -s $tmp/stdout ]] || what+=" stdout is not empty;"; fi
  [[ $lines -eq 1 ]] || what+=" stderr has $lines lines (want 1);"
  grep -q "^$name: error: " "$tmp/stderr" || what+=" stderr does not start with '$name: error: ';"
  grep -qF -- "$word" "$tmp/stderr" || what+=" stderr does not mention '$word';"
  if [[ -n $what ]]; then
    fail "$name $*:$what stderr: $(head -c 400 "$tmp/stderr")"
  else
    echo "ok: $name $* -> $(cat "$tmp/stderr")"
  fi
}

# expect_bad WORD ARGS...: bad input, exit 2.
expect_bad() {
  expect_error 2 "$@"
}

# expect_report SCHEMA CHECK ARGS...: $app ARGS exits 0 with nothing on stderr but progress notes
# ("<app>: <note>", not "<app>: error: ..."), and its output is
# JSON valid against share/schemas/SCHEMA (tests/cli/validate_json.py) for which the Python
# expression CHECK holds (the output parsed as `r`; $REPORT_PRELUDE, if set, is Python run
# first, e.g. to define constants the check uses).
expect_report() {
  local schema=$1 check=$2 name why
  shift 2
  name=$(basename "$app")
  run "$@"
  if [[ $rc -ne 0 ]]; then
    fail "$name $* exited with $rc: $(head -c 400 "$tmp/stderr")"
  elif grep -qv "^$name: [^e]\|^$name: e[^r]" "$tmp/stderr"; then
    # a run that takes more than a second shows progress ("<app>: <note>"); nothing else
    fail "$name $* wrote to stderr: $(head -c 400 "$tmp/stderr")"
  elif ! why=$(python3 "$(dirname "${BASH_SOURCE[0]}")/validate_json.py" "$share/schemas" "$schema" "$tmp/stdout"); then
    fail "$name $*: $why"
  elif ! why=$(python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
import math
exec(sys.argv[3])
try:
    ok = eval(sys.argv[2])
except Exception as e:
    print("check raised", repr(e)); sys.exit(1)
if not ok:
    print("check failed:", sys.argv[2], "report:", json.dumps({k: v for k, v in r.items() if k != "history"})[:600]); sys.exit(1)
' "$tmp/stdout" "$check" "${REPORT_PRELUDE:-}"); then
    fail "$name $*: $why"
  else
    echo "ok: $name $*"
  fi
}

# first_coefficients PROBLEM: sets C1 and S1, the first coefficients C_1, S_1 of PROBLEM's
# harmonic model as friction-model prints them (the closed forms N = 2 of the map tests).
first_coefficients() {
  local coefficients
  coefficients=$("$bin/friction-model" "$1" --samples 2 |
    python3 -c "import json, sys; c = json.load(sys.stdin)['coefficients']; print(repr(c['C'][0]), repr(c['S'][0]))")
  read -r C1 S1 <<<"$coefficients"
}

# auto_setup NAME FILE...: AUTO-07p ($AUTO_DIR, default /usr/lib/auto-07p) and its Fortran
# compiler ($FC, default gfortran) for the test-only oracles, else exit 77 (ctest's skip code,
# "SKIP: ..."; scripts/install-deps.sh installs both); then $auto_files = tests/auto and the work
# directory $work = $tmp/auto with the equations tests/auto/NAME.f90, the empty user routines
# stubs.f90 and the constants files FILE... of tests/auto copied into it.
auto_setup() {
  auto_dir=${AUTO_DIR:-/usr/lib/auto-07p}
  fc=${FC:-gfortran}
  auto_files="$(cd "$(dirname "${BASH_SOURCE[0]}")/../auto" && pwd)"
  if [[ ! -f $auto_dir/lib/main.o ]]; then
    echo "SKIP: AUTO-07p is absent (no $auto_dir/lib/main.o; Debian package auto-07p, or set AUTO_DIR)"
    exit 77
  fi
  if ! command -v "$fc" >/dev/null; then
    echo "SKIP: $fc is absent (AUTO-07p compiles the equations tests/auto/$1.f90 with it; Debian package gfortran)"
    exit 77
  fi
  work="$tmp/auto"
  mkdir -p "$work"
  local file
  for file in "$1.f90" stubs.f90 "${@:2}"; do
    cp "$auto_files/$file" "$work/"
  done
}

# auto_compile NAME: compiles $work/NAME.f90 and stubs.f90 with AUTO's objects to $work/NAME.exe
# (as AUTO's cmds.make does); its messages in $work/compile.log.
auto_compile() {
  (cd "$work" && "$fc" -O2 -fPIC -std=legacy -fopenmp "$1.f90" stubs.f90 "$auto_dir"/lib/*.o -o "$1.exe" \
    >compile.log 2>&1)
}
