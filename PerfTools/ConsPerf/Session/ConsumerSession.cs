using Eta.Codec;
using PerfTools.Common.Items;
using PerfTools.Common.Network;
using PerfTools.Common.Omm;
using PerfTools.Common.Timing;
using PerfTools.ConsPerf.Network;
using PerfTools.ConsPerf.Options;
using PerfTools.ConsPerf.Run;
using PerfTools.ConsPerf.Statistics;

namespace PerfTools.ConsPerf.Session;

/// <summary>
/// One consumer connection's whole test (§4.2.1): connect (retrying until the provider listens), log in with round
/// trip latency support, open the directory and wait for the service to be up and accepting requests, then run the
/// tick loop: request bursts at -requestRate until every item is requested; once every image is in, post and
/// generic-message bursts; in the spare time of each tick, read and process what arrives.
/// Returns null when stopped by the main thread, or the reason it had to stop on its own.
/// </summary>
internal sealed class ConsumerSession : ITickHandler, IReceiverEvents, IDisposable
{
    private const int LoginStreamId = 1;
    private const int DirectoryStreamId = 2;
    private static readonly TimeSpan RetryPause = TimeSpan.FromSeconds(1);

    private readonly int _threadNumber;
    private readonly ConsPerfOptions _options;
    private readonly Eta.Codec.Json.JsonFieldNames _json;
    private readonly ConsumerThreadStats _stats;
    private readonly Action<string> _warn;
    private readonly ConnectFailures _connectFailures;
    private readonly ItemStreamTable _items;
    private readonly MessageReceiver _receiver;
    private readonly ConsumerBursts _bursts;
    private readonly SpareTimeWait _spareTimeWait;
    private bool _unflushed;
    private ConsumerChannel? _channel;
    private CancellationTokenSource? _loopStop;
    private ThreadEnd? _failure;
    private int _serviceId = -1;

    public ConsumerSession(int threadNumber, ConsPerfOptions options, ConsumerResources resources, ItemSpec[] items,
        ConsumerThreadStats stats, ConnectFailures connectFailures, Action<string> warn)
    {
        _connectFailures = connectFailures;
        _threadNumber = threadNumber;
        _options = options;
        _stats = stats;
        _warn = warn;
        _items = new ItemStreamTable(items, options.Snapshot);
        var postUser = new PostUserInfo(0x7F000001, (uint)Environment.ProcessId);
        _receiver = new MessageReceiver(this, _items, stats, resources.Dictionary, postUser);
        _json = Common.Network.JsonFieldNamesCache.For(resources.Dictionary);
        _bursts = new ConsumerBursts(threadNumber, options, _items, stats, resources.ContentEncoder, postUser, Fail, warn);
        _spareTimeWait = new SpareTimeWait(options.TickRate);
    }

    /// <summary>Connects and runs the test until <paramref name="stop"/> fires or something fails.</summary>
    public ThreadEnd? Run(CancellationToken stop)
    {
        _channel = ConnectWithRetry(stop);
        if (_channel is null)
            return _failure;
        if (!SendLogin())
            return _failure;
        using (_loopStop = CancellationTokenSource.CreateLinkedTokenSource(stop))
            new TickLoop(SystemTimeSource.Instance, _options.TickRate).Run(this, _loopStop.Token);
        return _failure;
    }

    /// <summary>Runs over a channel already active instead of connecting (tests: a session over a loopback pair).</summary>
    internal void UseChannel(ConsumerChannel channel) => _channel = channel;

    private ConsumerChannel? ConnectWithRetry(CancellationToken stop)
    {
        bool reported = false;
        while (!stop.IsCancellationRequested)
        {
            ConsumerChannel? channel = ConsumerChannel.TryConnect(_options, stop, out string? error, _json, _connectFailures);
            if (channel is not null)
            {
                _stats.MarkConnected(PerfTimestamp.NowMicroseconds());
                _warn($"Consumer thread {_threadNumber}: connected to {_options.Host}:{_options.Port}.");
                return channel;
            }
            if (stop.IsCancellationRequested)
                return null; // stopped while connecting: no failure to record or retry
            error ??= "unknown failure";
            _connectFailures.Record(error);
            if (!reported)
            {
                _warn(_connectFailures.RetryLine($"Consumer thread {_threadNumber}", error, RetryPause));
                reported = true;
            }
            stop.WaitHandle.WaitOne(RetryPause);
        }
        return null;
    }

    // ---- the tick loop ----

    public void OnTick(long tickNumber)
    {
        if (_spareTimeWait.OnTick(tickNumber) && !_channel!.CheckPings())
        {
            Fail(RunOutcomeKind.ConnectionLost, "connection lost: " + _channel.ErrorText);
            return;
        }
        _bursts.SendDue(_channel!, _serviceId);
        if (_failure is null && !_channel!.Flush())
            Fail(RunOutcomeKind.ConnectionLost, "connection lost while flushing: " + _channel.ErrorText);
        _unflushed = _channel!.HasPendingOutput; // what the socket did not take is flushed again at the next tick
    }

    // Whether the coming ticks have work to do (see SpareTimeWait): requests to send, posts or generic messages to
    // pace, or output written since the last flush or left pending by it.
    internal bool TicksHaveWork =>
        _serviceId < 0 || !_items.AllRequested || _bursts.PacesPostsOrGenMsgs || _unflushed;

    public void OnSpareTime(TimeSpan untilNextTick)
    {
        if (!_channel!.ReadSome(_spareTimeWait.For(untilNextTick, TicksHaveWork), _receiver))
            Fail(RunOutcomeKind.ConnectionLost, "connection lost: " + _channel.ErrorText);
    }

    // ---- IReceiverEvents: called by the receiver ----

    public void OnLoginAccepted()
    {
        Span<byte> space = _channel!.Reserve(AdminRequests.DirectoryMaxLength);
        if (space.IsEmpty)
            Fail(RunOutcomeKind.ConnectionLost, "no output buffer for the directory request");
        else
            Send(AdminRequests.EncodeDirectory(space, DirectoryStreamId));
    }

    public void OnServiceReady(int serviceId)
    {
        if (_serviceId >= 0)
            return;
        _serviceId = serviceId;
        _warn($"Consumer thread {_threadNumber}: service {_options.ServiceName} (id {serviceId}) is up; requesting {_items.Count} items.");
    }

    /// <summary>Sends a received message back unchanged (the provider's round trip latency probe, §3.3).</summary>
    public void Reflect(ReadOnlySpan<byte> message)
    {
        Span<byte> space = _channel!.Reserve(message.Length);
        if (space.IsEmpty)
            return;
        message.CopyTo(space);
        Send(message.Length);
    }

    public void Fail(RunOutcomeKind kind, string reason)
    {
        _failure ??= new ThreadEnd(kind, reason);
        _loopStop?.Cancel();
    }

    public string ServiceName => _options.ServiceName;

    public int LoginStream => LoginStreamId;

    public int DirectoryStream => DirectoryStreamId;

    private bool SendLogin()
    {
        Span<byte> space = _channel!.Reserve(AdminRequests.LoginMaxLength);
        if (space.IsEmpty)
        {
            Fail(RunOutcomeKind.ConnectionLost, "no output buffer for the login request");
            return false;
        }
        if (!Send(AdminRequests.EncodeLogin(space, LoginStreamId, _options.LoginUserName)))
            return false;
        if (_channel.Flush())
            return true;
        Fail(RunOutcomeKind.ConnectionLost, "connection lost while sending the login request: " + _channel.ErrorText);
        return false;
    }

    private bool Send(int length)
    {
        _unflushed = true;
        if (_channel!.Send(length))
            return true;
        Fail(RunOutcomeKind.ConnectionLost, "connection lost while writing: " + _channel.ErrorText);
        return false;
    }

    public void Dispose() => _channel?.Dispose();
}
