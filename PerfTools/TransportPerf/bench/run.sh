#!/usr/bin/env bash
# TransportPerf benchmark: each TransportPerf figure beside a raw-socket baseline measured in the same run.
#   1. Scenario 8.6 (reflection) at 10,000 msg/s, every message timestamped: round-trip p50/p99/p99.9,
#      against a raw TCP ping-pong at the same rate.
#   2. Unpaced throughput, 150-byte messages packed 20 per buffer: messages per second received,
#      against a raw TCP blast of the same 150-byte frames.
# Usage: PerfTools/TransportPerf/bench/run.sh [seconds]   (from anywhere; default 10 s per run)
set -euo pipefail
SECONDS_PER_RUN=${1:-10}
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
BENCH=$(cd "$(dirname "$0")" && pwd)
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT

dotnet build "$ROOT/PerfTools/TransportPerf" -c Release -v q -nologo >/dev/null
TP="$ROOT/PerfTools/TransportPerf/bin/Release/net10.0/TransportPerf.dll"
PORT=15400

# Run a TransportPerf server and a client (both summaries land in $OUT).
pair() {
  local server_args=$1 client_args=$2
  (cd "$OUT" && dotnet "$TP" -p $PORT -runTime $((SECONDS_PER_RUN + 8)) -noDisplayStats $server_args \
      -summaryFile srv.out -statsFile SrvStats >srv.log 2>&1 &)
  sleep 2
  (cd "$OUT" && dotnet "$TP" -appType client -h 127.0.0.1 -p $PORT -runTime "$SECONDS_PER_RUN" -noDisplayStats $client_args \
      -summaryFile cli.out -statsFile CliStats >cli.log 2>&1)
  sleep 7
  PORT=$((PORT + 1))
}

value() { grep -m1 "^    $1: " "$OUT/$2" | sed 's/.*: //'; }

echo "== 1. Reflection (scenario 8.6) at 10000 msg/s, 76-byte messages, round trip =="
pair "-tickRate 1000 -reflectMsgs" "-tickRate 1000 -msgRate 10000 -latencyMsgRate all"
TP_P50=$(value "Latency p50 (usec)" cli.out); TP_P99=$(value "Latency p99 (usec)" cli.out); TP_P999=$(value "Latency p99.9 (usec)" cli.out)
echo "TransportPerf reflect: p50 $TP_P50 us, p99 $TP_P99 us, p99.9 $TP_P999 us ($(value "Msgs Received" cli.out) round trips)"
RAW=$(dotnet run "$BENCH/RawSocketBaseline.cs" -- pingpong "$SECONDS_PER_RUN" 10000 76)
echo "$RAW"
RAW_P50=$(echo "$RAW" | sed -E 's/.*p50 ([0-9.]+) us.*/\1/')
RAW_P99=$(echo "$RAW" | sed -E 's/.*p99 ([0-9.]+) us.*/\1/')
awk -v a="$TP_P50" -v b="$RAW_P50" -v c="$TP_P99" -v d="$RAW_P99" \
  'BEGIN { printf "ratio TransportPerf/raw: p50 %.2fx, p99 %.2fx\n", a / b, c / d }'

echo
echo "== 2. Unpaced throughput, 150-byte messages, packing 20 per buffer =="
pair "-tickRate 1000 -msgRate 20000000 -latencyMsgRate 0 -msgSize 150 -pack 20 -outputBufs 20000" \
     "-tickRate 1000 -msgRate 0 -latencyMsgRate 0"
TP_RATE=$(value "Avg. Msg Recv Rate" cli.out)
echo "TransportPerf packed: $TP_RATE msgs/s received (sequence errors: $(value "Sequence errors" cli.out))"
RAW=$(dotnet run "$BENCH/RawSocketBaseline.cs" -- blast "$SECONDS_PER_RUN" 150)
echo "$RAW"
RAW_RATE=$(echo "$RAW" | sed -E 's/raw blast: ([0-9]+) .*/\1/')
awk -v a="$TP_RATE" -v b="$RAW_RATE" 'BEGIN { printf "ratio TransportPerf/raw: %.2fx of raw-socket throughput\n", a / b }'
