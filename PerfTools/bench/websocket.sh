#!/usr/bin/env bash
# WebSocket benchmark (issue 27): ProvPerf -> ConsPerf, ours against LSEG C's (rsslProvPerf -> rsslConsPerf) in the
# same run, over each transport of TRANSPORTS: plain RSSL socket (the baseline), WebSocket rssl.rwf (RWF in binary
# frames) and WebSocket tr_json2 (LSEG's JSON message model), for each item count of ITEMS at each rate of RATES,
# LSEG's MsgData.xml. The providers list both sub-protocols (-pl "tr_json2 rssl.rwf", as LSEG's own measurement);
# the consumer picks one. With CROSS=1 LSEG's provider also feeds our consumer, so the two consumers are compared
# behind the same provider, and over tr_json2 it also feeds both consumers with -addConversionOverhead (consumers
# "oursconv" and "lsegconv": every JSON message converted to RWF and decoded; by default both read updates straight
# from the JSON). Per run: updates received/s in steady state, latency avg (p50/p99 for our consumer),
# CPU time per update of each process (from /proc: user + system time over MEASURE_TIME seconds of steady state,
# from WARMUP seconds after the consumer started, over the updates received/s in steady state; less disturbed by the
# machine's load than latency), the load average, pass/fail (the consumer exits 0 with every image, latency avg
# under 1 ms, at least 95% of the rate).
# It ends with the goals of issue 27 at 100k updates/s: over tr_json2 our consumer's CPU per update <= 0.5x LSEG C's
# and latency avg <= LSEG C's; over rssl.rwf within 10% of our own socket figures.
#
# Environment overrides: TRANSPORTS ("socket rwf json"), ITEMS ("10000 100000"), RATES ("100000"), ROUNDS (1),
# STEADY_STATE_TIME (30), WARMUP (8, plus a second per 10,000 items), MEASURE_TIME (10), LATENCY_RATE (1000),
# DELAY_STEADY_MS (5000: both consumers leave the first 5 s of steady state out of their latency, so our JIT's
# warm-up is not measured as latency; LSEG's C# tools default to 30 s), CROSS (1), PORT (41100), MSG_FILE (../shared/reference/perftools/MsgData.xml), PEERS (../shared/peers/lseg-eta-c),
# OUT (out/bench/websocket).
set -euo pipefail
export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1

repo="$(cd "$(dirname "$0")/../.." && pwd)"
transports="${TRANSPORTS:-socket rwf json}"
item_counts="${ITEMS:-10000 100000}"
rates="${RATES:-100000}"
rounds="${ROUNDS:-1}"
steady="${STEADY_STATE_TIME:-30}"
warmup="${WARMUP:-8}"
measure="${MEASURE_TIME:-10}"
latency_rate="${LATENCY_RATE:-1000}"
delay_ms="${DELAY_STEADY_MS:-5000}"
cross="${CROSS:-1}"
port="${PORT:-41100}"
msg_file="${MSG_FILE:-$repo/../shared/reference/perftools/MsgData.xml}"
peers="${PEERS:-$repo/../shared/peers/lseg-eta-c}"
out="${OUT:-$repo/out/bench/websocket}"
source "$repo/PerfTools/bench/lseg-pair-setup.sh"

# The consumer's connection options for a transport; providers take every sub-protocol on their RSSL port.
consumer_transport() {
  case "$1" in
    socket) ;;
    rwf) echo "-connType websocket -pl rssl.rwf" ;;
    json) echo "-connType websocket -pl tr_json2" ;;
    *) echo "websocket: unknown transport $1 (socket, rwf, json)" >&2; exit 1 ;;
  esac
}

start_provider() { # side dir rate: sets $prov
  local side="$1" dir="$2" rate="$3"
  local args=(-p "$port" -runTime $((steady * 3 + 300)) -updateRate "$rate" -latencyUpdateRate "$latency_rate"
    -msgFile "$msg_file" -noDisplayStats -summaryFile "$dir/ProvSummary.out" -statsFile "$dir/ProvStats" -pl "tr_json2 rssl.rwf")
  # One unbound provider thread for both: LSEG C's -threads is a list of CPUs to bind to (see latency-ladder.sh).
  if [ "$side" = ours ]; then
    (cd "$(bin ProvPerf)" && exec dotnet ProvPerf.dll -threads 1 "${args[@]}") > "$dir/prov.log" 2>&1 &
  else
    (cd "$work" && exec "$peers/bin/rsslProvPerf" "${args[@]}") > "$dir/prov.log" 2>&1 &
  fi
  prov=$!; pids+=("$prov")
  wait_listening "$port" && return 0
  echo "websocket: the $side provider did not listen on $port (see $dir/prov.log)" >&2
}

start_consumer() { # side dir transport items: sets $cons
  local side="$1" dir="$2" transport="$3" items="$4"
  # shellcheck disable=SC2207
  local conn=($(consumer_transport "$transport"))
  local args=(-h 127.0.0.1 -p "$port" -itemCount "$items" -steadyStateTime "$steady" -msgFile "$msg_file"
    -delaySteadyStateCalc "$delay_ms" -noDisplayStats -summaryFile "$dir/ConsSummary.out" -statsFile "$dir/ConsStats" "${conn[@]}")
  if [ "$side" = ours ]; then
    (cd "$(bin ConsPerf)" && exec dotnet ConsPerf.dll "${args[@]}") > "$dir/cons.log" 2>&1 &
  elif [ "$side" = oursconv ]; then
    # Ours converting every update to RWF and decoding it too (-addConversionOverhead, LSEG's option).
    (cd "$(bin ConsPerf)" && exec dotnet ConsPerf.dll "${args[@]}" -addConversionOverhead) > "$dir/cons.log" 2>&1 &
  elif [ "$side" = lsegconv ]; then
    # LSEG C ConsPerf converting each JSON message to RWF and decoding that, as ours does (its -addConversionOverhead);
    # by default it only parses the JSON (cJSON) and picks the latency fields out by name.
    (cd "$work" && exec "$peers/bin/rsslConsPerf" "${args[@]}" -addConversionOverhead) > "$dir/cons.log" 2>&1 &
  else
    (cd "$work" && exec "$peers/bin/rsslConsPerf" "${args[@]}") > "$dir/cons.log" 2>&1 &
  fi
  cons=$!; pids+=("$cons")
}

# run <provider side> <consumer side> <transport> <items> <rate> <round>: one pair; prints its row
run() {
  local ps="$1" cs="$2" transport="$3" items="$4" rate="$5" round="$6"
  local dir="$out/$ps-$cs-$transport-$items-$rate-r$round"; mkdir -p "$dir"
  local load0; load0=$(load)
  start_provider "$ps" "$dir" "$rate"
  start_consumer "$cs" "$dir" "$transport" "$items"
  # The window starts WARMUP seconds after the consumer, plus a second per 10,000 items for the images.
  sleep $((warmup + items / 10000))
  local p0 c0 p1 c1 rc
  p0=$(cpu_ticks "$prov"); c0=$(cpu_ticks "$cons")
  sleep "$measure"
  p1=$(cpu_ticks "$prov"); c1=$(cpu_ticks "$cons")
  end_pair
  local s="$dir/ConsSummary.out" recv images lat p50 p99
  read_consumer_summary "$s"
  local pns cns
  pns=$(ns_per_update "$p0" "$p1" "$recv" "$measure")
  cns=$(ns_per_update "$c0" "$c1" "$recv" "$measure")
  if [ "$cs" != ours ] && [ "$cs" != oursconv ] && grep -qE "TEST FAILED|not reached" "$s" "$dir/cons.log" 2>/dev/null; then rc=1; fi
  local verdict
  verdict=$(pair_verdict "$rc" "$lat" "$recv" "$rate" "$images" "$items")
  printf "%-7s %-7s %-9s %-5s %-5s %-9s %-10s %-8s %-8s %-9s %-9s %-6s %-6s %s\n" \
    "$transport" "$items" "$rate" "$ps" "$cs" "${recv%.*}" "$lat" "$p50" "$p99" "$pns" "$cns" "$load0" "$(load)" "$verdict"
  echo "$transport $items $rate $ps $cs $lat $pns $cns $verdict" >> "$out/rows.txt"
}

echo "websocket: ProvPerf -> ConsPerf over $transports, ours against LSEG C's ($peers), items: $item_counts, rates: $rates, $(basename "$msg_file"), ${steady} s steady state, CPU over ${measure} s from ${warmup} s after the images; rounds: $rounds; load before: $(uptime | sed 's/.*load average: //')"
printf "%-7s %-7s %-9s %-5s %-5s %-9s %-10s %-8s %-8s %-9s %-9s %-6s %-6s %s\n" \
  transp items rate prov cons recv/s lat_avg_us p50_us p99_us prov_ns/u cons_ns/u load0 load1 result
: > "$out/rows.txt"
for items in $item_counts; do
  for rate in $rates; do
    for round in $(seq 1 "$rounds"); do
      for transport in $transports; do
        if [ $((round % 2)) = 1 ]; then order="ours lseg"; else order="lseg ours"; fi
        for side in $order; do run "$side" "$side" "$transport" "$items" "$rate" "$round"; done
        if [ "$cross" = 1 ]; then run lseg ours "$transport" "$items" "$rate" "$round"; fi
        if [ "$cross" = 1 ] && [ "$transport" = json ]; then
          run lseg oursconv "$transport" "$items" "$rate" "$round"
          run lseg lsegconv "$transport" "$items" "$rate" "$round"
        fi
      done
    done
  done
done
pids=()

# Goals of issue 27 at 100k updates/s, on the medians over rounds.
echo
awk '
  function median(list,   n, a, i, j, t) { n = split(list, a, " "); for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] + 0 < a[i] + 0) { t = a[i]; a[i] = a[j]; a[j] = t }
    return n == 0 ? "" : (n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2) }
  function ratio(a, b) { return (a == "" || b == "" || b + 0 <= 0) ? "n/a" : sprintf("%.2f", a / b) }
  $3 == 100000 && ($9 == "pass" || $9 == "fail(latency)") { key = $1 " " $2 " " $4 " " $5; lat[key] = lat[key] " " $6; cns[key] = cns[key] " " $8; items[$2] = 1 }
  $3 == 100000 { all[$1 " " $2 " " $4 " " $5] = 1; seen[$2] = 1 }
  END {
    for (n in seen) {
      # tr_json2: our consumer against the LSEG C one, each behind its own provider, and (CROSS) both behind the LSEG C provider.
      o = "json " n " ours ours"; l = "json " n " lseg lseg"; x = "json " n " lseg ours"
      cl = median(cns[l]); ll = median(lat[l])
      if (cns[o] != "" && cns[l] != "") {
        co = median(cns[o]); lo = median(lat[o]); r = ratio(co, cl)
        printf "%s items, tr_json2, ours->ours vs LSEG->LSEG: consumer CPU %s / %s ns per update = %s (goal <= 0.5): %s; latency avg %s / %s us (goal ours <= LSEG): %s\n",
          n, co, cl, r, (r != "n/a" && r + 0 <= 0.5 ? "MET" : "NOT MET"), lo, ll, (lo + 0 <= ll + 0 ? "MET" : "NOT MET")
      } else if ((o in all) || (l in all))
        printf "%s items, tr_json2, ours->ours vs LSEG->LSEG: NOT MEASURED (a run did not complete)\n", n
      if (cns[x] != "" && cns[l] != "") {
        cx = median(cns[x]); lx = median(lat[x])
        printf "%s items, tr_json2, behind LSEG C ProvPerf: our consumer %s ns per update, LSEG C %s = %s; latency avg %s / %s us\n", n, cx, cl, ratio(cx, cl), lx, ll
      } else if (x in all)
        printf "%s items, tr_json2, behind LSEG C ProvPerf: NOT MEASURED (a run did not complete)\n", n
      # Both consumers converting JSON to RWF and decoding it (-addConversionOverhead).
      v = "json " n " lseg lsegconv"; y = "json " n " lseg oursconv"
      if (cns[y] != "" && cns[v] != "")
        printf "%s items, tr_json2, behind LSEG C ProvPerf, both -addConversionOverhead: our consumer %s ns per update, LSEG C %s = %s; latency avg %s / %s us\n",
          n, median(cns[y]), median(cns[v]), ratio(median(cns[y]), median(cns[v])), median(lat[y]), median(lat[v])
      # rssl.rwf against our own socket figures.
      w = "rwf " n " ours ours"; s = "socket " n " ours ours"
      if (cns[w] != "" && cns[s] != "") {
        cw = median(cns[w]); cs = median(cns[s]); lw = median(lat[w]); ls = median(lat[s])
        printf "%s items, rssl.rwf vs our socket: consumer CPU %s / %s ns per update = %s, latency avg %s / %s us (goal within 10%%): %s\n",
          n, cw, cs, ratio(cw, cs), lw, ls, (cw <= 1.1 * cs && lw + 0 <= 1.1 * ls ? "MET" : "NOT MET")
      } else if ((w in all) || (s in all))
        printf "%s items, rssl.rwf vs our socket: NOT MEASURED (a run did not complete)\n", n
    }
  }' "$out/rows.txt"
echo "Load average (1, 5, 15 min) after: $(uptime | sed 's/.*load average: //')"
echo "Details per run: $out/<provider>-<consumer>-<transport>-<items>-<rate>-r<round>/"
