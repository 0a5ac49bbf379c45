#!/usr/bin/env bash
# Finds the highest update rate ConsPerf receives from ProvPerf, with 100,000 items, while ConsPerf's steady-state
# average latency stays under 1 ms on this machine (both tools on loopback). For each rate tried it reports the
# steady-state update rate achieved, latency, CPU and memory of both tools, and bytes allocated per update on each side
# (sampled by a startup hook, over the second half of steady state). A rate passes when the average latency is under
# 1000 usec and the consumer receives at least 95% of the requested rate. Every rate is tried, so the table shows the
# trend on either side of the answer.
#
# Environment overrides: RATES ("50000 100000 ..."), ITEM_COUNT (100000), STEADY_STATE_TIME (20), PORT (14010),
# LATENCY_RATE (1000, latency updates per second), OUT (out/bench).
set -euo pipefail
export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1

repo="$(cd "$(dirname "$0")/../.." && pwd)"
rates="${RATES:-50000 100000 200000 300000 400000 500000 700000 1000000}"
item_count="${ITEM_COUNT:-100000}"
steady="${STEADY_STATE_TIME:-20}"
port="${PORT:-14010}"
latency_rate="${LATENCY_RATE:-1000}"
out="${OUT:-$repo/out/bench}"
mkdir -p "$out"
build_log="$out/build.log"

dotnet build "$repo/PerfTools/ProvPerf/ProvPerf.csproj" -c Release -nologo -v quiet > "$build_log" 2>&1 || { cat "$build_log"; exit 1; }
dotnet build "$repo/PerfTools/ConsPerf/ConsPerf.csproj" -c Release -nologo -v quiet > "$build_log" 2>&1 || { cat "$build_log"; exit 1; }
dotnet build "$repo/PerfTools/bench/AllocationProbe/AllocationProbe.csproj" -c Release -nologo -v quiet > "$build_log" 2>&1 || { cat "$build_log"; exit 1; }
prov_dir="$repo/PerfTools/ProvPerf/bin/Release/net10.0"
cons_dir="$repo/PerfTools/ConsPerf/bin/Release/net10.0"
hook="$repo/PerfTools/bench/AllocationProbe/bin/Release/net10.0/AllocationProbe.dll"

# shared: field, alloc_rate, per_msg
source "$repo/PerfTools/bench/summary-fields.sh"

printf "%-9s %-9s %-10s %-10s %-10s %-8s %-8s %-8s %-8s %-11s %-11s %s\n" \
  rate recv/s lat_avg_us lat_p50_us lat_p99_us consCPU consMB provCPU provMB cons_B/upd prov_B/upd result
best=0
for rate in $rates; do
  dir="$out/rate-$rate"; rm -rf "$dir"; mkdir -p "$dir"
  (cd "$prov_dir" && DOTNET_STARTUP_HOOKS="$hook" ALLOCATION_PROBE_FILE="$dir/prov-alloc.csv" exec dotnet ProvPerf.dll \
      -p "$port" -runTime $((steady * 3 + 60)) -updateRate "$rate" -latencyUpdateRate "$latency_rate" -noDisplayStats \
      -summaryFile "$dir/ProvSummary.out" -statsFile "$dir/ProvStats") >"$dir/prov.log" 2>&1 &
  prov=$!
  set +e
  (cd "$cons_dir" && DOTNET_STARTUP_HOOKS="$hook" ALLOCATION_PROBE_FILE="$dir/cons-alloc.csv" exec dotnet ConsPerf.dll \
      -p "$port" -itemCount "$item_count" -steadyStateTime "$steady" -noDisplayStats \
      -summaryFile "$dir/ConsSummary.out" -statsFile "$dir/ConsStats") >"$dir/cons.log" 2>&1
  rc=$?
  set -e
  kill -INT "$prov" 2>/dev/null || true
  wait "$prov" 2>/dev/null || true

  s="$dir/ConsSummary.out"
  recv=$(field "$s" "Steady State Statistics:" "Avg update rate"); recv=${recv:-0}
  lat=$(field "$s" "Steady State Statistics:" "Latency avg (usec)"); lat=${lat:-n/a}
  p50=$(field "$s" "Steady State Statistics:" "Latency p50 (usec)"); p50=${p50:-n/a}
  p99=$(field "$s" "Steady State Statistics:" "Latency p99 (usec)"); p99=${p99:-n/a}
  ccpu=$(field "$s" "Overall Statistics:" "CPU Usage avg (%)"); cmem=$(field "$s" "Overall Statistics:" "Memory Usage max (MB)")
  pcpu=$(grep -m1 "CPU Usage avg (%)" "$dir/ProvSummary.out" 2>/dev/null | sed 's/.*: //'); pmem=$(grep -m1 "Memory Usage max (MB)" "$dir/ProvSummary.out" 2>/dev/null | sed 's/.*: //')
  # the second half of the consumer's steady state, on the wall clock both probes use
  end=$(tail -1 "$dir/cons-alloc.csv" 2>/dev/null | cut -d, -f1); end=${end:-0}
  from=$(awk -v t="$end" -v s="$steady" 'BEGIN { printf "%.3f", t - s / 2 }')
  cons_rate=$(alloc_rate "$dir/cons-alloc.csv" "$from" "$end")
  prov_rate=$(alloc_rate "$dir/prov-alloc.csv" "$from" "$end")
  cons_b=$(per_msg "$cons_rate" "$recv"); prov_b=$(per_msg "$prov_rate" "$rate")
  verdict=$(awk -v rc="$rc" -v lat="$lat" -v recv="$recv" -v rate="$rate" \
    'BEGIN { if (rc != 0) print "fail(exit " rc ")"; else if (lat == "n/a" || lat >= 1000) print "fail(latency)"; else if (recv < 0.95 * rate) print "fail(rate)"; else print "pass" }')
  printf "%-9s %-9s %-10s %-10s %-10s %-8s %-8s %-8s %-8s %-11s %-11s %s\n" \
    "$rate" "${recv%.*}" "$lat" "$p50" "$p99" "${ccpu:-n/a}" "${cmem:-n/a}" "${pcpu:-n/a}" "${pmem:-n/a}" "$cons_b" "$prov_b" "$verdict"
  if [ "$verdict" = pass ] && [ "$rate" -gt "$best" ]; then best=$rate; fi
done
echo
echo "Highest passing update rate with $item_count items (steady-state avg latency < 1 ms): $best updates/s"
echo "Details per rate: $out/rate-*/ (summaries, logs, allocation samples)"
