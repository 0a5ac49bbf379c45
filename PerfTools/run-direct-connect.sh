#!/usr/bin/env bash
# The main job (guide §8.2, direct connect): ProvPerf and ConsPerf on this machine over loopback.
# Builds in Release, starts ProvPerf, runs ConsPerf for a short test, stops ProvPerf, writes report.html (charts of
# rates, latency, CPU, memory; PerfTools/PerfReport) into the run folder, and ends with a headline of a few lines:
# how the run ended, the update rate, latency avg/p50/p99 and the samples they rest on, each tool's CPU time per
# update, and the report's path. The tools' own output goes to logs and their full summaries to their files in the
# run folder. The first WARMUP_MS of steady state are left out of the latency figures with the guide's own option,
# -delaySteadyStateCalc (the first second holds JIT compilation and connection set-up, not the steady state).
# Exits with ConsPerf's exit code: non-zero when the consumer did not reach and complete steady state. A report that
# cannot be written is a warning only and does not change the exit code.
#
# Environment overrides (all optional):
#   PORT (14002)  ITEM_COUNT (1000)  STEADY_STATE_TIME (15)  UPDATE_RATE (100000)  WARMUP_MS (2000)
#   RUN_DIR (out/direct-connect)     CONS_ARGS / PROV_ARGS (extra options passed through)
#   SKIP_BUILD=1 runs the Release outputs already built (tests build the solution first)
set -euo pipefail
export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1 DOTNET_SKIP_FIRST_TIME_EXPERIENCE=1

repo="$(cd "$(dirname "$0")/.." && pwd)"
port="${PORT:-14002}"
item_count="${ITEM_COUNT:-1000}"
steady_state_time="${STEADY_STATE_TIME:-15}"
warmup_ms="${WARMUP_MS:-2000}"
update_rate="${UPDATE_RATE:-100000}"
run_dir="${RUN_DIR:-$repo/out/direct-connect}"

if ! command -v dotnet >/dev/null 2>&1; then
  echo "run-direct-connect: the .NET SDK (dotnet) is required on PATH" >&2
  exit 1
fi

mkdir -p "$run_dir"
# Absolute: each tool runs from its own output folder, where a relative path would name another folder.
run_dir="$(cd "$run_dir" && pwd)"
report_built=1
if [ "${SKIP_BUILD:-0}" != 1 ]; then
  build_log="$run_dir/build.log"
  echo "== building (Release)"
  dotnet build "$repo/PerfTools/ProvPerf/ProvPerf.csproj" -c Release -nologo -v quiet > "$build_log" 2>&1 || { cat "$build_log"; exit 1; }
  dotnet build "$repo/PerfTools/ConsPerf/ConsPerf.csproj" -c Release -nologo -v quiet > "$build_log" 2>&1 || { cat "$build_log"; exit 1; }
  dotnet build "$repo/PerfTools/PerfReport/PerfReport.csproj" -c Release -nologo -v quiet > "$run_dir/report-build.log" 2>&1 || report_built=0
fi
prov_dir="$repo/PerfTools/ProvPerf/bin/Release/net10.0"
cons_dir="$repo/PerfTools/ConsPerf/bin/Release/net10.0"

rm -f "$run_dir"/consperf.log "$run_dir"/ConsSummary.out "$run_dir"/ProvSummary.out "$run_dir"/*.csv "$run_dir"/*.hgrm "$run_dir"/report.html
rm -rf "$run_dir"/report-charts

# The provider outlives the consumer (images + steady state + margin) and is stopped below once the consumer is done.
prov_run_time=$(( steady_state_time * 4 + 60 ))
echo "== ProvPerf on port $port, $update_rate updates/s (log: $run_dir/provperf.log)"
# Each tool runs from its own output directory so it finds its dictionary and data files there.
(cd "$prov_dir" && exec dotnet ProvPerf.dll -p "$port" -runTime "$prov_run_time" -updateRate "$update_rate" \
    -summaryFile "$run_dir/ProvSummary.out" -statsFile "$run_dir/ProvStats" ${PROV_ARGS:-}) \
    >"$run_dir/provperf.log" 2>&1 &
prov_pid=$!

stop_provider() {
  if kill -0 "$prov_pid" 2>/dev/null; then
    kill -INT "$prov_pid" 2>/dev/null || true
    for _ in $(seq 1 100); do
      kill -0 "$prov_pid" 2>/dev/null || break
      sleep 0.1
    done
    kill -KILL "$prov_pid" 2>/dev/null || true
  fi
  wait "$prov_pid" 2>/dev/null || true
}
trap stop_provider EXIT

# Wait for the provider to listen: if the port is taken it says so and exits, and ConsPerf must not measure whatever
# else listens there.
for _ in $(seq 1 300); do
  grep -q "^Server bound on port" "$run_dir/provperf.log" 2>/dev/null && break
  if ! kill -0 "$prov_pid" 2>/dev/null; then
    echo "run-direct-connect: ProvPerf did not start: $(tail -n 1 "$run_dir/provperf.log")" >&2
    exit 1
  fi
  sleep 0.1
done

echo "== ConsPerf: $item_count items, $steady_state_time s of steady state; latency leaves out its first $warmup_ms ms" \
  "(-delaySteadyStateCalc $warmup_ms) (log: $run_dir/consperf.log)"
set +e
(cd "$cons_dir" && exec dotnet ConsPerf.dll -h localhost -p "$port" -itemCount "$item_count" \
    -steadyStateTime "$steady_state_time" -delaySteadyStateCalc "$warmup_ms" \
    -summaryFile "$run_dir/ConsSummary.out" -statsFile "$run_dir/ConsStats" \
    -latencyFile "$run_dir/ConsLatency" -writeStatsInterval 1 ${CONS_ARGS:-}) >"$run_dir/consperf.log" 2>&1
cons_rc=$?
set -e

stop_provider
trap - EXIT

echo
title="Direct connect: $item_count items, $steady_state_time s steady state"
if [ "$report_built" -eq 1 ] && dotnet "$repo/PerfTools/PerfReport/bin/Release/net10.0/PerfReport.dll" -headline \
    -title "$title" "$run_dir" >"$run_dir/headline.txt" 2>"$run_dir/report.log"; then
  cat "$run_dir/headline.txt"
else
  echo "$title"
  echo "run-direct-connect: warning: no report written (see $run_dir/report.log or report-build.log)" >&2
fi
echo "  Full summaries:   $run_dir/ConsSummary.out, ProvSummary.out"
if [ "$cons_rc" -ne 0 ]; then
  echo "run-direct-connect: ConsPerf exited $cons_rc: $(grep -m1 '^Error: ' "$run_dir/consperf.log" || tail -n 1 "$run_dir/consperf.log")" >&2
fi
exit "$cons_rc"
