#!/usr/bin/env bash
# Progress notes on standard error (docs/manual.md section 5, "Progress"): each of the runs that
# take over a second (issue 23) notes its progress with --progress when stderr is not a
# terminal; without --progress stderr stays empty; on a terminal (a pseudo-terminal made by
# script) one line is redrawn in place with \r, and --quiet silences it. The runs are the slow
# ones of the issue, cut by `timeout` once their first notes are due (notes come by wall-clock
# time, at most once a second after the first second), so the test takes a few seconds.
source "$(dirname "$0")/common.bash"
cli_setup find-limits "$@"
problems=$share/problems
cut_after=4  # s: the first note is due after 1 s; 3 s of margin on a loaded machine

# the ellipse of share/problems with a tabulated pressure of 101 nodes (the most allowed)
python3 - "$problems/ellipse.json" "$tmp/ellipse101.json" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
p["contact"]["pressure"] = {"profile": [[i / 100, 1 - 0.5 * i / 100] for i in range(101)]}
json.dump(p, open(sys.argv[2], "w"))
PY

# name | pattern of a note | command line (the slow runs of issue 23)
cases=(
  "find-limits|^find-limits: mesh level 4: vertices and faces [0-9]+/7682 \([0-9]+ %\)$|$bin/find-limits $tmp/ellipse101.json"
  "friction-grid|^friction-model: grid points [0-9]+/99226 \([0-9]+ %\)$|$bin/friction-model $problems/disc-profile.json --grid 316,316"
  "roll-map|^roll: map points [0-9]+/10000 \([0-9]+ %\)$|$bin/roll $problems/roll-fig2.json --map --mu-grid 0.01,0.3,100 --mu-r-grid 0.004,0.032,100 --h 0.02"
  "roll-steps|^roll: t = [0-9.e+-]+ s of 6 s, step [0-9]+ of 600000$|$bin/roll $problems/roll-fig3b.json --h 1e-5"
  "sweep-force|^sweep-force: sweep: |$bin/sweep-force $problems/ellipse.json --from 0 --to 1"
  "survey|^simulate: survey: trajectories [0-9]+/20000 \([0-9]+ %\)$|$bin/simulate $problems/disc.json --survey 20000"
)

# all at once (each is cut after $cut_after s): with --progress, and without
for c in "${cases[@]}"; do
  IFS='|' read -r name pattern command <<<"$c"
  # shellcheck disable=SC2086  # the command line is split into words on purpose
  timeout "$cut_after" $command --progress >/dev/null 2>"$tmp/$name.notes" &
  # shellcheck disable=SC2086
  timeout "$cut_after" $command >/dev/null 2>"$tmp/$name.silent" &
done
wait

# check_notes NAME PATTERN: $tmp/NAME.notes has a note matching PATTERN and nothing but notes,
# $tmp/NAME.silent is empty
check_notes() {
  local name=$1 pattern=$2
  if ! grep -Eq "$pattern" "$tmp/$name.notes"; then
    fail "$name --progress: no note matching /$pattern/ within $cut_after s: $(head -c 300 "$tmp/$name.notes")"
  elif grep -Evq "^[a-z-]+: " "$tmp/$name.notes"; then
    fail "$name --progress: a line that is not a note: $(head -c 300 "$tmp/$name.notes")"
  else
    echo "ok: $name notes its progress: $(tail -n 1 "$tmp/$name.notes")"
  fi
  if [[ -s $tmp/$name.silent ]]; then
    fail "$name without --progress and without a terminal wrote on stderr: $(head -c 300 "$tmp/$name.silent")"
  fi
}
for c in "${cases[@]}"; do
  IFS='|' read -r name pattern command <<<"$c"
  check_notes "$name" "$pattern"
done

# a run that completes (over a second) without --progress: exit 0 and an empty stderr
rc=0
"$bin/friction-model" "$problems/disc-profile.json" --grid 20,100 >/dev/null 2>"$tmp/stderr" || rc=$?
[[ $rc -eq 0 && ! -s $tmp/stderr ]] && echo "ok: friction-model --grid 20,100 exits 0 with stderr empty" ||
  fail "friction-model --grid 20,100: exit $rc, stderr: $(head -c 300 "$tmp/stderr")"

# on a (pseudo-)terminal: the note redrawn in place (\r ... ESC [ K); --quiet: nothing
survey="$bin/simulate $problems/disc.json --survey 20000"
script -qec "timeout 3 $survey >/dev/null" /dev/null >"$tmp/tty" 2>&1 </dev/null || true
if grep -q $'\rsimulate: survey: trajectories [0-9]*/20000 ([0-9]* %)\e\[K' "$tmp/tty"; then
  echo "ok: on a terminal the survey's note is redrawn in place"
else
  fail "no note redrawn in place on a terminal: $(head -c 300 "$tmp/tty" | od -c | head -5)"
fi
script -qec "timeout 3 $survey --quiet >/dev/null" /dev/null >"$tmp/tty" 2>&1 </dev/null || true
if [[ -s $tmp/tty ]]; then
  fail "--quiet on a terminal wrote: $(head -c 300 "$tmp/tty" | od -c | head -5)"
else
  echo "ok: --quiet silences the notes on a terminal"
fi
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

# --- the runs added by issue 23.4 (a single trajectory, scan), one at a time after the others so
# that the machine is not loaded with more runs than the cut allows for ---
# (each must outlast the cut: the default 2e6 steps ended in under 4 s on CI, printing its exit-3
# message; 2e7 steps take ~40 s at 2e6 steps per 4 s)
late=(
  "trajectory|^simulate: trajectory: steps [0-9]+/20000000 \([0-9]+ %\)$|$bin/simulate $problems/disc-exact.json --force 0.5 --x0 1,0.3,0.2 --every 0 --max-steps 20000000"
  "scan|^scan: [0-9]+/12000 points \([0-9]+ %\), [0-9.e+]+ points/s, ETA |$bin/scan $problems/ball.json --job find-limits --grid force=0.05:5:3000 --grid system.lambda=0.3,0.4,0.5,5"
)
for c in "${late[@]}"; do
  IFS='|' read -r name pattern command <<<"$c"
  # shellcheck disable=SC2086  # the command line is split into words on purpose
  timeout "$cut_after" $command --progress >/dev/null 2>"$tmp/$name.notes" &
  # shellcheck disable=SC2086
  timeout "$cut_after" $command >/dev/null 2>"$tmp/$name.silent" &
  wait
  check_notes "$name" "$pattern"
done

# --- scan: the rule of every app (its own notes on the data stay; docs/manual.md section 14) ---
# 12000 points, ~11 s on an idle 2-core machine (1200 took 1.1 s: on a fast machine the scan ended
# before its first note, due after a second): every case is cut long before the scan ends
scan_ball="$bin/scan $problems/ball.json --job find-limits --grid force=0.05:5:3000 --grid system.lambda=0.3,0.4,0.5,5"
# on a terminal with the records elsewhere: redrawn in place; --quiet: nothing
script -qec "timeout 3 $scan_ball >/dev/null" /dev/null >"$tmp/tty" 2>&1 </dev/null || true
grep -q $'\rscan: [0-9]*/12000 points ([0-9]* %), .*\e\[K' "$tmp/tty" && echo "ok: scan's note is redrawn in place on a terminal" ||
  fail "scan on a terminal: no note redrawn in place: $(head -c 300 "$tmp/tty" | od -c | head -5)"
script -qec "timeout 3 $scan_ball -q >/dev/null" /dev/null >"$tmp/tty" 2>&1 </dev/null || true
[[ ! -s $tmp/tty ]] && echo "ok: scan -q silences the notes on a terminal" ||
  fail "scan -q on a terminal wrote: $(head -c 300 "$tmp/tty" | od -c | head -5)"
# the records on the terminal of the notes: one line per note, never a record written onto a note
script -qec "timeout 3 $scan_ball" /dev/null >"$tmp/tty" 2>&1 </dev/null || true
if ! why=$(python3 "$(dirname "$0")/check_tty_lines.py" scan "$tmp/tty"); then
  fail "scan's records and notes on one terminal: $why"
elif grep -q $'\rscan: ' "$tmp/tty" || ! grep -q '^scan: [0-9]*/12000 points' "$tmp/tty"; then
  fail "scan's records on the terminal of its notes: the notes are not one line each: $(grep -a -m1 'scan:' "$tmp/tty" | od -c | head -3)"
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
# (disc-exact at F = 0.5: 1.5e6 steps take 3.5 s on an idle 2-core machine, well over the second
# before the first note, where 6e5 steps took 1.2 s; the notes are redrawn below the lines)
trajectory="$bin/simulate $problems/disc-exact.json --force 0.5 --x0 1,0.3,0.2 --every 1000 --max-steps 1500000"
script -qec "$trajectory" /dev/null >"$tmp/tty" 2>&1 </dev/null || true
if ! why=$(python3 "$(dirname "$0")/check_tty_lines.py" simulate "$tmp/tty"); then
  fail "simulate --x0 on a terminal: $why"
elif ! grep -q $'\rsimulate: trajectory: steps [0-9]*/1500000' "$tmp/tty"; then
  fail "simulate --x0 on a terminal: no note drawn in place: $(head -c 300 "$tmp/tty" | od -c | head -5)"
else
  echo "ok: simulate --x0 on the terminal of its notes: every line whole ($why)"
fi

cli_finish progress
