# Sourced by the soak scripts (peer-soak.sh, hub-peer-soak.sh) once they have set repo, soak_name and soak_port, and
# before lseg-pair-setup.sh: the settings both share, and helpers for the verdict: statistics over stats CSV rows, the
# first and last window of a run compared, a verdict line per check (report; "verdict" turns FAIL on the first failed
# check), and what a log says went wrong.

# The settings both soaks share, from the environment (the scripts' headers list them), and the check of the window.
duration="${DURATION:-3600}"
rate="${UPDATE_RATE:-100000}"
item_count="${ITEM_COUNT:-10000}"
post_rate="${POSTING_RATE:-1000}"
generic_rate="${GENERIC_RATE:-1000}"
latency_rate="${LATENCY_RATE:-10}"
warmup="${WARMUP:-60}"
window="${WINDOW:-600}"
interval="${INTERVAL:-10}"
port="${PORT:-$soak_port}"
memory_growth="${MEMORY_GROWTH:-1.10}"
latency_growth="${LATENCY_GROWTH:-1.5}"
msg_file="${MSG_FILE:-$repo/../shared/reference/perftools/MsgData.xml}"
peers="${PEERS:-$repo/../shared/peers/lseg-eta-c}"
out="${OUT:-$repo/out/bench/$soak_name}"
if [ $((window * 2)) -gt "$duration" ] || [ "$window" -lt $((interval * 3)) ]; then
  echo "$soak_name: WINDOW ($window s) must be at most DURATION / 2 ($duration s) and at least 3 stats intervals" >&2; exit 2
fi

verdict=PASS

# statistic (avg or median) of the values on stdin between lines a..b (1-based, inclusive)
stat_lines() { # avg|median a b
  awk -v a="$2" -v b="$3" 'NR >= a && NR <= b && $1 != ""' | sort -g |
    awk -v how="$1" '{ v[++n] = $1 + 0; s += $1 }
      END { if (!n) print "n/a"; else if (how == "avg") printf "%.2f", s / n
            else printf "%.2f", (n % 2) ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2 }'
}
# window_ends <avg|median>: "first last" of the values on stdin (one per stats row) over the first and last WINDOW
# seconds of steady state
window_ends() {
  local values rows skip per_window
  values=$(cat); rows=$(echo "$values" | grep -c "" || true)
  skip=$((warmup / interval + 1)); per_window=$((window / interval))
  echo "$(echo "$values" | stat_lines "$1" "$skip" $((skip + per_window - 1))) $(echo "$values" | stat_lines "$1" $((rows - per_window + 1)) "$rows")"
}
# first_vs_last <file> <header> <avg|median>: window_ends of a stats CSV's column
first_vs_last() { column "$1" "$2" | window_ends "$3"; }

report() { # subject check ok(0/1) detail
  local word=ok; [ "$3" = 1 ] || { word=FAIL; verdict=FAIL; }
  printf "%-18s %-10s %-5s %s\n" "$1" "$2" "$word" "$4"
}
ratio_check() { # subject check "first last" limit unit
  local first last ratio ok
  read -r first last <<< "$3"
  ratio=$(awk -v f="$first" -v l="$last" 'BEGIN { if (f == "n/a" || l == "n/a" || f <= 0) print "n/a"; else printf "%.3f", l / f }')
  ok=$(awk -v r="$ratio" -v m="$4" 'BEGIN { print (r != "n/a" && r <= m) ? 1 : 0 }')
  report "$1" "$2" "$ok" "first ${window} s $first $5, last ${window} s $last $5: ratio $ratio (limit $4)"
}
# resident_window_ends <probe> [from] [to]: "first last": resident memory (resident_mb) over the first and last WINDOW
# seconds between from (unix s; the probe's first sample plus WARMUP when not given) and to (its last sample)
resident_window_ends() {
  local from="${2:-}" to="${3:-}"
  [ -n "$from" ] || from=$(awk -F, -v w="$warmup" 'NR == 1 { printf "%.3f", $1 + w; exit }' "$1")
  [ -n "$to" ] || to=$(tail -1 "$1" | cut -d, -f1)
  echo "$(resident_mb "$1" "$from" "$(awk -v f="$from" -v w="$window" 'BEGIN { printf "%.3f", f + w }')")" \
    "$(resident_mb "$1" "$(awk -v t="$to" -v w="$window" 'BEGIN { printf "%.3f", t - w }')" "$to")"
}
# gen0_after_warmup <probe> [start]: gen0 collections between the end of the warm-up (WARMUP seconds after start, unix
# seconds; the probe's first sample when not given) and the probe's last sample (probe: unix s, bytes, gen0, ...)
gen0_after_warmup() {
  awk -F, -v w="$warmup" -v start="${2:-}" 'NR == 1 { from = (start == "" ? $1 : start) + w } $1 >= from && first == "" { first = $3 } { last = $3 }
    END { if (first == "") print "n/a"; else print last - first }' "$1"
}
# Log lines that say something went wrong (LSEG C's tools exit 0 whatever happened).
trouble() { grep -iE "error|warning|disconnect|closed|lost|fail|refused|timed out|reset" "$@" 2>/dev/null | head -3 || true; }

# LSEG C 3.7.2's rsslConsPerf writes its latency columns (the sample counts and averages) as running totals since it
# started, where the guide's sample and our tools write each interval's own; its message counts are per interval.

# values_of <file> <header> [cumulative]: the column, one value per stats row; "cumulative" turns a running total into
# each row's own count
values_of() {
  if [ "${3:-}" = cumulative ]; then column "$1" "$2" | awk '{ print $1 - p; p = $1 }'; else column "$1" "$2"; fi
}
# cumulative_window_ends <file> <count header> <average header>: "first last": the average over the first and last
# WINDOW seconds of steady state of a running average and its running count (n_b a_b - n_a a_a) / (n_b - n_a), where
# row a ends just before the window and b is its last row
cumulative_window_ends() {
  paste -d' ' <(column "$1" "$2") <(column "$1" "$3") | awk -v skip=$((warmup / interval + 1)) -v per=$((window / interval)) '
    { n[NR] = $1; s[NR] = $1 * $2 } END { n[0] = 0; s[0] = 0
      mean(skip - 1, skip + per - 1); printf " "; mean(NR - per, NR); print "" }
    function mean(a, b) { if (a < 0 || b > NR || n[b] <= n[a]) printf "n/a"; else printf "%.2f", (s[b] - s[a]) / (n[b] - n[a]) }'
}

# all_through <file> <header> [cumulative]: "n/m": of the m stats rows after the warm-up, the n with a non-zero value
all_through() {
  values_of "$@" | awk -v skip=$((warmup / interval + 1)) 'NR >= skip { m++; if ($1 + 0 > 0) n++ } END { printf "%d/%d", n, m }'
}
# kinds_check <subject> <dir> <spec>...: each spec "name:file:header[:cumulative]" (file under dir) must be non-zero in
# at least 90% of the stats rows after the warm-up: the kind crossed the wire all through the run.
kinds_check() {
  local subject="$1" dir="$2" ok=1 detail="" name file header how share spec
  shift 2
  for spec in "$@"; do
    IFS=: read -r name file header how <<< "$spec"
    share=$(all_through "$dir/$file" "$header" "$how")
    awk -v s="$share" 'BEGIN { split(s, a, "/"); exit !(a[2] > 0 && a[1] >= 0.9 * a[2]) }' || ok=0
    detail="$detail${detail:+; }$name $share"
  done
  report "$subject" kinds "$ok" "stats rows with each kind (at least 90% of them): $detail"
}

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

# completed <subject> <dir> <rc> <ours|lseg>: the consumer whose ConsSummary.out and cons.log are in dir reached and
# completed steady state, with every image and at least 95% of the update rate
completed() {
  local s="$2/ConsSummary.out" ok=1 recv lat p50 p99 images
  read_consumer_summary "$s"
  [ "$3" = 0 ] || ok=0
  [ "$4" = lseg ] && { grep -q "^Steady State Statistics:" "$s" 2>/dev/null || ok=0; grep -qE "TEST FAILED|not reached" "$s" "$2/cons.log" 2>/dev/null && ok=0; }
  awk -v r="$recv" -v n="$rate" 'BEGIN { exit !(r >= 0.95 * n) }' || ok=0
  [ "$images" = "$item_count" ] || ok=0
  report "$1" completed "$ok" "exit $3, images $images of $item_count, ${recv%.*} updates/s, latency avg $lat us (p50 $p50, p99 $p99)"
}
