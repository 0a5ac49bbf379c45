#!/usr/bin/env bash
# ConsPerf in direct mode against ConsPerf -reactor, one after the other against the same ProvPerf (direct mode):
# 100,000 items, 100,000 updates/s. For each consumer run: updates received/s in steady state, latency avg/p50/p99,
# ConsPerf's CPU % in steady state and CPU microseconds per update, the CPU milliseconds ConsPerf spent until its last
# image (start-up, JIT and the 100,000 requests and refreshes), bytes allocated per update (AllocationProbe, second
# half of steady state); then the ratio -reactor/direct of CPU per update. CPU per update is taken from the stats
# file's rows after the last image (CPU % over all cores x cores x 10,000 / updates per second), not from the
# summary's CPU average, which averages every row including the image phase's and so charges start-up to updates. ROUNDS
# alternates the two modes that many times (direct first), so drift in machine load hits both.
# MODES="direct watchlist" compares ConsPerf -watchlist instead (or "direct reactor watchlist" all three); each mode
# after the first is given as a ratio to the first.
#
# Environment overrides: ROUNDS (1), MODES (direct reactor), ITEM_COUNT (100000), UPDATE_RATE (100000; RATE is taken too),
# STEADY_STATE_TIME (20), STATS_INTERVAL (5, seconds per stats row), PORT (14012), OUT (out/bench/reactor-vs-direct).
set -euo pipefail
export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1

repo="$(cd "$(dirname "$0")/../.." && pwd)"
rounds="${ROUNDS:-1}"
read -r -a modes <<< "${MODES:-direct reactor}"
item_count="${ITEM_COUNT:-100000}"
rate="${UPDATE_RATE:-${RATE:-100000}}"
steady="${STEADY_STATE_TIME:-20}"
interval="${STATS_INTERVAL:-5}"
cores="$(nproc)"
port="${PORT:-14012}"
out="${OUT:-$repo/out/bench/reactor-vs-direct}"
rm -rf "$out"; mkdir -p "$out"
build_log="$out/build.log"

for project in ProvPerf/ProvPerf ConsPerf/ConsPerf bench/AllocationProbe/AllocationProbe; do
  dotnet build "$repo/PerfTools/$project.csproj" -c Release -nologo -v quiet > "$build_log" 2>&1 || { cat "$build_log"; exit 1; }
done
prov_dir="$repo/PerfTools/ProvPerf/bin/Release/net10.0"
cons_dir="$repo/PerfTools/ConsPerf/bin/Release/net10.0"
hook="$repo/PerfTools/bench/AllocationProbe/bin/Release/net10.0/AllocationProbe.dll"
source "$repo/PerfTools/bench/summary-fields.sh"

# From ConsPerf's stats rows: "<steady CPU %> <CPU ms until the last image>". Rows up to and including the one in
# which the images reached the item count are the image phase; the rows after it are steady state. CPU % is over
# all cores (the guide's figure).
cpu_phases() { # stats csv, item count, cores, seconds per row
  awk -F', *' -v items="$2" -v cores="$3" -v secs="$4" '
    NR == 1 { for (i = 1; i <= NF; i++) { if ($i == "Images") im = i; if ($i == "CPU usage (%)") cp = i }; next }
    im && cp { if (images < items) { images += $im; start += $cp * cores * secs * 10 } else { sum += $cp; n++ } }
    END { if (n > 0 && images >= items) printf "%.2f %.0f", sum / n, start; else print "n/a n/a" }' "$1"
}

echo "load before: $(uptime | sed 's/.*load average: //')"
(cd "$prov_dir" && exec dotnet ProvPerf.dll -p "$port" -runTime $(( (steady * 3 + 60) * 2 * rounds )) -updateRate "$rate" \
    -latencyUpdateRate 1000 -noDisplayStats -summaryFile "$out/ProvSummary.out" -statsFile "$out/ProvStats") >"$out/prov.log" 2>&1 &
prov=$!
trap 'kill -INT "$prov" 2>/dev/null || true; wait "$prov" 2>/dev/null || true' EXIT

printf "%-9s %-6s %-9s %-10s %-10s %-10s %-8s %-10s %-10s %-8s %s\n" mode round recv/s lat_avg_us lat_p50_us lat_p99_us consCPU cpu_us/upd image_cpu_ms B/upd exit
declare -A cpu_sum=() img_sum=() ok=()
for mode in "${modes[@]}"; do cpu_sum[$mode]=0; img_sum[$mode]=0; ok[$mode]=0; done
for round in $(seq 1 "$rounds"); do
  for mode in "${modes[@]}"; do
    dir="$out/$mode-$round"; mkdir -p "$dir"
    flag=""; [ "$mode" != direct ] && flag="-$mode"
    set +e
    (cd "$cons_dir" && DOTNET_STARTUP_HOOKS="$hook" ALLOCATION_PROBE_FILE="$dir/cons-alloc.csv" exec dotnet ConsPerf.dll $flag \
        -p "$port" -itemCount "$item_count" -steadyStateTime "$steady" -noDisplayStats \
        -writeStatsInterval "$interval" -summaryFile "$dir/ConsSummary.out" -statsFile "$dir/ConsStats") >"$dir/cons.log" 2>&1
    rc=$?
    set -e
    s="$dir/ConsSummary.out"
    recv=$(field "$s" "Steady State Statistics:" "Avg update rate"); recv=${recv:-0}
    lat=$(field "$s" "Steady State Statistics:" "Latency avg (usec)"); p50=$(field "$s" "Steady State Statistics:" "Latency p50 (usec)")
    p99=$(field "$s" "Steady State Statistics:" "Latency p99 (usec)")
    read -r cpu img_ms <<< "$(cpu_phases "$dir/ConsStats1.csv" "$item_count" "$cores" "$interval" 2>/dev/null || echo "n/a n/a")"
    end=$(tail -1 "$dir/cons-alloc.csv" 2>/dev/null | cut -d, -f1); end=${end:-0}
    from=$(awk -v t="$end" -v s="$steady" 'BEGIN { printf "%.3f", t - s / 2 }')
    bytes=$(per_msg "$(alloc_rate "$dir/cons-alloc.csv" "$from" "$end")" "$recv")
    per_upd=$(awk -v c="$cpu" -v k="$cores" -v r="$recv" 'BEGIN { if (r > 0 && c != "n/a") printf "%.3f", c * k * 10000 / r; else print "n/a" }')
    printf "%-9s %-6s %-9s %-10s %-10s %-10s %-8s %-10s %-12s %-8s %s\n" "$mode" "$round" "${recv%.*}" "${lat:-n/a}" "${p50:-n/a}" \
      "${p99:-n/a}" "$cpu" "$per_upd" "$img_ms" "$bytes" "$rc"
    if [ "$rc" = 0 ] && [ "$per_upd" != n/a ]; then
      cpu_sum[$mode]=$(awk -v a="${cpu_sum[$mode]}" -v b="$per_upd" 'BEGIN { print a + b }'); ok[$mode]=$(( ok[$mode] + 1 ))
      img_sum[$mode]=$(awk -v a="${img_sum[$mode]}" -v b="$img_ms" 'BEGIN { print a + b }')
    fi
  done
done
echo "load after: $(uptime | sed 's/.*load average: //')"
base="${modes[0]}"
for mode in "${modes[@]:1}"; do
  if [ "${ok[$base]}" -gt 0 ] && [ "${ok[$mode]}" -gt 0 ]; then
    awk -v b="$base" -v m="$mode" -v d="${cpu_sum[$base]}" -v nd="${ok[$base]}" -v r="${cpu_sum[$mode]}" -v nr="${ok[$mode]}" \
        -v di="${img_sum[$base]}" -v ri="${img_sum[$mode]}" 'BEGIN {
      printf "CPU per update in steady state, mean over passing runs: %s %.3f us, %s %.3f us, ratio %s/%s %.2f (goals: reactor <= 1.20, watchlist <= 1.50)\n",
        b, d / nd, m, r / nr, m, b, (r / nr) / (d / nd)
      printf "CPU until the last image, mean: %s %.0f ms, %s %.0f ms, ratio %.2f\n", b, di / nd, m, ri / nr, (ri / nr) / (di / nd) }'
  else
    echo "no passing run of $base or $mode: no ratio"
  fi
done
echo "Details: $out/ (summaries, logs, allocation samples)"
