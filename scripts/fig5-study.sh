#!/usr/bin/env bash
# The full Fig. 5 study of [Acary & Bourrier 2021] (docs/manual.md, "The Fig. 5 study on GNU
# parallel and Slurm"): 3 mu x 20 mu_r x 5 seeds = 300 piles of the paper's set-up
# (share/problems/pile.json), one scan shard per pile, run by GNU parallel, resumable.
#
# A shard's record is kept in DIR/part-III.jsonl (III = the grid index, 0..299); a shard whose
# part file already holds its record is not run again, so the study can be stopped at any time
# (kill parallel, or pause it with SIGSTOP) and continued later - on another machine too, given
# the part files (docs/papers/acary-bourrier-2021/fig5/ keeps the finished ones). The shards run
# seed by seed (all 60 (mu, mu_r) points of seed 1 first), so a partial study already draws every
# curve of the figure. When all 300 are there the script merges them into DIR/fig5.jsonl and draws
# DIR/fig5.svg.
#
# The scan's records carry each pile's run time ("seconds"); DIR/times.tsv adds the CPU time of
# each shard process (/usr/bin/time).
# Usage: bash scripts/fig5-study.sh DIR [JOBS [BIN_DIR]]   (defaults: JOBS 1, BIN_DIR build/bin)
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
dir="${1:?usage: fig5-study.sh DIR [JOBS [BIN_DIR]]}"
jobs="${2:-1}"
bin="${3:-$repo/build/bin}"
mkdir -p "$dir"
dir="$(cd "$dir" && pwd)"
S=("$bin/scan" "$repo/share/problems/pile.json" --job pile --every 0 --grid law.mu=0.3,0.5,0.7
   --grid law.mu_r=log:1e-5:1:20 --grid seed=1,2,3,4,5)
# The paper's drop height 10 d: from mu_r ~ 8e-3 m the piles of mu = 0.5 and 0.7 reach it before
# the last birth and are recorded with status 3 (docs/errata.md, "the drop height of 10 d": a
# higher drop is another experiment, its heaps measurably lower).
# The grid's first axis varies slowest: index = 100 mu_index + 5 mu_r_index + seed_index.
order=()
for seed in 0 1 2 3 4; do
  for mu_r in $(seq 0 19); do
    for mu in 0 1 2; do order+=($((100 * mu + 5 * mu_r + seed))); done
  done
done
todo=()
for i in "${order[@]}"; do
  part="$dir/part-$(printf %03d "$i").jsonl"
  [[ -s "$part" ]] && grep -q . "$part" || todo+=("$i")
done
echo "fig5-study: ${#todo[@]} of 300 piles to run, $jobs at a time, into $dir" >&2
run_shard() {  # index, then the scan command
  local i="$1"; shift
  local part; part="$(printf '%s/part-%03d.jsonl' "$dir" "$i")"
  /usr/bin/time -f "$i	%U	%S	%e" -a -o "$dir/times.tsv" "$@" --shard "$i/300" >"$part.tmp" 2>"$part.err"
  mv "$part.tmp" "$part"
}
export -f run_shard
export dir
if ((${#todo[@]} > 0)); then
  printf '%s\n' "${todo[@]}" | parallel --will-cite -j "$jobs" --halt never run_shard {} "${S[@]}"
fi
if (($(ls "$dir"/part-*.jsonl | wc -l) == 300)); then
  "${S[@]}" --merge "$dir"/part-*.jsonl >"$dir/fig5.jsonl"
  "$bin/plot" "$dir/fig5.jsonl" --width 900 --height 460 >"$dir/fig5.svg"
  echo "fig5-study: merged 300 piles into $dir/fig5.jsonl, drew $dir/fig5.svg" >&2
fi
