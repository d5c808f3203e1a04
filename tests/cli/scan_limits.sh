#!/usr/bin/env bash
# scan within the machine's limits (docs/manual.md section 14, issue 34): more threads asked than
# the system can create, and grids far larger than memory, which scan must never list. The cases
# run under `ulimit -v` (address space 4 GB) and `ulimit -s` (8 MiB stacks), so a regression that
# builds something in proportion to the grid fails at once with bad_alloc instead of filling the
# machine's memory. A sanitizer build reserves terabytes of shadow memory, which no `ulimit -v`
# admits: there the address space is left unbounded (a grid-sized allocation still fails at
# once: ASan refuses any allocation past its maximum size) and the one case that needs the bound,
# threads that cannot be created, is skipped (the uninstrumented build runs it).
# Usage: bash scan_limits.sh BIN_DIR SHARE_DIR
source "$(dirname "$0")/common.bash"
cli_setup scan "$@"

ball="$share/problems/ball.json"
job=(--job find-limits --force 0.3)
# the address space of the bounded runs, in KiB (ulimit -v): 4 GB, the reproducers' bound
bound_kib=4000000
asan=0
if ldd "$app" | grep -q libasan; then
  asan=1
  bound_kib=unlimited
fi
# each thread's stack reserves 8 MiB (ulimit -s in KiB): 1000 threads want 8 GB, twice the bound
stack_kib=8192

# bounded ARGS...: runs $app under the bounds; exit code in $rc, output in $tmp/stdout, stderr.
bounded() {
  rc=0
  (ulimit -v $bound_kib -s $stack_kib && exec "$app" "$@") >"$tmp/stdout" 2>"$tmp/stderr" || rc=$?
}

# without_seconds FILE: the records of FILE sorted by index, each without its wall time
without_seconds() {
  python3 -c '
import json, sys
records = [json.loads(line) for line in open(sys.argv[1]) if line.strip()]
for r in records:
    r["summary"].pop("seconds")
for r in sorted(records, key=lambda r: r["index"]):
    print(json.dumps(r, sort_keys=True))' "$1"
}

# --jobs 1000 where the threads cannot all be created: the scan runs on fewer, with a note, and
# writes the records a one-thread scan writes (it once aborted: "terminate called without an
# active exception", SIGABRT)
if [[ $asan -eq 1 ]]; then
  echo "skip: --jobs 1000 under ulimit -v (an ASan build's shadow memory exceeds any bound)"
else
  grid=(--grid force=0.1:1:6)
  "$app" "$ball" "${job[@]}" "${grid[@]}" >"$tmp/one.jsonl" 2>/dev/null || fail "the one-thread scan failed"
  bounded "$ball" "${job[@]}" "${grid[@]}" --jobs 1000
  if [[ $rc -eq 0 ]] && grep -q "^scan: --jobs: 1000 threads asked, only [0-9]* could be created" "$tmp/stderr" &&
     [[ "$(without_seconds "$tmp/stdout")" == "$(without_seconds "$tmp/one.jsonl")" ]]; then
    echo "ok: --jobs 1000 under ulimit -v $bound_kib: $(head -c 200 "$tmp/stderr")"
  else
    fail "--jobs 1000 under ulimit -v $bound_kib: exit $rc, stderr $(head -c 300 "$tmp/stderr")"
  fi
fi

# a grid of 10^5 x 10^5 x 8 x 10^3 = 8e13 points: its points are computed as they are run, never
# listed (8e13 indices were 640 TB: exit 5, std::bad_alloc). The first two records arrive, then
# head closes the pipe (scan ends by SIGPIPE, 141, or a failed write, 4: either is the reader's doing).
huge=(--grid system.lambda=0.5:5:100000 --grid system.j=0.1:0.6:100000 --grid friction.degree=1:8:8
      --grid force=0.1:1:1000)
rc=0
(ulimit -v $bound_kib -s $stack_kib && exec "$app" "$ball" "${job[@]}" "${huge[@]}" --shard 0/1) 2>"$tmp/stderr" |
  head -n 2 >"$tmp/stdout"
indices=$(python3 -c 'import json, sys; print(*[json.loads(l)["index"] for l in open(sys.argv[1])])' "$tmp/stdout")
if [[ $indices == "0 1" ]] && ! grep -q "error" "$tmp/stderr"; then
  echo "ok: a shard of 8e13 points runs its first points under ulimit -v $bound_kib"
else
  fail "a shard of 8e13 points: records $indices, stderr $(head -c 300 "$tmp/stderr")"
fi

# the shards 0/N and 1/N with N = 4e13 hold the points 0, 4e13 and 1, 4e13 + 1; their records,
# one file not in index order, are merged through a table of the 4 records (once a table of the
# grid's 8e13 points: exit 5), with the other 8e13 - 4 points missing (exit 3)
n=40000000000000
for i in 0 1; do
  bounded "$ball" "${job[@]}" "${huge[@]}" --shard $i/$n
  [[ $rc -eq 0 ]] || fail "--shard $i/$n exited with $rc: $(head -c 300 "$tmp/stderr")"
  cp "$tmp/stdout" "$tmp/part-$i.jsonl"
done
cat "$tmp/part-1.jsonl" "$tmp/part-0.jsonl" >"$tmp/shuffled.jsonl"
bounded "$ball" "${job[@]}" "${huge[@]}" --merge "$tmp/shuffled.jsonl"
indices=$(python3 -c 'import json, sys; print(*[json.loads(l)["index"] for l in open(sys.argv[1])])' "$tmp/stdout")
if [[ $rc -eq 3 && $indices == "0 1 $n $((n + 1))" ]] &&
   grep -q "merge of 80000000000000 points: 79999999999996 missing (2, 3, 4, 5, 6, ...)" "$tmp/stderr"; then
  echo "ok: a merge of 4 records of 8e13 points under ulimit -v $bound_kib: $(cat "$tmp/stderr")"
else
  fail "merge of 4 records of 8e13 points: exit $rc, indices $indices, stderr $(head -c 300 "$tmp/stderr")"
fi
# a resume of a shard whose points are all recorded runs none
bounded "$ball" "${job[@]}" "${huge[@]}" --shard 0/$n --resume "$tmp/part-0.jsonl"
[[ $rc -eq 0 && ! -s $tmp/stdout ]] && echo "ok: a resumed shard of 8e13 points with both points recorded runs none" ||
  fail "resume of a recorded shard: exit $rc, $(wc -l <"$tmp/stdout") records, stderr $(head -c 300 "$tmp/stderr")"

# more points than the documented bound 2^53 (the largest index a JSON reader keeps exactly), and
# a count past 2^64 (4 axes of 2^24): bad input before anything is made
expect_bad "--grid: more than 2^53 points" "$ball" "${job[@]}" --grid force=0:1:16777216 --grid system.j=0.1:0.6:16777216 \
  --grid system.lambda=1:5:64
expect_bad "--grid: more than 2^53 points" "$ball" "${job[@]}" --grid force=0:1:16777216 --grid system.j=0.1:0.6:16777216 \
  --grid system.lambda=1:5:16777216 --grid friction.degree=1:8:16777216

cli_finish "scan-limits"
