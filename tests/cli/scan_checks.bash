# Shared checks of the scan command tests (tests/cli/scan.sh, scan_log.sh). Sourced after
# common.bash's cli_setup scan (which sets $app and $tmp), not run.
#
# ok LABEL COMMAND...: the command succeeds, else its output is the failure.
# run_ok ARGS...: scan exits 0 and writes on stderr nothing but notes ("scan: ...", not errors).

ok() {
  local label=$1 why
  shift
  if why=$("$@" 2>&1); then echo "ok: $label${why:+ ($why)}"; else fail "$label: $why"; fi
}

run_ok() {
  run "$@"
  if [[ $rc -ne 0 ]] || grep -q "^scan: error" "$tmp/stderr"; then
    fail "scan $* exited with $rc: $(head -c 400 "$tmp/stderr")"
    return 1
  fi
}
