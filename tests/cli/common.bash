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
