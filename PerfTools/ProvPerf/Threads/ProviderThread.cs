using System.Collections.Concurrent;
using System.Diagnostics;
using System.Net.Sockets;
using Eta.Codec;
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
/// -refreshBurstSize of them) and reads and answers what consumers sent. Owns its connections; the main thread
/// only hands new ones over (<see cref="Add"/>) and reads <see cref="Stats"/>.
/// </summary>
internal sealed class ProviderThread : ITickHandler
{
    private static readonly TimeSpan MinimumSleep = TimeSpan.FromMilliseconds(1);

    private readonly int _index;
    private readonly ProvPerfOptions _options;
    private readonly PublishingOptions _publishing;
    private readonly TextWriter _console;
    private readonly RequestDispatcher _dispatcher;
    private readonly BurstSender _bursts;
    private readonly ConcurrentQueue<Channel> _incoming = new();
    private readonly List<Connection> _connections = [];
    private readonly List<Socket> _readable = [];
    private Thread? _thread;
    private int _connectionCount;
    private int _accepted;

    public ProviderThread(int index, ProvPerfOptions options, MarketPriceEncoder encoder, DataDictionary dictionary, TextWriter console)
    {
        _index = index;
        _options = options;
        _publishing = options.Publishing;
        _console = console;
        _dispatcher = new RequestDispatcher(options, dictionary, Stats);
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

    /// <summary>Starts the thread; an I/O failure that escapes the per-channel handling ends the run through <paramref name="fail"/>.</summary>
    public void Start(CancellationToken stop, Action<string> fail)
    {
        _thread = ToolThread.Start($"ProvPerf provider {_index + 1}", ThreadCpuList.Unpinned, () => Run(stop, fail),
            warning => _console.WriteLine(warning));
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
        long now = Stopwatch.GetTimestamp();
        if (tickNumber % _options.TickRate == 0)
            CheckHealth(now);
        for (int i = _connections.Count - 1; i >= 0; i--)
        {
            Connection c = _connections[i];
            if (!c.Channel.IsActive)
                continue;
            bool ok = _bursts.SendUpdates(c.Session) && _bursts.SendGenericMsgs(c.Session)
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
        if (untilNextTick > TimeSpan.Zero && SendRefreshBurst())
            return;
        WaitAndRead(untilNextTick);
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

    private void WaitAndRead(TimeSpan timeout)
    {
        _readable.Clear();
        bool buffered = false;
        foreach (Connection c in _connections)
        {
            _readable.Add(c.Channel.Socket);
            buffered |= c.Channel.HasBufferedInput;
        }
        if (_readable.Count == 0)
        {
            // Nothing to serve: sleep out the tick (at least the 1 ms the OS can time) instead of spinning.
            if (timeout > TimeSpan.Zero)
                Thread.Sleep(timeout < MinimumSleep ? MinimumSleep : timeout);
            return;
        }
        if (!buffered)
        {
            // Select cuts a sub-millisecond timeout to 0, which would spin a core; PollTimeout rounds it up.
            int micros = PollTimeout.Microseconds(timeout);
            try
            {
                Socket.Select(_readable, null, null, micros);
            }
            catch (SocketException)
            {
                // A socket closed under us: read every connection below, which finds and drops it.
            }
            catch (ObjectDisposedException)
            {
            }
        }
        for (int i = _connections.Count - 1; i >= 0; i--)
        {
            Connection c = _connections[i];
            string? failure = ReadConnection(c);
            if (failure is not null)
                Drop(i, failure);
        }
    }

    // Initializes a new channel, then reads and answers every complete message; the reason when it must close.
    private string? ReadConnection(Connection c)
    {
        PublishingChannel channel = c.Channel;
        if (!channel.IsActive)
        {
            ConnectionProgress progress = channel.Initialize();
            if (progress == ConnectionProgress.Failed)
                return channel.FailureText ?? "initialization failed";
            if (progress == ConnectionProgress.Active)
                _console.WriteLine($"Client channel {channel.Name} is active.");
            return null;
        }
        while (true)
        {
            ReadOutcome outcome = channel.Read(out ReadOnlySpan<byte> message);
            if (outcome == ReadOutcome.Failed)
                return channel.FailureText ?? "connection lost";
            if (outcome == ReadOutcome.NoMessage)
                break;
            if (!_dispatcher.Dispatch(c.Session, message, out string? problem))
                return problem;
        }
        return channel.Flush() ? null : channel.FailureText ?? "flush failed";
    }

    private void TakeNewConnections()
    {
        while (_incoming.TryDequeue(out Channel? accepted))
        {
            string name = accepted.Socket.RemoteEndPoint?.ToString() ?? $"{_index + 1}.{++_accepted}";
            var channel = new PublishingChannel(accepted, name, _publishing, Stats);
            var session = new ProviderSession(channel.Name, channel, _console,
                new MessagePacer(_options.UpdateRate, LatencyRate(_options.LatencyUpdateRate, _options.UpdateRate), _options.TickRate),
                _options.GenericMsgRate > 0
                    ? new MessagePacer(_options.GenericMsgRate, LatencyRate(_options.GenericMsgLatencyRate, _options.GenericMsgRate), _options.TickRate)
                    : null);
            _connections.Add(new Connection(channel, session));
        }
    }

    private static int LatencyRate(int latencyRate, int rate) =>
        latencyRate == ProvPerfOptions.AllMessages ? rate : Math.Min(latencyRate, rate);

    private void Drop(int index, string reason)
    {
        Connection c = _connections[index];
        _console.WriteLine($"Channel {c.Channel.Name} closed: {reason}");
        c.Channel.Dispose();
        c.Session.Items.Clear();
        _connections.RemoveAt(index);
        Interlocked.Decrement(ref _connectionCount);
    }

    private sealed record Connection(PublishingChannel Channel, ProviderSession Session);
}
