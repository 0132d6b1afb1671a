#!/usr/bin/env bash
# What an idle neighbour costs a paired slice: one mvc-platform server under load (wrk, 32 connections,
# /hello) while two other servers (mvc-virtual, webflux) sit alive and idle on the same CPU, against
# the same slice with those two parked (SIGSTOP: no thread of theirs runs). In turns: each pair runs
# both in a random order, a 1 s settle then a measured part. Prints one line per slice, then the
# ratio alive ÷ parked of throughput and p99 with its 95 % interval (t over pairs, log scale).
# Run after ./lab build; needs wrk (apt-get install wrk), PostgreSQL's server binaries and a JDK 25.
# PAIRS (30), SLICE seconds (4), CPU for the servers (1), DRIVER_CPU (0), WARM seconds of the loaded
# server's own warm-up (45) are environment variables.
set -euo pipefail
home=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
. "$home/bin/jdk.sh"; find_jdk >/dev/null || exit 2
command -v wrk >/dev/null || { echo "idle-neighbours: wrk is missing: apt-get install wrk" >&2; exit 2; }
pairs=${PAIRS:-30}; slice=${SLICE:-4}; cpu=${CPU:-1}; driver=${DRIVER_CPU:-0}; warm=${WARM:-45}
work=$(mktemp -d); chmod 755 "$work"; pgbin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
pids=()
cleanup() { for p in "${pids[@]}"; do kill -CONT "$p" 2>/dev/null || true; kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
mkdir "$work/pg"; chown postgres "$work/pg"
runuser -u postgres -- "$pgbin/initdb" -D "$work/pg" -A trust -U lab --no-sync >"$work/initdb.log" 2>&1
runuser -u postgres -- taskset -c "$cpu" "$pgbin/postgres" -D "$work/pg" -p 25432 -k "$work/pg" -c listen_addresses=127.0.0.1 >"$work/pg.log" 2>&1 &
pids+=($!)
for _ in $(seq 60); do "$pgbin/pg_isready" -h 127.0.0.1 -p 25432 -q && break; sleep 0.5; done
serve() { # jar port profile
  taskset -c "$cpu" "$JAVA_HOME/bin/java" -Xms512m -Xmx512m -XX:+UseG1GC -jar "$home/$1" --server.port="$2" \
    --spring.profiles.active="$3" --spring.datasource.url=jdbc:postgresql://127.0.0.1:25432/postgres --spring.datasource.username=lab \
    --spring.r2dbc.url=r2dbc:postgresql://127.0.0.1:25432/postgres --spring.r2dbc.username=lab >"$work/$3.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 120); do curl -sf -o /dev/null "http://127.0.0.1:$2/hello" && return 0; sleep 1; done
  echo "idle-neighbours: $3 did not start; its log: $(tail -3 "$work/$3.log")" >&2; exit 1
}
serve sut-mvc/target/sut-mvc.jar 28081 mvc-platform; loaded=${pids[-1]}
serve sut-mvc/target/sut-mvc.jar 28082 mvc-virtual; n1=${pids[-1]}
serve sut-webflux/target/sut-webflux.jar 28083 webflux; n2=${pids[-1]}
load() { taskset -c "$driver" wrk -t1 -c32 -d"$1"s --latency http://127.0.0.1:28081/hello; }
# each neighbour warmed as a block warms it, then the loaded one to its level
for port in 28082 28083; do taskset -c "$driver" wrk -t1 -c32 -d15s "http://127.0.0.1:$port/hello" >/dev/null; done
load "$warm" >/dev/null
ms() { awk '$1=="99%"{v=$2; if (v ~ /us$/) {sub(/us/,"",v); v/=1000} else if (v ~ /ms$/) {sub(/ms/,"",v)} else {sub(/s$/,"",v); v*=1000}; print v}'; }
{ echo -e "pair\tneighbours\treq_s\tp99_ms"
for p in $(seq "$pairs"); do
  for state in $(printf "alive\nparked\n" | shuf); do
    [ "$state" = parked ] && kill -STOP "$n1" "$n2"
    load 1 >/dev/null
    out=$(load "$slice")
    [ "$state" = parked ] && kill -CONT "$n1" "$n2"
    echo -e "$p\t$state\t$(echo "$out" | awk '/Requests\/sec/{print $2}')\t$(echo "$out" | ms)"
  done
done; } | tee "$work/slices.tsv"
python3 - "$work/slices.tsv" <<'PY'
import csv, math, statistics as st, sys
from collections import defaultdict
rows = defaultdict(dict)
for r in csv.DictReader(open(sys.argv[1]), delimiter='\t'):
    rows[r['pair']][r['neighbours']] = (float(r['req_s']), float(r['p99_ms']))
# two-sided 97.5 % quantiles of Student's t
t = {9: 2.262, 19: 2.093, 29: 2.045, 39: 2.023, 49: 2.010, 59: 2.001, 89: 1.987, 119: 1.980}
for i, name in ((0, 'throughput'), (1, 'p99')):
    d = [math.log(v['alive'][i] / v['parked'][i]) for v in rows.values() if len(v) == 2]
    m, s, n = st.mean(d), st.stdev(d), len(d)
    h = t.get(n - 1, 1.96) * s / math.sqrt(n)
    print(f"{name}: alive / parked {math.exp(m):.3f} (95 % CI {math.exp(m - h):.3f}-{math.exp(m + h):.3f}), {n} pairs")
PY
