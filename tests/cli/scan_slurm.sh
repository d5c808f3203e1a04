#!/usr/bin/env bash
# scan's shards as a Slurm array job on a one-node cluster started by the test itself (issue 22
# point 3, docs/manual.md section 14, "Engines: GNU parallel and Slurm"): the recipe
#   sbatch --array=0-7 --wrap 'scan ... --shard $SLURM_ARRAY_TASK_ID/8 > part-$SLURM_ARRAY_TASK_ID.jsonl'
# then `scan --merge part-*.jsonl`, which must equal the unsharded run with every point exactly
# once. munged, slurmctld and slurmd run as root on this host (tests/cli/slurm_cluster.bash) and
# are stopped on every exit path. The job is polled with squeue under a deadline; every task's
# state and exit code come from scontrol, and the task ids must be exactly 0..7.
# Skipped (exit 77, with the reason) only where the cluster cannot be had: not root, or the
# Slurm packages absent and not installable.
# Usage: bash scan_slurm.sh BIN_DIR SHARE_DIR
source "$(dirname "$0")/common.bash"
cli_setup scan "$@"
source "$(dirname "$0")/scan_engines.bash"
source "$(dirname "$0")/slurm_cluster.bash"
readonly tasks=8
# an 8-task array of ~0.1 s tasks takes ~6 s on 2 CPUs (Slurm starts ~2 tasks a second)
readonly deadline=300  # a hang guard only (an array job of a few small tasks ends in seconds idle)

rc=0
slurm_cluster_start || rc=$?
if [[ $rc -eq 77 ]]; then
  echo "SKIP: $slurm_skip_reason"
  exit 77
elif [[ $rc -ne 0 ]]; then
  fail "the one-node Slurm cluster did not come up: $slurm_error"
  # The Fig. 5 study of docs/manual.md section 15 in small, as its recipe runs it: scan --job pile,
# one array task per shard, then the merge, which must equal the unsharded study.
engines_pile_study
engines_reference "$tmp/reference.jsonl"
work=$tmp/pile-array
mkdir "$work"
shard_command="$(printf '%q ' "$app" "${engines_scan[@]}") --shard \$SLURM_ARRAY_TASK_ID/4 > part-\$SLURM_ARRAY_TASK_ID.jsonl"
job=$(sbatch --parsable --array=0-3 --time=2 --chdir="$work" -o "$work/%a.log" \
  --wrap "$shard_command" 2>"$tmp/sbatch.err") || fail "sbatch (pile study): $(head -c 400 "$tmp/sbatch.err")"
if [[ $job =~ ^[0-9]+$ ]] && slurm_wait_job "$job" "$deadline"; then
  bad=$(slurm_array_states "$job" | awk '$2 != "COMPLETED" || $3 != "0:0"')
  [[ -z $bad ]] || fail "pile study: array tasks not completed with exit code 0:0: $bad"
  engines_merge_equals "$work" "pile study" &&
    echo "ok: the Fig. 5 study in small (scan --job pile, $engines_points points) on a 4-task array = the unsharded run"
else
  fail "pile study: array job '$job' not submitted or still queued after $deadline s"
fi
cli_finish "scan on Slurm"
fi
echo "ok: one-node Slurm cluster up ($(hostname -s), $(sinfo -h -N -o '%c CPUs, %T'))"

engines_reference "$tmp/reference.jsonl"
work=$tmp/array
mkdir "$work"
shard_command="$(printf '%q ' "$app" "${engines_scan[@]}") --shard \$SLURM_ARRAY_TASK_ID/$tasks > part-\$SLURM_ARRAY_TASK_ID.jsonl"
job=$(sbatch --parsable --array=0-$((tasks - 1)) --time=2 --chdir="$work" -o "$work/%a.log" \
  --wrap "$shard_command" 2>"$tmp/sbatch.err") || fail "sbatch: $(head -c 400 "$tmp/sbatch.err")"
[[ $job =~ ^[0-9]+$ ]] || fail "sbatch --parsable printed '$job', not a job id"

if [[ $failures -eq 0 ]]; then
  start=$SECONDS
  if slurm_wait_job "$job" "$deadline"; then
    echo "ok: array job $job left the queue after $((SECONDS - start)) s"
  else
    fail "array job $job still queued after $deadline s: $(squeue -h -j "$job" -o '%i %T %R' | head -5)"
  fi
  states=$(slurm_array_states "$job")
  ids=$(cut -d' ' -f1 <<<"$states" | tr '\n' ' ')
  [[ $ids == "$(seq -s ' ' 0 $((tasks - 1))) " ]] || fail "array task ids '$ids' (want 0..$((tasks - 1)) once each)"
  bad=$(awk '$2 != "COMPLETED" || $3 != "0:0"' <<<"$states")
  [[ -z $bad ]] || fail "array tasks not completed with exit code 0:0: $bad; $(cat "$work"/*.log | head -c 400)"
  [[ -n $states && -z $bad ]] && echo "ok: array tasks $ids all COMPLETED with exit code 0:0"

  engines_merge_equals "$work" "array job" &&
    echo "ok: scan --merge of the $tasks array tasks' parts = the unsharded run ($engines_points points)"
fi
# The Fig. 5 study of docs/manual.md section 15 in small, as its recipe runs it: scan --job pile,
# one array task per shard, then the merge, which must equal the unsharded study.
engines_pile_study
engines_reference "$tmp/reference.jsonl"
work=$tmp/pile-array
mkdir "$work"
shard_command="$(printf '%q ' "$app" "${engines_scan[@]}") --shard \$SLURM_ARRAY_TASK_ID/4 > part-\$SLURM_ARRAY_TASK_ID.jsonl"
job=$(sbatch --parsable --array=0-3 --time=2 --chdir="$work" -o "$work/%a.log" \
  --wrap "$shard_command" 2>"$tmp/sbatch.err") || fail "sbatch (pile study): $(head -c 400 "$tmp/sbatch.err")"
if [[ $job =~ ^[0-9]+$ ]] && slurm_wait_job "$job" "$deadline"; then
  bad=$(slurm_array_states "$job" | awk '$2 != "COMPLETED" || $3 != "0:0"')
  [[ -z $bad ]] || fail "pile study: array tasks not completed with exit code 0:0: $bad"
  engines_merge_equals "$work" "pile study" &&
    echo "ok: the Fig. 5 study in small (scan --job pile, $engines_points points) on a 4-task array = the unsharded run"
else
  fail "pile study: array job '$job' not submitted or still queued after $deadline s"
fi
cli_finish "scan on Slurm"
