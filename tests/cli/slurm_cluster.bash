# A one-node Slurm cluster on this host for the engine tests of scans (issue 22, docs/manual.md
# section 14, "Engines: GNU parallel and Slurm"). Sourced, not run (ctest runs *.sh only).
#
# slurm_cluster_start: brings up munged, slurmctld and slurmd as root, each daemonised with its
#   PID file, every file of theirs (key, socket, logs, spool, state, slurm.conf) in a scratch
#   folder $slurm_dir of its own (mode 0755 with its parents: munged wants its socket's folders
#   searchable by all and writable by none but root; a mktemp -d folder is 0700);
#   exports SLURM_CONF (set before any client call: a client without it retries for ~60 s) and
#   waits, with a deadline, for the node to be idle. Returns 0 when the cluster is up; 77 (ctest's
#   skip code, tests/CMakeLists.txt) with the reason in $slurm_skip_reason when it cannot be had
#   here (not root, packages missing and not installable); 1 with the reason and the daemons' logs
#   in $slurm_error when the daemons do not come up although everything is there.
# slurm_cluster_stop: cancels the cluster's jobs, then stops exactly the daemons it started (by
#   the PIDs in their files; a zombie still answers kill -0, so /proc/PID/stat is read) and the
#   job steps still holding its spool folder, and removes $slurm_dir. Safe to call twice and
#   from a trap; every exit
#   path calls it (slurm_cluster_start installs the trap, and a watchdog in its own session stops
#   the daemons if the test itself is killed with SIGKILL).
# slurm_wait_job JOBID SECONDS: polls squeue until the job (all its array tasks) has left the
#   queue, or the deadline passes (returns 1). sbatch --wait polls after 2 s then 8 s, too coarse.
# slurm_array_states JOBID: one line "TASK STATE EXIT" per array task, from scontrol (sacct needs
#   slurmdbd, which this cluster has not).

slurm_sbin=/usr/sbin  # the daemons: a CI PATH may lack /usr/sbin, so they are called by full path
slurm_packages="slurmctld slurmd slurm-client munge"
# bring-up takes 0.06-1.3 s on a 2-core machine; the first job can start ~3 s after slurmctld
readonly slurm_idle_deadline=120  # a hang guard only, never a speed requirement
slurm_dir=""
slurm_watchdog_pid=""

# slurm_have_tools: 0 when every daemon and client is installed.
slurm_have_tools() {
  local t
  for t in "$slurm_sbin/munged" "$slurm_sbin/slurmctld" "$slurm_sbin/slurmd"; do
    [[ -x $t ]] || return 1
  done
  for t in munge unmunge sbatch squeue scontrol sinfo scancel; do
    command -v "$t" >/dev/null || return 1
  done
}

# slurm_free_ports N: N distinct TCP ports on 127.0.0.1 free now (bound and released by the
# kernel's choice; a race with another process taking one in between is possible but harmless:
# the daemon then fails to bind and the test fails with its log).
slurm_free_ports() {
  python3 - "$1" <<'EOF'
import socket, sys
socks = []
for _ in range(int(sys.argv[1])):
    s = socket.socket(); s.bind(("127.0.0.1", 0)); socks.append(s)
print(" ".join(str(s.getsockname()[1]) for s in socks))
EOF
}

# slurm_pid NAME: the PID in NAME's PID file, or nothing.
slurm_pid() {
  local f="$slurm_dir/$1.pid"
  [[ -s $f ]] && tr -dc '0-9' <"$f"
}

# slurm_alive PID: 0 while PID runs (a zombie or a vanished process is not running).
slurm_alive() {
  local state
  [[ -r /proc/$1/stat ]] || return 1
  state=$(sed 's/^.*) \(.\).*/\1/' "/proc/$1/stat" 2>/dev/null) || return 1
  [[ -n $state && $state != Z && $state != X ]]
}

# slurm_kill_wait PID: SIGTERM, then SIGKILL after 5 s; returns when PID no longer runs.
slurm_kill_wait() {
  local pid=$1 i
  [[ -n $pid ]] || return 0
  kill -TERM "$pid" 2>/dev/null || return 0
  for ((i = 0; i < 100; i++)); do
    slurm_alive "$pid" || return 0
    sleep 0.05
  done
  kill -KILL "$pid" 2>/dev/null
  for ((i = 0; i < 40; i++)); do
    slurm_alive "$pid" || return 0
    sleep 0.05
  done
}

# slurm_steps_of DIR: the PIDs of processes with a file open under DIR (slurmstepd holds its
# socket in the spool folder DIR/spool; job steps left by a dying slurmd ignore SIGTERM).
slurm_steps_of() {
  local fd pid
  for fd in /proc/[0-9]*/fd/*; do
    [[ $(readlink "$fd" 2>/dev/null) == "$1"/* ]] || continue
    pid=${fd#/proc/}
    echo "${pid%%/*}"
  done | sort -u
}

slurm_cluster_stop() {
  [[ -n $slurm_dir && -d $slurm_dir ]] || return 0
  local name pid
  if slurm_alive "$(slurm_pid slurmctld)"; then
    timeout 10 scancel --full --quiet --user=root 2>/dev/null
  fi
  for name in slurmd slurmctld; do
    slurm_kill_wait "$(slurm_pid "$name")"
  done
  for pid in $(slurm_steps_of "$slurm_dir/spool"); do
    [[ $pid != "$$" && $pid != "$BASHPID" ]] && kill -KILL "$pid" 2>/dev/null
  done
  slurm_kill_wait "$(slurm_pid munged)"
  if [[ -n $slurm_watchdog_pid ]]; then
    kill -TERM "$slurm_watchdog_pid" 2>/dev/null
    slurm_watchdog_pid=""
  fi
  rm -rf "$slurm_dir"
  slurm_dir=""
}

# slurm_watchdog: a process in its own session that stops the daemons when the test's shell
# ($$) is gone without having done so (SIGKILL, e.g. ctest's timeout).
slurm_watchdog() {
  local dir=$slurm_dir
  setsid bash -c '
    while [[ -d /proc/'"$$"' ]]; do sleep 1; done
    for name in slurmd slurmctld munged; do
      f='"$dir"'/$name.pid
      [[ -s $f ]] && kill -KILL "$(tr -dc 0-9 <"$f")" 2>/dev/null
    done
    rm -rf '"$dir"'' </dev/null >/dev/null 2>&1 &
  slurm_watchdog_pid=$!
}

# slurm_write_conf DIR: the minimal slurm.conf of a one-node cluster, the node's CPUs, sockets,
# cores, threads and memory from `slurmd -C`.
slurm_write_conf() {
  local dir=$1 host hw mem ports
  host=$(hostname -s)
  hw=$("$slurm_sbin/slurmd" -C | head -1) || return 1
  # the node is drained for "Low RealMemory" if it declares more than slurmd measures at start:
  # declare 90 % of it
  mem=$(sed -n 's/.*RealMemory=\([0-9]*\).*/\1/p' <<<"$hw")
  ports=($(slurm_free_ports 2)) || return 1
  hw=$(sed -e 's/^NodeName=[^ ]* //' -e 's/ *RealMemory=[0-9]*//' -e 's/ *UpTime=.*//' <<<"$hw")
  cat >"$dir/slurm.conf" <<EOF
ClusterName=limitdir-test
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=${ports[0]}
SlurmdPort=${ports[1]}
SlurmUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge.socket
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerParameters=batch_sched_delay=0
EnforcePartLimits=ALL
ReturnToService=2
MpiDefault=none
NodeName=$host NodeAddr=127.0.0.1 $hw RealMemory=$((mem * 9 / 10)) State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
}

# slurm_start_daemons DIR: munged (self-tested), slurmctld, slurmd; 1 with $slurm_error if one
# does not start.
slurm_start_daemons() {
  local dir=$1
  # munge: a key of >= 32 bytes, mode 0400; its folders not group/other-writable
  head -c 128 /dev/urandom >"$dir/munge.key" && chmod 0400 "$dir/munge.key"
  if ! "$slurm_sbin/munged" --key-file="$dir/munge.key" --socket="$dir/munge.socket" \
    --pid-file="$dir/munged.pid" --log-file="$dir/munged.log" --seed-file="$dir/munged.seed" \
    2>"$dir/munged.err" || ! munge -S "$dir/munge.socket" -n | unmunge -S "$dir/munge.socket" >/dev/null; then
    slurm_error="munged did not start: $(cat "$dir/munged.err" "$dir/munged.log" 2>/dev/null | tail -5)"
    return 1
  fi
  if ! "$slurm_sbin/slurmctld" -f "$SLURM_CONF" 2>"$dir/slurmctld.err"; then
    slurm_error="slurmctld did not start: $(cat "$dir/slurmctld.err" "$dir/slurmctld.log" 2>/dev/null | tail -5)"
    return 1
  fi
  if ! "$slurm_sbin/slurmd" -f "$SLURM_CONF" 2>"$dir/slurmd.err"; then
    slurm_error="slurmd did not start: $(cat "$dir/slurmd.err" "$dir/slurmd.log" 2>/dev/null | tail -5)"
    return 1
  fi
}

# slurm_wait_idle: 0 once the node is idle; 1 with $slurm_error at the deadline.
slurm_wait_idle() {
  local end=$((SECONDS + slurm_idle_deadline)) state=""
  while ((SECONDS < end)); do
    state=$(timeout 5 sinfo -h -N -o %T 2>/dev/null)
    [[ $state == idle ]] && return 0
    sleep 0.1
  done
  slurm_error="the node is not idle after ${slurm_idle_deadline} s (state '${state}'): $(tail -3 "$slurm_dir/slurmctld.log" "$slurm_dir/slurmd.log" 2>/dev/null)"
  return 1
}

slurm_cluster_start() {
  local dir
  slurm_skip_reason="" slurm_error=""
  if [[ $(id -u) -ne 0 ]]; then
    slurm_skip_reason="not root: the one-node Slurm cluster needs munged, slurmctld and slurmd started as root"
    return 77
  fi
  if ! slurm_have_tools; then
    local deps
    deps="$(dirname "${BASH_SOURCE[0]}")/../../scripts/install-deps.sh"
    echo "installing the Slurm packages ($slurm_packages) with scripts/install-deps.sh"
    if ! deps=$(bash "$deps" 2>&1) || ! slurm_have_tools; then
      slurm_skip_reason="$slurm_packages missing and not installable: $(tail -3 <<<"$deps")"
      return 77
    fi
  fi
  dir=$(mktemp -d /tmp/limitdir-slurm.XXXXXX) && chmod 0755 "$dir" && mkdir "$dir/state" "$dir/spool" ||
    { slurm_error="could not make a scratch folder in /tmp"; return 1; }
  slurm_dir=$dir
  export SLURM_CONF=$dir/slurm.conf
  slurm_write_conf "$dir" || { slurm_error="could not write slurm.conf"; return 1; }
  slurm_watchdog
  # before the trap that was there (common.bash's removal of $tmp, which holds DIR)
  local previous
  eval "set -- $(trap -p EXIT)"
  previous=${3:-}
  trap "slurm_cluster_stop; $previous" EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM
  slurm_start_daemons "$dir" && slurm_wait_idle
}

slurm_wait_job() {
  local job=$1 end=$((SECONDS + $2)) left
  while ((SECONDS < end)); do
    left=$(timeout 5 squeue -h -j "$job" -o %i 2>&1) || left="squeue failed: $left"
    [[ -z $left ]] && return 0
    sleep 0.2
  done
  return 1
}

slurm_array_states() {
  timeout 10 scontrol -o show job "$1" | sed -n \
    's/.*ArrayTaskId=\([0-9]*\) .*JobState=\([A-Z_]*\) .*ExitCode=\([0-9]*:[0-9]*\).*/\1 \2 \3/p' | sort -n
}
