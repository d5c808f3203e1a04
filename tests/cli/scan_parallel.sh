#!/usr/bin/env bash
# scan's shards on GNU parallel, the real engine (issue 22 point 3, docs/manual.md section 14,
# "Engines: GNU parallel and Slurm"): the recipe
#   parallel --will-cite --joblog jl --resume 'scan ... --shard {}/16 --resume part-{}.jsonl
#     >> part-{}.jsonl' ::: $(seq 0 15)
# interrupted and resumed, after which `scan --merge part-*.jsonl` must equal the unsharded run
# with every point exactly once. Each shard appends whole records to its own file and resumes
# from it (scan --resume skips the points recorded there and cuts off a partial last line), so a
# shard killed halfway keeps what it did and parallel's rerun of it (a killed job is not in the
# job log) does only the rest. Three interruptions:
#   1. SIGTERM to parallel: it kills its running shards and records none of them;
#   2. SIGKILL to parallel alone: its running shards finish unrecorded (waited for: two scans of
#      one shard appending to one file at once would duplicate points) and run again on resume,
#      finding nothing left to do;
#   3. SIGKILL to parallel and every shard at once (a crash), at a random moment, twice.
# Skipped (exit 77) only when GNU parallel is absent and cannot be installed.
# Usage: bash scan_parallel.sh BIN_DIR SHARE_DIR
source "$(dirname "$0")/common.bash"
cli_setup scan "$@"
source "$(dirname "$0")/scan_engines.bash"
engines_need parallel parallel
readonly shards=16
# A hang guard only, never a speed requirement: every wait below waits for an event that comes
# whatever the machine's load (the whole scan takes ~1-2 s idle); 300 s is reached only by a hang.
readonly deadline=300

engines_reference "$tmp/reference.jsonl"
# The shards take a few ms each, faster than a signal sent "while one runs" can be sure to land:
# one shard is held at a gate instead. Until the file `release` exists in the run's folder, shard
# $gated writes its first $held records (a shard killed halfway keeps whole records) and waits;
# then, or when `release` exists from the start, it runs in full (resuming from those records).
# So an interruption lands inside a shard whatever the machine's speed. The command is the same
# on every run, as parallel --resume needs.
readonly gated=5 held=3
scan_words="$(printf '%q ' "$app" "${engines_scan[@]}") --shard {}/$shards --resume part-{}.jsonl"
# The gated first part's scan leaves its exit value in gate.rc (moved there once head has
# written too) and its stderr in gate.err, so a scan that fails there is reported at once (not
# taken for a shard that never reaches the gate).
shard_command="if [ {} -eq $gated ] && [ ! -e release ]; then { $scan_words 2>gate.err; echo \$? >gate.rc.new; } |
  head -n $held >> part-{}.jsonl; mv gate.rc.new gate.rc; while [ ! -e release ]; do sleep 0.01; done; fi; $scan_words >> part-{}.jsonl"

# start_parallel DIR: the recipe in DIR, in a session of its own whose id is $ppid. GNU parallel
# puts each job in a process group of its own (setpgrp), so the shards are reached through the
# session, never through parallel's process group.
start_parallel() {
  (cd "$1" && exec setsid parallel --will-cite --joblog jl --resume -j2 "$shard_command" ::: $(seq 0 $((shards - 1)))) \
    >"$1/parallel.out" 2>&1 &
  ppid=$!
}

# finished DIR: the number of shards in DIR's job log.
finished() {
  [[ -f $1/jl ]] && echo $(($(wc -l <"$1/jl") - 1)) || echo 0
}

# wait_finished DIR K: waits until the job log holds K shards (or the deadline).
wait_finished() {
  local end=$((SECONDS + deadline))
  while (($(finished "$1") < $2 && SECONDS < end)); do sleep 0.01; done
}

# unfinished DIR: the shards that have records but are not in the job log (running, or killed
# halfway).
unfinished() {
  local i logged
  logged=" $(awk -F'\t' 'NR > 1 { printf "%d ", $1 - 1 }' "$1/jl" 2>/dev/null) "
  for ((i = 0; i < shards; i++)); do
    [[ -s $1/part-$i.jsonl && $logged != *" $i "* ]] && echo "$i"
  done
}

# wait_unfinished DIR: waits until a running shard has written a record (or the deadline).
wait_unfinished() {
  local end=$((SECONDS + deadline))
  while [[ -z $(unfinished "$1") ]] && ((SECONDS < end)); do sleep 0.01; done
}

# wait_held DIR: waits until the gated shard has written its records and waits at the gate (or
# the deadline).
wait_held() {
  local end=$((SECONDS + deadline)) file=$1/part-$gated.jsonl
  while (($([[ -f $file ]] && wc -l <"$file" || echo 0) < held && SECONDS < end)); do
    # the gated scan ended (0, or 141 from head's closed pipe) without its records: say why
    if [[ -s $1/gate.rc ]] && (($([[ -f $file ]] && wc -l <"$file" || echo 0) < held)); then
      fail "shard $gated's scan exited with $(cat "$1/gate.rc") before writing $held records: $(head -c 300 "$1/gate.err")"
      return
    fi
    sleep 0.01
  done
}

# alive SID: the live processes of the session SID (zombies left unreaped by an init that does
# not reap are not processes that can write).
alive() {
  ps -s "$1" -o stat= 2>/dev/null | grep -vc '^Z'
}

# gone SID: 0 when no live process of the session SID is left (waits up to the deadline): a
# shard's scan still appending when the next run starts the same shard would record points twice.
gone() {
  local end=$((SECONDS + deadline))
  while (($(alive "$1") > 0)); do
    ((SECONDS < end)) || return 1
    sleep 0.02
  done
}

# crash SID: SIGKILL to every process of the session SID, parallel first (so it starts no more
# shards), then again until none is left (a shard's shell may fork between the listing and the
# kill).
crash() {
  local end=$((SECONDS + deadline))
  kill -KILL "$1" 2>/dev/null
  while (($(alive "$1") > 0)); do
    ((SECONDS < end)) || return 1
    pkill -KILL -s "$1" 2>/dev/null
    sleep 0.01
  done
}

# resume DIR LABEL: the same command again (the same argument list, which --resume matches by
# position); then every shard must be in the job log exactly once with exit value 0, every
# part file whole, and their merge the unsharded run.
resume() {
  local dir=$1 label=$2 rc=0
  touch "$dir/release"
  start_parallel "$dir"
  wait "$ppid" || rc=$?
  [[ $rc -eq 0 ]] || fail "$label: the resumed parallel exited with $rc: $(tail -c 300 "$dir/parallel.out")"
  local seqs
  seqs=$(awk -F'\t' 'NR > 1 { if ($7 != 0 || $8 != 0) print "bad:" $1; else print $1 }' "$dir/jl" | sort -n | tr '\n' ' ')
  [[ $seqs == "$(seq -s ' ' 1 $shards) " ]] || fail "$label: the job log's shards are '$seqs' (want 1..$shards once each, exit 0)"
  engines_merge_equals "$dir" "$label" &&
    echo "ok: $label: resumed, $shards shards in the job log once each, merge = unsharded run ($engines_points points)"
}

# partial_lines DIR: the number of part files whose last line is cut (no final newline).
partial_lines() {
  local f n=0
  for f in "$1"/part-*.jsonl; do
    [[ -s $f && $(tail -c 1 "$f" | od -An -c) != *'\n'* ]] && n=$((n + 1))
  done
  echo "$n"
}

# 1. SIGTERM to parallel while the gated shard runs: the running shards are killed and not
# recorded, the gated one with records already written.
dir=$tmp/term
mkdir "$dir"
start_parallel "$dir"
wait_held "$dir"
kill -TERM "$ppid"
rc=0
wait "$ppid" || rc=$?
gone "$ppid" || fail "SIGTERM: shards still running after the deadline"
done_before=$(finished "$dir")
kept=$(cat "$dir"/part-*.jsonl | wc -l)
halfway=$(echo $(unfinished "$dir"))
if [[ $rc -eq 0 || $done_before -ge $shards || -z $halfway ]]; then
  fail "SIGTERM: parallel was not interrupted inside a shard (exit $rc, $done_before shards done, shards killed halfway: '$halfway')"
else
  echo "ok: SIGTERM: parallel exited with $rc after $done_before of $shards shards, shard(s) $halfway killed halfway ($kept records kept)"
fi
resume "$dir" SIGTERM

# 2. SIGKILL to parallel alone: its running shards are orphans that finish on their own.
dir=$tmp/kill-parallel
mkdir "$dir"
start_parallel "$dir"
wait_held "$dir"
kill -KILL "$ppid"
wait "$ppid" 2>/dev/null
touch "$dir/release"  # the orphans go on: the gated one finishes its shard
gone "$ppid" || fail "SIGKILL to parallel: its orphaned shards still run after the deadline"
orphans=$(echo $(unfinished "$dir"))
if [[ -z $orphans ]]; then
  fail "SIGKILL to parallel: no shard was running unrecorded"
else
  echo "ok: SIGKILL to parallel after $(finished "$dir") shards; its orphans, shard(s) $orphans, finished unrecorded"
fi
resume "$dir" "SIGKILL to parallel"

# 3. SIGKILL to parallel and every shard at a random moment (a crash), twice, then resumed (no
# assertion depends on where the kills land; the gated shard waits until the resume).
dir=$tmp/crash
mkdir "$dir"
for round in 1 2; do
  start_parallel "$dir"
  wait_finished "$dir" $(($(finished "$dir") + 1 + RANDOM % 4))
  wait_unfinished "$dir"
  sleep "0.00$((RANDOM % 10))"
  crash "$ppid" || fail "crash $round: processes of the session still there after SIGKILL"
  wait "$ppid" 2>/dev/null
  echo "ok: crash $round: all killed after $(finished "$dir") shards, shard(s) $(echo $(unfinished "$dir")) halfway, $(partial_lines "$dir") part file(s) with a cut last line"
done
resume "$dir" "crash"

# 4. The Fig. 5 study of docs/manual.md section 15 in small, as its recipe runs it: scan --job
# pile sharded on parallel -j2, then the merge, which must equal the unsharded study.
engines_pile_study
engines_reference "$tmp/reference.jsonl"
dir=$tmp/pile-study
mkdir "$dir"
pile_words="$(printf '%q ' "$app" "${engines_scan[@]}") --shard {}/4 --resume part-{}.jsonl >> part-{}.jsonl"
if (cd "$dir" && parallel --will-cite --joblog jl --resume -j2 "$pile_words" ::: 0 1 2 3) >"$dir/parallel.out" 2>&1; then
  engines_merge_equals "$dir" "pile study" &&
    echo "ok: the Fig. 5 study in small (scan --job pile, $engines_points points) on parallel -j2 = the unsharded run"
else
  fail "pile study: parallel exited non-zero: $(head -c 400 "$dir/parallel.out")"
fi

cli_finish "scan on GNU parallel"
