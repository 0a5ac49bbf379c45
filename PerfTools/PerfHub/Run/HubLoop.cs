using System.Diagnostics;
using System.Net.Sockets;
using Eta.Transport;
using PerfTools.Common.Network;
using PerfTools.PerfHub.Network;
using PerfTools.PerfHub.Options;
using PerfTools.PerfHub.Routing;

namespace PerfTools.PerfHub.Run;

/// <summary>
/// The hub's single thread: waits on every socket at once, accepts on both servers, advances handshakes, reads each
/// readable channel (a bounded batch per pass, so a flooding peer cannot starve the others), lets the router handle
/// the messages, writes out what the pass produced, and closes channels that failed, misbehaved or stopped reading.
/// Once a second it checks pings and (re)connects upstream; every -writeStatsInterval it calls <see cref="OnInterval"/>.
/// </summary>
internal sealed class HubLoop : IDisposable
{
    private const int ReadBatch = 512;
    private const int IdleWaitMicroseconds = 20_000;
    private static readonly TimeSpan Second = TimeSpan.FromSeconds(1);

    private readonly PerfHubOptions _options;
    private readonly HubRouter _router;
    private readonly Server _consumerServer;
    private readonly Server _providerServer;
    private readonly Action<string> _log;
    private readonly List<Connection> _connections = [];
    private readonly List<Socket> _readable = [];
    private readonly List<Socket> _writable = [];
    private readonly List<string> _closures = [];
    private readonly SourceBatch _batch;
    private Connection? _upstream;
    private string? _upstreamFailure;
    private int _nextId = 1;

    public HubLoop(PerfHubOptions options, HubRouter router, Server consumerServer, Server providerServer, Action<string> log)
    {
        _options = options;
        _router = router;
        _consumerServer = consumerServer;
        _providerServer = providerServer;
        _log = log;
        _batch = new SourceBatch(router);
    }

    /// <summary>Called on the loop's thread every -writeStatsInterval seconds.</summary>
    public Action? OnInterval { get; set; }

    /// <summary>"name: reason" of every channel closed, in order (an upstream that never connected is not one).</summary>
    public IReadOnlyList<string> Closures => _closures;

    /// <summary>Why the upstream connection (with -upstream) is not up at this moment; null when it is, or there is none.</summary>
    public string? UpstreamDown => _options.Upstream.Length == 0 || _upstream is { Channel.IsActive: true }
        ? null
        : _upstreamFailure ?? (_upstream?.Channel.PendingHandshake is { } where
            ? $"its handshake has not completed: the attempt {where}" : "its handshake has not completed");

    public int ConsumerCount => _connections.Count(c => c.Channel.Role == ChannelRole.Consumer && c.Channel.IsActive);

    public int ProviderCount => _connections.Count(c => c.Channel.Role != ChannelRole.Consumer && c.Channel.IsActive);

    public void Run(CancellationToken stop)
    {
        long lastSecond = Stopwatch.GetTimestamp();
        long lastInterval = lastSecond;
        TimeSpan interval = TimeSpan.FromSeconds(_options.WriteStatsIntervalSeconds);
        if (_options.Upstream.Length > 0)
            ConnectUpstream();
        while (!stop.IsCancellationRequested)
        {
            WaitForInput();
            AcceptOn(_consumerServer, ChannelRole.Consumer);
            AcceptOn(_providerServer, ChannelRole.NiProvider);
            // What found no buffer last pass goes first, before this pass's updates take the buffers the flush freed.
            for (int i = 0; i < _connections.Count; i++)
                RetryPending(_connections[i]);
            for (int i = 0; i < _connections.Count; i++)
                Serve(_connections[i]);
            for (int i = 0; i < _connections.Count; i++)
                _connections[i].Channel.EndBurst();
            if (Stopwatch.GetElapsedTime(lastSecond) >= Second)
            {
                lastSecond = Stopwatch.GetTimestamp();
                foreach (Connection connection in _connections)
                    connection.Channel.CheckPings();
                if (_options.Upstream.Length > 0 && _upstream is null)
                    ConnectUpstream();
            }
            CloseFailed();
            if (Stopwatch.GetElapsedTime(lastInterval) >= interval)
            {
                lastInterval = Stopwatch.GetTimestamp();
                OnInterval?.Invoke();
            }
        }
    }

    private void WaitForInput()
    {
        _readable.Clear();
        _writable.Clear();
        _readable.Add(_consumerServer.Socket);
        _readable.Add(_providerServer.Socket);
        bool ready = false;
        foreach (Connection connection in _connections)
        {
            HubChannel channel = connection.Channel;
            _readable.Add(channel.Socket);
            ready |= channel.IsActive && connection.Reader.HasBufferedInput;
            // A connecting client's handshake starts when its socket becomes writable; messages owed to a peer for
            // want of a buffer are retried once its socket drains.
            if (channel.HasPendingOutput || connection.Peer.Pending.Any || (channel.Role == ChannelRole.Upstream && !channel.IsActive))
                _writable.Add(channel.Socket);
        }
        try
        {
            Socket.Select(_readable, _writable.Count > 0 ? _writable : null, null, ready ? 0 : IdleWaitMicroseconds);
        }
        catch (Exception e) when (e is SocketException or ObjectDisposedException)
        {
            // A socket closed under the wait: the reads below find which, and close it.
            _readable.Clear();
            foreach (Connection connection in _connections)
                _readable.Add(connection.Channel.Socket);
        }
    }

    private void AcceptOn(Server server, ChannelRole role)
    {
        if (!_readable.Contains(server.Socket))
            return;
        Channel? channel = server.Accept();
        if (channel is null)
        {
            if (server.Error.Code != TransportReturnCode.ReadWouldBlock)
                _log($"PerfHub: accept failed: {server.Error}");
            return;
        }
        string name = $"{(role == ChannelRole.Consumer ? "consumer" : "NI provider")} #{_nextId++}";
        Add(new HubChannel(channel, role, name, _options, _router.Hub.Counters));
        _router.Hub.Counters.ChannelsAccepted++;
    }

    private Connection Add(HubChannel channel)
    {
        var connection = new Connection(channel, new Peer(channel, channel.Role, channel.Name), _router, _batch);
        _connections.Add(connection);
        return connection;
    }

    private void ConnectUpstream()
    {
        Channel? channel = HubTransport.ConnectUpstream(_options, out string? error);
        if (channel is null)
        {
            UpstreamNotConnected(error ?? "no reason given");
            return;
        }
        _upstream = Add(new HubChannel(channel, ChannelRole.Upstream, $"upstream {_options.Upstream}", _options, _router.Hub.Counters));
    }

    private void Serve(Connection connection)
    {
        HubChannel channel = connection.Channel;
        if (channel.CloseReason is not null || connection.Peer.CloseRequest is not null)
            return;
        bool signalled = _readable.Contains(channel.Socket) || _writable.Contains(channel.Socket);
        if (!channel.IsActive)
        {
            if (!signalled || !channel.Initialize() || !channel.IsActive)
                return;
            if (channel.Role == ChannelRole.Upstream)
            {
                _upstreamFailure = null;
                _log($"PerfHub: connected upstream to {_options.Upstream}.");
            }
            _router.OnActive(connection.Peer);
            // The peer's first messages may have arrived with the end of the handshake: read them now, as the
            // socket will not signal them again.
        }
        else if (!signalled && !connection.Reader.HasBufferedInput)
        {
            return;
        }
        ReadSliceOutcome outcome = connection.Reader.ReadSlice(ReadBatch);
        connection.EndSlice();
        if (outcome == ReadSliceOutcome.Failed)
            channel.ReadFailed();
    }

    // Images and admin messages that found no output buffer on an earlier pass.
    private void RetryPending(Connection connection)
    {
        if (connection.Channel.IsActive && connection.Channel.CloseReason is null && connection.Peer.CloseRequest is null)
            _router.RetryPending(connection.Peer);
    }

    private void CloseFailed()
    {
        for (int i = _connections.Count - 1; i >= 0; i--)
        {
            Connection connection = _connections[i];
            HubChannel channel = connection.Channel;
            string? reason = channel.CloseReason ?? connection.Peer.CloseRequest;
            if (reason is null && channel.IsStalledLongerThan(_options.StallTimeoutMs))
                reason = $"output backed up for more than {_options.StallTimeoutMs} ms (the peer is not reading); {channel.MessagesDropped} messages dropped";
            if (reason is null)
                continue;
            Close(connection, reason);
            _connections.RemoveAt(i);
        }
    }

    // Said once per new reason, not at every retry: an upstream that stays away for an hour is one line, not 3,600.
    private void UpstreamNotConnected(string reason)
    {
        if (_upstreamFailure != reason)
            _log($"PerfHub: cannot connect upstream to {_options.Upstream} ({reason}); retrying every second.");
        _upstreamFailure = reason;
    }

    private void Close(Connection connection, string reason)
    {
        if (connection == _upstream && !connection.Channel.IsActive)
        {
            // A connection attempt that failed (refused, or its handshake did): the next second's retry follows.
            connection.Channel.Dispose();
            _upstream = null;
            UpstreamNotConnected(reason);
            return;
        }
        if (connection.Channel.IsActive)
        {
            _router.OnLost(connection.Peer);
            connection.Channel.EndBurst();
        }
        connection.Channel.Dispose();
        _router.Hub.Counters.ChannelsClosed++;
        string line = $"{connection.Channel.Name}: {reason}";
        _closures.Add(line);
        _log($"PerfHub: closed {line}.");
        if (connection == _upstream)
            _upstream = null;
    }

    /// <summary>Closes every channel (the end of the run).</summary>
    public void Dispose()
    {
        foreach (Connection connection in _connections)
        {
            connection.Channel.EndBurst();
            connection.Channel.Dispose();
        }
        _connections.Clear();
    }
}
