#!/usr/bin/env bash
# ConsPerf's steady-state update rate and latency from ProvPerf with and without 50 misbehaving clients on the same
# provider, over several rounds. The bad clients misbehave all through steady state, at a bounded rate: 25 connect,
# send a garbage frame, wait until ProvPerf closes them, pause PAUSE seconds and start again (about 25 garbage
# connections a second); 25 connect, send 2 bytes of a RIPC header and stay silent until ProvPerf's -initTimeout
# closes them, pause, and start again (always about 25 stalled handshakes pending). The generator forks nothing per
# connection (bash builtins only), runs at nice GENERATOR_NICE (19: on two cores it would otherwise take its share
# from the tools measured; real bad clients are on other machines), and its CPU time is reported, so the figure
# measures ProvPerf, not the generator.
#
# Each round runs both cases back to back in alternating order (baseline first in odd rounds), with the same
# settings and durations; the figures are the ratios with/without per round and their medians (1.00: the bad
# clients cost nothing; the goal is within 20%). ProvPerf sends LATENCY_RATE timestamped updates a second (the
# guide's default of 10 gives 150 samples in 15 s, whose p99 is the second-worst sample). Also reported: the
# provider thread's CPU time per second (from /proc) over ConsPerf's run, ProvPerf's gen0 collections and allocation
# rate over the last STEADY_STATE_TIME seconds of ConsPerf's run, its steady state (AllocationProbe startup hook; the
# whole run would be dominated by the ~30 MB ProvPerf allocates once when ConsPerf connects and requests its items),
# and ProvPerf's logged closes of bad channels by reason. Beside them, for reading a p99: the provider thread's
# involuntary context switches per second (times it was preempted while runnable), the accepting (main) thread's CPU,
# and ConsPerf's own gen0 collections in its steady state (a pause in the consumer shows in its latency).
# The robustness test (Tests/PerfTools.Tests/Robustness/BadClientsTests.cs) checks correctness; this measures.
#
# Environment overrides: ROUNDS (5), ITEM_COUNT (1000), UPDATE_RATE (10000), LATENCY_RATE (1000),
# STEADY_STATE_TIME (15), INIT_TIMEOUT (5), PAUSE (1), GENERATOR_NICE (19), PORT (14014), OUT (out/bad-clients), PROV_DIR (a ProvPerf
# build folder to measure instead of this tree's, e.g. another commit's, for a before/after).
set -euo pipefail
export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1

repo="$(cd "$(dirname "$0")/../.." && pwd)"
rounds="${ROUNDS:-5}"
item_count="${ITEM_COUNT:-1000}"
rate="${UPDATE_RATE:-10000}"
latency_rate="${LATENCY_RATE:-1000}"
steady="${STEADY_STATE_TIME:-15}"
init_timeout="${INIT_TIMEOUT:-5}"
pause="${PAUSE:-1}"
generator_nice="${GENERATOR_NICE:-19}"
port="${PORT:-14014}"
out="${OUT:-$repo/out/bad-clients}"
rm -rf "$out"; mkdir -p "$out"
for project in ProvPerf/ProvPerf.csproj ConsPerf/ConsPerf.csproj bench/AllocationProbe/AllocationProbe.csproj; do
  dotnet build "$repo/PerfTools/$project" -c Release -nologo -v quiet > "$out/build.log" 2>&1 || { cat "$out/build.log"; exit 1; }
done
prov_dir="${PROV_DIR:-$repo/PerfTools/ProvPerf/bin/Release/net10.0}"
cons_dir="$repo/PerfTools/ConsPerf/bin/Release/net10.0"
hook="$repo/PerfTools/bench/AllocationProbe/bin/Release/net10.0/AllocationProbe.dll"
clk_tck=$(getconf CLK_TCK)

# One bad client (kind: garbage or stall) in a loop until killed. The pause is a timed read on a pipe that never
# gets data, and the garbage a printf escape string made once, so a connection costs no fork.
bad_client() {
  local kind=$1 frame='\x00\x40' b _
  if [ "$kind" = garbage ]; then
    for b in $(od -An -tx1 -N62 /dev/urandom); do frame+="\\x$b"; done
  fi
  exec 4<> <(:)
  while true; do
    if exec 3<>"/dev/tcp/127.0.0.1/$port" 2>/dev/null; then
      printf "$frame" >&3 2>/dev/null || true
      while read -r -u 3 -t 600 _ 2>/dev/null; do :; done # until ProvPerf closes it
      exec 3<&-
    fi
    read -r -u 4 -t "$pause" _ || true
  done
}

# utime+stime in clock ticks of the processes given (summed), or of one thread.
cpu_ticks() { local t=0 f; for f in "$@"; do [ -r "$f" ] && t=$((t + $(sed 's/.*) //' "$f" | awk '{print $12+$13}'))); done; echo $t; }
provider_thread_stat() { local t; for t in /proc/"$1"/task/*; do grep -q "provid" "$t/comm" 2>/dev/null && { echo "$t/stat"; return; }; done; }
# The accepting thread is ProvPerf's main thread: its thread id is the process id.
main_thread_stat() { echo "/proc/$1/task/$1/stat"; }
# Involuntary context switches of one thread (from the stat file's folder).
preemptions() { [ -r "$(dirname "$1")/status" ] && awk '/^nonvoluntary_ctxt_switches/ { print $2 }' "$(dirname "$1")/status" || echo 0; }

field() { grep -m1 -A40 "^Steady State Statistics:" "$1" | grep -m1 "  $2: " | sed 's/.*: //'; }

# A column's growth in ProvPerf's AllocationProbe file (one line a second) between two unix times.
probe_delta() { # file, from, to, column
  awk -F, -v a="$2" -v b="$3" -v c="$4" '$1 >= a && first == "" { first = $c } $1 <= b { last = $c }
    END { if (first == "") print "n/a"; else print last - first }' "$1"
}

per_second() { awk -v a="$1" -v b="$2" -v c="$3" -v s="$4" 'BEGIN { printf "%.1f", (b - a) * 1000 / c / (s / 1000) }'; }

run() { # dir, with-bad-clients (0/1) -> "exit rate avg p50 p99 provider-thread-ms/s generator-ms/s gen0 alloc-KB/s
        #   provider-preemptions/s main-thread-ms/s consperf-gen0"
  local dir="$1"; mkdir -p "$dir"
  (cd "$prov_dir" && DOTNET_STARTUP_HOOKS="$hook" ALLOCATION_PROBE_FILE="$dir/prov-probe.csv" exec dotnet ProvPerf.dll -if 127.0.0.1 -p "$port" -runTime $((steady * 4 + 120)) -updateRate "$rate" \
      -latencyUpdateRate "$latency_rate" -initTimeout "$init_timeout" -noDisplayStats \
      -summaryFile "$dir/ProvSummary.out" -statsFile "$dir/ProvStats") >"$dir/prov.log" 2>&1 &
  local prov=$! bad_pids="" i
  for _ in $(seq 1 300); do grep -q "Server bound" "$dir/prov.log" 2>/dev/null && break; sleep 0.1; done
  if [ "$2" = 1 ]; then
    for i in $(seq 1 25); do
      bad_client garbage >/dev/null 2>&1 & bad_pids+=" $!"
      bad_client stall >/dev/null 2>&1 & bad_pids+=" $!"
    done
    renice -n "$generator_nice" -p $bad_pids >/dev/null
  fi
  # Both cases wait the same before ConsPerf starts (the same provider age and warm-up); with bad clients, every
  # stalled one has then been closed once, so the churn is in its steady pattern before steady state.
  sleep $((init_timeout + 1))
  local thread_stat main_stat; thread_stat=$(provider_thread_stat "$prov"); main_stat=$(main_thread_stat "$prov")
  local gen_stats=""; for i in $bad_pids; do gen_stats+=" /proc/$i/stat"; done
  local t0 p0 g0 u0 s0 m0; u0=$(date +%s.%N); t0=$(date +%s%N); p0=$(cpu_ticks "$thread_stat"); g0=$(cpu_ticks $gen_stats)
  s0=$(preemptions "$thread_stat"); m0=$(cpu_ticks "$main_stat")
  set +e
  (cd "$cons_dir" && DOTNET_STARTUP_HOOKS="$hook" ALLOCATION_PROBE_FILE="$dir/cons-probe.csv" exec dotnet ConsPerf.dll -h 127.0.0.1 -p "$port" -itemCount "$item_count" -steadyStateTime "$steady" \
      -noDisplayStats -summaryFile "$dir/ConsSummary.out" -statsFile "$dir/ConsStats") >"$dir/cons.log" 2>&1
  local rc=$?
  set -e
  local t1 p1 g1 u1 s1 m1; u1=$(date +%s.%N); t1=$(date +%s%N); p1=$(cpu_ticks "$thread_stat"); g1=$(cpu_ticks $gen_stats)
  s1=$(preemptions "$thread_stat"); m1=$(cpu_ticks "$main_stat")
  for i in $bad_pids; do kill "$i" 2>/dev/null || true; done
  kill -TERM "$prov" 2>/dev/null || true # SIGINT is ignored by a script's background jobs
  wait 2>/dev/null || true
  local f="$dir/ConsSummary.out" secs_ms=$(((t1 - t0) / 1000000)) ss; ss=$(awk -v u="$u1" -v s="$steady" 'BEGIN { printf "%.3f", u - s }')
  echo "$rc $(field "$f" "Avg update rate") $(field "$f" "Latency avg (usec)") $(field "$f" "Latency p50 (usec)") $(field "$f" "Latency p99 (usec)")" \
       "$(per_second "$p0" "$p1" "$clk_tck" "$secs_ms")" "$(per_second "$g0" "$g1" "$clk_tck" "$secs_ms")" \
       "$(probe_delta "$dir/prov-probe.csv" "$ss" "$u1" 3)" \
       "$(probe_delta "$dir/prov-probe.csv" "$ss" "$u1" 2 | awk -v s="$steady" '$1 == "n/a" { print; next } { printf "%.0f", $1 / 1024 / s }')" \
       "$(per_second "$s0" "$s1" 1000 "$secs_ms")" "$(per_second "$m0" "$m1" "$clk_tck" "$secs_ms")" \
       "$(probe_delta "$dir/cons-probe.csv" "$ss" "$u1" 3)"
}

ratio() { awk -v x="$1" -v y="$2" 'BEGIN { if (x > 0 && y > 0) printf "%.2f", y / x; else printf "n/a" }'; }
median() { tr ' ' '\n' | grep -v '^n/a$' | grep . | sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print "n/a"; else if (NR % 2) printf "%.2f\n", v[(NR + 1) / 2]; else printf "%.2f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo "$rounds rounds; $item_count items, $rate updates/s ($latency_rate/s timestamped), ${steady}s steady state, -initTimeout ${init_timeout}, bad clients pause ${pause}s between connections, generator at nice $generator_nice"
printf "%-6s %-16s %4s %9s %9s %7s %8s %13s %8s %9s %11s %14s %12s %9s\n" round run exit rate/s avg_us p50_us p99_us prov_thr_ms/s gen_ms/s ss_prov_gen0 ss_prov_KB/s prov_thr_preempt/s main_thr_ms/s ss_cons_gen0
r_rate="" r_avg="" r_p50="" r_p99="" r_thr=""
for round in $(seq 1 "$rounds"); do
  load_before=$(cut -d' ' -f1-3 /proc/loadavg)
  if [ $((round % 2)) = 1 ]; then order="0 1"; else order="1 0"; fi
  for bad in $order; do
    name=$([ "$bad" = 1 ] && echo with-bad-clients || echo baseline)
    read -r rc rt av p5 p9 thr gen gc kb pre mth cgc <<<"$(run "$out/round$round/$name" "$bad")"
    printf "%-6s %-16s %4s %9s %9s %7s %8s %13s %8s %9s %11s %14s %12s %9s\n" "$round" "$name" "$rc" "${rt:-n/a}" "${av:-n/a}" "${p5:-n/a}" "${p9:-n/a}" "$thr" \
      "$([ "$bad" = 1 ] && echo "$gen" || echo -)" "$gc" "$kb" "$pre" "$mth" "$cgc"
    if [ "$bad" = 1 ]; then b=("$rt" "$av" "$p5" "$p9" "$thr"); else a=("$rt" "$av" "$p5" "$p9" "$thr"); fi
  done
  x=$(ratio "${a[0]:-0}" "${b[0]:-0}"); r_rate+=" $x"; y=$(ratio "${a[1]:-0}" "${b[1]:-0}"); r_avg+=" $y"
  z=$(ratio "${a[2]:-0}" "${b[2]:-0}"); r_p50+=" $z"; w=$(ratio "${a[3]:-0}" "${b[3]:-0}"); r_p99+=" $w"
  v=$(ratio "${a[4]:-0}" "${b[4]:-0}"); r_thr+=" $v"
  log="$out/round$round/with-bad-clients/prov.log"
  echo "round $round: load $load_before -> $(cut -d' ' -f1-3 /proc/loadavg); ratio with/without: rate $x, avg $y, p50 $z, p99 $w," \
       "provider thread CPU $v; bad channels closed: $(grep -c '(or sent garbage)' "$log" || true) as garbage," \
       "$(grep -c 'within the initialization timeout' "$log" || true) at the handshake time limit"
done
echo "median ratio with/without over $rounds rounds: rate $(median <<<"$r_rate"), avg $(median <<<"$r_avg"), p50 $(median <<<"$r_p50")," \
     "p99 $(median <<<"$r_p99"), provider thread CPU $(median <<<"$r_thr")"
