#!/usr/bin/env bash
# Issue 14's latency tail, in one command: TransportPerf's reflect round trip (scenario 8.6, 10,000 msg/s, 76-byte
# messages, every one timestamped) beside two raw-socket ping-pongs run in the same invocation:
#   tick ping-pong  - waits the way the tool waits (1 ms ticks, bursts of 10 in one send, Socket.Poll with the rest
#                     of the tick rounded up to whole ms, non-blocking reads); the baseline the goals are set against
#   plain ping-pong - one message in flight, blocking receive (the floor)
# Prints p50/p99/p99.9 of each, the ratios TransportPerf/tick ping-pong against the goals (p50 <= 1.3x, p99 <= 2x,
# p99.9 <= 5x), and the load average before and after (figures taken under load are not the quiet figures).
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

(cd "$OUT" && exec dotnet "$TP" -appType server -p "$PORT" -tickRate 1000 -reflectMsgs -runTime $((SECONDS_PER_RUN + 30)) \
    -noDisplayStats -summaryFile srv.out -statsFile SrvStats >srv.log 2>&1) &
SERVER_PID=$!
for _ in $(seq 100); do ss -ltn 2>/dev/null | grep -q ":$PORT " && break; sleep 0.2; done
(cd "$OUT" && dotnet "$TP" -appType client -h 127.0.0.1 -p "$PORT" -tickRate 1000 -msgRate 10000 -latencyMsgRate all \
    -runTime "$SECONDS_PER_RUN" -noDisplayStats -summaryFile cli.out -statsFile CliStats >cli.log 2>&1) || true
kill "$SERVER_PID" 2>/dev/null || true
wait "$SERVER_PID" 2>/dev/null || true
SERVER_PID=

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
echo "load after: $(uptime | sed 's/.*load average: //')"
