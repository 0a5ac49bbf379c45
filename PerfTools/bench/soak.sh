#!/usr/bin/env bash
# Soak run: ProvPerf -> ConsPerf on loopback at a steady update rate for a long time (default 10 minutes at 100,000
# updates/s), then a verdict on three things that only show over time:
#   memory   flat: each tool's average resident memory (the AllocationProbe's VmRSS; the stats CSV's memory column is
#            the guide's peak working set, which never falls) over the last minute vs the first minute of steady state
#   latency  stable: the consumer's average update latency per stats interval; last minute vs first minute
#   gen0     none: gen0 collections counted in each tool over steady state (from the AllocationProbe startup hook)
# The first WARMUP seconds after the consumer starts (images, JIT tiering) are not steady state.
#
# Environment overrides: DURATION (600 s of steady state), UPDATE_RATE (100000), ITEM_COUNT (10000), WARMUP (30),
# INTERVAL (5, -writeStatsInterval), PORT (14012), OUT (out/soak), MEMORY_GROWTH (1.10), LATENCY_GROWTH (1.5).
# Prints the per-interval table, then one verdict line per check and "SOAK: PASS" or "SOAK: FAIL"; exits 1 on FAIL.
set -euo pipefail
export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1

repo="$(cd "$(dirname "$0")/../.." && pwd)"
duration="${DURATION:-600}"
rate="${UPDATE_RATE:-100000}"
item_count="${ITEM_COUNT:-10000}"
warmup="${WARMUP:-30}"
interval="${INTERVAL:-5}"
port="${PORT:-14012}"
out="${OUT:-$repo/out/soak}"
memory_growth="${MEMORY_GROWTH:-1.10}"
latency_growth="${LATENCY_GROWTH:-1.5}"
rm -rf "$out"; mkdir -p "$out"
build_log="$out/build.log"

for project in ProvPerf/ProvPerf.csproj ConsPerf/ConsPerf.csproj bench/AllocationProbe/AllocationProbe.csproj; do
  dotnet build "$repo/PerfTools/$project" -c Release -nologo -v quiet > "$build_log" 2>&1 || { cat "$build_log"; exit 1; }
done
prov_dir="$repo/PerfTools/ProvPerf/bin/Release/net10.0"
cons_dir="$repo/PerfTools/ConsPerf/bin/Release/net10.0"
hook="$repo/PerfTools/bench/AllocationProbe/bin/Release/net10.0/AllocationProbe.dll"
steady=$((duration + warmup))

echo "soak: ${duration}s at ${rate} updates/s, ${item_count} items, warm-up ${warmup}s; load: $(cut -d' ' -f1-3 /proc/loadavg) ($(nproc) cores)"
(cd "$prov_dir" && DOTNET_STARTUP_HOOKS="$hook" ALLOCATION_PROBE_FILE="$out/prov-probe.csv" exec dotnet ProvPerf.dll \
    -if 127.0.0.1 -p "$port" -runTime $((steady + 120)) -updateRate "$rate" -noDisplayStats -writeStatsInterval "$interval" \
    -summaryFile "$out/ProvSummary.out" -statsFile "$out/ProvStats") >"$out/prov.log" 2>&1 &
prov=$!
# SIGTERM, not SIGINT: a background job of a script starts with SIGINT ignored, so ProvPerf would run its whole -runTime.
trap 'kill -TERM "$prov" 2>/dev/null || true' EXIT
set +e
(cd "$cons_dir" && DOTNET_STARTUP_HOOKS="$hook" ALLOCATION_PROBE_FILE="$out/cons-probe.csv" exec dotnet ConsPerf.dll \
    -h 127.0.0.1 -p "$port" -itemCount "$item_count" -steadyStateTime "$steady" -noDisplayStats -writeStatsInterval "$interval" \
    -summaryFile "$out/ConsSummary.out" -statsFile "$out/ConsStats") >"$out/cons.log" 2>&1
rc=$?
set -e
kill -TERM "$prov" 2>/dev/null || true
wait "$prov" 2>/dev/null || true
trap - EXIT
echo "ConsPerf exit code: $rc (0: steady state reached and completed)"

source "$repo/PerfTools/bench/summary-fields.sh"
# average of the values on stdin between lines a..b (1-based, inclusive)
avg_lines() { awk -v a="$1" -v b="$2" 'NR >= a && NR <= b { s += $1; n++ } END { if (n) printf "%.2f", s / n; else print "n/a" }'; }

rows=$(column "$out/ConsStats1.csv" "Memory(MB)" | wc -l)
skip=$((warmup / interval + 1))          # first steady-state row
per_minute=$((60 / interval))
first_end=$((skip + per_minute - 1))
last_start=$((rows - per_minute + 1))
if [ "$rows" -lt $((skip - 1 + 2 * per_minute)) ]; then
  echo "too few statistics rows ($rows) for a first and a last minute of steady state; raise DURATION"; exit 1
fi

echo
printf "%-20s %12s %12s %12s %12s\n" UTC lat_avg_us update_rate cons_peak_MB prov_peak_MB
paste -d, <(column "$out/ConsStats1.csv" UTC) <(column "$out/ConsStats1.csv" "Latency avg (usec)") \
  <(column "$out/ConsStats1.csv" "Update rate") <(column "$out/ConsStats1.csv" "Memory(MB)") \
  <(column "$out/ProvStats1.csv" "Memory(MB)") | awk -F, '$1 != "" { printf "%-20s %12s %12s %12s %12s\n", $1, $2, $3, $4, $5 }'
echo

verdict=PASS
check() { # name first last limit-ratio
  local ratio
  ratio=$(awk -v f="$2" -v l="$3" 'BEGIN { if (f == "n/a" || l == "n/a" || f <= 0) print "n/a"; else printf "%.3f", l / f }')
  local ok
  ok=$(awk -v r="$ratio" -v m="$4" 'BEGIN { print (r != "n/a" && r <= m) ? "ok" : "FAIL" }')
  [ "$ok" = ok ] || verdict=FAIL
  printf "%-26s first minute %10s  last minute %10s  ratio %6s (limit %s)  %s\n" "$1" "$2" "$3" "$ratio" "$4" "$ok"
}
# Steady state on the probes' shared wall clock: from the end of the warm-up to the end of the consumer's run (the
# provider's samples after the consumer left are not steady state).
start=$(head -1 "$out/cons-probe.csv" | cut -d, -f1)
end=$(tail -1 "$out/cons-probe.csv" | cut -d, -f1)
from=$(awk -v s="$start" -v w="$warmup" 'BEGIN { printf "%.3f", s + w }')
at() { awk -v t="$1" -v d="$2" 'BEGIN { printf "%.3f", t + d }'; } # time, seconds to add
# Resident memory (the probe's VmRSS), not the stats files' column: that is the peak working set, which never falls.
for side in cons prov; do
  name=$([ "$side" = cons ] && echo consumer || echo provider)
  check "$name memory (MB rss)" "$(resident_mb "$out/$side-probe.csv" "$from" "$(at "$from" 60)")" \
    "$(resident_mb "$out/$side-probe.csv" "$(at "$end" -60)" "$end")" "$memory_growth"
done
lat=$(column "$out/ConsStats1.csv" "Latency avg (usec)")
check "consumer latency avg (us)" "$(echo "$lat" | avg_lines "$skip" "$first_end")" "$(echo "$lat" | avg_lines "$last_start" "$rows")" "$latency_growth"

# gen0 collections between the end of the warm-up and the end of the consumer's run
gen0() { # probe file, from (unix s), to (unix s)
  awk -F, -v a="$2" -v b="$3" '$1 >= a && first == "" { first = $3 } $1 <= b { last = $3 } END { if (first == "") print "n/a"; else print last - first }' "$1"
}
for side in cons prov; do
  n=$(gen0 "$out/$side-probe.csv" "$from" "$end")
  ok=$([ "$n" = 0 ] && echo ok || echo FAIL)
  [ "$ok" = ok ] || verdict=FAIL
  printf "%-26s %s gen0 collections in steady state  %s\n" "$side gen0" "$n" "$ok"
done
[ "$rc" = 0 ] || verdict=FAIL
echo "load at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "SOAK: $verdict (outputs in $out)"
[ "$verdict" = PASS ]
