using System.Collections.Concurrent;
using System.Diagnostics;
using System.Net.Sockets;
using Eta.Codec;
using PerfTools.Common.Network;
using PerfTools.Common.Omm;
using PerfTools.Common.Threading;
using PerfTools.Common.Timing;
using Eta.Transport;
using PerfTools.Common.Provider;
using PerfTools.ProvPerf.Options;
using PerfTools.ProvPerf.Session;

namespace PerfTools.ProvPerf.Threads;

/// <summary>
/// One provider thread (guide §5.3, Figure 14): on every tick it sends each connection's update and generic
/// message bursts; in the spare time of the tick it sends outstanding refreshes (checking the clock every
/// -refreshBurstSize of them; one such burst per tick even when there is no spare time, see <see cref="RefreshTurn"/>) and reads and answers what consumers sent. Owns its connections; the main thread
/// only hands new ones over (<see cref="Add"/>: in direct mode only channels whose handshake it already completed,
/// so clients that misbehave in the handshake never reach the tick loop) and reads <see cref="Stats"/>.
/// </summary>
internal sealed class ProviderThread : ITickHandler
{
    private static readonly TimeSpan MinimumSleep = TimeSpan.FromMilliseconds(1);

    private readonly int _index;
    private readonly ProvPerfOptions _options;
    private readonly PublishingOptions _publishing;
    private readonly TextWriter _console;
    private readonly RequestDispatcher _dispatcher;
    private readonly Eta.Codec.Json.JsonFieldNames _json;
    private readonly BurstSender _bursts;
    private readonly ConcurrentQueue<Channel> _incoming = new();
    private readonly List<Connection> _connections = [];
    private readonly ChannelLoop _loop = new();
    private Thread? _thread;
    private int _connectionCount;
    private int _accepted;
    private RefreshTurn _refreshTurn;

    public ProviderThread(int index, ProvPerfOptions options, MarketPriceEncoder encoder, DataDictionary dictionary, TextWriter console)
    {
        _index = index;
        _options = options;
        _publishing = options.Publishing;
        _console = console;
        _dispatcher = new RequestDispatcher(options, dictionary, Stats);
        _json = JsonFieldNamesCache.For(dictionary);
        _bursts = new BurstSender(encoder, Stats, solicitedRefreshes: true);
    }

    public ProviderThreadStats Stats { get; } = new();

    /// <summary>Connections this thread serves (read by the main thread to balance).</summary>
    public int ConnectionCount => Volatile.Read(ref _connectionCount);

    /// <summary>Main thread: gives this thread a newly accepted connection.</summary>
    public void Add(Channel channel)
    {
        Interlocked.Increment(ref _connectionCount);
        _incoming.Enqueue(channel);
    }

    /// <summary>
    /// Starts the thread; an I/O failure that escapes the per-channel handling ends the run through <paramref name="fail"/>,
    /// any other exception through <paramref name="crashed"/> (the thread's name for messages, the exception).
    /// </summary>
    public void Start(CancellationToken stop, Action<string> fail, Action<string, Exception> crashed)
    {
        _thread = ToolThread.Start($"ProvPerf provider {_index + 1}", ThreadCpuList.Unpinned, () => Run(stop, fail),
            warning => _console.WriteLine(warning), e => crashed($"Provider thread {_index + 1}", e));
    }

    public void Join() => _thread?.Join();

    private void Run(CancellationToken stop, Action<string> fail)
    {
        if (_options.UseReactor)
        {
            new Reactor.ReactorProviderWorker(_index, _options, _incoming, Stats, _dispatcher, _bursts, _console,
                () => Interlocked.Decrement(ref _connectionCount)).Run(stop);
            return;
        }
        try
        {
            new TickLoop(SystemTimeSource.Instance, _options.TickRate).Run(this, stop);
        }
        catch (Exception e) when (e is SocketException or IOException or ObjectDisposedException)
        {
            fail($"Provider thread {_index + 1} stopped: {e.Message}");
        }
        finally
        {
            foreach (Connection connection in _connections)
                connection.Channel.Dispose();
            _connections.Clear();
            while (_incoming.TryDequeue(out Channel? pending))
                pending.Close();
        }
    }

    public void OnTick(long tickNumber)
    {
        TakeNewConnections();
        _refreshTurn.NewTick();
        long now = Stopwatch.GetTimestamp();
        if (tickNumber % _options.TickRate == 0)
            CheckHealth(now);
        for (int i = _connections.Count - 1; i >= 0; i--)
        {
            Connection c = _connections[i];
            if (!c.Channel.IsActive)
                continue;
            bool ok = _bursts.StartUpdates(c.Session, tickNumber, now) && _bursts.SendGenericMsgs(c.Session, tickNumber)
                      && _dispatcher.SendRoundTripIfDue(c.Session, now) && c.Channel.EndBurst();
            if (!ok)
                Drop(i, c.Channel.FailureText ?? "write failed");
        }
    }

    // Once a second: pings (sending them, and closing a channel whose consumer went silent for the ping timeout)
    // and the stall limit (closing a channel whose consumer stopped reading for -stallTimeout).
    private void CheckHealth(long now)
    {
        for (int i = _connections.Count - 1; i >= 0; i--)
        {
            PublishingChannel channel = _connections[i].Channel;
            if (channel.IsActive && (!channel.CheckPings() || channel.IsStalled(now)))
                Drop(i, channel.FailureText ?? "ping check failed");
        }
    }

    public void OnSpareTime(TimeSpan untilNextTick)
    {
        if (_refreshTurn.IsDue(untilNextTick))
        {
            _refreshTurn.Taken();
            if (SendRefreshBurst() && untilNextTick > TimeSpan.Zero)
                return;
        }
        WaitAndRead(SendDueSlices(untilNextTick));
    }

    // The update slices that fell due (UpdateSlices); returns how long the thread may wait: until the next slice or tick.
    private TimeSpan SendDueSlices(TimeSpan untilNextTick)
    {
        long now = Stopwatch.GetTimestamp();
        long next = long.MaxValue;
        for (int i = _connections.Count - 1; i >= 0; i--)
        {
            Connection c = _connections[i];
            if (!c.Channel.IsActive)
                continue;
            int sent = _bursts.SendDueUpdates(c.Session, now);
            if (sent < 0 || (sent > 0 && !c.Channel.EndBurst()))
            {
                Drop(i, c.Channel.FailureText ?? "write failed");
                continue;
            }
            next = Math.Min(next, c.Session.Slices.NextSliceAt(now));
        }
        return UpdateSlices.WaitBefore(now, next, untilNextTick);
    }

    // Sends up to -refreshBurstSize refreshes per connection; true when any were sent (the loop then checks the clock).
    private bool SendRefreshBurst()
    {
        bool sent = false;
        for (int i = _connections.Count - 1; i >= 0; i--)
        {
            Connection c = _connections[i];
            if (!c.Channel.IsActive || c.Session.Items.RefreshesPending == 0)
                continue;
            int count = _bursts.SendRefreshes(c.Session, _options.RefreshBurstSize);
            if (count < 0)
            {
                Drop(i, c.Channel.FailureText ?? "write failed");
                continue;
            }
            sent |= count > 0;
            if (!c.Channel.EndBurst())
                Drop(i, c.Channel.FailureText ?? "write failed");
        }
        return sent;
    }

    // The channel loop: it waits for readiness and reads a bounded slice only from the connections that have input,
    // dispatching each request as it comes; then each connection flushes what the requests queued.
    private void WaitAndRead(TimeSpan timeout)
    {
        if (_loop.Count == 0)
        {
            // No connection yet: sleep out the tick (at least the 1 ms the OS can time).
            if (timeout > TimeSpan.Zero)
                Thread.Sleep(timeout < MinimumSleep ? MinimumSleep : timeout);
            return;
        }
        _loop.Pump(timeout);
        for (int i = _connections.Count - 1; i >= 0; i--)
        {
            Connection c = _connections[i];
            string? failure = c.Reader.LastOutcome switch
            {
                ReadSliceOutcome.Failed => c.Channel.ReadFailed(),
                ReadSliceOutcome.Stopped => c.Problem ?? "request refused",
                _ => c.Channel.Flush() ? null : c.Channel.FailureText ?? "flush failed",
            };
            if (failure is not null)
                Drop(i, failure);
        }
    }

    private void TakeNewConnections()
    {
        while (_incoming.TryDequeue(out Channel? accepted))
        {
            string name = accepted.Socket.RemoteEndPoint?.ToString() ?? $"{_index + 1}.{++_accepted}";
            var channel = new PublishingChannel(accepted, name, _publishing, Stats, _json);
            var session = new ProviderSession(channel.Name, channel, _console,
                new MessagePacer(_options.UpdateRate, LatencyRate(_options.LatencyUpdateRate, _options.UpdateRate), _options.TickRate),
                _options.GenericMsgRate > 0
                    ? new MessagePacer(_options.GenericMsgRate, LatencyRate(_options.GenericMsgLatencyRate, _options.GenericMsgRate), _options.TickRate)
                    : null);
            var connection = new Connection(channel, session, _dispatcher);
            _connections.Add(connection);
            // The main thread ran the handshake (ProvPerfApp's acceptor): this only applies the channel's settings.
            if (channel.Initialize() != ConnectionProgress.Active)
            {
                Drop(_connections.Count - 1, channel.FailureText ?? "initialization failed");
                continue;
            }
            _console.WriteLine($"Client channel {channel.Name} is active.");
            _loop.Add(connection.Reader);
        }
    }

    private static int LatencyRate(int latencyRate, int rate) =>
        latencyRate == ProvPerfOptions.AllMessages ? rate : Math.Min(latencyRate, rate);

    private void Drop(int index, string reason)
    {
        Connection c = _connections[index];
        _console.WriteLine($"Channel {c.Channel.Name} closed: {reason}");
        _loop.Remove(c.Reader);
        c.Channel.Dispose();
        c.Session.Items.Clear();
        _connections.RemoveAt(index);
        Interlocked.Decrement(ref _connectionCount);
    }

    // One consumer connection: its channel, its session, and its reads (each request dispatched as it is read).
    private sealed class Connection : IMessageHandler
    {
        private readonly RequestDispatcher _dispatcher;

        public Connection(PublishingChannel channel, ProviderSession session, RequestDispatcher dispatcher)
        {
            Channel = channel;
            Session = session;
            _dispatcher = dispatcher;
            Reader = new ChannelReader(channel.Port, this);
        }

        public PublishingChannel Channel { get; }

        public ProviderSession Session { get; }

        public ChannelReader Reader { get; }

        /// <summary>Why a request made the connection close (the read slice then ends Stopped).</summary>
        public string? Problem { get; private set; }

        public bool OnMessage(ReadOnlySpan<byte> message)
        {
            if (_dispatcher.Dispatch(Session, message, out string? problem))
                return true;
            Problem = problem;
            return false;
        }
    }
}
