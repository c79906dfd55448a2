#!/usr/bin/env bash
# slurm-local.sh start|stop|status: a private one-node Slurm cluster on this
# machine, for satbench's Slurm test and for trying `satbench plan --slurm`.
#
#   eval "$(scripts/slurm-local.sh start)"   # prints: export SLURM_CONF=...
#   sbatch --wait bench.sbatch
#   scripts/slurm-local.sh stop
#
# start writes a slurm.conf for this host alone (its NodeName line from
# `slurmd -C`, partition "debug", proctrack/linuxproc, task/none,
# select/cons_tres with one core per task) into a private folder, starts a
# munged with its own key and socket there, then slurmctld and slurmd, and
# waits (at most SLURM_LOCAL_WAIT seconds, default 60) until sinfo shows the
# node idle. stop cancels the cluster's jobs, then ends exactly the daemons
# start began, by the PIDs in their PID files (each checked to still be
# that daemon), never by name.
# status says what runs (exit 0 when the cluster is up, 3 when it is not).
#
# The folder is $SLURM_LOCAL_DIR (default /tmp/pipesat-slurm-$UID-N, N a
# checksum of the checkout's path): slurm.conf,
# munge key and socket, state, spool, logs (log/) and PID files (run/).
# Nothing is installed: scripts/install-slurm.sh installs slurm-wlm and munge.
# The programs are looked for on $PATH, then in /usr/local/sbin, /usr/sbin
# and /sbin.
# start refuses (exit 1) when a slurmctld or slurmd that it did not start
# runs on this machine: that is someone else's cluster, using Slurm's ports.
# Daemons run as the calling user (root in CI); jobs run as that user too.
set -euo pipefail

# Slurm's and MUNGE's daemons are in /usr/sbin (Debian's slurm-wlm and
# munge), which a user's PATH often lacks: look there too, after the PATH.
for d in /usr/local/sbin /usr/sbin /sbin; do
  case ":$PATH:" in
  *":$d:"*) ;;
  *) PATH=$PATH:$d ;;
  esac
done

me=slurm-local
# The default folder is per user and per checkout: on a machine where
# several people work as one user (root), each checkout's start and stop
# see only their own daemons, and a second cluster refuses to start.
root=$(cd "$(dirname "$0")/.." && pwd -P)
dir=${SLURM_LOCAL_DIR:-/tmp/pipesat-slurm-$(id -u)-$(printf %s "$root" | cksum | cut -d' ' -f1)}
conf=$dir/slurm.conf
wait_max=${SLURM_LOCAL_WAIT:-60}
daemons=(slurmd slurmctld munged) # stop order: the reverse of start's

say() { echo "$me: $*" >&2; }
die() { say "$*"; exit 1; }

# pid_of NAME: the PID in NAME's PID file if that process still runs and
# is NAME (a PID file left by a crash may name an unrelated process now).
pid_of() {
  local f=$dir/run/$1.pid p comm
  [ -s "$f" ] || return 1
  p=$(tr -dc 0-9 <"$f")
  [ -n "$p" ] || return 1
  comm=$(cat "/proc/$p/comm" 2>/dev/null) || return 1
  [ "$comm" = "$1" ] || return 1
  echo "$p"
}

# others NAME: PIDs of processes called NAME that are not ours.
others() {
  local mine p out=""
  mine=$(pid_of "$1" || true)
  for p in /proc/[0-9]*; do
    p=${p#/proc/}
    [ "$(cat "/proc/$p/comm" 2>/dev/null)" = "$1" ] || continue
    [ "$p" = "$mine" ] && continue
    running "$p" || continue
    out="$out $p"
  done
  echo "${out# }"
}

# running PID: whether PID still runs. A daemon is not our child: once it
# exits it stays a zombie until init reaps it, which some inits do only
# every second or two (stop took 6 s waiting on three zombies).
running() {
  local stat
  stat=$(cat "/proc/$1/stat" 2>/dev/null) || return 1
  stat=${stat##*) }
  [ "${stat%% *}" != Z ]
}

node_state() { SLURM_CONF=$conf sinfo -h -N -o '%T' 2>/dev/null | head -n1; }

stop_one() {
  local n=$1 p i
  if p=$(pid_of "$n"); then
    kill -TERM "$p" 2>/dev/null || true
    for ((i = 0; i < 100; i++)); do
      running "$p" || break
      sleep 0.1
    done
    if running "$p"; then
      say "$n (pid $p) ignored SIGTERM for 10 s: SIGKILL"
      kill -KILL "$p" 2>/dev/null || true
    fi
    say "stopped $n (pid $p)"
  fi
  rm -f "$dir/run/$n.pid"
}

# cancel_jobs cancels the jobs of this cluster, so that no job step
# (slurmstepd and the job's processes, which outlive slurmd) is left
# running, and waits up to 10 s for them to end.
cancel_jobs() {
  local ids i
  pid_of slurmctld >/dev/null || return 0
  ids=$(SLURM_CONF=$conf squeue -h -o %i 2>/dev/null) || return 0
  [ -n "$ids" ] || return 0
  say "cancelling jobs $(echo $ids)"
  # shellcheck disable=SC2086 # one argument per job ID
  SLURM_CONF=$conf scancel $ids || true
  for ((i = 0; i < 100; i++)); do
    [ -z "$(SLURM_CONF=$conf squeue -h -o %i 2>/dev/null)" ] && return 0
    sleep 0.1
  done
  say "jobs still listed after 10 s: stopping anyway"
}

stop() {
  local n
  cancel_jobs
  for n in "${daemons[@]}"; do stop_one "$n"; done
}

status() {
  local n p up=0
  for n in munged slurmctld slurmd; do
    if p=$(pid_of "$n"); then
      echo "$n: running, pid $p"
      up=$((up + 1))
    else
      echo "$n: not running"
    fi
  done
  if [ "$up" -eq 3 ]; then
    echo "node: $(node_state || true)"
    echo "export SLURM_CONF=$conf"
    return 0
  fi
  return 3
}

write_conf() {
  local host node user
  host=$(hostname -s)
  # slurmd -C prints "NodeName=... CPUs=... RealMemory=..." then "UpTime=...".
  node=$(slurmd -C | grep '^NodeName=') || die "slurmd -C printed no NodeName line"
  user=$(id -un)
  cat >"$conf.tmp" <<CONF
# One-node cluster written by scripts/slurm-local.sh; see its header.
ClusterName=pipesat
SlurmctldHost=$host
SlurmUser=$user
SlurmdUser=$user
AuthType=auth/munge
AuthInfo=socket=$dir/munge/munge.socket
CredType=cred/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/run/slurmctld.pid
SlurmdPidFile=$dir/run/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
# Start a job as soon as a CPU is free (the defaults delay it by
# seconds, which a test that waits for jobs would spend idle).
SchedulerParameters=batch_sched_delay=0,sched_min_interval=0
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
ReturnToService=2
MailProg=/bin/true
InactiveLimit=0
KillWait=10
MinJobAge=300
$node State=UNKNOWN
PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
  mv "$conf.tmp" "$conf"
}

start() {
  local n o p i state
  for n in slurmctld slurmd munged sinfo; do
    command -v "$n" >/dev/null || die "$n not found: run scripts/install-slurm.sh"
  done
  for n in slurmctld slurmd; do
    o=$(others "$n")
    [ -z "$o" ] || die "a $n this script did not start runs here (pid $o): not touching someone else's Slurm"
  done
  if pid_of munged >/dev/null && pid_of slurmctld >/dev/null && pid_of slurmd >/dev/null; then
    say "already running in $dir"
  else
    stop 2>/dev/null # whatever half of an earlier start is left
    # munged wants its socket's folder (and the folders above it)
    # searchable by everyone and writable only by its owner, and its key
    # readable only by its owner.
    mkdir -p "$dir/munge" "$dir/key" "$dir/state" "$dir/spool" "$dir/log" "$dir/run"
    chmod 755 "$dir" "$dir/munge"
    chmod 700 "$dir/key"
    if [ ! -s "$dir/key/munge.key" ]; then
      if command -v mungekey >/dev/null; then
        mungekey --create --keyfile="$dir/key/munge.key"
      else
        (umask 077 && dd if=/dev/urandom of="$dir/key/munge.key" bs=1024 count=1 status=none)
      fi
    fi
    chmod 600 "$dir/key/munge.key"
    write_conf
    munged --socket="$dir/munge/munge.socket" --key-file="$dir/key/munge.key" \
      --pid-file="$dir/run/munged.pid" --log-file="$dir/log/munged.log" \
      --seed-file="$dir/key/munged.seed" ||
      die "munged failed to start: see $dir/log/munged.log"
    # -c: a fresh start, no jobs from an earlier run of this cluster.
    slurmctld -c -f "$conf" || { stop; die "slurmctld failed to start: see $dir/log/slurmctld.log"; }
    slurmd -f "$conf" || { stop; die "slurmd failed to start: see $dir/log/slurmd.log"; }
    say "started in $dir: munged $(pid_of munged || echo '?'), slurmctld $(pid_of slurmctld || echo '?'), slurmd $(pid_of slurmd || echo '?')"
  fi
  for ((i = 0; i < wait_max * 2; i++)); do
    state=$(node_state || true)
    case $state in
    idle | mixed | allocated) break ;;
    esac
    for n in munged slurmctld slurmd; do
      p=$(pid_of "$n") || { stop; die "$n died while starting: see $dir/log/"; }
    done
    sleep 0.5
  done
  case $state in
  idle | mixed | allocated) say "node $(hostname -s) is $state" ;;
  *)
    stop
    die "the node is not idle after $wait_max s (sinfo says \"$state\"): see $dir/log/"
    ;;
  esac
  echo "export SLURM_CONF=$conf"
}

case ${1:-} in
start) start ;;
stop) stop ;;
status) status ;;
*)
  echo "usage: $0 start|stop|status" >&2
  exit 2
  ;;
esac
