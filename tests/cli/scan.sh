#!/usr/bin/env bash
# Command-line contract of scan (issue 22, docs/manual.md section 14): a grid run equals the
# union of its shards merged and the run with --jobs 2 (records compared without their wall
# times); a resume after the output was cut inside a line redoes exactly the missing points; a
# scan killed with SIGKILL at random moments leaves whole lines and at most one partial last one,
# and resuming completes it with every point exactly once; --merge exits 3 naming a missing and a
# duplicated index; every bad input exits 2 with one line; records validate against
# share/schemas/scan-record.schema.json. Independent truth: find-limits over the ball's force and
# lambda counts the limit directions of the closed form (139)-(141) [Nonlinear Dyn. 2024]
# (check_scan.py ball; C_i, S_i from friction-model, as tests/cli/auto_oracle.sh does).
# Usage: bash scan.sh BIN_DIR SHARE_DIR
source "$(dirname "$0")/common.bash"
cli_setup scan "$@"
source "$(dirname "$0")/scan_checks.bash"
check="python3 $(dirname "$0")/check_scan.py"
validate="python3 $(dirname "$0")/validate_json.py"
ball="$share/problems/ball.json"
job=(--job find-limits)
grid=(--grid force=0.05:5:12 --grid system.lambda=0.3,0.4,0.5,5)  # 48 points
n=48

# --- a grid run: records of the schema, each point once, the closed form of the ball ---------------
run_ok "$ball" "${job[@]}" "${grid[@]}" && cp "$tmp/stdout" "$tmp/full.jsonl"
ok "48 points, each once" $check once "$tmp/full.jsonl" $n
ok "--jobs 1 writes in index order" $check sorted "$tmp/full.jsonl"
mkdir -p "$tmp/records"
$check split "$tmp/full.jsonl" "$tmp/records"
ok "records valid against scan-record.schema.json" $validate "$share/schemas" scan-record.schema.json "$tmp"/records/*.json
"$bin/friction-model" "$ball" --samples 2 >"$tmp/friction.json" || fail "friction-model $ball failed"
ok "limit directions of the ball = closed form" $check ball "$tmp/full.jsonl" "$tmp/friction.json"

# --points and --random: the same closed form at explicit and Latin-hypercube points
printf '{"force": 0.5, "system.lambda": 0.4}\n{"system.lambda": 5, "force": 2.5}\n{"force": 4.5, "system.lambda": 0.3}\n' >"$tmp/points.jsonl"
run_ok "$ball" "${job[@]}" --points "$tmp/points.jsonl" && cp "$tmp/stdout" "$tmp/listed.jsonl"
ok "3 listed points" $check once "$tmp/listed.jsonl" 3
ok "listed points: the closed form" $check ball "$tmp/listed.jsonl" "$tmp/friction.json"
run_ok "$ball" "${job[@]}" --random 10 --seed 7 --grid force=0.05:5:2 --grid system.lambda=0.3:5:2 && cp "$tmp/stdout" "$tmp/random.jsonl"
ok "10 random points" $check once "$tmp/random.jsonl" 10
ok "random points: the closed form" $check ball "$tmp/random.jsonl" "$tmp/friction.json"
# --full: the record's report is what find-limits prints for the point's problem
run_ok "$ball" "${job[@]}" --grid force=0.5 --grid system.lambda=0.4 --full && cp "$tmp/stdout" "$tmp/full-report.jsonl"
python3 -c '
import json, sys
d = json.load(open(sys.argv[1])); d["force"] = 0.5; d["system"]["lambda"] = 0.4
json.dump(d, open(sys.argv[2], "w"))' "$ball" "$tmp/point.json"
"$bin/find-limits" "$tmp/point.json" >"$tmp/app.json" || fail "find-limits on the point's problem failed"
ok "--full: the record's report = find-limits on the point's problem" python3 -c '
import json, sys
r = json.loads(open(sys.argv[1]).readline())["report"]
a = json.load(open(sys.argv[2]))
assert r["schema"] == "limitdir.limits/1" and r == a, (r.get("schema"), [k for k in a if a[k] != r.get(k)])' "$tmp/full-report.jsonl" "$tmp/app.json"

# --- --jobs 2, shards and their merge --------------------------------------------------------------
run_ok "$ball" "${job[@]}" "${grid[@]}" --jobs 2 && cp "$tmp/stdout" "$tmp/jobs2.jsonl"
ok "--jobs 2 gives the records of --jobs 1" $check same "$tmp/jobs2.jsonl" "$tmp/full.jsonl"
for i in 0 1 2; do
  run_ok "$ball" "${job[@]}" "${grid[@]}" --shard $i/3 --jobs $((1 + i % 2)) && cp "$tmp/stdout" "$tmp/part-$i.jsonl"
done
run_ok "$ball" "${grid[@]}" --merge "$tmp"/part-{0,1,2}.jsonl && cp "$tmp/stdout" "$tmp/merged.jsonl"
ok "the merge of 3 shards = the whole run" $check same "$tmp/merged.jsonl" "$tmp/full.jsonl"
ok "the merge is sorted by index" $check sorted "$tmp/merged.jsonl"
run_ok "$ball" "${job[@]}" "${grid[@]}" --merge "$tmp"/part-{2,0,1}.jsonl
ok "a merge told the job accepts its records" cmp -s "$tmp/stdout" "$tmp/merged.jsonl"
# shard 2 missing (its first index is 2), shard 0 twice (index 0): exit 3, the merged records written
expect_error 3 "16 missing (2, 5, 8, 11, 14, ...), 16 recorded more than once (0, 3, 6, 9, 12, ...)" \
  "$ball" "${grid[@]}" --merge "$tmp"/part-{0,1,0}.jsonl
[[ $(wc -l <"$tmp/stdout") -eq 32 ]] && echo "ok: the incomplete merge still writes its 32 records" ||
  fail "the incomplete merge wrote $(wc -l <"$tmp/stdout") records, want 32"

# the same grid with other job options (4 points of it): a merge not told the job refuses records
# of two scans, and one told the job refuses the record that is not of its scan
run_ok "$ball" "${job[@]}" --model exact "${grid[@]}" --shard 0/12 && cp "$tmp/stdout" "$tmp/other-scan.jsonl"
expect_bad "merge: records of two scans" "$ball" "${grid[@]}" --merge "$tmp/full.jsonl" "$tmp/other-scan.jsonl"
expect_bad "other-scan.jsonl: line 1: a record of another scan" "$ball" "${job[@]}" "${grid[@]}" --merge "$tmp/full.jsonl" "$tmp/other-scan.jsonl"

# --- resume after the output was cut inside line 20 ------------------------------------------------
cut=$(($(head -n 19 "$tmp/full.jsonl" | wc -c) + 30))
head -c $cut "$tmp/full.jsonl" >"$tmp/resumed.jsonl"
rc=0
"$app" "$ball" "${job[@]}" "${grid[@]}" --resume "$tmp/resumed.jsonl" >>"$tmp/resumed.jsonl" 2>"$tmp/stderr" || rc=$?
[[ $rc -eq 0 ]] && grep -q "partial last line 20 was cut off" "$tmp/stderr" &&
  echo "ok: resume cuts the partial line 20 off and notes it" || fail "resume: exit $rc, $(head -c 300 "$tmp/stderr")"
ok "after the resume every point once" $check once "$tmp/resumed.jsonl" $n
ok "the resumed file = the whole run" $check same "$tmp/resumed.jsonl" "$tmp/full.jsonl"
ok "the resume redid exactly the 29 missing points" cmp -s <(head -n 19 "$tmp/full.jsonl") <(head -n 19 "$tmp/resumed.jsonl")
# a complete file: nothing to do, nothing written
run_ok "$ball" "${job[@]}" "${grid[@]}" --resume "$tmp/full.jsonl"
[[ ! -s $tmp/stdout ]] && echo "ok: resume of a complete scan runs nothing" || fail "resume of a complete scan wrote records"

# --- SIGKILL at random moments, then resume to the end ---------------------------------------------
# Each round's records go to the file through a pipe of one page (kill_scan.py): once a random
# number of bytes has come, the scan is killed, and what it wrote before is copied to the file.
# The scan, blocked on the full pipe, cannot have ended by then while more than a page is still to
# come: the kills interrupt on any machine, at random places.
big=(--grid force=0.05:5:300 --grid system.lambda=0.3,0.4,0.5,5)  # 1200 points
pipe_bytes=4096  # kill_scan.py's pipe
# the shortest record of this job (of the 48 points above) bounds what the points left will write
shortest=$(awk 'NR == 1 || length($0) + 1 < m { m = length($0) + 1 } END { print m }' "$tmp/full.jsonl")
: >"$tmp/killed.jsonl"
for round in 1 2 3 4; do
  whole=$($check whole "$tmp/killed.jsonl") || fail "before kill $round: $whole"
  # bytes sure to come after the pipe is full; a quarter of them, so that four rounds leave room
  room=$(((1200 - whole) * shortest - pipe_bytes))
  cut=$((1 + (RANDOM * 32768 + RANDOM) % (room / 4)))
  jobs_k=$((1 + round % 2))
  if ! how=$(python3 "$(dirname "$0")/kill_scan.py" "$cut" "$tmp/killed.jsonl" "$tmp/killed.err" \
    "$app" "$ball" "${job[@]}" "${big[@]}" --jobs $jobs_k --resume "$tmp/killed.jsonl"); then
    fail "kill $round after $cut bytes (--jobs $jobs_k): $how"
  elif whole=$($check whole "$tmp/killed.jsonl"); then
    echo "ok: SIGKILL after $cut bytes (--jobs $jobs_k, $how): $whole whole records, at most one partial last line"
  else
    fail "SIGKILL after $cut bytes: $whole"
  fi
done
"$app" "$ball" "${job[@]}" "${big[@]}" --resume "$tmp/killed.jsonl" >>"$tmp/killed.jsonl" 2>"$tmp/stderr" ||
  fail "the last resume failed: $(head -c 300 "$tmp/stderr")"
ok "after 4 kills and a resume every one of 1200 points exactly once" $check once "$tmp/killed.jsonl" 1200
run_ok "$ball" "${job[@]}" "${big[@]}" --jobs 2 --progress && cp "$tmp/stdout" "$tmp/big.jsonl"
ok "the killed and resumed scan = an uninterrupted one" $check same "$tmp/killed.jsonl" "$tmp/big.jsonl"
# a run over a second notes its progress (section 5) and its end: when the scan noted any
# progress (it ran for over a second by its own clock), its last note is the end
if ! grep -q "^scan: [0-9]*/1200 points" "$tmp/stderr"; then
  echo "ok: the 1200 points took under a second (no progress note is due)"
elif grep "^scan: [0-9]*/1200 points" "$tmp/stderr" | tail -n 1 | grep -q "^scan: 1200/1200 points (100 %) in "; then
  echo "ok: a run over a second notes its end"
else
  fail "a run over a second without the final progress note: $(head -c 300 "$tmp/stderr")"
fi

# --- a point's failure is recorded, the scan goes on and exits 0 ----------------------------------
run_ok "$ball" "${job[@]}" --grid force=0.5 --grid friction.degree=1,1.5,2
ok "degree 1.5 recorded with status 2 and the parser's reason" python3 -c '
import json, sys
r = [json.loads(l) for l in open(sys.argv[1])]
assert [x["status"] for x in r] == [0, 2, 0], [x["status"] for x in r]
assert "friction.degree" in r[1]["summary"]["reason"] and r[1]["summary"]["level"] is None, r[1]' "$tmp/stdout"
grep -q "^scan: 1 of 3 points recorded with a status other than 0 (first: point 1: status 2" "$tmp/stderr" &&
  echo "ok: a note counts the points with status != 0" || fail "no note of the failed point: $(cat "$tmp/stderr")"

# --- standard input: "-", and PROBLEM omitted when it is not a terminal (section 5) -----------------
rc=0
"$app" "${job[@]}" "${grid[@]}" <"$ball" >"$tmp/stdin.jsonl" 2>"$tmp/stderr" || rc=$?
[[ $rc -eq 0 ]] || fail "scan without PROBLEM, the problem on standard input: exit $rc: $(head -c 300 "$tmp/stderr")"
ok "cat problem | scan --job ... GRID = scan problem --job ... GRID" python3 "$(dirname "$0")/same_records.py" "$tmp/stdin.jsonl" "$tmp/full.jsonl"
rc=0
"$app" - "${job[@]}" "${grid[@]}" --merge "$tmp/full.jsonl" <"$ball" >"$tmp/stdin-merge.jsonl" 2>"$tmp/stderr" || rc=$?
[[ $rc -eq 0 ]] && cmp -s "$tmp/stdin-merge.jsonl" "$tmp/full.jsonl" && echo "ok: scan - ... --merge reads PROBLEM from standard input" ||
  fail "scan - --merge: exit $rc: $(head -c 300 "$tmp/stderr")"
expect_bad "standard input (-) can be read once, but PROBLEM and --merge both name it" "${grid[@]}" --merge - "$tmp/full.jsonl"
expect_bad "PROBLEM and --points both name it" - "${job[@]}" --points -

# --- --summary on a scan's own command line (--job and its options before --summary FILE) ---------
two=(--grid force=0.05:5:12 --grid system.lambda=0.3,0.4,0.5,5)
run_ok "$ball" "${job[@]}" "${two[@]}" --summary "$tmp/full.jsonl" --field limit_directions && cp "$tmp/stdout" "$tmp/with-job.json"
run_ok "$ball" "${two[@]}" --summary "$tmp/full.jsonl" --field limit_directions
ok "--summary with the scan's --job = --summary without it" cmp -s "$tmp/stdout" "$tmp/with-job.json"
expect_bad "a record of another scan" "$ball" "${job[@]}" --model exact "${two[@]}" --summary "$tmp/full.jsonl"
expect_bad "the job's options go before --summary FILE" "$ball" "${job[@]}" "${two[@]}" --summary "$tmp/full.jsonl" --model exact

# --- the streamed merge: shuffled shards with holes and duplicates against a merge done here --------
here="$(dirname "$0")"
# in index order (a k-way merge: shards of --jobs 1) and shuffled (through the table of offsets:
# shards of --jobs K > 1), complete, with holes, with duplicates, standard input among the files
python3 "$here/make_scan_records.py" "$ball" 2000 3 "$tmp/syn"
python3 "$here/make_scan_records.py" "$ball" 2000 3 "$tmp/shu" --shuffle 5
cmp -s "$tmp/syn.points.jsonl" "$tmp/shu.points.jsonl" || fail "make_scan_records.py: two grids"
grep -v '"index":1[0-9]7,' "$tmp/syn.0.jsonl" >"$tmp/syn.h.jsonl"                # 117, 147, 177 missing
{ cat "$tmp/shu.2.jsonl"; grep -v '"index":1[0-9]7,' "$tmp/shu.0.jsonl"; } >"$tmp/shu.a.jsonl"
{ head -n 50 "$tmp/shu.1.jsonl"; cat "$tmp/shu.1.jsonl"; } >"$tmp/shu.b.jsonl"  # 50 twice
cp "$tmp/syn.2.jsonl" "$tmp/stdin.jsonl"
for files in "syn.0 syn.1 syn.2" "syn.h syn.1 syn.0 -" "syn.h -" "shu.0 shu.1 shu.2" "shu.a shu.b shu.2" "shu.2 - shu.a"; do
  args=()
  for f in $files; do [[ $f == - ]] && args+=(-) || args+=("$tmp/$f.jsonl"); done
  rc=0
  "$app" "$ball" --points "$tmp/syn.points.jsonl" --merge "${args[@]}" <"$tmp/stdin.jsonl" >"$tmp/syn.out" 2>"$tmp/stderr" || rc=$?
  files=$(for f in $files; do [[ $f == - ]] && echo stdin || echo "$f"; done | tr "\n" " ")
  if why=$(python3 - "$tmp/syn.out" "$tmp/stderr" "$rc" 2000 $(for f in $files; do echo "$tmp/$f.jsonl"; done) <<'PY'
import json, sys
out, err, rc, n, files = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5:]
first, count = {}, {}
for f in files:
    for line in open(f):
        r = json.loads(line)
        count[r["index"]] = count.get(r["index"], 0) + 1
        first.setdefault(r["index"], r)
want = [first[i] for i in sorted(first)]
got = [json.loads(l) for l in open(out)]
assert got == want, "the merged records differ from the first record of each index, sorted"
missing = [i for i in range(n) if i not in count]
twice = [i for i in sorted(count) if count[i] > 1]
if not missing and not twice:
    assert rc == 0, rc
    print("complete, %d records" % len(got))
else:
    assert rc == 3, rc
    message = open(err).read()
    part = lambda xs: ", ".join(map(str, xs[:5])) + (", ..." if len(xs) > 5 else "")
    for count_, xs, what in ((len(missing), missing, "missing"), (len(twice), twice, "recorded more than once")):
        if xs:
            text = "%d %s (%s)" % (count_, what, part(xs))
            assert text in message, (text, message)
    print("%d records, %d missing, %d twice, named" % (len(got), len(missing), len(twice)))
PY
  ); then echo "ok: merge of $files streamed: $why"; else fail "merge of $files: $why"; fi
done

# --- bad input: exit 2, one line ------------------------------------------------------------------
expect_bad "system.nokey" "$ball" "${job[@]}" --grid system.nokey=0:1:2
expect_bad "name" "$ball" "${job[@]}" --grid name=0:1:2
expect_bad "at point 0: friction.degree: must be an integer >= 1 (got 0)" "$ball" "${job[@]}" --grid friction.degree=0:2:3
expect_bad "at point 1: friction.degree" "$ball" "${job[@]}" --grid force=0:1:2 --grid friction.degree=3,0
expect_bad "no grid" "$ball" "${job[@]}"
expect_bad "--random" "$ball" "${job[@]}" --grid force=0:1:2 --random 0 --seed 1
expect_bad "--shard 3/3" "$ball" "${job[@]}" "${grid[@]}" --shard 3/3
expect_bad "--jobs" "$ball" "${job[@]}" "${grid[@]}" --jobs 0
expect_bad "--jobs" "$ball" "${job[@]}" "${grid[@]}" --jobs 1025
expect_bad "--jobs" "$ball" "${job[@]}" "${grid[@]}" --jobs two
expect_bad "a record of another scan" "$ball" "${job[@]}" --model exact "${grid[@]}" --resume "$tmp/full.jsonl"
expect_bad "a record of another grid" "$ball" "${job[@]}" --grid force=0.05:5:13 --resume "$tmp/full.jsonl"
expect_bad "cannot be opened" "$ball" "${job[@]}" "${grid[@]}" --resume "$tmp/none.jsonl"
# a record file whose line never ends (/dev/zero once grew to 16 GB before an I/O error, exit 4)
for mode in --resume --merge --summary; do
  expect_bad "/dev/zero: line 1: longer than 64 MiB without a newline" "$ball" "${job[@]}" "${grid[@]}" $mode /dev/zero
done
expect_bad "COUNT must be at most 2^24" "$ball" "${job[@]}" --grid force=0:1:1000000000000
printf '{"force": 0.1}\n{"force": "x"}\n' >"$tmp/points.jsonl"
expect_bad "line 2" "$ball" "${job[@]}" --points "$tmp/points.jsonl"
expect_bad "--job" "$ball" --job nope "${grid[@]}"
expect_bad "--job" "$ball" "${grid[@]}"
expect_bad "--mesh-level" "$ball" "${job[@]}" --mesh-level 9 "${grid[@]}"
expect_bad "--shard" "$ball" "${grid[@]}" --shard 0/2 --merge "$tmp/full.jsonl"
# standard output is the resume file without O_APPEND (1<>: read-write, not appending): refused, file kept
cp "$tmp/resumed.jsonl" "$tmp/kept.jsonl"
rc=0
"$app" "$ball" "${job[@]}" "${grid[@]}" --resume "$tmp/kept.jsonl" 1<>"$tmp/kept.jsonl" 2>"$tmp/stderr" || rc=$?
[[ $rc -eq 2 && $(wc -l <"$tmp/stderr") -eq 1 ]] && grep -q "use >> " "$tmp/stderr" && cmp -s "$tmp/kept.jsonl" "$tmp/resumed.jsonl" &&
  echo "ok: a resume file as standard output without >> is bad input, the file untouched" ||
  fail "resume into itself without >>: exit $rc, $(head -c 300 "$tmp/stderr")"

cli_finish "scan"
