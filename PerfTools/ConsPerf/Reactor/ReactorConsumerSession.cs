using Eta.Codec;
using Eta.Transport;
using Eta.ValueAdd;
using PerfTools.Common.Items;
using PerfTools.Common.Network;
using PerfTools.Common.Lifetime;
using PerfTools.Common.Omm;
using PerfTools.Common.Timing;
using PerfTools.ConsPerf.Session;
using PerfTools.ConsPerf.Options;
using PerfTools.ConsPerf.Run;
using PerfTools.ConsPerf.Statistics;

namespace PerfTools.ConsPerf.Reactor;

/// <summary>
/// One consumer thread's test in <c>-reactor</c> mode: the Value Added Reactor connects (retrying until the provider
/// listens), logs in, opens the directory and answers RTT probes; this session runs the same tick loop as direct
/// mode (request bursts, then post and generic bursts once every image is in) and hands every message to the same
/// <see cref="MessageReceiver"/>, so figures and outcomes match direct mode. The spare time of each tick is spent
/// in the reactor's dispatch, which also flushes and pings.
/// </summary>
internal sealed class ReactorConsumerSession : ITickHandler, IReceiverEvents, IReactorCallbacks, IDisposable
{
    private readonly int _threadNumber;
    private readonly ConsPerfOptions _options;
    private readonly ConsumerResources _resources;
    private readonly ConsumerThreadStats _stats;
    private readonly Action<string> _warn;
    private readonly ConnectFailures _connectFailures;
    private readonly ItemStreamTable _items;
    private readonly MessageReceiver _receiver;
    private readonly Eta.ValueAdd.Reactor _reactor = new();
    private readonly ReactorOutput _output;
    private readonly ConsumerBursts _bursts;
    private CancellationTokenSource? _loopStop;
    private ThreadEnd? _failure;
    private int _serviceId = -1;
    private bool _connected, _ready, _retryReported;

    public ReactorConsumerSession(int threadNumber, ConsPerfOptions options, ConsumerResources resources, ItemSpec[] items,
        ConsumerThreadStats stats, ConnectFailures connectFailures, Action<string> warn)
    {
        _connectFailures = connectFailures;
        _threadNumber = threadNumber;
        _options = options;
        _resources = resources;
        _stats = stats;
        _warn = warn;
        _items = new ItemStreamTable(items, options.Snapshot);
        var postUser = new PostUserInfo(0x7F000001, (uint)Environment.ProcessId);
        _receiver = new MessageReceiver(this, _items, stats, resources.Dictionary, postUser);
        _output = new ReactorOutput(_reactor);
        _bursts = new ConsumerBursts(threadNumber, options, _items, stats, resources.ContentEncoder, postUser, Fail, warn);
    }

    /// <summary>Connects through the reactor and runs the test until <paramref name="stop"/> fires or something fails.</summary>
    public ThreadEnd? Run(CancellationToken stop)
    {
        _output.Channel = _reactor.Connect(ReactorConnectSettings.Connect(_options),
            WatchlistMode.Apply(ReactorConnectSettings.Role(this, _options, _resources.Dictionary), _options, _items.Count));
        using (_loopStop = CancellationTokenSource.CreateLinkedTokenSource(stop))
            new TickLoop(SystemTimeSource.Instance, _options.TickRate).Run(this, _loopStop.Token);
        if (!_connected)
            _connectFailures.RecordUnfinished(_output.Channel?.Channel?.PendingHandshake);
        return _failure;
    }

    // ---- the tick loop ----

    public void OnTick(long tickNumber)
    {
        if (!_ready)
            return;
        _bursts.SendDue(_output, _serviceId);
    }

    public void OnSpareTime(TimeSpan untilNextTick)
    {
        int waitMs = _options.BusyRead ? 0 : PollTimeout.Milliseconds(untilNextTick);
        if (_reactor.Dispatch(waitMs) == ReactorReturnCode.Failure)
            Fail(RunOutcomeKind.ConnectionLost, "reactor dispatch failed: " + _output.ErrorText);
    }

    // ---- IReactorCallbacks: called from the reactor's dispatch ----

    public ReactorCallbackReturn OnChannelEvent(ReactorChannel channel, ReactorChannelEventType eventType)
    {
        switch (eventType)
        {
            case ReactorChannelEventType.ChannelUp:
                _connected = true;
                _stats.MarkConnected(PerfTimestamp.NowMicroseconds());
                _warn($"Consumer thread {_threadNumber}: connected to {_options.Host}:{_options.Port} (reactor).");
                return ApplyChannelSettings(channel.Channel!);
            case ReactorChannelEventType.ChannelReady:
                _ready = true;
                break;
            case ReactorChannelEventType.ChannelDownReconnecting when !_connected:
                _connectFailures.Record(channel.ErrorText);
                if (!_retryReported)
                    _warn(_connectFailures.RetryLine($"Consumer thread {_threadNumber}", channel.ErrorText, ReactorConnectSettings.RetryDelay));
                _retryReported = true;
                break;
            case ReactorChannelEventType.ChannelDownReconnecting or ReactorChannelEventType.ChannelDown:
                Fail(RunOutcomeKind.ConnectionLost, "connection lost: " + channel.ErrorText);
                break;
        }
        return ReactorCallbackReturn.Success;
    }

    private ReactorCallbackReturn ApplyChannelSettings(Channel channel)
    {
        if (channel.IOCtl(IOCtlCode.MaxNumBuffers, _options.EffectiveMaxOutputBuffers) >= TransportReturnCode.Success
            && (_options.HighWaterMark <= 0 || channel.IOCtl(IOCtlCode.HighWaterMark, _options.HighWaterMark) >= TransportReturnCode.Success))
            return ReactorCallbackReturn.Success;
        Fail(RunOutcomeKind.ConnectionLost, "channel settings refused: " + channel.Error.Text);
        return ReactorCallbackReturn.Success;
    }

    public ReactorCallbackReturn OnDefaultMsg(ReactorChannel channel, in Msg msg)
    {
        _receiver.OnMessage(msg.EncodedMsg);
        return ReactorCallbackReturn.Success;
    }

    public ReactorCallbackReturn OnLoginMsg(ReactorChannel channel, in Msg msg, RdmLoginEvent login)
    {
        if (login.Type != RdmLoginMsgType.Rtt) // the reactor has answered the RTT probe already
            _receiver.OnMessage(msg.EncodedMsg);
        return ReactorCallbackReturn.Success;
    }

    public ReactorCallbackReturn OnDirectoryMsg(ReactorChannel channel, in Msg msg, RdmDirectoryEvent directory)
    {
        _receiver.OnMessage(msg.EncodedMsg);
        return ReactorCallbackReturn.Success;
    }

    // ---- IReceiverEvents: called by the receiver ----

    public void OnLoginAccepted() { } // the reactor sends the directory request itself

    public void OnServiceReady(int serviceId)
    {
        if (_serviceId >= 0)
            return;
        _serviceId = serviceId;
        _warn($"Consumer thread {_threadNumber}: service {_options.ServiceName} (id {serviceId}) is up; requesting {_items.Count} items.");
    }

    public void Reflect(ReadOnlySpan<byte> message) { } // RTT probes are answered by the reactor

    public void Fail(RunOutcomeKind kind, string reason)
    {
        _failure ??= new ThreadEnd(kind, reason);
        _loopStop?.Cancel();
    }

    public string ServiceName => _options.ServiceName;

    public int LoginStream => ReactorConnectSettings.LoginStreamId;

    public int DirectoryStream => ReactorConnectSettings.DirectoryStreamId;

    public void Dispose()
    {
        if (_output.Channel?.Channel is { } channel)
            channel.Close(); // orderly (see Channel.Close): the provider sees an end of stream, as in direct mode
        _reactor.Dispose();
    }
}
