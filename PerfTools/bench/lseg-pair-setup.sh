# Sourced by latency-ladder.sh and websocket.sh once they have set repo, msg_file, peers and out: checks the
# inputs, builds ProvPerf and ConsPerf, prepares the working directory of LSEG C's tools, and defines the helpers both
# scripts use (bin, cleanup of $pids on exit, load, cpu_ticks, listening, and a pair's end, figures and verdict).
[ -f "$msg_file" ] || { echo "LSEG's MsgData.xml not found at $msg_file (set MSG_FILE)"; exit 1; }
[ -x "$peers/bin/rsslProvPerf" ] || { echo "LSEG C's tools not found under $peers/bin (set PEERS)"; exit 1; }
msg_file="$(cd "$(dirname "$msg_file")" && pwd)/$(basename "$msg_file")"
peers="$(cd "$peers" && pwd)"
rm -rf "$out"; mkdir -p "$out"

for project in ProvPerf ConsPerf; do
  dotnet build "$repo/PerfTools/$project/$project.csproj" -c Release -nologo -v quiet > "$out/build.log" 2>&1 \
    || { cat "$out/build.log"; exit 1; }
done
bin() { echo "$repo/PerfTools/$1/bin/Release/net10.0"; }
source "$repo/PerfTools/bench/summary-fields.sh"

# LSEG's C tools read the dictionary, enum table and item list from their working directory; the item list is the
# one our build generates (same format), copied: their XML reader does not follow the link.
work="$out/lseg-cwd"; mkdir -p "$work"
ln -sf "$peers/etc/RDMFieldDictionary" "$peers/etc/enumtype.def" "$work/"
cp "$(bin ConsPerf)/350k.xml" "$work/"

pids=()
cleanup() { for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done; wait 2>/dev/null || true; }
trap cleanup EXIT

load() { cut -d' ' -f1 /proc/loadavg; }
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat" 2>/dev/null || echo ""; }
# "tid nanoseconds" per thread of the process: time spent runnable but waiting for a CPU (/proc/<pid>/task/*/schedstat,
# field 2). rq_wait_percent before after seconds: the threads present in both, as a percentage of the window.
rq_waits() { for t in /proc/"$1"/task/*; do echo "${t##*/} $(awk '{ print $2 }' "$t/schedstat" 2>/dev/null)"; done; }
rq_wait_percent() {
  awk -v t="$3" 'FNR == NR { a[$1] = $2; next } ($1 in a) && $2 != "" { s += $2 - a[$1] } END { printf "%.1f", s / (t * 1e7) }' \
    <(echo "$1") <(echo "$2")
}
listening() { ss -ltn 2>/dev/null | grep -q ":$1 "; }
# wait_listening <port>: true once something listens on the port, false after 30 s
wait_listening() { for _ in $(seq 1 300); do listening "$1" && return 0; sleep 0.1; done; return 1; }

# end_pair: waits for the consumer ($cons; its exit code in rc), stops the provider ($prov), waits for $port to close.
end_pair() {
  set +e; wait "$cons"; rc=$?; set -e
  kill -TERM "$prov" 2>/dev/null || true; wait "$prov" 2>/dev/null || true
  for _ in $(seq 1 100); do listening "$port" || break; sleep 0.1; done
}

# read_consumer_summary <ConsSummary.out>: sets recv, lat, p50, p99 and images (LSEG's summary has no p50/p99: "-").
read_consumer_summary() {
  recv=$(field "$1" "Steady State Statistics:" "Avg update rate" || true); recv=${recv:-0}
  lat=$(field "$1" "Steady State Statistics:" "Latency avg (usec)" || true); lat=${lat:-n/a}
  p50=$(field "$1" "Steady State Statistics:" "Latency p50 (usec)" || true); p50=${p50:--}
  p99=$(field "$1" "Steady State Statistics:" "Latency p99 (usec)" || true); p99=${p99:--}
  images=$(field "$1" "Test Statistics:" "Refreshes received" || true); images=${images:-0}
}

# ns_per_update <cpu ticks before> <after> <updates/s> <seconds>: CPU ns per update over the window, or n/a. Over the
# received rate: a provider past its capacity sends less than asked, and what it sends is received.
ns_per_update() {
  awk -v a="$1" -v b="$2" -v hz="$(getconf CLK_TCK)" -v n="$3" -v t="$4" \
    'BEGIN { if (a == "" || b == "" || n <= 0) print "n/a"; else printf "%.0f", (b - a) / hz * 1e9 / (n * t) }'
}

# pair_verdict <rc> <lat> <recv> <rate> <images> <items>: find-max-rate.sh's rule (exit 0 with every image, average
# latency under 1 ms, at least 95% of the rate).
pair_verdict() {
  awk -v rc="$1" -v lat="$2" -v recv="$3" -v rate="$4" -v img="$5" -v n="$6" 'BEGIN {
    if (rc != 0) print "fail(exit " rc ")"; else if (img < n) print "fail(images)"
    else if (lat == "n/a" || lat >= 1000) print "fail(latency)"; else if (recv < 0.95 * rate) print "fail(rate)"; else print "pass" }'
}
