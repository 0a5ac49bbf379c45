#!/usr/bin/env bash
# The provider's ceiling (issue 14): ProvPerf -> ConsPerf on loopback with LSEG's default MsgData.xml and 100,000
# items, one run per update rate in RATES. For each rate: images received/expected, updates/s received in steady
# state, steady-state latency avg/p99, ConsPerf's CPU time per update in steady state (cons_ss_ns: from its stats
# rows after the row in which the images completed, CPU % over all cores x cores x 10^7 / updates per second, summed
# over those rows; issue 14's goal is judged on this), the CPU time per update of each tool over the whole run (the
# summaries' "CPU time per update received/sent (nsec)" lines: process CPU time, start-up and image phase included,
# over every update), and the machine's load average before and after the run. A rate holds when ConsPerf exits 0 (every image
# received, steady state completed), the average latency is under 1 ms and at least 95% of the rate arrives.
#
# Two processes that each want a whole core on a 2-core machine: ProvPerf runs one provider thread (-threads 1) and
# ConsPerf one consumer thread. By default neither is pinned (the scheduler places them, as other processes also run);
# PIN=1 puts ProvPerf on core 0 (taskset) and ConsPerf's thread on core 1 (its -threads 1, guide §4: the cores
# threads bind to).
#
# Environment overrides: RATES ("1000000 1500000 2000000"), ITEM_COUNT (100000), STEADY_STATE_TIME (15),
# LATENCY_RATE (1000 latency updates/s), STATS_INTERVAL (5, seconds per ConsPerf stats row), PORT (14016), MSG_FILE (../shared/reference/perftools/MsgData.xml from the
# repository root), PACK (1: -maxPackCount, the guide's default; more than 1 packs), PIN (0), PROV_ARGS and CONS_ARGS
# (more options for either tool, e.g. PROV_ARGS="-preEnc" for pre-encoded updates, or "-highWaterMark 65536"),
# OUT (out/bench/ceiling). By default ProvPerf encodes every update afresh, as the guide describes.
# SYSCALLS=strace runs ProvPerf under `strace -c -f` (much slower: give it STEADY_STATE_TIME=60 so the images
# complete, and read only the counts), SYSCALLS=perf under `perf stat` on the sendto tracepoints (barely slower), and
# adds ProvPerf's sendto calls and EAGAIN-refused sendto calls per million updates sent over the whole run: counts
# that do not depend on the machine's load the way times do. The table is kept in rate-*/prov.syscalls.
set -euo pipefail
export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1

repo="$(cd "$(dirname "$0")/../.." && pwd)"
rates="${RATES:-1000000 1500000 2000000}"
item_count="${ITEM_COUNT:-100000}"
steady="${STEADY_STATE_TIME:-15}"
latency_rate="${LATENCY_RATE:-1000}"
interval="${STATS_INTERVAL:-5}"
cores="$(nproc)"
port="${PORT:-14016}"
msg_file="${MSG_FILE:-$repo/../shared/reference/perftools/MsgData.xml}"
pack="${PACK:-1}"
pin="${PIN:-0}"
syscalls="${SYSCALLS:-0}"
read -r -a prov_args <<< "${PROV_ARGS:-}"
read -r -a cons_args <<< "${CONS_ARGS:-}"
out="${OUT:-$repo/out/bench/ceiling}"
[ -f "$msg_file" ] || { echo "LSEG's MsgData.xml not found at $msg_file (set MSG_FILE)"; exit 1; }
msg_file="$(cd "$(dirname "$msg_file")" && pwd)/$(basename "$msg_file")"
rm -rf "$out"; mkdir -p "$out"
build_log="$out/build.log"

for project in ProvPerf/ProvPerf ConsPerf/ConsPerf; do
  dotnet build "$repo/PerfTools/$project.csproj" -c Release -nologo -v quiet > "$build_log" 2>&1 || { cat "$build_log"; exit 1; }
done
prov_dir="$repo/PerfTools/ProvPerf/bin/Release/net10.0"
cons_dir="$repo/PerfTools/ConsPerf/bin/Release/net10.0"
source "$repo/PerfTools/bench/summary-fields.sh"

prov_pin=(); cons_threads=()
if [ "$pin" = 1 ]; then prov_pin=(taskset -c 0); cons_threads=(-threads 1); fi
case "$syscalls" in
  0) ;; strace|perf) command -v "$syscalls" >/dev/null || { echo "SYSCALLS=$syscalls needs $syscalls"; exit 1; } ;;
  *) echo "SYSCALLS must be strace or perf"; exit 1 ;;
esac
load() { uptime | sed 's/.*load average: //; s/,.*//'; }

# sendto calls and sendto errors (EAGAIN: the socket's send buffer was full) per million updates, from strace -c's
# table (calls and errors columns) or perf stat's CSV (all sendto entries, then the exits that returned -EAGAIN)
sendto_per_million() { # strace|perf, its output, updates sent
  awk -v how="$1" -v n="$3" '
    how == "strace" && $NF == "sendto" { calls = $4; errors = ($6 == "sendto") ? $5 : 0 }
    how == "perf" && /sys_enter_sendto/ { split($0, f, ","); calls = f[1] }
    how == "perf" && /sys_exit_sendto/ { split($0, f, ","); errors = f[1] }
    END { if (n > 0 && calls != "") printf "%.0f %.0f", calls * 1e6 / n, errors * 1e6 / n; else print "n/a n/a" }' "$2"
}

# ConsPerf's CPU ns per update in steady state from its stats rows: the rows up to and including the one in which the
# images reached the item count are the image phase; over the rows after it, CPU time (CPU % over all cores x cores
# x seconds per row) divided by the updates (update rate x seconds per row).
steady_cpu_ns() { # stats csv, item count, cores
  awk -F', *' -v items="$2" -v cores="$3" '
    NR == 1 { for (i = 1; i <= NF; i++) { if ($i == "Images") im = i; if ($i == "Update rate") ur = i; if ($i == "CPU usage (%)") cp = i }; next }
    im && ur && cp { if (images < items) images += $im; else { cpu += $cp; upd += $ur } }
    END { if (upd > 0 && images >= items) printf "%.0f", cpu * cores * 1e7 / upd; else print "n/a" }' "$1"
}

prov=""
stop_provider() {
  if [ -n "$prov" ]; then
    # Under SYSCALLS the job is the tracer: ProvPerf (its child) is stopped, and the tracer writes its counts as it exits.
    if [ "$syscalls" != 0 ]; then pkill -TERM -P "$prov" 2>/dev/null || true; else kill -TERM "$prov" 2>/dev/null || true; fi
    wait "$prov" 2>/dev/null || true; prov=""
  fi
}
trap stop_provider EXIT

echo "ProvPerf -threads 1 -maxPackCount $pack ${prov_args[*]} -> ConsPerf ${cons_args[*]} (one thread$([ "$pin" = 1 ] && echo ", ProvPerf on core 0, ConsPerf -threads 1" || echo ", neither pinned")), $item_count items, $(basename "$msg_file") from $(dirname "$msg_file"), $steady s steady state"
printf "%-9s %-15s %-10s %-10s %-10s %-11s %-12s %-12s %-6s %-6s %s\n" \
  rate images recv/s avg_us p99_us cons_ss_ns cons_ns/upd prov_ns/upd load0 load1 result
best=0
for rate in $rates; do
  dir="$out/rate-$rate"; mkdir -p "$dir"
  load0=$(load)
  tracer=()
  [ "$syscalls" = strace ] && tracer=(strace -c -f -o "$dir/prov.syscalls")
  [ "$syscalls" = perf ] && tracer=(perf stat -x, -o "$dir/prov.syscalls" -e syscalls:sys_enter_sendto \
    -e syscalls:sys_exit_sendto --filter "ret == -11" --)
  (cd "$prov_dir" && exec "${prov_pin[@]}" "${tracer[@]}" dotnet ProvPerf.dll -p "$port" -threads 1 -runTime $((steady * 4 + 120)) \
      -updateRate "$rate" -latencyUpdateRate "$latency_rate" -maxPackCount "$pack" -msgFile "$msg_file" -noDisplayStats \
      "${prov_args[@]}" -summaryFile "$dir/ProvSummary.out" -statsFile "$dir/ProvStats") >"$dir/prov.log" 2>&1 &
  prov=$!
  set +e
  (cd "$cons_dir" && exec dotnet ConsPerf.dll -p "$port" "${cons_threads[@]}" -itemCount "$item_count" \
      -steadyStateTime "$steady" -msgFile "$msg_file" -noDisplayStats -writeStatsInterval "$interval" \
      "${cons_args[@]}" -summaryFile "$dir/ConsSummary.out" -statsFile "$dir/ConsStats") >"$dir/cons.log" 2>&1
  rc=$?
  set -e
  # SIGTERM: a script's background job ignores SIGINT. ProvPerf writes its summary on the way out.
  stop_provider
  load1=$(load)

  s="$dir/ConsSummary.out"
  images=$(field "$s" "Test Statistics:" "Refreshes received"); images=${images:-0}
  recv=$(field "$s" "Steady State Statistics:" "Avg update rate"); recv=${recv:-0}
  lat=$(field "$s" "Steady State Statistics:" "Latency avg (usec)"); lat=${lat:-n/a}
  p99=$(field "$s" "Steady State Statistics:" "Latency p99 (usec)"); p99=${p99:-n/a}
  cns=$(field "$s" "Overall Statistics:" "CPU time per update received (nsec)"); cns=${cns:-n/a}
  css=$(steady_cpu_ns "$dir/ConsStats1.csv" "$item_count" "$cores" 2>/dev/null || echo n/a); css=${css:-n/a}
  pns=$(grep -m1 "CPU time per update sent (nsec)" "$dir/ProvSummary.out" 2>/dev/null | sed 's/.*: //'); pns=${pns:-n/a}
  syscall_cols=""
  if [ "$syscalls" != 0 ]; then
    sent=$(grep -m1 "  Updates sent: " "$dir/ProvSummary.out" 2>/dev/null | sed 's/.*: //'); sent=${sent:-0}
    read -r sendtos eagains <<< "$(sendto_per_million "$syscalls" "$dir/prov.syscalls" "$sent" 2>/dev/null || echo "n/a n/a")"
    syscall_cols=" sendto/M=$sendtos EAGAIN/M=$eagains (updates sent $sent)"
  fi
  verdict=$(awk -v rc="$rc" -v lat="$lat" -v recv="$recv" -v rate="$rate" -v img="$images" -v n="$item_count" 'BEGIN {
    if (rc != 0) print "fail(exit " rc ")"; else if (img < n) print "fail(images)"
    else if (lat == "n/a" || lat >= 1000) print "fail(latency)"; else if (recv < 0.95 * rate) print "fail(rate)"; else print "pass" }')
  printf "%-9s %-15s %-10s %-10s %-10s %-11s %-12s %-12s %-6s %-6s %s\n" \
    "$rate" "$images/$item_count" "${recv%.*}" "$lat" "$p99" "$css" "$cns" "$pns" "$load0" "$load1" "$verdict$syscall_cols"
  if [ "$verdict" = pass ] && [ "$rate" -gt "$best" ]; then best=$rate; fi
done
echo
echo "Highest rate that holds (exit 0, every image, avg latency < 1 ms, >= 95% of the rate): $best updates/s"
echo "Details per rate: $out/rate-*/ (summaries, stats, logs)"
