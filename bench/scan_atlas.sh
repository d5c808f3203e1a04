#!/usr/bin/env bash
# Benchmark of scans (issue 22 point 6; not run by ctest): the ball's (lambda, N) accuracy atlas,
# sweep-force over the grid system.lambda x friction.degree of share/problems/ball.json
# (100 x 40 points by default: lambda in [0.2, 10], N = 1..40, the degrees as a list; the range
# friction.degree=1:40:40 gives the same exact integers), run
#   1. in one process, scan --jobs 1;
#   2. in one process on two threads, scan --jobs 2;
#   3. as 8 shards on GNU parallel -j2, each scan --jobs 1 --shard I/8, then scan --merge;
#   4. as one sweep-force process per point, on a sample of the points (a process per point of
#      the whole atlas would take as long again as 1; the sample gives its cost per point).
# It checks that 2 and 3 give the records of 1 (sorted by scan --merge, compared without their
# "seconds") and prints: points per second per core (cores = threads or -j), the parallel
# efficiency T1 / (2 T), and scan's per-point overhead, (wall time per point - the job's own
# mean "seconds") / the job's mean "seconds", against the same for a process per point.
# Figures are wall times of whole runs on a shared machine: repeat it (ROUNDS) and read medians.
#
# Usage: bash bench/scan_atlas.sh BIN_DIR [LAMBDA_COUNT DEGREE_COUNT [SAMPLE [ROUNDS]]]
#   defaults 100 40 200 1 (N = 1..DEGREE_COUNT); e.g. `bash bench/scan_atlas.sh build/bin 25 40`
#   for a quarter atlas.
# Environment: ATLAS_JOB, the job's options (default "--from 0 --to 2": the load range of each
# sweep; a point costs ~3-10 ms, more at higher degree N).
set -euo pipefail
if [[ $# -lt 1 ]]; then
  echo "usage: bash $0 BIN_DIR [LAMBDA_COUNT DEGREE_COUNT [SAMPLE [ROUNDS]]]" >&2
  exit 2
fi
bin=$(cd "$1" && pwd)
n_lambda=${2:-100} n_degree=${3:-40} sample=${4:-200} rounds=${5:-1}
share=$(cd "$(dirname "$0")/../share" && pwd)
same_records=$(cd "$(dirname "$0")/../tests/cli" && pwd)/same_records.py
command -v parallel >/dev/null || { echo "$0: GNU parallel is absent (scripts/install-deps.sh installs it)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
read -r -a job_options <<<"${ATLAS_JOB:---from 0 --to 2}"
scan=("$bin/scan" "$share/problems/ball.json" --job sweep-force "${job_options[@]}"
  --grid "system.lambda=0.2:10:$n_lambda" --grid "friction.degree=$(seq -s, 1 "$n_degree")")
points=$((n_lambda * n_degree))
cd "$work"

# timed NAME COMMAND...: runs COMMAND (stdout to NAME.out, stderr to NAME.err) and appends its
# wall time to NAME.wall and its CPU time (user + system of every process it ran) to NAME.cpu,
# in seconds.
timed() {
  local name=$1 start end cpu0 cpu1
  shift
  children_cpu cpu0
  start=$(date +%s.%N)
  "$@" >"$name.out" 2>"$name.err" || { echo "$0: $name failed: $(tail -c 300 "$name.err")" >&2; exit 1; }
  end=$(date +%s.%N)
  children_cpu cpu1
  awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f\n", b - a }' >>"$name.wall"
  awk -v a="$cpu0" -v b="$cpu1" 'BEGIN { printf "%.3f\n", b - a }' >>"$name.cpu"
}

# job_seconds NAME: appends the sum of the jobs' own "seconds" in NAME.out to NAME.jobs (the same
# round as NAME.wall's last line)
job_seconds() {
  python3 -c 'import json, sys; print(sum(json.loads(l)["summary"]["seconds"] for l in open(sys.argv[1])))' \
    "$1.out" >>"$1.jobs"
}

# children_cpu VAR: sets VAR to the user + system seconds of this shell's finished children
# (bash's times builtin, which must run in this shell: a subshell's own count starts at zero)
children_cpu() {
  times >"$work/times"
  printf -v "$1" '%s' "$(sed -n 2p "$work/times" | awk '{ split($0, t, /[ms ]+/); print t[1] * 60 + t[2] + t[3] * 60 + t[4] }')"
}

# sharded: the 8 shards on GNU parallel, then their merge (part of the timed run)
sharded() {
  rm -f part-*.jsonl
  parallel --will-cite -j2 "$(printf '%q ' "${scan[@]}") --jobs 1 --shard {}/8 > part-{}.jsonl" ::: $(seq 0 7)
  "${scan[@]}" --merge part-*.jsonl
}

# per_process: sweep-force on the sample's problem files, one process each (exit 3, an
# incomplete certificate, is a result like the scan's status 3)
per_process() {
  local f rc
  for f in sample/*.json; do
    rc=0
    "$bin/sweep-force" "$f" "${job_options[@]}" >/dev/null || rc=$?
    [[ $rc -eq 0 || $rc -eq 3 ]] || return "$rc"
  done
}

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
echo "atlas: $points points (lambda x N = $n_lambda x $n_degree), sweep-force ${job_options[*]}, $rounds round(s)" >&2
for ((r = 1; r <= rounds; r++)); do
  echo "round $r: one process" >&2
  timed one "${scan[@]}" --jobs 1
  job_seconds one
  echo "round $r: two threads" >&2
  timed two "${scan[@]}" --jobs 2
  echo "round $r: 8 shards on GNU parallel -j2" >&2
  timed sharded sharded
done
"${scan[@]}" --merge two.out >two.merged
"${scan[@]}" --merge one.out >one.merged
python3 "$same_records" one.merged two.merged || { echo "$0: --jobs 2 differs from --jobs 1" >&2; exit 1; }
python3 "$same_records" one.merged sharded.out || { echo "$0: the 8 shards differ from --jobs 1" >&2; exit 1; }

# the sample for a process per point: SAMPLE records of the atlas drawn at random (seeded), the
# problem file of each written (untimed) with its point set in ball.json, and the same points as
# a --points file, so that scan runs exactly those points in one process, round for round
mkdir sample
python3 - "$share/problems/ball.json" one.merged "$sample" <<'EOF'
import json, random, sys
ball = json.load(open(sys.argv[1]))
records = [json.loads(l) for l in open(sys.argv[2])]
chosen = sorted(random.Random(1).sample(records, min(len(records), int(sys.argv[3]))), key=lambda r: r["index"])
with open("sample.jsonl", "w") as points:
    for r in chosen:
        p = json.loads(json.dumps(ball))
        for key, value in r["point"].items():
            node = p
            *path, last = key.split(".")
            for k in path:
                node = node[k]
            # an integral value as a JSON integer, as scan writes it (docs/manual.md section 14)
            node[last] = int(value) if float(value).is_integer() else value
        json.dump(p, open(f"sample/{r['index']:07d}.json", "w"))
        points.write(json.dumps(r["point"]) + "\n")
EOF
sample_scan=("$bin/scan" "$share/problems/ball.json" --job sweep-force "${job_options[@]}" --points sample.jsonl)
for ((r = 1; r <= rounds; r++)); do
  echo "round $r: the sample ($(ls sample | wc -l) points) in one scan, then a process per point" >&2
  timed sample "${sample_scan[@]}" --jobs 1
  job_seconds sample
  timed process per_process
done

python3 - "$points" "$load_before" "$(cut -d' ' -f1-3 /proc/loadavg)" <<'EOF'
import json, statistics, sys, os
points = int(sys.argv[1])
print(f"load average (1, 5, 15 min) before: {sys.argv[2]}, after: {sys.argv[3]} (on {os.cpu_count()} cores)")

def records(f):
    return [json.loads(l) for l in open(f)]

def median(name, what):
    return statistics.median(float(x) for x in open(f"{name}.{what}"))

one = records("one.merged")
assert len(one) == points, f"{len(one)} records of {points}"
job = [r["summary"]["seconds"] for r in one]
mean_job = sum(job) / len(job)
statuses = {}
for r in one:
    statuses[r["status"]] = statuses.get(r["status"], 0) + 1
t1, t2, tp = (median(name, "wall") for name in ("one", "two", "sharded"))
c1, c2, cp = (median(name, "cpu") for name in ("one", "two", "sharded"))
ts, cs = median("sample", "wall"), median("sample", "cpu")
tproc, cproc = median("process", "wall"), median("process", "cpu")
n = len(records("sample.out"))
print(f"points {points}, statuses {statuses}, the job's own mean time {1e3 * mean_job:.2f} ms/point (wall, its 'seconds', last round)")
print(f"{'run':<26}{'wall s':>8}{'CPU s':>8}{'points/s/core':>15}{'points/CPU s':>14}{'efficiency':>12}")
print(f"{'scan --jobs 1':<26}{t1:>8.2f}{c1:>8.2f}{points / t1:>15.1f}{points / c1:>14.1f}{'':>12}")
print(f"{'scan --jobs 2':<26}{t2:>8.2f}{c2:>8.2f}{points / t2 / 2:>15.1f}{points / c2:>14.1f}{t1 / (2 * t2):>12.0%}")
print(f"{'8 shards, parallel -j2':<26}{tp:>8.2f}{cp:>8.2f}{points / tp / 2:>15.1f}{points / cp:>14.1f}{t1 / (2 * tp):>12.0%}")
print(f"CPU-time efficiency (one process's CPU time / the run's): --jobs 2 {c1 / c2:.0%}, 8 shards {c1 / cp:.0%}")
def rounds(name, what):
    return [float(x) for x in open(f"{name}.{what}")]

# overheads round by round (a round's wall time and its jobs' seconds were measured together)
over = statistics.median((w - j) / j for w, j in zip(rounds("one", "wall"), rounds("one", "jobs")))
over_ms = statistics.median((w - j) / points for w, j in zip(rounds("one", "wall"), rounds("one", "jobs")))
print(f"per-point overhead of scan --jobs 1 (wall per point - the job's seconds): {1e3 * over_ms:.3f} ms "
      f"= {over:.1%} of the job")
proc = statistics.median((w - j) / j for w, j in zip(rounds("process", "wall"), rounds("sample", "jobs")))
proc_ms = statistics.median((w - j) / n for w, j in zip(rounds("process", "wall"), rounds("sample", "jobs")))
print(f"the sample of {n} points: in one scan {1e3 * ts / n:.2f} ms wall, {1e3 * cs / n:.2f} ms CPU per point; "
      f"a sweep-force process per point {1e3 * tproc / n:.2f} ms wall, {1e3 * cproc / n:.2f} ms CPU per point: "
      f"overhead {1e3 * proc_ms:.2f} ms wall = {proc:.0%} of the job, {cproc / cs:.2f} x scan's CPU")
EOF
