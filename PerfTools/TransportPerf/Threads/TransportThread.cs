using System.Diagnostics;
using System.Threading.Channels;
using PerfTools.Common.Lifetime;
using PerfTools.Common.Network;
using PerfTools.Common.Provider;
using PerfTools.Common.Timing;
using PerfTools.TransportPerf.Network;
using PerfTools.TransportPerf.Options;
using PerfTools.TransportPerf.Session;
using PerfTools.TransportPerf.Statistics;

namespace PerfTools.TransportPerf.Threads;

/// <summary>
/// One transport thread (§7.3 phase 2): takes connections handed over by the main thread, sends a burst on each
/// of them every tick (in slices spread over the tick, see <see cref="UpdateSlices"/>), and spends the rest of the
/// tick reading (waiting on socket readiness, or polling with -busyRead). A client's connection closing ends the test; a server keeps serving its other connections.
/// </summary>
internal sealed class TransportThread : ITickHandler
{
    private static readonly TimeSpan DrainLimit = TimeSpan.FromSeconds(5);
    private static readonly TimeSpan DrainStall = TimeSpan.FromSeconds(1);
    private static readonly TimeSpan DrainPoll = TimeSpan.FromMilliseconds(10);

    private readonly TransportPerfOptions _options;
    private readonly TransportThreadStats _stats;
    private readonly ShutdownSignal _shutdown;
    private readonly TextWriter _console;
    private readonly Channel<IPerfChannel> _handoff = System.Threading.Channels.Channel.CreateUnbounded<IPerfChannel>(
        new UnboundedChannelOptions { SingleReader = true });
    private readonly List<TransportSession> _sessions = [];
    private readonly ChannelLoop _loop;
    private readonly bool _sends;
    private int _connectionCount;
    private long _pingSecond = -1;

    public TransportThread(TransportPerfOptions options, TransportThreadStats stats, ShutdownSignal shutdown, TextWriter console)
    {
        _options = options;
        _stats = stats;
        _shutdown = shutdown;
        _console = console;
        _sends = options.EffectiveMsgRate > 0;
        _loop = new ChannelLoop(ChannelLoop.DefaultReadsPerSlice, busyRead: options.BusyRead);
    }

    public TransportThreadStats Stats => _stats;

    /// <summary>Why this thread's last closed connection closed; null while none has.</summary>
    public string? LastCloseReason { get; private set; }

    /// <summary>Connections handed to this thread so far (the main thread balances on it).</summary>
    public int ConnectionCount => Volatile.Read(ref _connectionCount);

    /// <summary>Main thread: passes an active connection to this thread.</summary>
    public void Add(IPerfChannel channel)
    {
        Interlocked.Increment(ref _connectionCount);
        if (!_handoff.Writer.TryWrite(channel))
            channel.Dispose();
    }

    /// <summary>Runs the tick loop on the calling (pinned) thread until shutdown, then closes its connections.</summary>
    public void Run()
    {
        try
        {
            new TickLoop(SystemTimeSource.Instance, _options.TickRate).Run(this, _shutdown.Token);
        }
        finally
        {
            foreach (TransportSession session in _sessions)
            {
                session.EndTick();
                DrainOutput(session);
                session.Channel.Dispose();
            }
            _sessions.Clear();
            _handoff.Writer.TryComplete();
            while (_handoff.Reader.TryRead(out IPerfChannel? pending))
                pending.Dispose();
        }
    }

    public void OnTick(long tickNumber)
    {
        while (_handoff.Reader.TryRead(out IPerfChannel? channel))
        {
            _stats.MarkConnected(Stopwatch.GetTimestamp());
            var session = new TransportSession(channel, _options, _stats, seed: _stats.ThreadNumber * 7919 + _sessions.Count);
            _sessions.Add(session);
            _loop.Add(session.Reader);
        }
        if (_sends)
        {
            long now = Stopwatch.GetTimestamp();
            foreach (TransportSession session in _sessions)
                session.SendBurst(tickNumber, now);
        }
        // Once a second; by the second's number, since a thread far behind skips ticks (TickScheduler.MaxCatchUp).
        long second = tickNumber / _options.TickRate;
        if (second != _pingSecond)
        {
            _pingSecond = second;
            foreach (TransportSession session in _sessions)
                session.CheckPings();
        }
        RemoveClosedSessions();
    }

    public void OnSpareTime(TimeSpan untilNextTick)
    {
        long now = Stopwatch.GetTimestamp();
        long nextSend = long.MaxValue;
        foreach (TransportSession session in _sessions)
        {
            session.FlushAndSendDue(now);
            nextSend = Math.Min(nextSend, session.NextSendAt(now));
        }

        if (_sessions.Count == 0)
        {
            _shutdown.Token.WaitHandle.WaitOne(PollTimeout.Milliseconds(untilNextTick));
            return;
        }
        // Until the next slice of a burst falls due (UpdateSlices), the next tick, or a socket is ready.
        _loop.Pump(UpdateSlices.WaitBefore(now, nextSend, untilNextTick));
        // Reflected messages leave at the end of the slice that read them, not on the next pass.
        now = Stopwatch.GetTimestamp();
        foreach (TransportSession session in _sessions)
        {
            if (session.AfterRead() != ChannelResult.Closed)
                session.FlushAndSendDue(now);
        }
        RemoveClosedSessions();
    }

    // Output queued at the end of the run is written while the peer keeps taking it (up to DrainLimit; a peer that
    // takes nothing for DrainStall has stopped reading), so the messages counted as sent reach the wire.
    private static void DrainOutput(TransportSession session)
    {
        long start = Stopwatch.GetTimestamp(), lastProgress = start;
        while (session.FlushIfQueued() == ChannelResult.Queued)
        {
            long now = Stopwatch.GetTimestamp();
            if (Stopwatch.GetElapsedTime(start, now) > DrainLimit
                || Stopwatch.GetElapsedTime(lastProgress, now) > DrainStall)
                return;
            try
            {
                if (session.Channel.Port.Socket.Poll(DrainPoll, System.Net.Sockets.SelectMode.SelectWrite))
                    lastProgress = now;
            }
            catch (Exception e) when (e is System.Net.Sockets.SocketException or ObjectDisposedException)
            {
                return; // the connection is gone: nothing more can be written
            }
        }
    }

    private void RemoveClosedSessions()
    {
        for (int i = _sessions.Count - 1; i >= 0; i--)
        {
            TransportSession session = _sessions[i];
            if (!session.IsClosed)
                continue;
            LastCloseReason = session.Channel.CloseReason ?? "closed by peer";
            _console.WriteLine($"Channel {session.Channel.Description} closed: {LastCloseReason}");
            session.Channel.Dispose();
            _loop.Remove(session.Reader);
            _sessions.RemoveAt(i);
            Interlocked.Decrement(ref _connectionCount);
            // Client: any disconnection ends the test (§4.2.1, §7.3).
            if (_options.AppType == AppType.Client)
                _shutdown.Request(ShutdownReason.PeerDisconnected);
        }
    }
}
