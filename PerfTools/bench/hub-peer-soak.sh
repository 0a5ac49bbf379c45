#!/usr/bin/env bash
# Hub peer soak: PerfHub between LSEG C's tools (../shared/peers/lseg-eta-c, the strict edition an ADS is built on) for
# a long time, both of its sources at once, as an ADS/ADH pair would carry them:
#   ni        LSEG C rsslNIProvPerf -> PerfHub's NI provider port -> LSEG C rsslConsPerf (service NI_PUB), the
#             consumer posting to its items (the hub applies each post to its cache and fans it out as an update)
#   upstream  LSEG C rsslProvPerf -> PerfHub -upstream -> LSEG C rsslConsPerf (service DIRECT_FEED), the consumer
#             posting (the hub forwards posts up; the provider reflects them) and both ends exchanging generic
#             messages through the hub
# with latency samples of each kind and pings all through. Then a verdict per path and for the hub:
#   completed  the consumer reached and completed steady state with every image and at least 95% of the update rate
#   kinds      each message kind of the path in at least 90% of the stats intervals after the warm-up
#   peer log   LSEG C's tools printed no error and saw no disconnection (the providers are stopped after the consumers,
#              each of them then logging its one channel's end at most once)
#   latency    the consumer's mean latency, last WINDOW against first, at most LATENCY_GROWTH x (LSEG C's stats file
#              has running totals only: soak-checks.sh)
# and for the hub: its log (no error or warning; channels closed only when the run ended: the two consumers leaving,
# then the providers stopped), no message dropped, its resident memory (last WINDOW at most MEMORY_GROWTH x the first), no gen0
# collection after the warm-up (the AllocationProbe startup hook), and its CPU per update received, first and last.
#
# Environment overrides: DURATION (3600 s of steady state), UPDATE_RATE (100000 on each path), ITEM_COUNT (10000 on
# each), POSTING_RATE (1000), GENERIC_RATE (1000, each way on the upstream path), LATENCY_RATE (10 latency samples/s
# of each kind), WARMUP (60 s, not steady state), WINDOW (600 s compared at each end; at most DURATION / 2),
# INTERVAL (10, -writeStatsInterval), PORT (15900: the hub's consumer port; PORT + 1 its NI port, PORT + 2 the upstream
# provider), MEMORY_GROWTH (1.10), LATENCY_GROWTH (1.5), CPU_GROWTH (1.5), MSG_FILE
# (../shared/reference/perftools/MsgData.xml), PEERS (../shared/peers/lseg-eta-c), OUT (out/bench/hub-peer-soak),
# HUB_ARGS (extra options for PerfHub).
# Prints the figures and verdicts, then "HUB PEER SOAK: PASS" or "FAIL"; exits 1 on FAIL.
set -euo pipefail
export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1

repo="$(cd "$(dirname "$0")/../.." && pwd)"
soak_name=hub-peer-soak; soak_port=15900
source "$repo/PerfTools/bench/soak-checks.sh"
cpu_growth="${CPU_GROWTH:-1.5}"
source "$repo/PerfTools/bench/lseg-pair-setup.sh"
for project in PerfTools/PerfHub/PerfHub.csproj PerfTools/bench/AllocationProbe/AllocationProbe.csproj; do
  dotnet build "$repo/$project" -c Release -nologo -v quiet > "$out/build.log" 2>&1 || { cat "$out/build.log"; exit 1; }
done
hook="$repo/PerfTools/bench/AllocationProbe/bin/Release/net10.0/AllocationProbe.dll"
steady=$((duration + warmup))
hub_port="$port"; ni_port=$((port + 1)); up_port=$((port + 2))
ni="$out/ni"; up="$out/upstream"; hub="$out/hub"; mkdir -p "$ni" "$up" "$hub"

# LSEG C's tools run line-buffered (stdbuf): their stdout is block-buffered into a file, and a provider stopped by a
# signal would leave its log unwritten. The providers outlive the consumers and are stopped once both are done.
publish=(-runTime $((steady + 600)) -updateRate "$rate" -latencyUpdateRate "$latency_rate" -msgFile "$msg_file"
  -noDisplayStats -writeStatsInterval "$interval")
consume=(-h 127.0.0.1 -p "$hub_port" -itemCount "$item_count" -steadyStateTime "$steady" -postingRate "$post_rate"
  -postingLatencyRate "$latency_rate" -msgFile "$msg_file" -noDisplayStats -writeStatsInterval "$interval")
echo "hub-peer-soak: ${duration} s of steady state (after ${warmup} s) at ${rate} updates/s on each path, ${item_count} items each," \
  "${post_rate} posts/s, ${generic_rate} generic messages/s each way upstream; LSEG C rsslNIProvPerf -> PerfHub (NI port $ni_port)" \
  "-> LSEG C rsslConsPerf, LSEG C rsslProvPerf (port $up_port) -> PerfHub -> LSEG C rsslConsPerf (hub port $hub_port)${HUB_ARGS:+;" \
  "PerfHub $HUB_ARGS}; started $(date -u '+%F %T') UTC; load: $(cut -d' ' -f1-3 /proc/loadavg) ($(nproc) cores)"

(cd "$work" && exec stdbuf -oL "$peers/bin/rsslProvPerf" -p "$up_port" "${publish[@]}" -genericMsgRate "$generic_rate" \
    -genericMsgLatencyRate "$latency_rate" -summaryFile "$up/ProvSummary.out" -statsFile "$up/ProvStats") > "$up/prov.log" 2>&1 &
up_prov=$!; pids+=("$up_prov")
wait_listening "$up_port" || { echo "hub-peer-soak: LSEG C rsslProvPerf does not listen on $up_port (see $up/prov.log)" >&2; exit 1; }

# The hub's console line is on (every stats interval), so the script can see when the NI provider's images are all cached.
(cd "$hub" && DOTNET_STARTUP_HOOKS="$hook" ALLOCATION_PROBE_FILE="$hub/hub-probe.csv" exec dotnet "$repo/PerfTools/PerfHub/bin/Release/net10.0/PerfHub.dll" \
    -p "$hub_port" -niPort "$ni_port" -upstream "127.0.0.1:$up_port" -writeStatsInterval "$interval" \
    -summaryFile "$hub/HubSummary.out" -statsFile "$hub/HubStats" ${HUB_ARGS:-}) > "$hub/hub.log" 2>&1 &
our_hub=$!; pids+=("$our_hub")
for p in "$hub_port" "$ni_port"; do
  wait_listening "$p" || { echo "hub-peer-soak: PerfHub does not listen on $p (see $hub/hub.log)" >&2; exit 1; }
done

# The NI service differs from the upstream provider's in id and name (both tools default to 1, and rsslNIProvPerf to
# DIRECT_FEED): the hub keeps one service per id, and each consumer asks for its service by name.
(cd "$work" && exec stdbuf -oL "$peers/bin/rsslNIProvPerf" -h 127.0.0.1 -p "$ni_port" -itemCount "$item_count" -serviceId 2 -serviceName NI_PUB \
    "${publish[@]}" -summaryFile "$ni/NIProvSummary.out" -statsFile "$ni/NIProvStats") > "$ni/niprov.log" 2>&1 &
ni_prov=$!; pids+=("$ni_prov")
# A request for an item the NI provider has not published yet is closed ("Item not found"), as an ADH does: wait for
# the hub to cache every image (its console line "(<n> with image)", written every stats interval).
cached=0
for _ in $(seq 1 $((interval * 10 + 600))); do
  cached=$(grep -oE '\(([0-9]+) with image\)' "$hub/hub.log" | tail -1 | tr -dc 0-9 || true); cached=${cached:-0}
  [ "$cached" -ge "$item_count" ] && break
  kill -0 "$ni_prov" 2>/dev/null && kill -0 "$our_hub" 2>/dev/null || break
  sleep 0.1
done
[ "$cached" -ge "$item_count" ] || { echo "hub-peer-soak: the hub cached $cached of $item_count NI images (see $hub/hub.log, $ni/niprov.log)" >&2; exit 1; }

consumers_started=$(date +%s.%N)
(cd "$work" && exec stdbuf -oL "$peers/bin/rsslConsPerf" "${consume[@]}" -serviceName NI_PUB -summaryFile "$ni/ConsSummary.out" \
    -statsFile "$ni/ConsStats") > "$ni/cons.log" 2>&1 &
ni_cons=$!; pids+=("$ni_cons")
(cd "$work" && exec stdbuf -oL "$peers/bin/rsslConsPerf" "${consume[@]}" -serviceName DIRECT_FEED -genericMsgRate "$generic_rate" \
    -genericMsgLatencyRate "$latency_rate" -summaryFile "$up/ConsSummary.out" -statsFile "$up/ConsStats") > "$up/cons.log" 2>&1 &
up_cons=$!; pids+=("$up_cons")

set +e
wait -n "$ni_cons" "$up_cons"; first_end=$(date +%s)
wait "$ni_cons"; ni_rc=$?
wait "$up_cons"; up_rc=$?
set -e
kill -TERM "$ni_prov" "$up_prov" 2>/dev/null || true
wait "$ni_prov" "$up_prov" 2>/dev/null || true
kill -TERM "$our_hub" 2>/dev/null || true
set +e; wait "$our_hub"; hub_rc=$?; set -e
echo "ended $(date -u '+%F %T') UTC; load: $(cut -d' ' -f1-3 /proc/loadavg); LSEG C rsslConsPerf exit $ni_rc (ni), $up_rc (upstream); PerfHub exit $hub_rc"

for path in ni upstream; do
  dir="$out/$path"
  if [ "$path" = ni ]; then
    completed "$path" "$dir" "$ni_rc" lseg
    kinds_check "$path" "$dir" "post latency:ConsStats1.csv:Posting Latency updates:cumulative" \
      "update latency:ConsStats1.csv:Latency updates:cumulative"
    said=$(provider_trouble "$dir/niprov.log" "$lseg_close"; trouble "$dir/cons.log")
  else
    completed "$path" "$dir" "$up_rc" lseg
    kinds_check "$path" "$dir" "posts reflected:ProvStats1.csv:Posts reflected" \
      "generic messages to the provider:ProvStats1.csv:GenMsgs received" "generic messages to the consumer:ConsStats1.csv:GenMsgs received" \
      "post latency:ConsStats1.csv:Posting Latency updates:cumulative" \
      "generic message latency at the consumer:ConsStats1.csv:GenMsg Latencies received:cumulative" \
      "generic message latency at the provider:ProvStats1.csv:GenMsg Latencies received:cumulative" \
      "update latency:ConsStats1.csv:Latency updates:cumulative"
    said=$(provider_trouble "$dir/prov.log" "$lseg_close"; trouble "$dir/cons.log")
  fi
  report "$path" "peer log" "$([ -z "$said" ] && echo 1 || echo 0)" "${said:-no error and no disconnection in the logs of LSEG C}"
  ratio_check "$path" latency "$(cumulative_window_ends "$dir/ConsStats1.csv" "Latency updates" "Latency avg (usec)")" "$latency_growth" "us (mean)"
done

# The hub's log: at the end the two consumers leave, then both providers are stopped (four channels closed, and
# perhaps one failed reconnection upstream before the hub is stopped too); nothing else may say an error, a warning or
# a close. (The summary the hub prints at its end, from "--- TEST INPUTS ---" on, lists the closes again.)
hub_end='^PerfHub: closed |^PerfHub: cannot connect upstream '
hub_closes=$(grep -cE "^PerfHub: closed " "$hub/hub.log" || true)
reconnects=$(grep -cE "^PerfHub: cannot connect upstream " "$hub/hub.log" || true)
said=$(sed '/^--- TEST INPUTS ---$/,$d' "$hub/hub.log" | grep -vE "$hub_end" | trouble /dev/stdin
  [ "$hub_closes" -le 4 ] || echo "$hub_closes channels closed"; [ "$reconnects" -le 1 ] || echo "$reconnects failed reconnections")
[ "$hub_rc" = 0 ] || said="${said:+$said; }PerfHub exited $hub_rc"
report hub log "$([ -z "$said" ] && echo 1 || echo 0)" "${said:-exit 0, no error or warning, $hub_closes channels closed at the end}"
# The hub's steady state: its stats rows from WARMUP seconds after the consumers started to an interval before the first
# of them ended (a consumer ending its test stops reading for its summary, and the hub drops what finds no buffer for
# it, as it should).
awk -F', *' -v a="$(date -u -d "@$(( ${consumers_started%.*} + warmup ))" '+%F %T')" -v b="$(date -u -d "@$(( first_end - interval ))" '+%F %T')" \
  'NR == 1 || ($1 > a && $1 <= b)' "$hub/HubStats.csv" > "$hub/steady.csv"
dropped=$(column "$hub/steady.csv" "Msgs dropped" | awk '{ s += $1 } END { print s + 0 }')
report hub dropped "$([ "$dropped" = 0 ] && echo 1 || echo 0)" "$dropped messages dropped in steady state for a consumer with no buffer"
ratio_check hub memory "$(resident_window_ends "$hub/hub-probe.csv" $(( ${consumers_started%.*} + warmup )) $((first_end - interval)))" "$memory_growth" "MB resident"
n=$(gen0_after_warmup "$hub/hub-probe.csv" "$consumers_started")
report hub gen0 "$([ "$n" = 0 ] && echo 1 || echo 0)" "$n gen0 collections in PerfHub after the warm-up (WARMUP s after the consumers started)"
# CPU per update received: the CSV's CPU% (the guide's: of all the machine's cores) over the updates of each interval,
# in ns.
paste -d, <(column "$hub/steady.csv" "CPU usage (%)") <(column "$hub/steady.csv" "Updates in") |
  awk -F, -v t="$interval" -v cores="$(nproc)" '{ if ($2 > 0) printf "%.1f\n", $1 / 100 * cores * t * 1e9 / $2; else print "" }' \
  > "$hub/cpu-per-update.txt"
ratio_check hub "CPU/update" "$(warmup=0 window_ends median < "$hub/cpu-per-update.txt")" "$cpu_growth" ns
echo "HUB PEER SOAK: $verdict (outputs in $out)"
[ "$verdict" = PASS ]
