# Sourced by latency-ladder.sh and websocket.sh once they have set repo, msg_file, peers and out: checks the
# inputs, builds ProvPerf and ConsPerf, prepares the working directory of LSEG C's tools, and defines the helpers both
# scripts use (bin, cleanup of $pids on exit, load, cpu_ticks, listening).
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
listening() { ss -ltn 2>/dev/null | grep -q ":$1 "; }
