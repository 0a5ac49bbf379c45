#!/usr/bin/env bash
# Issue 14's latency tail, in one command: TransportPerf's reflect round trip (scenario 8.6, 10,000 msg/s, 76-byte
# messages, every one timestamped) beside two raw-socket ping-pongs run in the same invocation:
#   tick ping-pong  - waits the way the tool waits (1 ms ticks, bursts of 10 in one send, Socket.Poll with the rest
#                     of the tick rounded up to whole ms, non-blocking reads); the baseline the goals are set against
#   plain ping-pong - one message in flight, blocking receive (the floor)
# Prints p50/p99/p99.9 of each, the ratios TransportPerf/tick ping-pong against the goals (p50 <= 1.3x, p99 <= 2x,
# p99.9 <= 5x), and the load average before and after (figures taken under load are not the quiet figures).
# With WHERE=1 a fourth run (TransportPerf again, the client writing -latencyFile) says where the slowest 0.1%
# of round trips fell: in the first second (JIT tiering, warm-up), at one phase of every second (the once-a-second
# stats and CPU sampling work), or in bursts (scheduling). It is a separate run so the file writing does not touch
# the figures above.
# Usage: PerfTools/TransportPerf/bench/reflect-vs-pingpong.sh [seconds]   (default 20 s per run; PORT to move the port)
set -euo pipefail
SECONDS_PER_RUN=${1:-20}
PORT=${PORT:-15480}
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
BENCH=$(cd "$(dirname "$0")" && pwd)
OUT=$(mktemp -d)
SERVER_PID=
cleanup() { [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null; rm -rf "$OUT"; }
trap cleanup EXIT

dotnet build "$ROOT/PerfTools/TransportPerf/TransportPerf.csproj" -c Release -v q -nologo >/dev/null
TP="$ROOT/PerfTools/TransportPerf/bin/Release/net10.0/TransportPerf.dll"
echo "load before: $(uptime | sed 's/.*load average: //')"

# One reflect run: a TransportPerf server reflecting, a client sending 10,000 msg/s (extra client options in $1).
reflect_run() {
  (cd "$OUT" && exec dotnet "$TP" -appType server -p "$PORT" -tickRate 1000 -reflectMsgs -runTime $((SECONDS_PER_RUN + 30)) \
      -noDisplayStats -summaryFile srv.out -statsFile SrvStats >srv.log 2>&1) &
  SERVER_PID=$!
  for _ in $(seq 100); do ss -ltn 2>/dev/null | grep -q ":$PORT " && break; sleep 0.2; done
  (cd "$OUT" && dotnet "$TP" -appType client -h 127.0.0.1 -p "$PORT" -tickRate 1000 -msgRate 10000 -latencyMsgRate all \
      -runTime "$SECONDS_PER_RUN" -noDisplayStats -summaryFile cli.out -statsFile CliStats $1 >cli.log 2>&1) || true
  kill "$SERVER_PID" 2>/dev/null || true
  wait "$SERVER_PID" 2>/dev/null || true
  SERVER_PID=
  PORT=$((PORT + 1))
}
reflect_run ""

value() { grep -m1 "^    $1: " "$OUT/cli.out" | sed 's/.*: //'; }
TP_P50=$(value "Latency p50 (usec)"); TP_P99=$(value "Latency p99 (usec)"); TP_P999=$(value "Latency p99.9 (usec)")
if [ -z "$TP_P50" ]; then echo "TransportPerf client wrote no latency figures:"; cat "$OUT/cli.log"; exit 1; fi
printf 'TransportPerf reflect: %s round trips, p50 %s us, p99 %s us, p99.9 %s us\n' "$(value "Msgs Received")" "$TP_P50" "$TP_P99" "$TP_P999"

TICK=$(dotnet run "$BENCH/RawSocketBaseline.cs" -- tickpingpong "$SECONDS_PER_RUN" 10000 76 1000)
echo "$TICK"
PLAIN=$(dotnet run "$BENCH/RawSocketBaseline.cs" -- pingpong "$SECONDS_PER_RUN" 10000 76)
echo "$PLAIN"
pct() { echo "$1" | sed -E "s/.* $2 ([0-9.]+) us.*/\1/"; }
awk -v a="$TP_P50" -v b="$TP_P99" -v c="$TP_P999" \
    -v d="$(pct "$TICK" p50)" -v e="$(pct "$TICK" p99)" -v f="$(pct "$TICK" p99.9)" \
    -v g="$(pct "$PLAIN" p50)" -v h="$(pct "$PLAIN" p99)" -v i="$(pct "$PLAIN" p99.9)" 'BEGIN {
  printf "ratio TransportPerf / tick ping-pong: p50 %.2fx (goal <= 1.3x: %s), p99 %.2fx (goal <= 2x: %s), p99.9 %.2fx (goal <= 5x: %s)\n",
    a / d, (a / d <= 1.3 ? "met" : "NOT met"), b / e, (b / e <= 2 ? "met" : "NOT met"), c / f, (c / f <= 5 ? "met" : "NOT met")
  printf "ratio TransportPerf / plain ping-pong: p50 %.2fx, p99 %.2fx, p99.9 %.2fx\n", a / g, b / h, c / i
}'
if [ "${WHERE:-0}" = 1 ]; then
  rm -f "$OUT"/cli.out
  reflect_run "-latencyFile CliLatency"
  LAT=$(ls "$OUT"/CliLatency*.csv | head -1)
  # Columns: send time, receive time, latency (ns). The threshold is this run's own p99.9.
  THRESHOLD=$(tail -n +2 "$LAT" | cut -d, -f3 | sort -n | awk '{ v[NR] = $1 } END { print v[int(NR * 0.999)] }')
  tail -n +2 "$LAT" | awk -F', *' -v t="$THRESHOLD" '
    NR == 1 { first = $1 }
    $3 >= t {
      n++; s = ($1 - first) / 1e9
      if (s < 1) early++
      phase[int((s - int(s)) * 10)]++
      sec[int(s)]++
      if (int(s) > last) last = int(s)
    }
    END {
      printf "where the slowest 0.1%% fell (p99.9 of this run %.1f us, %d samples): %d in the first second\n", t / 1000, n, early
      printf "  by tenth of each second:"; for (i = 0; i < 10; i++) printf " %d", phase[i]; printf "\n"
      printf "  by second of the run:"; for (i = 0; i <= last; i++) if (sec[i]) printf " %d:%d", i, sec[i]; printf "\n"
    }'
fi
echo "load after: $(uptime | sed 's/.*load average: //')"
