using Eta.Codec;
using Eta.Transport;
using Eta.ValueAdd;
using PerfTools.Common.Items;
using PerfTools.Common.Network;
using PerfTools.Common.Provider;
using PerfTools.Common.Reactor;
using PerfTools.Common.Timing;
using PerfTools.NIProvPerf.Items;
using PerfTools.NIProvPerf.Network;
using PerfTools.NIProvPerf.Options;
using PerfTools.NIProvPerf.Session;

namespace PerfTools.NIProvPerf.Reactor;

/// <summary>
/// One NIProvPerf thread in <c>-reactor</c> mode: the reactor's NI provider role connects to the hub (retrying every
/// second until it listens), sends the login request and, once the hub accepts it, the source directory refresh,
/// then reports ready; this worker then opens every item and publishes with direct mode's burst sender through a
/// <see cref="ReactorSink"/>. A connection lost after that ends the run, as in direct mode.
/// </summary>
internal sealed class ReactorNIProviderWorker : ITickHandler, IReactorCallbacks
{
    private const int RetryDelayMs = 1000;

    private readonly int _index;
    private readonly NIProvPerfOptions _options;
    private readonly IReadOnlyList<ItemSpec> _items;
    private readonly TextWriter _console;
    private readonly Action<string> _fail;
    private readonly PublishingStats _stats;
    private readonly BurstSender _bursts;
    private readonly DirectoryPublisher _directory;
    private readonly Action _connected;
    private readonly ConnectFailures _connectFailures;
    private readonly HubResponseHandler _responses = new();
    private readonly Eta.ValueAdd.Reactor _reactor = new();
    private readonly string _name;
    private ReactorChannel? _channel;
    private NIProviderSession? _session;
    private ReactorSink? _sink;
    private bool _ready, _failed, _wasUp;

    public ReactorNIProviderWorker(int index, NIProvPerfOptions options, IReadOnlyList<ItemSpec> items, TextWriter console,
        Action<string> fail, PublishingStats stats, BurstSender bursts, DirectoryPublisher directory, Action connected,
        ConnectFailures connectFailures)
    {
        _connectFailures = connectFailures;
        _index = index;
        _options = options;
        _items = items;
        _console = console;
        _fail = fail;
        _stats = stats;
        _bursts = bursts;
        _directory = directory;
        _connected = connected;
        _name = $"{options.Host}:{options.Port} (thread {index + 1})";
    }

    public void Run(CancellationToken stop)
    {
        try
        {
            var role = new NIProviderRole(this)
            {
                LoginRequest = LoginRequester.Create(_options.EffectiveUserName),
                DirectoryRefresh = _directory.Refresh,
            };
            _channel = _reactor.Connect(new ReactorConnectOptions
            {
                Connect = HubConnector.ConnectOptionsFor(_options),
                ReconnectAttemptLimit = -1,
                ReconnectMinDelayMs = RetryDelayMs,
                ReconnectMaxDelayMs = RetryDelayMs,
            }, role);
            new TickLoop(SystemTimeSource.Instance, _options.TickRate).Run(this, stop);
            if (!_wasUp)
                _connectFailures.RecordUnfinished(_channel?.Channel?.PendingHandshake);
        }
        catch (ArgumentException e)
        {
            Fail(e.Message);
        }
        finally
        {
            if (_channel?.Channel is { } transport)
                transport.Close(); // orderly: the transport flushes, ends its side and drains the peer's
            _reactor.Dispose();
        }
    }

    public void OnTick(long tickNumber)
    {
        if (_failed || !_ready || _session is null)
            return;
        if (!_bursts.SendUpdates(_session, tickNumber) || !_sink!.EndBurst())
            Fail("write failed: " + _channel!.ErrorText);
    }

    public void OnSpareTime(TimeSpan untilNextTick)
    {
        if (_failed)
            return;
        if (_ready && untilNextTick > TimeSpan.Zero && _session!.Items.RefreshesPending > 0 && SendRefreshBurst())
            return;
        _reactor.Dispatch(PollTimeout.Milliseconds(untilNextTick));
    }

    private bool SendRefreshBurst()
    {
        int sent = _bursts.SendRefreshes(_session!, _options.RefreshBurstSize);
        if (sent < 0 || !_sink!.EndBurst())
        {
            Fail("write failed: " + _channel!.ErrorText);
            return false;
        }
        return sent > 0;
    }

    // ---- reactor callbacks ----

    public ReactorCallbackReturn OnChannelEvent(ReactorChannel channel, ReactorChannelEventType eventType)
    {
        switch (eventType)
        {
            case ReactorChannelEventType.ChannelUp:
                Channel transport = channel.Channel!;
                if (_options.HighWaterMark > 0 && transport.IOCtl(IOCtlCode.HighWaterMark, _options.HighWaterMark) < TransportReturnCode.Success)
                {
                    Fail("setting the high water mark failed: " + transport.Error.Text);
                    break;
                }
                _wasUp = true;
                _connected();
                _console.WriteLine($"Connected to {_name} (reactor).");
                _sink = new ReactorSink(channel, _options.Publishing, _stats);
                _session = new NIProviderSession(_name, _sink, _console,
                    new MessagePacer(_options.UpdateRate, _options.EffectiveLatencyUpdateRate, _options.TickRate));
                _session.Login = LoginState.Requested; // the role sent the login request as the channel came up
                break;
            case ReactorChannelEventType.ChannelReady:
                _ready = true;
                PublishedItems.Open(_session!.Items, _items, _options.ServiceId);
                _console.WriteLine($"Published service {_options.ServiceName} (id {_options.ServiceId}) and {_items.Count} items on {_name}.");
                break;
            case ReactorChannelEventType.ChannelDownReconnecting when !_wasUp:
                if (_connectFailures.Record(channel.ErrorText))
                    _console.WriteLine(_connectFailures.RetryLine($"Provider thread {_index + 1}", channel.ErrorText,
                        TimeSpan.FromMilliseconds(RetryDelayMs)));
                break;
            case ReactorChannelEventType.ChannelDownReconnecting or ReactorChannelEventType.ChannelDown:
                Fail(channel.ErrorText);
                break;
        }
        return ReactorCallbackReturn.Success;
    }

    // Login answers (acceptance or refusal) and statuses on other streams, read as direct mode reads them.
    public ReactorCallbackReturn OnDefaultMsg(ReactorChannel channel, in Msg msg)
    {
        if (_session is null)
            return ReactorCallbackReturn.Success;
        switch (_responses.Handle(_session, msg.EncodedMsg, out string? text))
        {
            case HubResponseHandler.Outcome.LoginAccepted:
                _session.Login = LoginState.Accepted;
                _console.WriteLine($"Login accepted by {_name}: {text}");
                break;
            case HubResponseHandler.Outcome.Refused:
                Fail(text ?? "the hub refused the login");
                break;
        }
        return ReactorCallbackReturn.Success;
    }

    private void Fail(string reason)
    {
        if (_failed)
            return;
        _failed = true;
        _console.WriteLine($"Channel {_name} closed: {reason}");
        _fail(reason);
    }
}
