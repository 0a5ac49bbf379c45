#!/usr/bin/env python3
"""Our TransportPerf beside LSEG C's rsslTransportPerf (ETA C 3.7.2), the same cases in the same run (issue 24).

For each case both pairs (ours: our server and client; LSEG: LSEG's server and client) run one after the other on
127.0.0.1 with the same options, and the script prints, side by side with the ratio ours / LSEG:
  msg/s     messages received per second over the steady part of the run (the receiver's stats rows, 1 s each,
            without the first two and the last one);
  lat avg / p50 / p99   from the receiver's -latencyFile (every latency sample): the round trip in the reflect case,
            the one-way time (same host, same clock) in the others;
  CPU ns/msg  sender's and receiver's process CPU time (/proc/<pid>/stat) over the steady part, per message received;
  alloc B/msg (ours only) the summary's managed bytes allocated per message sent or received after its first
            stats interval with messages (the connections' buffer pools are allocated before), the worse of the two sides.
The goals of issue 24 are checked at the end: msg/s >= 1.2x LSEG's in every blast case, latency avg <= LSEG's at
3 M/s, 0 bytes allocated per message. Give the load average with every figure (printed before and after each case).

Usage: PerfTools/TransportPerf/bench/vs-lseg-c.py [seconds per run, default 10] [case name substring ...]
Environment: PORT (first port, default 15520), PEERS (default ../shared/peers from the repository root),
             ROUNDS (default 1: each case runs ours then LSEG's, ROUNDS times, alternating which goes first).
             SERVER_ARGS, CLIENT_ARGS (extra options for both implementations' server or client, e.g.
             SERVER_ARGS="-threads 0" CLIENT_ARGS="-threads 1" to pin each side to its own CPU).
"""
import glob
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))


def find_peers():
    """../shared/peers from the repository root (or from a folder above it: a git worktree elsewhere)."""
    here = ROOT
    while True:
        candidate = os.path.join(os.path.dirname(here), "shared", "peers")
        if os.path.isdir(candidate) or os.path.dirname(here) == here:
            return candidate
        here = os.path.dirname(here)


PEERS = os.environ.get("PEERS") or find_peers()
LSEG = os.path.join(PEERS, "lseg-eta-c", "bin", "rsslTransportPerf")
OURS = os.path.join(ROOT, "PerfTools", "TransportPerf", "bin", "Release", "net10.0", "TransportPerf.dll")
CLK_TCK = os.sysconf("SC_CLK_TCK")

SECONDS = int(sys.argv[1]) if len(sys.argv) > 1 else 10
ONLY = sys.argv[2:]
ROUNDS = int(os.environ.get("ROUNDS", "1"))
port = int(os.environ.get("PORT", "15520"))


def case(name, server, client, sender, goal):
    return {"name": name, "server": server, "client": client, "sender": sender, "goal": goal}


def blast(size, pack, rate, sender):
    packing = ["-pack", str(pack)] if pack > 1 else []
    send = ["-msgRate", str(rate), "-latencyMsgRate", "100", "-msgSize", str(size)] + packing
    receive = ["-msgRate", "0", "-latencyMsgRate", "0"]
    direction = "server->client" if sender == "server" else "client->server"
    name = f"{size} B {'packed ' + str(pack) if pack > 1 else 'unpacked'}, {rate // 1_000_000} M/s asked, {direction}"
    return case(name, send if sender == "server" else receive, receive if sender == "server" else send, sender, "rate")


CASES = [
    case("reflect 10,000 msg/s, 76 B, every message timed (round trip)",
         ["-reflectMsgs"], ["-msgRate", "10000", "-latencyMsgRate", "all"], "client", None),
    case("150 B packed 20, 3 M/s, server->client, 1000 latency msgs/s",
         ["-msgRate", "3000000", "-latencyMsgRate", "1000", "-msgSize", "150", "-pack", "20"],
         ["-msgRate", "0", "-latencyMsgRate", "0"], "server", "latency"),
] + [blast(size, pack, rate, sender)
     for size, pack in ((150, 20), (76, 1))
     for rate in (6_000_000, 20_000_000)
     for sender in ("server", "client")]


def loadavg():
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


def cpu_seconds(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / CLK_TCK  # utime, stime
    except (OSError, IndexError):
        return None


def local_port_in_state(p, state):
    """True when a TCP socket on local port p is in state (hex, as /proc/net/tcp writes it)."""
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            with open(table) as f:
                for line in f.readlines()[1:]:
                    cols = line.split()
                    if cols[3] == state and int(cols[1].rsplit(":", 1)[1], 16) == p:
                        return True
        except OSError:
            pass
    return False


def listening(p):
    return local_port_in_state(p, "0A")


def connected(p):
    """True once a connection to the server's port is established: the client's run has started (ours rehearse first)."""
    return local_port_in_state(p, "01")


def command(impl, args):
    return ([LSEG] if impl == "lseg" else ["dotnet", OURS]) + args


def run_pair(impl, c, workdir):
    """Runs one server/client pair; returns the figures."""
    global port
    port += 1
    common = ["-tickRate", "1000", "-writeStatsInterval", "1", "-noDisplayStats"]
    # The server outlives the client's rehearsal (ours: up to 5 s before it connects) and run; it is stopped by Ctrl+C.
    server_args = ["-appType", "server", "-p", str(port), "-runTime", str(SECONDS + 20)] + common + c["server"] + [
        "-summaryFile", "srv.out", "-statsFile", "SrvStats", "-latencyFile", "SrvLat"]
    client_args = ["-appType", "client", "-h", "127.0.0.1", "-p", str(port), "-runTime", str(SECONDS)] + common + c["client"] + [
        "-summaryFile", "cli.out", "-statsFile", "CliStats", "-latencyFile", "CliLat"]
    server_args += os.environ.get("SERVER_ARGS", "").split()
    client_args += os.environ.get("CLIENT_ARGS", "").split()
    env = dict(os.environ, HOME=workdir)
    with open(os.path.join(workdir, "srv.log"), "w") as srv_log, open(os.path.join(workdir, "cli.log"), "w") as cli_log:
        server = subprocess.Popen(command(impl, server_args), cwd=workdir, stdout=srv_log, stderr=subprocess.STDOUT, env=env)
        try:
            deadline = time.time() + 30
            while not listening(port) and time.time() < deadline and server.poll() is None:
                time.sleep(0.05)
            client = subprocess.Popen(command(impl, client_args), cwd=workdir, stdout=cli_log, stderr=subprocess.STDOUT, env=env)
            started = None  # when the client connected: its run time starts there, after our tools' rehearsal
            samples = []  # (time since connected, server cpu, client cpu)
            while client.poll() is None:
                if started is None and connected(port):
                    started = time.time()
                if started is not None:
                    samples.append((time.time() - started, cpu_seconds(server.pid), cpu_seconds(client.pid)))
                time.sleep(0.25 if started is not None else 0.02)
            server.send_signal(signal.SIGINT)  # Ctrl+C: both tools end their run and write their summary
            server.wait(timeout=30)
        finally:
            if server.poll() is None:
                server.kill()
    receiver = "cli" if c["sender"] == "server" else "srv"
    if c["server"][:1] == ["-reflectMsgs"]:
        receiver = "cli"
    return figures(workdir, receiver, c["sender"], samples)


def stats_rows(workdir, prefix):
    files = sorted(glob.glob(os.path.join(workdir, prefix + "*.csv")))
    rows = []
    for path in files:
        with open(path) as f:
            for line in f.readlines()[1:]:
                cells = [x.strip() for x in line.split(",")]
                if len(cells) >= 5:
                    rows.append([int(cells[1]), int(cells[3])])  # msgs sent, msgs received
    return rows


def steady(values):
    """Per-second figures without the first two and the last one (connection, warm-up, partial end)."""
    nonzero = [i for i, v in enumerate(values) if v > 0]
    if not nonzero:
        return []
    inner = values[nonzero[0] + 2:nonzero[-1]]
    return inner if inner else values[nonzero[0]:nonzero[-1] + 1]


def latencies(workdir, side):
    values = []
    for path in glob.glob(os.path.join(workdir, ("CliLat" if side == "cli" else "SrvLat") + "*.csv")):
        with open(path) as f:
            for line in f.readlines()[1:]:
                parts = line.split(",")
                if len(parts) == 3:
                    values.append(int(parts[2]))
    return values


def summary_value(workdir, side, label):
    for path in glob.glob(os.path.join(workdir, side + ".out*")):
        with open(path) as f:
            m = re.search(r"^\s*" + re.escape(label) + r": ([0-9.]+)", f.read(), re.M)
            if m:
                return float(m.group(1))
    return None


def figures(workdir, receiver, sender, samples):
    rows = stats_rows(workdir, "CliStats" if receiver == "cli" else "SrvStats")
    rates = steady([r[1] for r in rows])
    rate = statistics.mean(rates) if rates else 0.0
    lat = sorted(latencies(workdir, receiver))
    lat_avg = statistics.mean(lat) / 1000 if lat else None
    lat_p50 = lat[len(lat) // 2] / 1000 if lat else None
    lat_p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))] / 1000 if lat else None
    # CPU over the steady window: from 3 s after the client connected to 1 s before its run time ends.
    window = [s for s in samples if 3 <= s[0] <= SECONDS - 1 and s[1] is not None and s[2] is not None]
    cpu = {"server": None, "client": None}
    if len(window) >= 2 and rate > 0:
        dt = window[-1][0] - window[0][0]
        cpu["server"] = (window[-1][1] - window[0][1]) / dt / rate * 1e9
        cpu["client"] = (window[-1][2] - window[0][2]) / dt / rate * 1e9
    other = "client" if sender == "server" else "server"
    alloc = summary_value(workdir, receiver, "Bytes allocated per message after the first interval")
    alloc_sender = summary_value(workdir, "srv" if receiver == "cli" else "cli", "Bytes allocated per message after the first interval")
    return {"rate": rate, "lat_avg": lat_avg, "lat_p50": lat_p50, "lat_p99": lat_p99, "cpu_send": cpu[sender], "cpu_recv": cpu[other],
            "alloc": max([a for a in (alloc, alloc_sender) if a is not None], default=None), "samples": len(lat)}


def fmt(v, digits=1):
    return "-" if v is None else f"{v:,.{digits}f}"


def ratio(a, b):
    return None if a is None or b is None or b == 0 else a / b


def main():
    for tool in (LSEG, OURS):
        if not os.path.exists(tool):
            sys.exit(f"missing {tool} (build ours: dotnet build {ROOT}/PerfTools/TransportPerf -c Release; LSEG's: see {PEERS}/README.md)")
    etc = os.path.join(PEERS, "lseg-eta-c", "etc")
    print(f"# TransportPerf vs LSEG C rsslTransportPerf, {SECONDS} s per run, load average {loadavg()}, {time.strftime('%Y-%m-%d %H:%M:%S', time.gmtime())} UTC")
    if os.environ.get("SERVER_ARGS") or os.environ.get("CLIENT_ARGS"):
        print(f"# both implementations: server {os.environ.get('SERVER_ARGS', '')!r}, client {os.environ.get('CLIENT_ARGS', '')!r}")
    results = []
    for c in CASES:
        if ONLY and not any(o in c["name"] for o in ONLY):
            continue
        print(f"\n## {c['name']}   (load before: {loadavg()})")
        figs = {"ours": [], "lseg": []}
        for r in range(ROUNDS):
            order = ("ours", "lseg") if r % 2 == 0 else ("lseg", "ours")
            for impl in order:
                workdir = tempfile.mkdtemp(prefix=f"tpbench-{impl}-")
                for name in os.listdir(etc) if os.path.isdir(etc) else []:
                    os.symlink(os.path.join(etc, name), os.path.join(workdir, name))
                try:
                    figs[impl].append(run_pair(impl, c, workdir))
                finally:
                    shutil.rmtree(workdir, ignore_errors=True)

        def med(impl, key):
            vals = [f[key] for f in figs[impl] if f[key] is not None]
            return statistics.median(vals) if vals else None

        o = {k: med("ours", k) for k in ("rate", "lat_avg", "lat_p50", "lat_p99", "cpu_send", "cpu_recv", "alloc")}
        l = {k: med("lseg", k) for k in ("rate", "lat_avg", "lat_p50", "lat_p99", "cpu_send", "cpu_recv")}
        print(f"{'':22}{'ours':>14}{'LSEG C':>14}{'ours/LSEG':>11}")
        for key, label, digits in (("rate", "msg/s received", 0), ("lat_avg", "latency avg (us)", 1),
                                   ("lat_p50", "latency p50 (us)", 1), ("lat_p99", "latency p99 (us)", 1), ("cpu_send", "CPU ns/msg sender", 1),
                                   ("cpu_recv", "CPU ns/msg receiver", 1)):
            print(f"{label:22}{fmt(o[key], digits):>14}{fmt(l[key], digits):>14}{fmt(ratio(o[key], l[key]), 2):>10}x")
        print(f"{'alloc B/msg (ours)':22}{fmt(o['alloc'], 3):>14}")
        print(f"(load after: {loadavg()})")
        results.append((c, o, l))

    print("\n# Goals (issue 24)")
    for c, o, l in results:
        if c["goal"] == "rate":
            r = ratio(o["rate"], l["rate"])
            print(f"{'met' if r is not None and r >= 1.2 else 'NOT met':8} msg/s >= 1.2x LSEG: {fmt(r, 2)}x  {c['name']}")
        elif c["goal"] == "latency":
            r = ratio(o["lat_avg"], l["lat_avg"])
            print(f"{'met' if r is not None and r <= 1.0 else 'NOT met':8} latency avg <= LSEG: {fmt(r, 2)}x  {c['name']}")
    allocs = [o["alloc"] for _, o, _ in results if o["alloc"] is not None]
    worst = max(allocs) if allocs else None
    print(f"{'met' if worst is not None and worst < 0.01 else 'NOT met':8} 0 bytes allocated per message: worst run {fmt(worst, 3)} B/msg (after the first interval)")
    print(f"load average at the end: {loadavg()}")


if __name__ == "__main__":
    main()
