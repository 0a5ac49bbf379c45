# Helpers the benchmark scripts source (not run on its own): reading the tools' summary files, their stats CSVs and the
# AllocationProbe's samples.

# value of "  <label>: <number>" in the given section of a summary file
field() { # file section label
  awk -v section="$2" -v label="$3" '
    $0 == section { inside = 1; next }
    /^[A-Z].*:$/ || /^---/ { if (inside && $0 != section) inside = 0 }
    inside && index($0, "  " label ": ") == 1 { sub(".*: ", ""); print; exit }' "$1"
}

# bytes allocated per second over a window of wall-clock time: slope of the probe samples
alloc_rate() { # probe file, window start (s), window end (s)
  awk -F, -v a="$2" -v b="$3" '
    $1 >= a && first == "" { first = $1; fa = $2 }
    $1 <= b { last = $1; la = $2 }
    END { if (first != "" && last > first) printf "%.0f", (la - fa) / (last - first); else print "n/a" }' "$1"
}

# average resident memory (VmRSS, the probe's 7th column, in MB) of the probe samples between two wall-clock times:
# what the process holds at each moment, where the stats files' memory column is the guide's peak working set, which
# never comes down, so a rise under load that is given back would read there as a leak
resident_mb() { # probe file, from (s), to (s)
  awk -F, -v a="$2" -v b="$3" '$1 >= a && $1 <= b && $7 != "" { s += $7; n++ }
    END { if (n) printf "%.2f", s / n / 1024; else print "n/a" }' "$1"
}

# bytes per message: an allocation rate (B/s) over a message rate (msgs/s)
per_msg() { # bytes per second, messages per second
  awk -v a="$1" -v r="$2" 'BEGIN { if (a == "n/a" || r == "" || r <= 0) print "n/a"; else printf "%.2f", a / r }'
}

# column of a stats CSV (", "-separated, header in row 1) by header name, from row 2 on, one value per line; the name
# in any case (LSEG C's tools write "GenMsg latencies received" where the guide and ours write "Latencies")
column() { # file header
  awk -F', *' -v h="$2" 'NR == 1 { for (i = 1; i <= NF; i++) if (tolower($i) == tolower(h)) c = i; next } c { print $c }' "$1"
}
