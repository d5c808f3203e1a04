#!/usr/bin/env bash
# Progress notes on standard error (docs/manual.md section 5, "Progress"): each of the runs that
# take over a second (issue 23) notes its progress with --progress when stderr is not a
# terminal; without --progress stderr stays empty; on a terminal (a pseudo-terminal made by
# script) one line is redrawn in place with \r, and --quiet silences it. The runs are the slow
# ones of the issue made far longer (hours on the 2-core machine), so that no machine ends one
# before its first note, due after a second: each is stopped once its note has come (the test
# waits for the line, not for a time); a run that must stay silent is started before its twin
# with the notes and stopped with it, so that it too has run for over a second.
source "$(dirname "$0")/common.bash"
cli_setup find-limits "$@"
problems=$share/problems
# s: a guard against a hang only, never reached by a working run (each note is due after 1 s)
hang_guard=600
deadline=$((SECONDS + hang_guard))

# start_run NAME COMMAND...: COMMAND in the background, stdout to /dev/null, stderr to
# $tmp/NAME.err, its pid in $tmp/NAME.pid
start_run() {
  local name=$1
  shift
  "$@" >/dev/null 2>"$tmp/$name.err" &
  echo $! >"$tmp/$name.pid"
}
# start_tty NAME COMMAND_LINE: the command line on a pseudo-terminal (script), the bytes the
# terminal got in $tmp/NAME.err, the command's pid in $tmp/NAME.pid
start_tty() {
  script -qec "echo \$\$ >$tmp/$1.pid.new && mv $tmp/$1.pid.new $tmp/$1.pid && exec $2" /dev/null \
    >"$tmp/$1.err" 2>&1 </dev/null &
}
# run_pid NAME: the pid of the run NAME (waits for a pseudo-terminal's command to write it)
run_pid() {
  until [[ -s $tmp/$1.pid ]] || ((SECONDS > deadline)); do sleep 0.05; done
  cat "$tmp/$1.pid" 2>/dev/null
}
# wait_note NAME GREP_ARGS...: waits until `grep -q GREP_ARGS` finds the note in $tmp/NAME.err;
# fails (status 1) if the run ended before it or the hang guard passed
wait_note() {
  local name=$1 pid
  shift
  pid=$(run_pid "$name")
  until grep -aq "$@" "$tmp/$name.err"; do
    if ! kill -0 "$pid" 2>/dev/null || ((SECONDS > deadline)); then
      grep -aq "$@" "$tmp/$name.err"
      return
    fi
    sleep 0.05
  done
}
# stop NAME...: ends the runs (SIGTERM) and waits until each is gone
stop() {
  local name pid
  for name in "$@"; do
    pid=$(run_pid "$name")
    kill "$pid" 2>/dev/null
    while kill -0 "$pid" 2>/dev/null; do sleep 0.05; done
    rm -f "$tmp/$name.pid"
  done
}
# stop_left: ends the runs still going (a check that failed before stopping them)
stop_left() {
  local pidfile
  for pidfile in "$tmp"/*.pid; do
    [[ -s $pidfile ]] && kill "$(cat "$pidfile")" 2>/dev/null
  done
}
trap 'stop_left; rm -rf "$tmp"' EXIT

# the ellipse of share/problems with a tabulated pressure of 101 nodes (the most allowed): ~20 ms
# per q (docs/manual.md section 7: ~0.8 ms for four nodes)
python3 - "$problems/ellipse.json" "$tmp/ellipse101.json" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
p["contact"]["pressure"] = {"profile": [[i / 100, 1 - 0.5 * i / 100] for i in range(101)]}
json.dump(p, open(sys.argv[2], "w"))
PY

# name | pattern of a note | command line: the slow runs of issue 23, each sized to run for hours
# (the times are those of the 2-core machine, idle)
cases=(
  # 491522 vertices and faces of the level-7 mesh at ~20 ms each
  "find-limits|^find-limits: mesh level 7: vertices and faces [0-9]+/491522 \([0-9]+ %\)$|$bin/find-limits $tmp/ellipse101.json --mesh-level 7"
  # the most grid points (99226) at ~20 ms each
  "friction-grid|^friction-model: grid points [0-9]+/99226 \([0-9]+ %\)$|$bin/friction-model $tmp/ellipse101.json --grid 316,316"
  # the largest map (10^4 spheres, 5e7 steps in all, the most allowed), each step's solve to the
  # smallest tolerance, 1e-15: 2 spheres a second
  "roll-map|^roll: map points [0-9]+/10000 \([0-9]+ %\)$|$bin/roll $problems/roll-fig2.json --map --mu-grid 0.01,0.3,100 --mu-r-grid 0.004,0.032,100 --h 0.012 --tol 1e-15"
  # 6e6 steps, each solved to 1e-15: 4000 steps a second
  "roll-steps|^roll: t = [0-9.e+-]+ s of 6 s, step [0-9]+ of 6000000$|$bin/roll $problems/roll-fig3b.json --h 1e-6 --tol 1e-15"
  "sweep-force|^sweep-force: sweep: |$bin/sweep-force $tmp/ellipse101.json --from 0 --to 1"
  # 20000 trajectories of the exact model at F = 0.5, each allowed 10^12 steps (where one from
  # (1, 0.3, 0.2) slides on for 2e7 steps, ~40 s, and more)
  "survey|^simulate: survey: trajectories [0-9]+/20000 \([0-9]+ %\)$|$bin/simulate $problems/disc-exact.json --force 0.5 --survey 20000 --max-steps 1000000000000"
  # 10^12 steps at ~2 us each
  "trajectory|^simulate: trajectory: steps [0-9]+/1000000000000 \([0-9]+ %\)$|$bin/simulate $problems/disc-exact.json --force 0.5 --x0 1,0.3,0.2 --every 0 --max-steps 1000000000000"
  # 3 million points at ~1 ms each
  "scan|^scan: [0-9]+/3000000 points \([0-9]+ %\), [0-9.e+]+ points/s, ETA |$bin/scan $problems/ball.json --job find-limits --grid force=0.05:5:3000 --grid system.lambda=0.3:0.5:1000"
  # a sweep along alpha of harmonic N = 16 over [0, 50]: ~20 steps a second, a model built for
  # each alpha (its notes once reached no further than the stage's: issue 34.6)
  "degree-study|^degree-study: harmonic N = 16 \(1 of 2\): [0-9]+ continuation steps; branch [0-9]+ at alpha = [0-9.e+-]+$|$bin/degree-study $problems/ball.json --degrees 16 --parameter alpha --from 0 --to 50 --force 0.3"
  # the map's sweeps along alpha over [0, 50], each minutes long, on threads of their own (whose
  # notes once never reached stderr)
  # 10^5 spheres over 10^7 steps of the paper's pile (each step ~ms once a hundred spheres are
  # down): the note of the time, the spheres, contacts, sweeps and residual of the step
  "pile|^pile: t = [0-9.e+-]+/1e\+04 s, [0-9]+ spheres, [0-9]+ contacts, [0-9]+ sweeps, residual [0-9.e+-]+$|$bin/pile $problems/pile.json --set spheres.count=100000 --set stepping.t_end=1e4"
  "map-sweeps|^bifurcation-map: sweep [0-9]+/22 along alpha at force = [0-9.e+-]+: [0-9]+ continuation steps; branch [0-9]+ at alpha = [0-9.e+-]+$|$bin/bifurcation-map $problems/ball.json --x force --x-range 0.05:1 --y alpha --y-range 0:50"
)

# check_notes NAME PATTERN: the run NAME with --progress notes its progress (a line matching
# PATTERN; nothing but notes), the run NAME.silent without --progress writes nothing on stderr
check_notes() {
  local name=$1 pattern=$2
  if ! wait_note "$name" -E "$pattern"; then
    fail "$name --progress: ended or $hang_guard s without a note matching /$pattern/: $(head -c 300 "$tmp/$name.err")"
  elif grep -Evq "^[a-z-]+: " "$tmp/$name.err"; then
    fail "$name --progress: a line that is not a note: $(head -c 300 "$tmp/$name.err")"
  else
    echo "ok: $name notes its progress: $(grep -E "$pattern" "$tmp/$name.err" | head -n 1)"
  fi
  stop "$name.silent" "$name"
  if [[ -s $tmp/$name.silent.err ]]; then
    fail "$name without --progress and without a terminal wrote on stderr: $(head -c 300 "$tmp/$name.silent.err")"
  fi
}

# one case at a time (all at once would load the machine with 16 runs): the silent run first,
# then its twin with --progress; both stopped once the twin's note is there
for c in "${cases[@]}"; do
  IFS='|' read -r name pattern command <<<"$c"
  # shellcheck disable=SC2086  # the command line is split into words on purpose
  start_run "$name.silent" $command
  # shellcheck disable=SC2086
  start_run "$name" $command --progress
  check_notes "$name" "$pattern"
done

# a run that completes (over a second) without --progress: exit 0 and an empty stderr
rc=0
"$bin/friction-model" "$problems/disc-profile.json" --grid 20,100 >/dev/null 2>"$tmp/stderr" || rc=$?
[[ $rc -eq 0 && ! -s $tmp/stderr ]] && echo "ok: friction-model --grid 20,100 exits 0 with stderr empty" ||
  fail "friction-model --grid 20,100: exit $rc, stderr: $(head -c 300 "$tmp/stderr")"

# tty_pair NAME COMMAND_LINE PATTERN: on a terminal the run with --quiet (NAME.quiet, started
# first) writes nothing while the run without it draws a note matching PATTERN (basic grep)
tty_pair() {
  local name=$1 command=$2 pattern=$3
  start_tty "$name.quiet" "$command --quiet >/dev/null"
  run_pid "$name.quiet" >/dev/null
  start_tty "$name" "$command >/dev/null"
  if wait_note "$name" "$pattern"; then
    echo "ok: on a terminal $name's note is redrawn in place"
  else
    fail "$name: no note redrawn in place on a terminal: $(head -c 300 "$tmp/$name.err" | od -c | head -5)"
  fi
  stop "$name.quiet" "$name"
  wait
  if [[ -s $tmp/$name.quiet.err ]]; then
    fail "$name --quiet on a terminal wrote: $(head -c 300 "$tmp/$name.quiet.err" | od -c | head -5)"
  else
    echo "ok: --quiet silences $name's notes on a terminal"
  fi
}
# on a (pseudo-)terminal: the note redrawn in place (\r ... ESC [ K); --quiet: nothing
survey=${cases[5]##*|}
tty_pair survey-tty "$survey" $'\rsimulate: survey: trajectories [0-9]*/20000 ([0-9]* %)\e\[K'
# a completed run on a terminal leaves no note behind: its line is erased (\r ESC [ K) at the end
script -qec "$bin/friction-model $problems/disc-profile.json --grid 20,100 >/dev/null" /dev/null >"$tmp/tty" 2>&1 </dev/null || true
if [[ -s $tmp/tty && "$(tail -c 4 "$tmp/tty" | od -An -c | tr -d ' ')" != '\r033[K' ]]; then
  fail "the last note is not erased at the end: $(tail -c 100 "$tmp/tty" | od -c | tail -4)"
else
  echo "ok: a completed run on a terminal erases its note"
fi

# --quiet and --progress together: bad input, one line
app=$bin/sweep-force
run "$problems/disc.json" --from 0 --to 1 --quiet --progress
if [[ $rc -eq 2 && ! -s $tmp/stdout && $(wc -l <"$tmp/stderr") -eq 1 ]] && grep -q "exclude each other" "$tmp/stderr"; then
  echo "ok: --quiet --progress is bad input"
else
  fail "--quiet --progress: exit $rc, stderr $(head -c 200 "$tmp/stderr")"
fi

# --- scan: the rule of every app (its own notes on the data stay; docs/manual.md section 14) ---
scan_ball=${cases[7]##*|}
# on a terminal with the records elsewhere: redrawn in place; -q: nothing
tty_pair scan-tty "$scan_ball" $'\rscan: [0-9]*/3000000 points ([0-9]* %), .*\e\[K'
# the records on the terminal of the notes: one line per note, never a record written onto a note
start_tty scan-records "$scan_ball"
wait_note scan-records '^scan: [0-9]*/3000000 points'
stop scan-records
wait
if ! why=$(python3 "$(dirname "$0")/check_tty_lines.py" scan "$tmp/scan-records.err"); then
  fail "scan's records and notes on one terminal: $why"
elif grep -q $'\rscan: ' "$tmp/scan-records.err" || ! grep -q '^scan: [0-9]*/3000000 points' "$tmp/scan-records.err"; then
  fail "scan's records on the terminal of its notes: the notes are not one line each: $(grep -a -m1 'scan:' "$tmp/scan-records.err" | od -c | head -3)"
else
  echo "ok: scan's records on the terminal of its notes, the notes one line each ($why)"
fi
# --quiet keeps the note on the data (points recorded with a status other than 0); --progress
# --quiet is bad input
app=$bin/scan
run "$problems/ball.json" --job find-limits --grid force=0.5 --grid friction.degree=1,1.5,2 --quiet
[[ $rc -eq 0 ]] && grep -q "^scan: 1 of 3 points recorded with a status other than 0" "$tmp/stderr" &&
  echo "ok: scan --quiet keeps its note on the records" || fail "scan --quiet: exit $rc, stderr $(head -c 300 "$tmp/stderr")"
expect_bad "exclude each other" "$problems/ball.json" --job find-limits --grid force=0.5 --quiet --progress

# --- simulate --x0 on the terminal of its notes: each line of the trajectory whole ---
# (the notes are redrawn below the lines; the trajectory of the cases above, a line every 1000 steps)
trajectory="${cases[6]##*|} --every 1000"
trajectory=${trajectory/--every 0 /}
start_tty trajectory "$trajectory"
wait_note trajectory $'\rsimulate: trajectory: steps [0-9]*/1000000000000'
stop trajectory
wait
if ! why=$(python3 "$(dirname "$0")/check_tty_lines.py" simulate "$tmp/trajectory.err"); then
  fail "simulate --x0 on a terminal: $why"
elif ! grep -q $'\rsimulate: trajectory: steps [0-9]*/1000000000000' "$tmp/trajectory.err"; then
  fail "simulate --x0 on a terminal: no note drawn in place: $(head -c 300 "$tmp/trajectory.err" | od -c | head -5)"
else
  echo "ok: simulate --x0 on the terminal of its notes: every line whole ($why)"
fi

cli_finish progress
