using System.Net;
using System.Net.Sockets;
using Eta.Transport;
using PerfTools.Common.Timing;

namespace PerfTools.ProvPerf.Network;

/// <summary>
/// The accepting thread's half of ProvPerf's connections: accepts, and (unless the provider threads run reactors,
/// which handshake for themselves) runs each new channel's handshake here, handing a channel to a provider thread
/// only once it is active. A client that sends garbage, stalls in the handshake or outlasts -initTimeout is closed
/// here with its reason logged, so bad clients cost the provider threads' tick loops nothing.
/// </summary>
internal sealed class ChannelAcceptor : IDisposable
{
    // Accepts per wake-up, so that a flood of connections still lets the pending handshakes and the caller run.
    private const int MaxAcceptsPerPoll = 64;

    // Every pending handshake is stepped at least this often, readable or not: that is what closes a client that sends
    // nothing at its time limit. In between, only the readable and the newly accepted ones are stepped, so the
    // stalled clients cost no read each time another connection wakes the acceptor.
    private const long FullStepIntervalMs = 100;

    private readonly Server _server;
    private readonly bool _handshake;
    private readonly TextWriter _console;
    private readonly CloseLog _closeLog;
    private readonly List<Pending> _pending = [];
    private readonly List<Socket> _waitList = [];
    private long _nextFullStep;

    /// <param name="handshake">True: hand over active channels only; false: hand over each channel as accepted.</param>
    public ChannelAcceptor(Server server, bool handshake, TextWriter console)
    {
        _server = server;
        _handshake = handshake;
        _console = console;
        _closeLog = new CloseLog(console);
    }

    /// <summary>Handshakes in progress.</summary>
    public int PendingCount => _pending.Count;

    /// <summary>
    /// Waits up to <paramref name="wait"/> for a connection or handshake input, accepts what is waiting, then steps
    /// the pending handshakes that have input or were just accepted, and every 100 ms all of them (an Init reads at
    /// most once and never blocks; stepping them all is what closes a client that sends nothing at its time limit).
    /// Each channel ready for a provider thread goes to <paramref name="handOver"/>.
    /// </summary>
    public void Poll(TimeSpan wait, Action<Channel> handOver)
    {
        _waitList.Clear();
        _waitList.Add(_server.Socket);
        foreach (Pending p in _pending)
            _waitList.Add(p.Channel.Socket);
        try
        {
            Socket.Select(_waitList, null, null, PollTimeout.Microseconds(wait));
        }
        catch (SocketException e)
        {
            _console.WriteLine($"Accept wait failed: {e.SocketErrorCode}");
            _waitList.Clear();
        }
        int firstNew = _pending.Count;
        if (_waitList.Contains(_server.Socket))
            AcceptWaiting(handOver);
        StepHandshakes(firstNew, handOver);
    }

    private void AcceptWaiting(Action<Channel> handOver)
    {
        for (int i = 0; i < MaxAcceptsPerPoll; i++)
        {
            Channel? channel = _server.Accept();
            if (channel is null)
            {
                if (_server.Error.Code != TransportReturnCode.ReadWouldBlock)
                    _console.WriteLine($"Accept failed: {_server.Error}");
                return;
            }
            if (_handshake)
                _pending.Add(new Pending(channel, channel.Socket.RemoteEndPoint)); // set by the accept: no allocation
            else
                handOver(channel);
        }
    }

    private void StepHandshakes(int firstNew, Action<Channel> handOver)
    {
        long now = Environment.TickCount64;
        bool all = now >= _nextFullStep;
        if (all)
            _nextFullStep = now + FullStepIntervalMs;
        for (int i = _pending.Count - 1; i >= 0; i--)
        {
            Pending p = _pending[i];
            if (!all && i < firstNew && !_waitList.Contains(p.Channel.Socket))
                continue;
            TransportReturnCode rc = p.Channel.Init();
            if (rc == TransportReturnCode.ChanInitInProgress)
                continue;
            _pending.RemoveAt(i);
            if (rc == TransportReturnCode.Success)
            {
                handOver(p.Channel);
                continue;
            }
            _closeLog.InitFailed(p.Peer, p.Channel.Error);
            p.Channel.Close();
        }
    }

    /// <summary>Closes the handshakes still in progress (the server itself belongs to the caller).</summary>
    public void Dispose()
    {
        foreach (Pending p in _pending)
            p.Channel.Close();
        _pending.Clear();
    }

    // The peer is kept from the accept: the failed handshake has disposed the socket by the time the close is logged.
    private readonly record struct Pending(Channel Channel, EndPoint? Peer);
}
