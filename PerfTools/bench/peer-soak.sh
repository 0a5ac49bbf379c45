#!/usr/bin/env bash
# Peer soak: our tools against LSEG C's (../shared/peers/lseg-eta-c, the strict edition an ADS is built on) for a long
# time, both ways at once on two ports: our ProvPerf -> LSEG C's rsslConsPerf, and LSEG C's rsslProvPerf -> our
# ConsPerf. Besides the update stream, each consumer posts (reflected by the provider) and both sides exchange generic
# messages, with latency samples of each, and pings flow both ways all through, so every message kind the tools use
# crosses the wire in both directions for the whole run. Then a verdict per pair:
#   completed  the consumer reached and completed steady state (ours: exit 0; LSEG's: a summary with its steady-state
#              section and no "TEST FAILED"/"not reached"), with every image and at least 95% of the update rate
#   kinds      posts reflected, generic messages received by each side, update, post and generic-message latency: each in
#              at least 90% of the stats intervals after the warm-up (they cross the wire all through the run)
#   peer log   LSEG C's tool printed no error and saw no disconnection
#   our log    our tool printed no error or warning, and no channel closed but the consumer's at its end
#   memory     our tool's average resident memory (the AllocationProbe's VmRSS; the stats CSV's column is the peak)
#              over the last WINDOW seconds at most MEMORY_GROWTH x the first
#   gen0       no gen0 collection in our tool after the warm-up (the AllocationProbe startup hook)
#   latency    the consumer's latency, last WINDOW against first, at most LATENCY_GROWTH x: ours, the median of the
#              per-interval averages (so a passing burst of load on the machine does not decide it); LSEG C's, the mean
#              of the window (its stats file has running totals only: soak-checks.sh)
#
# Environment overrides: DURATION (3600 s of steady state), UPDATE_RATE (100000), ITEM_COUNT (10000), POSTING_RATE
# (1000), GENERIC_RATE (1000, each side), LATENCY_RATE (10 latency samples/s of each kind), WARMUP (60 s, not
# steady state), WINDOW (600 s compared at each end; at most DURATION / 2), INTERVAL (10, -writeStatsInterval),
# PORT (15700; the second pair uses PORT + 1), MEMORY_GROWTH (1.10), LATENCY_GROWTH (1.5),
# MSG_FILE (../shared/reference/perftools/MsgData.xml), PEERS (../shared/peers/lseg-eta-c), OUT (out/bench/peer-soak),
# OURS_PROV_ARGS and OURS_CONS_ARGS (extra options for our ProvPerf and ConsPerf only: "-reactor", "-watchlist" soak
# those paths against the same LSEG C tools), PROV_ARGS and CONS_ARGS (extra options for both providers and both
# consumers, ours and LSEG C's: "-compressionType 1" for both soaks zlib both ways; LSEG C reads the number only).
# Prints the pairs' figures and verdicts, then "PEER SOAK: PASS" or "FAIL"; exits 1 on FAIL.
set -euo pipefail
export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1

repo="$(cd "$(dirname "$0")/../.." && pwd)"
soak_name=peer-soak; soak_port=15700
source "$repo/PerfTools/bench/soak-checks.sh"
source "$repo/PerfTools/bench/lseg-pair-setup.sh"
dotnet build "$repo/PerfTools/bench/AllocationProbe/AllocationProbe.csproj" -c Release -nologo -v quiet > "$out/build.log" 2>&1 \
  || { cat "$out/build.log"; exit 1; }
hook="$repo/PerfTools/bench/AllocationProbe/bin/Release/net10.0/AllocationProbe.dll"
steady=$((duration + warmup))

# LSEG C's tools run line-buffered (stdbuf): their stdout is block-buffered into a file, and the provider, stopped
# by a signal, would leave its log unwritten. Options both editions share. The provider outlives its consumer and is stopped once the consumer is done.
prov_args=(-runTime $((steady + 300)) -updateRate "$rate" -latencyUpdateRate "$latency_rate" -genericMsgRate "$generic_rate"
  -genericMsgLatencyRate "$latency_rate" -msgFile "$msg_file" -noDisplayStats -writeStatsInterval "$interval" ${PROV_ARGS:-})
cons_args=(-h 127.0.0.1 -itemCount "$item_count" -steadyStateTime "$steady" -postingRate "$post_rate"
  -postingLatencyRate "$latency_rate" -genericMsgRate "$generic_rate" -genericMsgLatencyRate "$latency_rate"
  -msgFile "$msg_file" -noDisplayStats -writeStatsInterval "$interval" ${CONS_ARGS:-})

ours_to_lseg="$out/ours-lseg"; lseg_to_ours="$out/lseg-ours"; mkdir -p "$ours_to_lseg" "$lseg_to_ours"
echo "peer-soak: ${duration} s of steady state (after ${warmup} s) at ${rate} updates/s, ${item_count} items, ${post_rate} posts/s," \
  "${generic_rate} generic messages/s each way; pairs: our ProvPerf -> LSEG C rsslConsPerf (port $port), LSEG C rsslProvPerf ->" \
  "our ConsPerf (port $((port + 1)))${PROV_ARGS:+; both providers $PROV_ARGS}${CONS_ARGS:+; both consumers $CONS_ARGS}${OURS_PROV_ARGS:+; our ProvPerf $OURS_PROV_ARGS}${OURS_CONS_ARGS:+; our ConsPerf $OURS_CONS_ARGS}; started $(date -u '+%F %T') UTC; load: $(cut -d' ' -f1-3 /proc/loadavg) ($(nproc) cores)"

(cd "$(bin ProvPerf)" && DOTNET_STARTUP_HOOKS="$hook" ALLOCATION_PROBE_FILE="$ours_to_lseg/prov-probe.csv" exec dotnet ProvPerf.dll \
    -p "$port" "${prov_args[@]}" -summaryFile "$ours_to_lseg/ProvSummary.out" -statsFile "$ours_to_lseg/ProvStats" ${OURS_PROV_ARGS:-}) \
    > "$ours_to_lseg/prov.log" 2>&1 &
our_prov=$!; pids+=("$our_prov")
(cd "$work" && exec stdbuf -oL "$peers/bin/rsslProvPerf" -p $((port + 1)) "${prov_args[@]}" -summaryFile "$lseg_to_ours/ProvSummary.out" \
    -statsFile "$lseg_to_ours/ProvStats") > "$lseg_to_ours/prov.log" 2>&1 &
lseg_prov=$!; pids+=("$lseg_prov")
for p in "$port" $((port + 1)); do
  wait_listening "$p" || { echo "peer-soak: no provider listens on $p (see $out/*/prov.log)" >&2; exit 1; }
done

(cd "$work" && exec stdbuf -oL "$peers/bin/rsslConsPerf" -p "$port" "${cons_args[@]}" -summaryFile "$ours_to_lseg/ConsSummary.out" \
    -statsFile "$ours_to_lseg/ConsStats") > "$ours_to_lseg/cons.log" 2>&1 &
lseg_cons=$!; pids+=("$lseg_cons")
(cd "$(bin ConsPerf)" && DOTNET_STARTUP_HOOKS="$hook" ALLOCATION_PROBE_FILE="$lseg_to_ours/cons-probe.csv" exec dotnet ConsPerf.dll \
    -p $((port + 1)) "${cons_args[@]}" -summaryFile "$lseg_to_ours/ConsSummary.out" -statsFile "$lseg_to_ours/ConsStats" ${OURS_CONS_ARGS:-}) \
    > "$lseg_to_ours/cons.log" 2>&1 &
our_cons=$!; pids+=("$our_cons")

set +e
wait "$our_cons"; our_rc=$?
wait "$lseg_cons"; lseg_rc=$?
set -e
kill -TERM "$our_prov" "$lseg_prov" 2>/dev/null || true
wait "$our_prov" "$lseg_prov" 2>/dev/null || true
echo "ended $(date -u '+%F %T') UTC; load: $(cut -d' ' -f1-3 /proc/loadavg); our ConsPerf exit $our_rc, LSEG C rsslConsPerf exit $lseg_rc"

for pair in ours-lseg lseg-ours; do
  dir="$out/$pair"
  if [ "$pair" = ours-lseg ]; then
    completed "$pair" "$dir" "$lseg_rc" lseg
    ours_stats="$dir/ProvStats1.csv"; ours_probe="$dir/prov-probe.csv"; peer_logs=("$dir/cons.log"); our_log="$dir/prov.log"
    cons_how=cumulative; prov_how=""
  else
    completed "$pair" "$dir" "$our_rc" ours
    ours_stats="$dir/ConsStats1.csv"; ours_probe="$dir/cons-probe.csv"; peer_logs=("$dir/prov.log"); our_log="$dir/cons.log"
    cons_how=""; prov_how=cumulative
  fi
  kinds_check "$pair" "$dir" "posts reflected:ProvStats1.csv:Posts reflected" \
    "generic messages to the provider:ProvStats1.csv:GenMsgs received" "generic messages to the consumer:ConsStats1.csv:GenMsgs received" \
    "post latency:ConsStats1.csv:Posting Latency updates:$cons_how" \
    "generic message latency at the consumer:ConsStats1.csv:GenMsg Latencies received:$cons_how" \
    "generic message latency at the provider:ProvStats1.csv:GenMsg Latencies received:$prov_how" \
    "update latency:ConsStats1.csv:Latency updates:$cons_how"
  if [ "$pair" = lseg-ours ]; then said=$(provider_trouble "${peer_logs[0]}" "$lseg_close"); else said=$(trouble "${peer_logs[@]}"); fi
  report "$pair" "peer log" "$([ -z "$said" ] && echo 1 || echo 0)" "${said:-no error and no disconnection in the log of LSEG C}"
  if [ "$pair" = ours-lseg ]; then said=$(provider_trouble "$our_log" "$our_close"); else said=$(trouble "$our_log"); fi
  report "$pair" "our log" "$([ -z "$said" ] && echo 1 || echo 0)" "${said:-no error, warning or unexpected close in our log}"
  ratio_check "$pair" "our memory" "$(resident_window_ends "$ours_probe")" "$memory_growth" "MB resident"
  n=$(gen0_after_warmup "$ours_probe")
  report "$pair" "our gen0" "$([ "$n" = 0 ] && echo 1 || echo 0)" "$n gen0 collections in our tool after the warm-up"
  if [ "$cons_how" = cumulative ]; then
    ratio_check "$pair" latency "$(cumulative_window_ends "$dir/ConsStats1.csv" "Latency updates" "Latency avg (usec)")" "$latency_growth" "us (mean)"
  else
    ratio_check "$pair" latency "$(first_vs_last "$dir/ConsStats1.csv" "Latency avg (usec)" median)" "$latency_growth" "us (median of the intervals)"
  fi
done
echo "PEER SOAK: $verdict (outputs in $out)"
[ "$verdict" = PASS ]
