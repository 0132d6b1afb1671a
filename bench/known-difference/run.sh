#!/usr/bin/env bash
# Runs suite.yaml with every process of the variant mvc-platform-held in a cgroup whose CPU quota is
# QUOTA ms per 100 ms (default 90): that share of the core the server is pinned to. The known
# difference is the held server's CPU over the free one's (the report's CPU avg column; a free server
# gets some 96 % of its core here), which its throughput follows under saturating closed load.
# Needs root and a cgroup CPU controller (v1 at /sys/fs/cgroup/cpu, or v2). Arguments go to
# ./lab run, e.g. --design fresh --trials 3.
set -euo pipefail
home=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
quota=$(( ${QUOTA:-90} * 1000 ))
name=lab-held-$$
if [ -d /sys/fs/cgroup/cpu ] && [ -f /sys/fs/cgroup/cpu/cpu.cfs_quota_us ]; then
  group=/sys/fs/cgroup/cpu/$name
  mkdir "$group"
  echo 100000 > "$group/cpu.cfs_period_us"
  echo "$quota" > "$group/cpu.cfs_quota_us"
elif [ -f /sys/fs/cgroup/cgroup.controllers ]; then
  group=/sys/fs/cgroup/$name
  mkdir "$group"
  echo "$quota 100000" > "$group/cpu.max"
else
  echo "known-difference: no cgroup CPU controller here (/sys/fs/cgroup/cpu or cgroup v2)" >&2
  exit 2
fi
# Moves each new server of the held variant into the group as it starts; its later threads follow it.
( while true; do
    for pid in $(pgrep -f 'lab.held=cpu-90' || true); do echo "$pid" > "$group/cgroup.procs" 2>/dev/null || true; done
    sleep 0.2
  done ) &
watcher=$!
cleanup() { kill "$watcher" 2>/dev/null || true; wait "$watcher" 2>/dev/null || true; rmdir "$group" 2>/dev/null || true; }
trap cleanup EXIT
"$home/lab" run "$home/bench/known-difference/suite.yaml" "$@"
