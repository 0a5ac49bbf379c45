using System.Diagnostics;
using System.Net.Sockets;
using PerfTools.Common.Items;
using PerfTools.Common.Network;
using PerfTools.Common.Omm;
using PerfTools.Common.Provider;
using PerfTools.Common.Threading;
using PerfTools.Common.Timing;
using PerfTools.NIProvPerf.Items;
using PerfTools.NIProvPerf.Network;
using PerfTools.NIProvPerf.Options;
using PerfTools.NIProvPerf.Session;

namespace PerfTools.NIProvPerf.Threads;

/// <summary>
/// One non-interactive provider thread and its connection to the hub (guide §6.3, Figures 15-16): connects
/// (retrying every second until the run ends), logs in with the provider role, and once the hub accepts the login
/// publishes the service and opens its items. Then, each tick, it sends the update burst; in the spare time of the
/// tick it sends outstanding refreshes (checking the clock every -refreshBurstSize of them) and reads what the hub
/// sent. Any loss of the connection ends the test through the fail callback.
/// </summary>
internal sealed class NIProviderThread : ITickHandler, IMessageHandler
{
    private static readonly TimeSpan RetryDelay = TimeSpan.FromSeconds(1);

    private readonly int _index;
    private readonly NIProvPerfOptions _options;
    private readonly IReadOnlyList<ItemSpec> _items;
    private readonly TextWriter _console;
    private readonly Action<string> _fail;
    private readonly BurstSender _bursts;
    private readonly DirectoryPublisher _directory;
    private readonly HubResponseHandler _responses = new();
    private readonly ChannelLoop _loop = new();
    private PublishingChannel? _channel;
    private ChannelReader? _reader;
    private NIProviderSession? _session;
    private RefreshTurn _refreshTurn; // one refresh burst per tick even when the update bursts leave no spare time
    private Thread? _thread;
    private bool _failed;
    private bool _connected;
    private readonly Eta.Codec.Json.JsonFieldNames? _json;

    /// <param name="fail">Called once, from this thread, when the connection is lost or refused: ends the run.</param>
    /// <param name="json">Field names for a tr_json2 connection (null: RWF only).</param>
    public NIProviderThread(int index, NIProvPerfOptions options, MarketPriceEncoder encoder, IReadOnlyList<ItemSpec> items,
        TextWriter console, Action<string> fail, Eta.Codec.Json.JsonFieldNames? json = null)
    {
        _json = json;
        _index = index;
        _options = options;
        _items = items;
        _console = console;
        _fail = fail;
        _bursts = new BurstSender(encoder, Stats, solicitedRefreshes: false);
        _directory = new DirectoryPublisher(options.ServiceName, options.ServiceId);
        ConnectFailures = new ConnectFailures(options.Host, options.Port.ToString(System.Globalization.CultureInfo.InvariantCulture));
    }

    public PublishingStats Stats { get; } = new();

    /// <summary>The failed attempts to reach the hub, for the line that says why the test ended without it.</summary>
    public ConnectFailures ConnectFailures { get; }

    /// <summary>True once the connection to the hub was made (the test began for this thread).</summary>
    public bool Connected => Volatile.Read(ref _connected);

    /// <summary>Starts the thread; an exception no code path expects goes to <paramref name="crashed"/> with the thread's name.</summary>
    public void Start(CancellationToken stop, Action<string, Exception> crashed)
    {
        _thread = ToolThread.Start($"NIProvPerf provider {_index + 1}", ThreadCpuList.Unpinned, () => Run(stop),
            warning => _console.WriteLine(warning), e => crashed($"Provider thread {_index + 1}", e));
    }

    public void Join() => _thread?.Join();

    /// <summary>True once the hub accepted the login and the items are open (for a test driving the thread by hand).</summary>
    internal bool Publishing => _session?.Login == LoginState.Accepted;

    private void Run(CancellationToken stop)
    {
        if (_options.UseReactor)
        {
            new Reactor.ReactorNIProviderWorker(_index, _options, _items, _console, _fail, Stats, _bursts, _directory,
                () => Volatile.Write(ref _connected, true), ConnectFailures).Run(stop);
            return;
        }
        try
        {
            if (Connect(stop))
                new TickLoop(SystemTimeSource.Instance, _options.TickRate).Run(this, stop);
        }
        catch (Exception e) when (e is SocketException or IOException or ObjectDisposedException)
        {
            Fail(e.Message);
        }
        finally
        {
            CloseConnection();
        }
    }

    /// <summary>Closes the connection to the hub (the end of the run, or a test driving the thread by hand).</summary>
    internal void CloseConnection()
    {
        _channel?.Dispose();
        _channel = null;
    }

    /// <summary>Connects (retrying until <paramref name="stop"/>) and sends the login; false when the run ended first.</summary>
    internal bool Connect(CancellationToken stop)
    {
        string name = $"{_options.Host}:{_options.Port} (thread {_index + 1})";
        while (true)
        {
            _channel = HubConnector.TryConnect(_options, name, Stats, stop, out string? error, _json, ConnectFailures);
            if (_channel is not null)
                break;
            if (stop.IsCancellationRequested)
                return false;
            error ??= "unknown failure";
            if (ConnectFailures.Record(error))
                _console.WriteLine(ConnectFailures.RetryLine($"Provider thread {_index + 1}", error, RetryDelay));
            if (stop.WaitHandle.WaitOne(RetryDelay))
                return false;
        }
        if (_reader is not null)
            _loop.Remove(_reader);
        _reader = new ChannelReader(_channel.Port, this);
        _loop.Add(_reader);
        Volatile.Write(ref _connected, true);
        _console.WriteLine($"Connected to {name}.");
        _session = new NIProviderSession(name, _channel, _console,
            new MessagePacer(_options.UpdateRate, _options.EffectiveLatencyUpdateRate, _options.TickRate));
        if (!LoginRequester.Send(_channel, _options.EffectiveUserName, out string? problem) || !_channel.EndBurst())
            return Fail(problem ?? _channel.FailureText ?? "sending the login request failed");
        _session.Login = LoginState.Requested;
        return true;
    }

    public void OnTick(long tickNumber)
    {
        if (_failed || _session is null || _channel is null)
            return;
        // Once a second: a ping when one is due, and notice a hub that went silent.
        if (tickNumber % _options.TickRate == 0 && !_channel.CheckPings())
        {
            Fail(_channel.FailureText ?? "ping timeout");
            return;
        }
        if (_session.Login != LoginState.Accepted)
            return;
        _refreshTurn.NewTick();
        if (!_bursts.StartUpdates(_session, tickNumber, Stopwatch.GetTimestamp()) || !_channel.EndBurst())
            Fail(_channel.FailureText ?? "write failed");
    }

    public void OnSpareTime(TimeSpan untilNextTick)
    {
        if (_failed || _session is null || _channel is null)
            return;
        if (_session.Items.RefreshesPending > 0 && _refreshTurn.IsDue(untilNextTick))
        {
            _refreshTurn.Taken();
            if (SendRefreshBurst() && untilNextTick > TimeSpan.Zero)
                return;
        }
        WaitAndRead(SendDueSlice(untilNextTick));
    }

    // The update slice that fell due (UpdateSlices); returns how long the thread may wait: until the next slice or tick.
    private TimeSpan SendDueSlice(TimeSpan untilNextTick)
    {
        if (_session!.Login != LoginState.Accepted)
            return untilNextTick;
        long now = Stopwatch.GetTimestamp();
        int sent = _bursts.SendDueUpdates(_session, now);
        if (sent < 0 || (sent > 0 && !_channel!.EndBurst()))
        {
            Fail(_channel!.FailureText ?? "write failed");
            return TimeSpan.Zero;
        }
        return UpdateSlices.WaitBefore(now, _session.Slices.NextSliceAt(now), untilNextTick);
    }

    // Up to -refreshBurstSize refreshes; true when any were sent (the loop then checks the clock).
    private bool SendRefreshBurst()
    {
        int sent = _bursts.SendRefreshes(_session!, _options.RefreshBurstSize);
        if (sent < 0 || !_channel!.EndBurst())
        {
            Fail(_channel!.FailureText ?? "write failed");
            return false;
        }
        return sent > 0;
    }

    private void WaitAndRead(TimeSpan timeout)
    {
        _loop.Pump(timeout);
        if (_failed)
            return;
        if (_reader!.LastOutcome == ReadSliceOutcome.Failed)
            Fail(_channel!.ReadFailed());
        else if (!_channel!.Flush())
            Fail(_channel.FailureText ?? "flush failed");
    }

    bool IMessageHandler.OnMessage(ReadOnlySpan<byte> message)
    {
        OnMessage(message);
        return !_failed;
    }

    private void OnMessage(ReadOnlySpan<byte> message)
    {
        NIProviderSession session = _session!;
        switch (_responses.Handle(session, message, out string? text))
        {
            case HubResponseHandler.Outcome.LoginAccepted:
                _console.WriteLine($"Login accepted by {session.Name}: {text}");
                Publish(session);
                break;
            case HubResponseHandler.Outcome.Refused:
                Fail(text ?? "the hub refused the login");
                break;
        }
    }

    // Step 2 of §6.3 after the login: the service, then every item (their refreshes go out in spare time).
    private void Publish(NIProviderSession session)
    {
        session.Login = LoginState.Accepted;
        if (!_directory.Send(session.Sink, out string? problem))
        {
            Fail(problem!);
            return;
        }
        PublishedItems.Open(session.Items, _items, _options.ServiceId);
        _console.WriteLine($"Published service {_options.ServiceName} (id {_options.ServiceId}) and {_items.Count} items on {session.Name}.");
    }

    private bool Fail(string reason)
    {
        if (_failed)
            return false;
        _failed = true;
        _console.WriteLine($"Channel {_session?.Name ?? _options.Host} closed: {reason}");
        _fail(reason);
        return false;
    }
}
