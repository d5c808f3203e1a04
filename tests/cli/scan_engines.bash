# Shared plumbing of the engine tests of scans (tests/cli/scan_parallel.sh, scan_slurm.sh; issue
# 22, docs/manual.md section 14, "Engines: GNU parallel and Slurm"). Sourced after common.bash's
# cli_setup scan (which sets $app, $share, $tmp), not run.
#
# engines_scan: the scan both tests shard, an array of words: find-limits on the ball
#   (docs/manual.md section 2) over a 20 x 10 grid of (system.lambda, friction.degree) at the load
#   0.3: 200 points of a few ms each, so that an engine's run takes about a second.
# engines_pile_study: switches engines_scan (and engines_points) to the Fig. 5 study of
#   docs/manual.md section 15 in small: scan --job pile over 3 mu x 2 mu_r x 2 seeds of the
#   tutorial's pile cut to 10 spheres (12 points of ~0.05 s), the recipe's own words otherwise.
# engines_need COMMAND PACKAGE: returns 0 when COMMAND is on PATH, installing it with
#   scripts/install-deps.sh when it is not and we are root; otherwise prints why and exits 77
#   (ctest's skip code for these tests, tests/CMakeLists.txt).
# engines_reference FILE: the unsharded run of the scan in one process, checked whole by
#   `scan --merge` (every point exactly once), which writes it to FILE sorted by index.
# engines_same_records A B: 0 when the JSON Lines files A and B hold the same records in the
#   same order, compared without their "seconds" (tests/cli/same_records.py); otherwise prints
#   the first difference.
# engines_merge_equals DIR LABEL: 0 when `scan --merge DIR/part-*.jsonl` (into DIR/merged.jsonl)
#   succeeds and equals the unsharded run $tmp/reference.jsonl; otherwise counts a failure.

# absolute paths: the engines run scan in other folders
app=$(cd "$(dirname "$app")" && pwd)/$(basename "$app")
share=$(cd "$share" && pwd)
engines_scan=("$share/problems/ball.json" --job find-limits --force 0.3
  --grid system.lambda=0.5:5:20 --grid friction.degree=1:10:10)
engines_points=200

engines_pile_study() {
  engines_scan=("$share/problems/pile-siconos.json" --job pile --set spheres.count=10 --set stepping.t_end=0.702
    --every 0 --grid law.mu=0.3,0.5,0.7 --grid law.mu_r=log:1e-4:1e-2:2 --grid seed=1,2)
  engines_points=12
}

engines_need() {
  local command=$1 package=$2 out
  command -v "$command" >/dev/null && return 0
  if [[ $(id -u) -eq 0 ]]; then
    echo "installing $package with scripts/install-deps.sh"
    out=$(bash "$(dirname "${BASH_SOURCE[0]}")/../../scripts/install-deps.sh" 2>&1)
    command -v "$command" >/dev/null && return 0
    echo "SKIP: $command is absent and scripts/install-deps.sh could not install $package: $(tail -2 <<<"$out")"
  else
    echo "SKIP: $command is absent (Debian package $package; scripts/install-deps.sh installs it as root)"
  fi
  exit 77
}

engines_reference() {
  local rc=0 raw=$tmp/reference.raw
  "$app" "${engines_scan[@]}" >"$raw" 2>"$tmp/reference.err" || rc=$?
  if [[ $rc -ne 0 ]]; then
    fail "the unsharded scan exited with $rc: $(head -c 400 "$tmp/reference.err")"
    cli_finish engines
  fi
  [[ $(wc -l <"$raw") -eq $engines_points ]] || fail "the unsharded run has $(wc -l <"$raw") records (want $engines_points)"
  "$app" "${engines_scan[@]}" --merge "$raw" >"$1" 2>"$tmp/reference.err" ||
    fail "scan --merge of the unsharded run: $(head -c 400 "$tmp/reference.err")"
}

engines_same_records() {
  python3 "$(dirname "${BASH_SOURCE[0]}")/same_records.py" "$1" "$2"
}

engines_merge_equals() {
  local dir=$1 label=$2 rc=0 why
  (cd "$dir" && "$app" "${engines_scan[@]}" --merge part-*.jsonl >merged.jsonl 2>merge.err) || rc=$?
  if [[ $rc -ne 0 ]]; then
    fail "$label: scan --merge exited with $rc: $(head -c 400 "$dir/merge.err")"
  elif ! why=$(engines_same_records "$tmp/reference.jsonl" "$dir/merged.jsonl"); then
    fail "$label: the merged shards differ from the unsharded run: $why"
  else
    return 0
  fi
  return 1
}
