#!/usr/bin/env bash
# A private single-node Slurm cluster for tests: munged, slurmctld and slurmd
# from Debian's packages (slurmctld slurmd slurm-client munge), run as the
# calling user without systemd, on ports of its own, in a folder of its own.
#   eval "$(tb/experiments/slurm_local.sh up DIR PORT)"   # exports SLURM_CONF
#   tb/experiments/slurm_local.sh down DIR
# `up` exits 1 with the reason on stderr when the daemons do not come up.
# Choices, each a failure seen otherwise: proctrack/linuxproc and task/none
# (cgroup plugins fail every launch in a container and drain the node), a
# private munge socket named by AuthInfo, NodeAddr 127.0.0.1 (no dependence
# on the host name), daemons with their output redirected (else a $(...)
# caller waits for them), batch_sched_delay=0 (arrays start at once).
set -euo pipefail
cmd=${1:?up|down}
dir=${2:?cluster folder}
port=${3:-16817}
conf=$dir/etc/slurm.conf
export SLURM_CONF=$conf

pid_alive() { [ -f "$dir/pids/$1" ] && kill -0 "$(cat "$dir/pids/$1")" 2>/dev/null; }
start() {  # name, command...
  local name=$1
  shift
  "$@" < /dev/null > "$dir/log/$name.out" 2>&1 &
  echo $! > "$dir/pids/$name"
}
stop() {  # names: TERM, then KILL after 10 s
  local name pid
  for name; do
    pid_alive "$name" || continue
    pid=$(cat "$dir/pids/$name")
    kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null || true
  done
}

up() {
  for b in munged slurmctld slurmd sbatch squeue sinfo; do
    command -v "$b" > /dev/null || { echo "slurm_local: $b not installed" >&2; exit 1; }
  done
  rm -rf "$dir"
  mkdir -p "$dir"/{etc,state,spool,log,pids,run}
  install -d -m 755 "$dir/munge"
  head -c 1024 /dev/urandom > "$dir/munge/key"
  chmod 400 "$dir/munge/key"
  local me
  me=$(id -un)
  cat > "$conf" <<CONF
ClusterName=nocsimtest
SlurmctldHost=localhost
SlurmUser=$me
SlurmdUser=$me
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge/sock
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/run/slurmctld.pid
SlurmdPidFile=$dir/run/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
MailProg=/bin/true
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
SchedulerParameters=batch_sched_delay=0
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
NodeName=localnode NodeAddr=127.0.0.1 NodeHostname=localhost CPUs=$(nproc) RealMemory=1000 State=UNKNOWN
PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
  start munged munged -F --force -S "$dir/munge/sock" --key-file="$dir/munge/key" \
    --pid-file="$dir/munge/pid" --seed-file="$dir/munge/seed" --log-file="$dir/log/munged.log"
  for _ in $(seq 50); do [ -S "$dir/munge/sock" ] && break; sleep 0.1; done
  start slurmctld slurmctld -D -c -f "$conf"
  start slurmd slurmd -D -N localnode -f "$conf"
  for _ in $(seq 150); do
    if [ "$(timeout 5 sinfo -h -n localnode -o %T 2> /dev/null)" = idle ]; then
      echo "export SLURM_CONF=$conf"
      return 0
    fi
    pid_alive slurmctld && pid_alive slurmd || break
    sleep 0.2
  done
  echo "slurm_local: the daemons did not come up (logs in $dir/log):" >&2
  tail -n 5 "$dir"/log/*.log "$dir"/log/*.out >&2 2> /dev/null || true
  down
  exit 1
}

down() {
  [ -f "$conf" ] || return 0
  if pid_alive slurmctld; then
    timeout 5 scancel --quiet --partition=debug 2> /dev/null || true
    for _ in $(seq 50); do
      q=$(timeout 3 squeue -h 2> /dev/null) || break
      [ -z "$q" ] && break
      sleep 0.2
    done
  fi
  stop slurmd slurmctld
  # Job steps outlive slurmd: end those of this cluster only (by SLURM_CONF).
  local p
  for p in $(pgrep -x slurmstepd || true); do
    if tr '\0' '\n' < "/proc/$p/environ" 2> /dev/null | grep -qx "SLURM_CONF=$conf"; then
      pkill -KILL -P "$p" 2> /dev/null || true
      kill -KILL "$p" 2> /dev/null || true
    fi
  done
  stop munged
}

"$cmd"
