using System.Net.Sockets;
using Eta.Transport;

namespace Eta.ValueAdd;

/// <summary>
/// Owns channels and dispatches their events. Single-threaded by design: one thread calls <see cref="Dispatch"/>,
/// which drives handshakes, reads and hands messages to the roles and the application's callbacks, flushes queued
/// output, sends pings, notices silent peers and reconnects; the same thread submits. Run one reactor per thread
/// for several threads. Steady-state dispatch and submit allocate nothing.
/// </summary>
public sealed class Reactor : IDisposable
{
    private const int PingCheckIntervalMs = 500;
    private const int InitPollMs = 5;

    private readonly List<ReactorChannel> _channels = [];
    private readonly List<(Server Server, ProviderRole Role)> _servers = [];
    private readonly List<Socket> _readCheck = [];
    private readonly List<Socket> _writeCheck = [];
    private readonly int _maxMessages;
    private long _nextPingCheck;
    private bool _moreBuffered;
    private bool _disposed;

    /// <param name="maxMessagesPerChannel">How many messages one dispatch reads from a channel before moving on.</param>
    public Reactor(int maxMessagesPerChannel = 1000)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(maxMessagesPerChannel, 1);
        _maxMessages = maxMessagesPerChannel;
        Transport.Transport.Initialize();
    }

    /// <summary>The channels the reactor owns now (a down channel leaves after its down callback).</summary>
    public IReadOnlyList<ReactorChannel> Channels => _channels;

    /// <summary>
    /// Starts a consumer or NI provider connection. The handshake, the role's messages and every callback happen
    /// in later <see cref="Dispatch"/> calls; a connection that fails is retried as <paramref name="options"/> says.
    /// Throws <see cref="ArgumentException"/> for bad options.
    /// </summary>
    public ReactorChannel Connect(ReactorConnectOptions options, ReactorRole role)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        options.Validate();
        if (role is ProviderRole)
            throw new ArgumentException("A provider role takes channels from Listen, not Connect", nameof(role));
        Channel? transport = Transport.Transport.Connect(options.Connect, out TransportError? error);
        var channel = new ReactorChannel(this, role, transport, options);
        if (transport is null)
            channel.StartDisconnected("Connection failed: " + error);
        _channels.Add(channel);
        return channel;
    }

    /// <summary>Accepts every channel that connects to <paramref name="server"/> (in <see cref="Dispatch"/>) under <paramref name="role"/>.</summary>
    public void Listen(Server server, ProviderRole role)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        _servers.Add((server, role));
    }

    /// <summary>Accepts one waiting channel from <paramref name="server"/> now (null when none waits; the reason is in the server's error).</summary>
    public ReactorChannel? Accept(Server server, ProviderRole role)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        Channel? accepted = server.Accept();
        return accepted is null ? null : AddChannel(accepted, role);
    }

    /// <summary>
    /// Takes over a channel accepted elsewhere (e.g. by a main thread that spreads connections over several reactor
    /// threads); call from this reactor's dispatching thread. Its handshake continues in <see cref="Dispatch"/>.
    /// </summary>
    public ReactorChannel AddChannel(Channel accepted, ProviderRole role)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        var channel = new ReactorChannel(this, role, accepted, connect: null);
        _channels.Add(channel);
        return channel;
    }

    /// <summary>
    /// Waits up to <paramref name="timeoutMs"/> for something to do (0: do not wait), then does it. Returns
    /// <see cref="ReactorReturnCode.MoreToDispatch"/> when messages are still buffered (call again at once),
    /// <see cref="ReactorReturnCode.Failure"/> when a callback returned Failure, Success otherwise.
    /// </summary>
    public ReactorReturnCode Dispatch(int timeoutMs = 0)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        if (timeoutMs > 0 && !_moreBuffered)
            Wait(timeoutMs);
        return Pass();
    }

    private ReactorReturnCode Pass()
    {
        long now = Environment.TickCount64;
        bool failed = !AcceptWaiting();
        bool pings = now >= _nextPingCheck;
        if (pings)
            _nextPingCheck = now + PingCheckIntervalMs;
        _moreBuffered = false;
        int count = _channels.Count; // channels accepted by a callback wait for the next pass
        for (int i = 0; i < count && !failed; i++)
        {
            ReactorChannel channel = _channels[i];
            if (channel.Removed)
                continue;
            switch (channel.State)
            {
                case ReactorChannelState.Initializing:
                    failed = !channel.StepInit();
                    break;
                case ReactorChannelState.DownReconnecting:
                    failed = !channel.TryReconnect(now);
                    break;
                case ReactorChannelState.Up or ReactorChannelState.Ready:
                    failed = channel.ItemLayer?.OnDispatch(channel) == ReactorCallbackReturn.Failure;
                    ReactorReturnCode rc = channel.ReadMessages(_maxMessages);
                    failed = failed || rc == ReactorReturnCode.Failure;
                    _moreBuffered |= rc == ReactorReturnCode.MoreToDispatch;
                    failed = failed || !channel.FlushQueued() || (pings && !channel.CheckPings());
                    break;
            }
        }
        RemoveDropped();
        if (failed)
            return ReactorReturnCode.Failure;
        return _moreBuffered ? ReactorReturnCode.MoreToDispatch : ReactorReturnCode.Success;
    }

    private bool AcceptWaiting()
    {
        foreach ((Server server, ProviderRole role) in _servers)
        {
            if (server.State != ChannelState.Active)
                continue;
            while (server.Socket.Poll(0, SelectMode.SelectRead))
            {
                Channel? accepted = server.Accept();
                if (accepted is null)
                    break;
                AddChannel(accepted, role);
            }
        }
        return true;
    }

    private void RemoveDropped()
    {
        int kept = 0;
        for (int i = 0; i < _channels.Count; i++)
        {
            if (!_channels[i].Removed)
                _channels[kept++] = _channels[i];
        }
        if (kept < _channels.Count)
            _channels.RemoveRange(kept, _channels.Count - kept);
    }

    /// <summary>Blocks until a socket is readable (or writable with output queued), a timer is due, or the timeout passes.</summary>
    private void Wait(int timeoutMs)
    {
        long now = Environment.TickCount64;
        long until = Math.Min(now + timeoutMs, _nextPingCheck);
        _readCheck.Clear();
        _writeCheck.Clear();
        foreach ((Server server, _) in _servers)
        {
            if (server.State == ChannelState.Active)
                _readCheck.Add(server.Socket);
        }
        foreach (ReactorChannel channel in _channels)
        {
            switch (channel.State)
            {
                case ReactorChannelState.Initializing:
                    until = Math.Min(until, now + InitPollMs); // the handshake may wait on writability or a timer
                    break;
                case ReactorChannelState.DownReconnecting:
                    until = Math.Min(until, channel.NextAttemptAt);
                    break;
                case ReactorChannelState.Up or ReactorChannelState.Ready when channel.Channel is not null:
                    _readCheck.Add(channel.Channel.Socket);
                    if (channel.FlushPending)
                        _writeCheck.Add(channel.Channel.Socket);
                    break;
            }
        }
        int waitMs = (int)Math.Max(0, until - now);
        if (waitMs == 0)
            return;
        if (_readCheck.Count == 0 && _writeCheck.Count == 0)
        {
            Thread.Sleep(waitMs); // nothing to watch: only timers are pending
            return;
        }
        try
        {
            Socket.Select(_readCheck.Count > 0 ? _readCheck : null, _writeCheck.Count > 0 ? _writeCheck : null, null, waitMs * 1000);
        }
        catch (SocketException)
        {
            // a socket closed under us: the pass that follows reads the failure from the channel itself
        }
        catch (ObjectDisposedException)
        {
        }
    }

    /// <summary>Closes every channel (no callbacks); servers stay the application's to close.</summary>
    public void Dispose()
    {
        if (_disposed)
            return;
        _disposed = true;
        foreach (ReactorChannel channel in _channels)
            channel.Close();
        _channels.Clear();
        _servers.Clear();
        Transport.Transport.Uninitialize();
    }
}
