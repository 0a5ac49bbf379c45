#!/usr/bin/env bash
# ConsPerf's steady-state update rate and latency from ProvPerf with and without 50 misbehaving clients on the same
# provider (25 send a garbage frame, 25 stop in the middle of the handshake and stay connected until ProvPerf's
# -initTimeout closes them). Both runs use the same provider settings in the same invocation; the figures are the
# ratios with/without (1.00: the bad clients cost nothing; the goal is within 20%). Also counts ProvPerf's logged
# closes of the bad channels by reason. The robustness test (Tests/PerfTools.Tests/Robustness/BadClientsTests.cs)
# checks correctness; this measures.
#
# Environment overrides: ITEM_COUNT (1000), UPDATE_RATE (10000), STEADY_STATE_TIME (15), INIT_TIMEOUT (5),
# PORT (14014), OUT (out/bad-clients).
set -euo pipefail
export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1

repo="$(cd "$(dirname "$0")/../.." && pwd)"
item_count="${ITEM_COUNT:-1000}"
rate="${UPDATE_RATE:-10000}"
steady="${STEADY_STATE_TIME:-15}"
init_timeout="${INIT_TIMEOUT:-5}"
port="${PORT:-14014}"
out="${OUT:-$repo/out/bad-clients}"
rm -rf "$out"; mkdir -p "$out"
for project in ProvPerf/ProvPerf.csproj ConsPerf/ConsPerf.csproj; do
  dotnet build "$repo/PerfTools/$project" -c Release -nologo -v quiet > "$out/build.log" 2>&1 || { cat "$out/build.log"; exit 1; }
done
prov_dir="$repo/PerfTools/ProvPerf/bin/Release/net10.0"
cons_dir="$repo/PerfTools/ConsPerf/bin/Release/net10.0"

# 25 connections that send a 64-byte frame of random bytes, 25 that send 2 bytes of a header and then nothing;
# all stay open until killed. Plain bash /dev/tcp, so the benchmark needs nothing beyond the tools.
bad_clients() {
  for i in $(seq 1 25); do
    ( exec 3<>"/dev/tcp/127.0.0.1/$port" && { printf '\x00\x40'; head -c 62 /dev/urandom; } >&3 && exec sleep 100000 ) >/dev/null 2>&1 &
    ( exec 3<>"/dev/tcp/127.0.0.1/$port" && printf '\x00\x40' >&3 && exec sleep 100000 ) >/dev/null 2>&1 &
  done
}

field() { grep -m1 -A40 "^Steady State Statistics:" "$1" | grep -m1 "  $2: " | sed 's/.*: //'; }

run() { # name, with-bad-clients (0/1)
  local dir="$out/$1"; mkdir -p "$dir"
  (cd "$prov_dir" && exec dotnet ProvPerf.dll -if 127.0.0.1 -p "$port" -runTime $((steady * 4 + 120)) -updateRate "$rate" \
      -initTimeout "$init_timeout" -noDisplayStats -summaryFile "$dir/ProvSummary.out" -statsFile "$dir/ProvStats") >"$dir/prov.log" 2>&1 &
  local prov=$!
  for _ in $(seq 1 300); do grep -q "Server bound" "$dir/prov.log" 2>/dev/null && break; sleep 0.1; done
  local bad_pids=""
  if [ "$2" = 1 ]; then bad_clients; bad_pids=$(jobs -p | grep -v "^$prov$" || true); fi
  set +e
  (cd "$cons_dir" && exec dotnet ConsPerf.dll -h 127.0.0.1 -p "$port" -itemCount "$item_count" -steadyStateTime "$steady" \
      -noDisplayStats -summaryFile "$dir/ConsSummary.out" -statsFile "$dir/ConsStats") >"$dir/cons.log" 2>&1
  local rc=$?
  set -e
  for pid in $bad_pids; do kill "$pid" 2>/dev/null || true; done
  kill -TERM "$prov" 2>/dev/null || true # SIGINT is ignored by a script's background jobs
  wait 2>/dev/null || true
  local f="$dir/ConsSummary.out"
  echo "$rc $(field "$f" "Avg update rate") $(field "$f" "Latency avg (usec)") $(field "$f" "Latency p50 (usec)") $(field "$f" "Latency p99 (usec)")"
}

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg); $item_count items, $rate updates/s, ${steady}s steady state, -initTimeout ${init_timeout}"
read -r rc0 rate0 avg0 p500 p990 <<<"$(run baseline 0)"
read -r rc1 rate1 avg1 p501 p991 <<<"$(run with-bad-clients 1)"
echo "load after:  $(cut -d' ' -f1-3 /proc/loadavg)"
printf "%-18s %6s %12s %12s %10s %12s\n" run exit rate/s lat_avg_us p50_us p99_us
printf "%-18s %6s %12s %12s %10s %12s\n" baseline "$rc0" "${rate0:-n/a}" "${avg0:-n/a}" "${p500:-n/a}" "${p990:-n/a}"
printf "%-18s %6s %12s %12s %10s %12s\n" "50 bad clients" "$rc1" "${rate1:-n/a}" "${avg1:-n/a}" "${p501:-n/a}" "${p991:-n/a}"
awk -v r0="${rate0:-0}" -v r1="${rate1:-0}" -v a="${avg0:-0}" -v b="${avg1:-0}" -v m="${p500:-0}" -v n="${p501:-0}" -v p="${p990:-0}" -v q="${p991:-0}" '
  function ratio(name, x, y) { if (x > 0 && y > 0) printf "%s %.2f", name, y / x; else printf "%s n/a", name }
  BEGIN { printf "ratio with/without: "; ratio("rate", r0, r1); printf ", "; ratio("avg", a, b); printf ", ";
          ratio("p50", m, n); printf ", "; ratio("p99", p, q); printf "\n" }'
log="$out/with-bad-clients/prov.log"
echo "bad channels closed by ProvPerf: $(grep -c '(or sent garbage)' "$log" || true) as garbage, $(grep -c 'within the initialization timeout' "$log" || true) at the handshake time limit"
