#!/usr/bin/env bash
# The guide's chapter-8 scenarios on one machine (see PerfTools/SCENARIOS.md):
#   8.1 ConsPerf -> PerfHub -> ProvPerf          8.2 ConsPerf -> ProvPerf (direct connect)
#   8.3 ConsPerf -> PerfHub <- NIProvPerf        8.4 as 8.3, ConsPerf posting
#   8.5 TransportPerf client <- server            8.6 TransportPerf server reflecting the client's messages
# PerfHub stands in for the ADS/ADH pair wherever the guide has one. Builds in Release, starts every process with
# short defaults, waits for the consumer side to finish, stops the rest, gathers every output into
# out/scenario-8.x/, prints the consumer-side summary, and exits non-zero if any process failed.
#
#   --netns        each process on its own network namespace host joined by veth pairs (10.201.N.0/24), so traffic
#                  crosses a real network stack (Linux, root); the namespaces are always deleted on exit
#   --delay T      with --netns: netem delay T (e.g. 1ms) on every veth, both directions
#
# Environment overrides: ITEM_COUNT (1000)  STEADY_STATE_TIME (5)  UPDATE_RATE (10000)  MSG_RATE (10000)
#   RUN_TIME (10, TransportPerf client)  OUT_DIR (out/scenario-8.x)  CONS_ARGS PROV_ARGS HUB_ARGS NIPROV_ARGS TP_ARGS
set -euo pipefail
export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1 DOTNET_SKIP_FIRST_TIME_EXPERIENCE=1

usage() { echo "usage: $0 [--netns [--delay 1ms]] 8.1|8.2|8.3|8.4|8.5|8.6" >&2; exit 2; }

netns=0
delay=""
scenario=""
while [ $# -gt 0 ]; do
  case "$1" in
    --netns) netns=1 ;;
    --delay) [ $# -ge 2 ] || usage; delay="$2"; shift ;;
    8.[1-6]) scenario="$1" ;;
    *) usage ;;
  esac
  shift
done
[ -n "$scenario" ] || usage
if [ -n "$delay" ] && [ "$netns" -eq 0 ]; then
  echo "run-scenario: --delay needs --netns" >&2; exit 2
fi

repo="$(cd "$(dirname "$0")/.." && pwd)"
item_count="${ITEM_COUNT:-1000}"
steady_state_time="${STEADY_STATE_TIME:-5}"
update_rate="${UPDATE_RATE:-10000}"
msg_rate="${MSG_RATE:-10000}"
tp_run_time="${RUN_TIME:-10}"
run_dir="${OUT_DIR:-$repo/out/scenario-$scenario}"
service="TEST_FEED"
# Background processes outlive the consumer side by this much at most; they are stopped as soon as it is done.
long_run=$(( steady_state_time * 4 + tp_run_time + 120 ))

case "$scenario" in
  8.3|8.4)
    if [ ! -f "$repo/PerfTools/NIProvPerf/NIProvPerf.csproj" ]; then
      echo "run-scenario: scenario $scenario needs NIProvPerf (PerfTools/NIProvPerf), which this checkout does not have yet." >&2
      exit 2
    fi ;;
esac
command -v dotnet >/dev/null 2>&1 || { echo "run-scenario: the .NET SDK (dotnet) is required on PATH" >&2; exit 1; }
if [ "$netns" -eq 1 ]; then
  [ "$(uname -s)" = Linux ] || { echo "run-scenario: --netns needs Linux" >&2; exit 2; }
  [ "$(id -u)" -eq 0 ] || { echo "run-scenario: --netns needs root (it creates network namespaces)" >&2; exit 2; }
  command -v ip >/dev/null 2>&1 || { echo "run-scenario: --netns needs iproute2 (ip)" >&2; exit 2; }
  if [ -n "$delay" ]; then command -v tc >/dev/null 2>&1 || { echo "run-scenario: --delay needs tc (iproute2)" >&2; exit 2; }; fi
fi

rm -rf "$run_dir"
mkdir -p "$run_dir"
# Absolute: each tool runs from its own output folder, where a relative path would name another folder.
run_dir="$(cd "$run_dir" && pwd)"

# ---- processes and namespaces, always cleaned up ----
declare -A pid_of=()
namespaces=()
stop_process() {  # name: SIGINT (the tools then write their summaries), then SIGKILL after 10 s
  local name="$1" pid="${pid_of[$1]:-}"
  [ -n "$pid" ] || return 0
  if kill -0 "$pid" 2>/dev/null; then
    kill -INT "$pid" 2>/dev/null || true
    for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null || true
  fi
}
cleanup() {
  for name in "${!pid_of[@]}"; do stop_process "$name"; done
  for ns in "${namespaces[@]}"; do ip netns delete "$ns" 2>/dev/null || true; done
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# ---- hosts: loopback, or one namespace per process ----
declare -A address_seen_by=()   # "host>peer" -> the address host uses to reach peer
ns_name() { echo "perfsc$$-$1"; }
link_hosts() {  # a b N: veth pair between hosts a (10.201.N.1) and b (10.201.N.2)
  local a="$1" b="$2" n="$3" va="psa$$n$3" vb="psb$$n$3"
  va="${va:0:15}"; vb="${vb:0:15}"
  ip link add "$va" type veth peer name "$vb"
  ip link set "$va" netns "$(ns_name "$a")"
  ip link set "$vb" netns "$(ns_name "$b")"
  ip -n "$(ns_name "$a")" addr add "10.201.$n.1/24" dev "$va"
  ip -n "$(ns_name "$b")" addr add "10.201.$n.2/24" dev "$vb"
  ip -n "$(ns_name "$a")" link set "$va" up
  ip -n "$(ns_name "$b")" link set "$vb" up
  if [ -n "$delay" ]; then
    local veth
    for veth in "$a:$va" "$b:$vb"; do
      if ! ip netns exec "$(ns_name "${veth%%:*}")" tc qdisc add dev "${veth#*:}" root netem delay "$delay" 2>"$run_dir/tc.err"; then
        echo "run-scenario: cannot add a netem delay of $delay: $(cat "$run_dir/tc.err")" >&2
        echo "run-scenario: the kernel needs the sch_netem qdisc for --delay; run without --delay here" >&2
        exit 2
      fi
    done
  fi
  address_seen_by["$b>$a"]="10.201.$n.1"
  address_seen_by["$a>$b"]="10.201.$n.2"
}
make_hosts() {  # host names
  for host in "$@"; do
    if [ "$netns" -eq 1 ]; then
      ip netns add "$(ns_name "$host")"
      namespaces+=("$(ns_name "$host")")
      ip -n "$(ns_name "$host")" link set lo up
    fi
  done
}
connect_hosts() {  # a b N
  if [ "$netns" -eq 1 ]; then
    link_hosts "$@"
  else
    address_seen_by["$1>$2"]=127.0.0.1
    address_seen_by["$2>$1"]=127.0.0.1
  fi
}
addr() { echo "${address_seen_by["$1>$2"]}"; }   # addr FROM TO
on_host() {  # host command...
  local host="$1"; shift
  if [ "$netns" -eq 1 ]; then ip netns exec "$(ns_name "$host")" "$@"; else "$@"; fi
}

# ---- build ----
build_log="$run_dir/build.log"
build() {
  echo "== building $1 (Release)"
  dotnet build "$repo/PerfTools/$1/$1.csproj" -c Release -nologo -v quiet >>"$build_log" 2>&1 || { cat "$build_log"; exit 1; }
}
bin_of() { echo "$repo/PerfTools/$1/bin/Release/net10.0"; }

# start NAME HOST TOOL args...: runs the tool from its output folder (for its data files), log in the run folder
start() {
  local name="$1" host="$2" tool="$3"; shift 3
  echo "== starting $name on ${host} (log: $run_dir/$name.log)"
  (cd "$(bin_of "$tool")" && exec_on_host "$host" dotnet "$tool.dll" "$@") >"$run_dir/$name.log" 2>&1 &
  pid_of["$name"]=$!
}
exec_on_host() { local host="$1"; shift; if [ "$netns" -eq 1 ]; then exec ip netns exec "$(ns_name "$host")" "$@"; else exec "$@"; fi; }

wait_port() {  # host address port: until something listens there (60 s at most)
  for _ in $(seq 1 600); do
    if on_host "$1" bash -c "exec 3<>/dev/tcp/$2/$3" 2>/dev/null; then return 0; fi
    sleep 0.1
  done
  echo "run-scenario: nothing listens on $2:$3 after 60 s" >&2; return 1
}

wait_log() {  # name text: until the process's log has the text (60 s at most)
  for _ in $(seq 1 600); do
    grep -qF "$2" "$run_dir/$1.log" 2>/dev/null && return 0
    kill -0 "${pid_of[$1]}" 2>/dev/null || { echo "run-scenario: $1 ended early (see $run_dir/$1.log)" >&2; return 1; }
    sleep 0.1
  done
  echo "run-scenario: $1 did not report '$2' within 60 s" >&2; return 1
}

wait_cached_images() {  # until the hub holds N images (its console line), or 120 s
  local want="$1"
  for _ in $(seq 1 1200); do
    local have
    have="$( { grep -oE '\(([0-9]+) with image\)' "$run_dir/hub.log" 2>/dev/null || true; } | tail -1 | tr -dc 0-9)"
    [ -n "$have" ] && [ "$have" -ge "$want" ] && return 0
    kill -0 "${pid_of[niprov]}" 2>/dev/null || { echo "run-scenario: NIProvPerf ended early" >&2; return 1; }
    sleep 0.1
  done
  echo "run-scenario: the hub did not cache $want images within 120 s" >&2; return 1
}

failed=0
finish() {  # name: waits for a process and records a failure
  local name="$1" rc=0
  wait "${pid_of[$name]}" || rc=$?
  unset "pid_of[$name]"
  if [ "$rc" -ne 0 ]; then
    echo "run-scenario: $name exited with code $rc (see $run_dir/$name.log)" >&2
    failed=1
  fi
}
stop_and_finish() {  # name: a background process is stopped (after the consumer side is done) and checked
  local name="$1"
  if ! kill -0 "${pid_of[$name]}" 2>/dev/null; then
    echo "run-scenario: $name ended before the consumer side was done" >&2
    failed=1
  fi
  stop_process "$name"
  finish "$name"
}

hub_args=(-p 14002 -niPort 14003 -writeStatsInterval 1 -summaryFile "$run_dir/HubSummary.out" -statsFile "$run_dir/HubStats")
cons_args=(-serviceName "$service" -itemCount "$item_count" -steadyStateTime "$steady_state_time" -writeStatsInterval 1
           -summaryFile "$run_dir/ConsSummary.out" -statsFile "$run_dir/ConsStats" -latencyFile "$run_dir/ConsLatency")
consumer_summary="$run_dir/ConsSummary.out"

case "$scenario" in
  8.1)
    build ProvPerf; build PerfHub; build ConsPerf
    make_hosts prov hub cons
    connect_hosts hub prov 1
    connect_hosts hub cons 2
    start provperf prov ProvPerf -p 17008 -serviceName "$service" -runTime "$long_run" -updateRate "$update_rate" \
      -summaryFile "$run_dir/ProvSummary.out" -statsFile "$run_dir/ProvStats" -noDisplayStats ${PROV_ARGS:-}
    # The hub retries its upstream connection and ConsPerf its own, so only the hub's listening is awaited.
    start hub hub PerfHub "${hub_args[@]}" -upstream "$(addr hub prov):17008" ${HUB_ARGS:-}
    wait_log hub "consumers connect to port"
    start consperf cons ConsPerf -h "$(addr cons hub)" -p 14002 "${cons_args[@]}" ${CONS_ARGS:-}
    finish consperf; stop_and_finish hub; stop_and_finish provperf ;;
  8.2)
    build ProvPerf; build ConsPerf
    make_hosts prov cons
    connect_hosts prov cons 1
    start provperf prov ProvPerf -p 14002 -serviceName "$service" -runTime "$long_run" -updateRate "$update_rate" \
      -summaryFile "$run_dir/ProvSummary.out" -statsFile "$run_dir/ProvStats" -noDisplayStats ${PROV_ARGS:-}
    # ConsPerf retries its connection until the provider listens.
    start consperf cons ConsPerf -h "$(addr cons prov)" -p 14002 "${cons_args[@]}" ${CONS_ARGS:-}
    finish consperf; stop_and_finish provperf ;;
  8.3|8.4)
    build NIProvPerf; build PerfHub; build ConsPerf
    make_hosts niprov hub cons
    connect_hosts hub niprov 1
    connect_hosts hub cons 2
    start hub hub PerfHub "${hub_args[@]}" ${HUB_ARGS:-}
    wait_log hub "consumers connect to port"
    niprov_rates=(-updateRate "$update_rate")
    [ "$scenario" = 8.4 ] && niprov_rates=(-updateRate 0 -latencyUpdateRate 0)   # posting only (guide §8.4)
    start niprov niprov NIProvPerf -h "$(addr niprov hub)" -p 14003 -serviceName "$service" -itemCount "$item_count" \
      "${niprov_rates[@]}" -runTime "$long_run" -summaryFile "$run_dir/NIProvSummary.out" -statsFile "$run_dir/NIProvStats" \
      -noDisplayStats ${NIPROV_ARGS:-}
    # Preload the hub's cache before the consumer asks (guide §8.3, first way).
    wait_cached_images "$item_count"
    posting=()
    [ "$scenario" = 8.4 ] && posting=(-postingRate 1000 -postingLatencyRate 100)
    start consperf cons ConsPerf -h "$(addr cons hub)" -p 14002 "${cons_args[@]}" "${posting[@]}" ${CONS_ARGS:-}
    finish consperf; stop_and_finish niprov; stop_and_finish hub ;;
  8.5|8.6)
    build TransportPerf
    make_hosts server client
    connect_hosts server client 1
    server_rates=(-msgRate "$msg_rate" -latencyMsgRate 1000)
    client_rates=(-msgRate 0 -latencyMsgRate 0)
    if [ "$scenario" = 8.6 ]; then
      server_rates=(-reflectMsgs)
      client_rates=(-msgRate "$msg_rate" -latencyMsgRate 1000)
    fi
    start server server TransportPerf -appType server -p 15000 -connType socket -runTime "$long_run" -tickRate 1000 \
      "${server_rates[@]}" -summaryFile "$run_dir/TransportServerSummary.out" -statsFile "$run_dir/TransportServerStats" \
      -noDisplayStats ${TP_ARGS:-}
    wait_port client "$(addr client server)" 15000
    start client client TransportPerf -appType client -h "$(addr client server)" -p 15000 -connType socket \
      -runTime "$tp_run_time" -tickRate 1000 "${client_rates[@]}" -summaryFile "$run_dir/TransportClientSummary.out" \
      -statsFile "$run_dir/TransportClientStats" ${TP_ARGS:-}
    consumer_summary="$run_dir/TransportClientSummary.out"
    finish client; stop_and_finish server ;;
esac

# PerfReport (when this checkout has it) turns the run folder into its report.
if [ -f "$repo/PerfTools/PerfReport/PerfReport.csproj" ]; then
  build PerfReport
  dotnet "$(bin_of PerfReport)/PerfReport.dll" -headline -title "Scenario $scenario" -o "$run_dir/report" "$run_dir" \
      >"$run_dir/headline.txt" 2>"$run_dir/perfreport.log" \
    || { echo "run-scenario: PerfReport failed (see $run_dir/perfreport.log)" >&2; failed=1; }
fi

echo
echo "== $(basename "$consumer_summary") (scenario $scenario$([ "$netns" -eq 1 ] && echo ", network namespaces${delay:+, delay $delay}"))"
if [ -f "$consumer_summary" ]; then cat "$consumer_summary"; else echo "(no summary was written)"; failed=1; fi
[ -f "$run_dir/HubSummary.out" ] && grep -E "Upstream item streams opened|Fan-out messages|Posts received|Items cached" "$run_dir/HubSummary.out" | sed 's/^/  hub: /'
echo "== outputs: $run_dir"
# The headline (rate, latency, CPU per message) and the report's path, last so they are what the terminal shows.
[ -s "$run_dir/headline.txt" ] && { echo; cat "$run_dir/headline.txt"; }
if [ "$failed" -ne 0 ]; then
  echo "run-scenario: scenario $scenario FAILED" >&2
  exit 1
fi
