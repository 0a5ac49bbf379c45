using System.Net.Sockets;
using Eta.Transport;
using PerfTools.Common.Network;

namespace PerfTools.Tests.Network;

/// <summary>
/// A channel port that plays back scripted transport results and counts every call, so tests can see how many
/// reads (each a possible <c>recv</c>), writes and flushes the loop makes. Its socket is one end of a real
/// loopback pair, so readiness is real: <see cref="MakeReadable"/> sends a byte to it.
/// </summary>
internal sealed class ScriptedPort : IChannelPort, IDisposable
{
    private readonly Socket _peer;
    private readonly byte[] _message = [1, 2, 3];

    public ScriptedPort()
    {
        using var listener = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
        listener.Bind(new System.Net.IPEndPoint(System.Net.IPAddress.Loopback, 0));
        listener.Listen(1);
        _peer = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
        _peer.Connect(listener.LocalEndPoint!);
        _socket = listener.Accept();
    }

    private readonly Socket _socket;

    /// <summary>Counts every look at the socket: a loop that waits or polls for readiness must ask for it.</summary>
    public Socket Socket
    {
        get
        {
            SocketQueries++;
            return _socket;
        }
    }

    public int SocketQueries { get; private set; }

    /// <summary>Read results in order: (code, whether a message comes with it). When empty, reads return ReadWouldBlock.</summary>
    public Queue<(TransportReturnCode Code, bool Message)> Reads { get; } = new();

    /// <summary>Write results in order; when empty, writes return Success.</summary>
    public Queue<TransportReturnCode> Writes { get; } = new();

    public TransportReturnCode FlushResult { get; set; } = TransportReturnCode.Success;

    public int ReadCalls { get; private set; }
    public int WriteCalls { get; private set; }
    public int FlushCalls { get; private set; }

    /// <summary>Queues <paramref name="count"/> messages as a transport returns them from one socket read: &gt;0 while more is buffered, Success with the last.</summary>
    public void QueueMessages(int count)
    {
        for (int i = 1; i <= count; i++)
            Reads.Enqueue((i < count ? (TransportReturnCode)(3 * (count - i)) : TransportReturnCode.Success, true));
    }

    /// <summary>Makes the socket readable (a byte arrives from the peer).</summary>
    public void MakeReadable() => _peer.Send([0]);

    /// <summary>Set by a test: output waits for the socket to be writable (as after a refused flush).</summary>
    public bool AwaitsWritable { get; set; }

    /// <summary>How many times the loop said the socket became writable.</summary>
    public int WritableCalls { get; private set; }

    public void OnWritable()
    {
        WritableCalls++;
        AwaitsWritable = false;
    }

    /// <summary>Writes to the socket until its send buffer (and the peer's receive buffer) refuse more.</summary>
    public void FillSendBuffer()
    {
        _socket.Blocking = false;
        byte[] chunk = new byte[64 * 1024];
        while (_socket.Send(chunk, SocketFlags.None, out SocketError status) > 0 && status == SocketError.Success)
        {
        }
    }

    /// <summary>The peer reads everything that has arrived so far.</summary>
    public void DrainPeer()
    {
        byte[] sink = new byte[64 * 1024];
        while (_peer.Available > 0)
            _peer.Receive(sink);
    }

    public TransportReturnCode Read(out ReadOnlySpan<byte> message, out bool received)
    {
        ReadCalls++;
        if (!Reads.TryDequeue(out var next))
            next = (TransportReturnCode.ReadWouldBlock, false);
        received = next.Message;
        message = received ? _message : default;
        return next.Code;
    }

    public TransportReturnCode Write(TransportBuffer buffer, WriteArgs args)
    {
        WriteCalls++;
        return Writes.TryDequeue(out TransportReturnCode rc) ? rc : TransportReturnCode.Success;
    }

    public TransportReturnCode Flush()
    {
        FlushCalls++;
        return FlushResult;
    }

    public void Dispose()
    {
        _socket.Dispose();
        _peer.Dispose();
    }
}

/// <summary>Counts messages; refuses the one numbered <see cref="RefuseAt"/> (1-based) when set.</summary>
internal sealed class CountingHandler : IMessageHandler
{
    public int Messages { get; private set; }
    public int RefuseAt { get; init; }

    public bool OnMessage(ReadOnlySpan<byte> message)
    {
        Messages++;
        return Messages != RefuseAt;
    }
}
