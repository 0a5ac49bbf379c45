using System.Net.Sockets;
using System.Threading.Channels;
using PerfTools.Common.Lifetime;
using PerfTools.Common.Timing;
using PerfTools.TransportPerf.Network;
using PerfTools.TransportPerf.Options;
using PerfTools.TransportPerf.Session;
using PerfTools.TransportPerf.Statistics;

namespace PerfTools.TransportPerf.Threads;

/// <summary>
/// One transport thread (§7.3 phase 2): takes connections handed over by the main thread, sends a burst on each
/// of them every tick, and spends the rest of the tick reading (waiting on socket readiness, or polling with
/// -busyRead). A client's connection closing ends the test; a server keeps serving its other connections.
/// </summary>
internal sealed class TransportWorker : ITickHandler
{
    private readonly TransportPerfOptions _options;
    private readonly TransportThreadStats _stats;
    private readonly ShutdownSignal _shutdown;
    private readonly TextWriter _console;
    private readonly Channel<IPerfChannel> _handoff = System.Threading.Channels.Channel.CreateUnbounded<IPerfChannel>(
        new UnboundedChannelOptions { SingleReader = true });
    private readonly List<ConnectionSession> _sessions = [];
    private readonly List<Socket> _readable = [];
    private readonly bool _sends;
    private int _connectionCount;

    public TransportWorker(TransportPerfOptions options, TransportThreadStats stats, ShutdownSignal shutdown, TextWriter console)
    {
        _options = options;
        _stats = stats;
        _shutdown = shutdown;
        _console = console;
        _sends = options.EffectiveMsgRate > 0;
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
            foreach (ConnectionSession session in _sessions)
            {
                session.FlushIfQueued();
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
            _sessions.Add(new ConnectionSession(channel, _options, _stats, seed: _stats.ThreadNumber * 7919 + _sessions.Count));
            _stats.MarkConnected(System.Diagnostics.Stopwatch.GetTimestamp());
        }
        if (_sends)
        {
            foreach (ConnectionSession session in _sessions)
                session.SendBurst();
        }
        if (tickNumber % _options.TickRate == 0)
        {
            foreach (ConnectionSession session in _sessions)
                session.CheckPings();
        }
        RemoveClosedSessions();
    }

    public void OnSpareTime(TimeSpan untilNextTick)
    {
        foreach (ConnectionSession session in _sessions)
            session.FlushIfQueued();

        if (_sessions.Count == 0)
        {
            _shutdown.Token.WaitHandle.WaitOne(PollTimeout.Milliseconds(untilNextTick));
            return;
        }
        if (_options.BusyRead || AnyBufferedInput())
        {
            foreach (ConnectionSession session in _sessions)
                session.Read();
        }
        else
        {
            WaitAndRead(untilNextTick);
        }
        RemoveClosedSessions();
    }

    private void WaitAndRead(TimeSpan untilNextTick)
    {
        // Rounded up to whole milliseconds: a truncated sub-millisecond wait would spin (see PollTimeout).
        int microseconds = PollTimeout.Microseconds(untilNextTick);
        if (_sessions.Count == 1)
        {
            ConnectionSession only = _sessions[0];
            if (Poll(only.Channel.Socket, microseconds))
                only.Read();
            return;
        }
        _readable.Clear();
        foreach (ConnectionSession session in _sessions)
            _readable.Add(session.Channel.Socket);
        try
        {
            Socket.Select(_readable, null, null, microseconds);
        }
        catch (SocketException)
        {
            // A socket failed under us; reading every session surfaces which one closed.
            _readable.Clear();
            foreach (ConnectionSession session in _sessions)
                _readable.Add(session.Channel.Socket);
        }
        catch (ObjectDisposedException)
        {
            return;
        }
        foreach (ConnectionSession session in _sessions)
        {
            if (_readable.Contains(session.Channel.Socket))
                session.Read();
        }
    }

    private static bool Poll(Socket socket, int microseconds)
    {
        try
        {
            return socket.Poll(microseconds, SelectMode.SelectRead);
        }
        catch (SocketException)
        {
            return true; // let Read report the failure
        }
        catch (ObjectDisposedException)
        {
            return true;
        }
    }

    private bool AnyBufferedInput()
    {
        foreach (ConnectionSession session in _sessions)
        {
            if (session.Channel.HasBufferedInput)
                return true;
        }
        return false;
    }

    private void RemoveClosedSessions()
    {
        for (int i = _sessions.Count - 1; i >= 0; i--)
        {
            ConnectionSession session = _sessions[i];
            if (!session.IsClosed)
                continue;
            LastCloseReason = session.Channel.CloseReason ?? "closed by peer";
            _console.WriteLine($"Channel {session.Channel.Description} closed: {LastCloseReason}");
            session.Channel.Dispose();
            _sessions.RemoveAt(i);
            Interlocked.Decrement(ref _connectionCount);
            // Client: any disconnection ends the test (§4.2.1, §7.3).
            if (_options.AppType == AppType.Client)
                _shutdown.Request(ShutdownReason.PeerDisconnected);
        }
    }
}
