#!/usr/bin/env bash
# Our ConsPerf <- our ProvPerf over a plain RSSL socket and over WebSocket (rssl.rwf), alternating in one run:
# latency avg and CPU per update of each side (from the stats files' per-second CPU, steady seconds only).
# Issue 27's goal: rssl.rwf within 10 % of the socket figures.  Usage: ROUNDS=2 RATE=100000 ITEMS=10000 bench/websocket-vs-socket.sh
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
rate="${RATE:-100000}"; items="${ITEMS:-10000}"; rounds="${ROUNDS:-2}"; steady="${STEADY:-20}"; port="${PORT:-40120}"
out="${OUT:-$repo/out/bench/websocket}"; mkdir -p "$out"
cp "${MSG_FILE:-$repo/../shared/reference/perftools/MsgData.xml}" "$out/MsgData.xml" 2>/dev/null || true
cp "$repo/PerfTools/ConsPerf/bin/Release/net10.0/350k.xml" "$out/" 2>/dev/null || true
cons="$repo/PerfTools/ConsPerf/bin/Release/net10.0/ConsPerf.dll"; prov="$repo/PerfTools/ProvPerf/bin/Release/net10.0/ProvPerf.dll"
# mean of column $2 (CPU %) and of the rate column $3 over rows 6..N-1 (steady seconds) of stats file $1
steady_mean() { awk -F', *' -v c="$2" -v r="$3" 'NR>6 {n++; cpu+=$c; upd+=$r; last_c=$c; last_r=$r} END {n--; cpu-=last_c; upd-=last_r; printf "%.2f %.0f\n", cpu/n, upd/n}' "$1"; }
printf "%-10s %5s %12s %14s %14s %14s\n" kind round "lat avg us" "cons ns/upd" "prov ns/upd" "cons upd/s"
for round in $(seq "$rounds"); do
  for kind in socket websocket; do
    dir="$out/$kind-$round"; mkdir -p "$dir"; cp "$out"/*.xml "$dir/" 2>/dev/null || true
    (cd "$dir" && exec dotnet "$prov" -p "$port" -pl rssl.rwf -updateRate "$rate" -latencyUpdateRate 1000 -runTime $((steady + 25)) -writeStatsInterval 1 >prov.log 2>&1) &
    provpid=$!
    for _ in $(seq 300); do ss -ltn | grep -q ":$port " && break; sleep 0.1; done
    extra=(); [ "$kind" = websocket ] && extra=(-connType websocket -pl rssl.rwf)
    (cd "$dir" && dotnet "$cons" -h 127.0.0.1 -p "$port" -itemCount "$items" -steadyStateTime "$steady" -delaySteadyStateCalc 0 \
        -writeStatsInterval 1 "${extra[@]}" >cons.log 2>&1) || true
    kill -INT "$provpid" 2>/dev/null; wait "$provpid" 2>/dev/null || true
    read -r ccpu crate < <(steady_mean "$dir/ConsStats1.csv" 22 8)
    read -r pcpu prate < <(steady_mean "$dir/ProvStats1.csv" 14 4)
    lat=$(grep -A3 "^Steady State Statistics" "$dir/ConsSummary.out" | awk -F': ' '/Latency avg/ {print $2}')
    printf "%-10s %5s %12s %14.0f %14.0f %14s\n" "$kind" "$round" "${lat:-n/a}" \
      "$(echo "$ccpu $crate" | awk '{print $1/100*1e9/$2}')" "$(echo "$pcpu $prate" | awk '{print $1/100*1e9/$2}')" "$crate"
    port=$((port + 1))
  done
done
echo "load average: $(cat /proc/loadavg)"
