using System.Collections.Concurrent;
using System.Diagnostics;
using Eta.Codec;
using Eta.Transport;
using Eta.ValueAdd;
using PerfTools.Common.Provider;
using PerfTools.Common.Reactor;
using PerfTools.Common.Timing;
using PerfTools.ProvPerf.Options;
using PerfTools.ProvPerf.Session;
using PerfTools.ProvPerf.Threads;

namespace PerfTools.ProvPerf.Reactor;

/// <summary>
/// One provider thread in <c>-reactor</c> mode: its own Value Added Reactor takes the channels the main thread
/// accepted, drives their handshakes, reads, flushes and pings them. The work is direct mode's: the same request
/// handlers (login with RTT, directory, dictionary, items, posts, generic messages) answer what arrives (the
/// provider role raises every message to them), and the same burst sender sends refreshes, updates and generic
/// messages through a <see cref="ReactorSink"/>.
/// </summary>
internal sealed class ReactorProviderWorker : ITickHandler, IReactorCallbacks
{
    private readonly int _index;
    private readonly ProvPerfOptions _options;
    private readonly ConcurrentQueue<Channel> _incoming;
    private readonly ProviderThreadStats _stats;
    private readonly RequestDispatcher _dispatcher;
    private readonly BurstSender _bursts;
    private readonly TextWriter _console;
    private readonly Action _dropped;
    private readonly Eta.ValueAdd.Reactor _reactor = new();
    private readonly ProviderRole _role;
    private readonly List<Connection> _connections = [];
    private int _accepted;

    public ReactorProviderWorker(int index, ProvPerfOptions options, ConcurrentQueue<Channel> incoming, ProviderThreadStats stats,
        RequestDispatcher dispatcher, BurstSender bursts, TextWriter console, Action dropped)
    {
        _index = index;
        _options = options;
        _incoming = incoming;
        _stats = stats;
        _dispatcher = dispatcher;
        _bursts = bursts;
        _console = console;
        _dropped = dropped;
        _role = new ProviderRole(this) { AnswerAdminRequests = false }; // ProvPerf's own handlers answer, as in direct mode
    }

    public void Run(CancellationToken stop)
    {
        try
        {
            new TickLoop(SystemTimeSource.Instance, _options.TickRate).Run(this, stop);
        }
        finally
        {
            foreach (Connection c in _connections)
            {
                if (c.Channel.Channel is { } transport)
                    transport.Close(); // orderly: the transport flushes, ends its side and drains the peer's
            }
            _reactor.Dispose();
            while (_incoming.TryDequeue(out Channel? pending))
                pending.Close();
        }
    }

    public void OnTick(long tickNumber)
    {
        while (_incoming.TryDequeue(out Channel? accepted))
            _reactor.AddChannel(accepted, _role);
        long now = Stopwatch.GetTimestamp();
        for (int i = _connections.Count - 1; i >= 0; i--)
        {
            Connection c = _connections[i];
            bool ok = _bursts.SendUpdates(c.Session, tickNumber) && _bursts.SendGenericMsgs(c.Session, tickNumber)
                      && _dispatcher.SendRoundTripIfDue(c.Session, now) && c.Sink.EndBurst();
            if (!ok)
                Drop(c, "write failed: " + c.Channel.ErrorText);
        }
    }

    public void OnSpareTime(TimeSpan untilNextTick)
    {
        if (untilNextTick > TimeSpan.Zero && SendRefreshBurst())
            return;
        _reactor.Dispatch(PollTimeout.Milliseconds(untilNextTick));
    }

    private bool SendRefreshBurst()
    {
        bool sent = false;
        for (int i = _connections.Count - 1; i >= 0; i--)
        {
            Connection c = _connections[i];
            if (c.Session.Items.RefreshesPending == 0)
                continue;
            int count = _bursts.SendRefreshes(c.Session, _options.RefreshBurstSize);
            if (count < 0 || !c.Sink.EndBurst())
            {
                Drop(c, "write failed: " + c.Channel.ErrorText);
                continue;
            }
            sent |= count > 0;
        }
        return sent;
    }

    // ---- reactor callbacks ----

    public ReactorCallbackReturn OnChannelEvent(ReactorChannel channel, ReactorChannelEventType eventType)
    {
        switch (eventType)
        {
            case ReactorChannelEventType.ChannelUp:
                Open(channel);
                break;
            case ReactorChannelEventType.ChannelDown when channel.UserSpecObject is Connection c:
                Forget(c, channel.ErrorText);
                break;
            case ReactorChannelEventType.ChannelDown:
                _console.WriteLine($"Channel closed before it came up: {channel.ErrorText}");
                _dropped();
                break;
        }
        return ReactorCallbackReturn.Success;
    }

    private void Open(ReactorChannel channel)
    {
        Channel transport = channel.Channel!;
        if (_options.Publishing.HighWaterMark > 0 && transport.IOCtl(IOCtlCode.HighWaterMark, _options.Publishing.HighWaterMark) < TransportReturnCode.Success)
        {
            _console.WriteLine($"Channel closed: setting the high water mark failed: {transport.Error.Text}");
            channel.Close();
            _dropped();
            return;
        }
        string name = transport.Socket.RemoteEndPoint?.ToString() ?? $"{_index + 1}.{++_accepted}";
        var sink = new ReactorSink(channel, _options.Publishing, _stats);
        var session = new ProviderSession(name, sink, _console,
            new MessagePacer(_options.UpdateRate, LatencyRate(_options.LatencyUpdateRate, _options.UpdateRate), _options.TickRate),
            _options.GenericMsgRate > 0
                ? new MessagePacer(_options.GenericMsgRate, LatencyRate(_options.GenericMsgLatencyRate, _options.GenericMsgRate), _options.TickRate)
                : null);
        var connection = new Connection(channel, sink, session);
        channel.UserSpecObject = connection;
        _connections.Add(connection);
        _console.WriteLine($"Client channel {name} is active (reactor).");
    }

    // Every message (admin ones are raised by the role's callbacks) goes to direct mode's request handlers.
    public ReactorCallbackReturn OnDefaultMsg(ReactorChannel channel, in Msg msg)
    {
        if (channel.UserSpecObject is Connection c && !_dispatcher.Dispatch(c.Session, msg.EncodedMsg, out string? problem))
            Drop(c, problem ?? "write failed");
        return ReactorCallbackReturn.Success;
    }

    private static int LatencyRate(int latencyRate, int rate) =>
        latencyRate == ProvPerfOptions.AllMessages ? rate : Math.Min(latencyRate, rate);

    private void Drop(Connection c, string reason)
    {
        c.Channel.Close();
        Forget(c, reason);
    }

    private void Forget(Connection c, string reason)
    {
        if (!_connections.Remove(c))
            return;
        string text = c.Channel.ClosedByPeer ? PublishingChannel.ClosedByPeerText("consumer") : reason;
        _console.WriteLine($"Channel {c.Session.Name} closed: {text}");
        c.Session.Items.Clear();
        _dropped();
    }

    private sealed record Connection(ReactorChannel Channel, ReactorSink Sink, ProviderSession Session);
}
