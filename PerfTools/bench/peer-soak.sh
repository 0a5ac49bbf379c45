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
#   memory     our tool's average memory (its stats CSV) over the last WINDOW seconds at most MEMORY_GROWTH x the first
#   gen0       no gen0 collection in our tool after the warm-up (the AllocationProbe startup hook)
#   latency    the consumer's median per-interval latency average, last WINDOW against first, at most LATENCY_GROWTH x
#              (medians, so a passing burst of load on the machine does not decide it)
#
# Environment overrides: DURATION (3600 s of steady state), UPDATE_RATE (100000), ITEM_COUNT (10000), POSTING_RATE
# (1000), GENERIC_RATE (1000, each side), LATENCY_RATE (10 latency samples/s of each kind), WARMUP (60 s, not
# steady state), WINDOW (600 s compared at each end; at most DURATION / 2), INTERVAL (10, -writeStatsInterval),
# PORT (15700; the second pair uses PORT + 1), MEMORY_GROWTH (1.10), LATENCY_GROWTH (1.5),
# MSG_FILE (../shared/reference/perftools/MsgData.xml), PEERS (../shared/peers/lseg-eta-c), OUT (out/bench/peer-soak),
# OURS_PROV_ARGS and OURS_CONS_ARGS (extra options for our ProvPerf and ConsPerf only: "-reactor", "-watchlist" soak
# those paths against the same LSEG C tools).
# Prints the pairs' figures and verdicts, then "PEER SOAK: PASS" or "FAIL"; exits 1 on FAIL.
set -euo pipefail
export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1

repo="$(cd "$(dirname "$0")/../.." && pwd)"
duration="${DURATION:-3600}"
rate="${UPDATE_RATE:-100000}"
item_count="${ITEM_COUNT:-10000}"
post_rate="${POSTING_RATE:-1000}"
generic_rate="${GENERIC_RATE:-1000}"
latency_rate="${LATENCY_RATE:-10}"
warmup="${WARMUP:-60}"
window="${WINDOW:-600}"
interval="${INTERVAL:-10}"
port="${PORT:-15700}"
memory_growth="${MEMORY_GROWTH:-1.10}"
latency_growth="${LATENCY_GROWTH:-1.5}"
msg_file="${MSG_FILE:-$repo/../shared/reference/perftools/MsgData.xml}"
peers="${PEERS:-$repo/../shared/peers/lseg-eta-c}"
out="${OUT:-$repo/out/bench/peer-soak}"
if [ $((window * 2)) -gt "$duration" ] || [ "$window" -lt $((interval * 3)) ]; then
  echo "peer-soak: WINDOW ($window s) must be at most DURATION / 2 ($duration s) and at least 3 stats intervals" >&2; exit 2
fi
source "$repo/PerfTools/bench/lseg-pair-setup.sh"
dotnet build "$repo/PerfTools/bench/AllocationProbe/AllocationProbe.csproj" -c Release -nologo -v quiet > "$out/build.log" 2>&1 \
  || { cat "$out/build.log"; exit 1; }
hook="$repo/PerfTools/bench/AllocationProbe/bin/Release/net10.0/AllocationProbe.dll"
steady=$((duration + warmup))

# LSEG C's tools run line-buffered (stdbuf): their stdout is block-buffered into a file, and the provider, stopped
# by a signal, would leave its log unwritten. Options both editions share. The provider outlives its consumer and is stopped once the consumer is done.
prov_args=(-runTime $((steady + 300)) -updateRate "$rate" -latencyUpdateRate "$latency_rate" -genericMsgRate "$generic_rate"
  -genericMsgLatencyRate "$latency_rate" -msgFile "$msg_file" -noDisplayStats -writeStatsInterval "$interval")
cons_args=(-h 127.0.0.1 -itemCount "$item_count" -steadyStateTime "$steady" -postingRate "$post_rate"
  -postingLatencyRate "$latency_rate" -genericMsgRate "$generic_rate" -genericMsgLatencyRate "$latency_rate"
  -msgFile "$msg_file" -noDisplayStats -writeStatsInterval "$interval")

ours_to_lseg="$out/ours-lseg"; lseg_to_ours="$out/lseg-ours"; mkdir -p "$ours_to_lseg" "$lseg_to_ours"
echo "peer-soak: ${duration} s of steady state (after ${warmup} s) at ${rate} updates/s, ${item_count} items, ${post_rate} posts/s," \
  "${generic_rate} generic messages/s each way; pairs: our ProvPerf -> LSEG C rsslConsPerf (port $port), LSEG C rsslProvPerf ->" \
  "our ConsPerf (port $((port + 1)))${OURS_PROV_ARGS:+; our ProvPerf $OURS_PROV_ARGS}${OURS_CONS_ARGS:+; our ConsPerf $OURS_CONS_ARGS}; started $(date -u '+%F %T') UTC; load: $(cut -d' ' -f1-3 /proc/loadavg) ($(nproc) cores)"

(cd "$(bin ProvPerf)" && DOTNET_STARTUP_HOOKS="$hook" ALLOCATION_PROBE_FILE="$ours_to_lseg/prov-probe.csv" exec dotnet ProvPerf.dll \
    -p "$port" "${prov_args[@]}" -summaryFile "$ours_to_lseg/ProvSummary.out" -statsFile "$ours_to_lseg/ProvStats" ${OURS_PROV_ARGS:-}) \
    > "$ours_to_lseg/prov.log" 2>&1 &
our_prov=$!; pids+=("$our_prov")
(cd "$work" && exec stdbuf -oL "$peers/bin/rsslProvPerf" -p $((port + 1)) "${prov_args[@]}" -summaryFile "$lseg_to_ours/ProvSummary.out" \
    -statsFile "$lseg_to_ours/ProvStats") > "$lseg_to_ours/prov.log" 2>&1 &
lseg_prov=$!; pids+=("$lseg_prov")
for p in "$port" $((port + 1)); do
  for _ in $(seq 1 300); do listening "$p" && break; sleep 0.1; done
  listening "$p" || { echo "peer-soak: no provider listens on $p (see $out/*/prov.log)" >&2; exit 1; }
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

# statistic (avg or median) of the values on stdin between lines a..b (1-based, inclusive)
stat_lines() { # avg|median a b
  awk -v a="$2" -v b="$3" 'NR >= a && NR <= b && $1 != ""' | sort -g |
    awk -v how="$1" '{ v[++n] = $1 + 0; s += $1 }
      END { if (!n) print "n/a"; else if (how == "avg") printf "%.2f", s / n
            else printf "%.2f", (n % 2) ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2 }'
}
# first_vs_last <file> <header> <avg|median>: "first last" over the first and last WINDOW seconds of steady state
first_vs_last() {
  local values rows skip per_window
  values=$(column "$1" "$2"); rows=$(echo "$values" | grep -c . || true)
  skip=$((warmup / interval + 1)); per_window=$((window / interval))
  echo "$(echo "$values" | stat_lines "$3" "$skip" $((skip + per_window - 1))) $(echo "$values" | stat_lines "$3" $((rows - per_window + 1)) "$rows")"
}

verdict=PASS
report() { # pair check ok(0/1) detail
  local word=ok; [ "$3" = 1 ] || { word=FAIL; verdict=FAIL; }
  printf "%-18s %-10s %-5s %s\n" "$1" "$2" "$word" "$4"
}
ratio_check() { # pair check "first last" limit unit
  local first last ratio ok
  read -r first last <<< "$3"
  ratio=$(awk -v f="$first" -v l="$last" 'BEGIN { if (f == "n/a" || l == "n/a" || f <= 0) print "n/a"; else printf "%.3f", l / f }')
  ok=$(awk -v r="$ratio" -v m="$4" 'BEGIN { print (r != "n/a" && r <= m) ? 1 : 0 }')
  report "$1" "$2" "$ok" "first ${window} s $first $5, last ${window} s $last $5: ratio $ratio (limit $4)"
}
# gen0 collections between the end of the warm-up and the probe's last sample (probe: unix s, bytes, gen0, ...)
gen0_after_warmup() {
  awk -F, -v w="$warmup" 'NR == 1 { from = $1 + w } $1 >= from && first == "" { first = $3 } { last = $3 }
    END { if (first == "") print "n/a"; else print last - first }' "$1"
}
# Log lines that say something went wrong (LSEG C's tools exit 0 whatever happened).
trouble() { grep -iE "error|warning|disconnect|closed|lost|fail|refused|timed out|reset" "$@" 2>/dev/null | head -3 || true; }
# A provider's log, where its one consumer's channel closes once, at the end: one line matching <close> is allowed
# (that consumer completing its steady state shows when it came); another close, or any other such line, is trouble.
# Our provider's close line says how the channel ended: cleanly, or with a reset when LSEG C's consumer exits with our
# updates unread. LSEG C's provider words an orderly end of stream "ipcRead() failure. Connection reset by peer" (a
# real reset adds "System errno: (104)", which this does not allow).
provider_trouble() { # log close-pattern
  local closes
  closes=$(grep -cE "$2" "$1" || true)
  grep -vE "$2" "$1" | trouble /dev/stdin
  [ "$closes" -le 1 ] || echo "$closes channels closed"
}
our_close='^Channel .* closed: '
lseg_close='^Channel Closed: .*ipcRead\(\) failure\. Connection reset by peer$'

completed() { # pair dir rc side-of-consumer
  local s="$2/ConsSummary.out" ok=1 recv lat p50 p99 images
  read_consumer_summary "$s"
  [ "$3" = 0 ] || ok=0
  [ "$4" = lseg ] && { grep -q "^Steady State Statistics:" "$s" 2>/dev/null || ok=0; grep -qE "TEST FAILED|not reached" "$s" "$2/cons.log" 2>/dev/null && ok=0; }
  awk -v r="$recv" -v n="$rate" 'BEGIN { exit !(r >= 0.95 * n) }' || ok=0
  [ "$images" = "$item_count" ] || ok=0
  report "$1" completed "$ok" "exit $3, images $images of $item_count, ${recv%.*} updates/s, latency avg $lat us (p50 $p50, p99 $p99)"
}

# all_through <file> <header>: "n/m": of the m stats rows after the warm-up, the n with a non-zero value (LSEG C's
# consumer writes some counts cumulatively and ours per interval; non-zero means the same for both)
all_through() {
  column "$1" "$2" | awk -v skip=$((warmup / interval + 1)) 'NR >= skip { m++; if ($1 + 0 > 0) n++ } END { printf "%d/%d", n, m }'
}

kinds() { # pair dir: posts reflected and generic messages each way, with their latency samples, all through the run
  local ok=1 detail="" name file header share
  for spec in "posts reflected:ProvStats1.csv:Posts reflected" "generic messages to the provider:ProvStats1.csv:GenMsgs received" \
      "generic messages to the consumer:ConsStats1.csv:GenMsgs received" "post latency:ConsStats1.csv:Posting Latency avg (usec)" \
      "generic message latency:ConsStats1.csv:GenMsg Latency avg (usec)" "update latency:ConsStats1.csv:Latency avg (usec)"; do
    IFS=: read -r name file header <<< "$spec"
    share=$(all_through "$2/$file" "$header")
    awk -v s="$share" 'BEGIN { split(s, a, "/"); exit !(a[2] > 0 && a[1] >= 0.9 * a[2]) }' || ok=0
    detail="$detail${detail:+; }$name $share"
  done
  report "$1" kinds "$ok" "stats rows with each kind (at least 90% of them): $detail"
}

for pair in ours-lseg lseg-ours; do
  dir="$out/$pair"
  if [ "$pair" = ours-lseg ]; then
    completed "$pair" "$dir" "$lseg_rc" lseg
    ours_stats="$dir/ProvStats1.csv"; ours_probe="$dir/prov-probe.csv"; peer_logs=("$dir/cons.log"); our_log="$dir/prov.log"
  else
    completed "$pair" "$dir" "$our_rc" ours
    ours_stats="$dir/ConsStats1.csv"; ours_probe="$dir/cons-probe.csv"; peer_logs=("$dir/prov.log"); our_log="$dir/cons.log"
  fi
  kinds "$pair" "$dir"
  if [ "$pair" = lseg-ours ]; then said=$(provider_trouble "${peer_logs[0]}" "$lseg_close"); else said=$(trouble "${peer_logs[@]}"); fi
  report "$pair" "peer log" "$([ -z "$said" ] && echo 1 || echo 0)" "${said:-no error and no disconnection in the log of LSEG C}"
  if [ "$pair" = ours-lseg ]; then said=$(provider_trouble "$our_log" "$our_close"); else said=$(trouble "$our_log"); fi
  report "$pair" "our log" "$([ -z "$said" ] && echo 1 || echo 0)" "${said:-no error, warning or unexpected close in our log}"
  ratio_check "$pair" "our memory" "$(first_vs_last "$ours_stats" "Memory(MB)" avg)" "$memory_growth" MB
  n=$(gen0_after_warmup "$ours_probe")
  report "$pair" "our gen0" "$([ "$n" = 0 ] && echo 1 || echo 0)" "$n gen0 collections in our tool after the warm-up"
  ratio_check "$pair" latency "$(first_vs_last "$dir/ConsStats1.csv" "Latency avg (usec)" median)" "$latency_growth" us
done
echo "PEER SOAK: $verdict (outputs in $out)"
[ "$verdict" = PASS ]
