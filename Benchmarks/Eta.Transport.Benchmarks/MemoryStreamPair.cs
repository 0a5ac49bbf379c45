using System.Net.Sockets;
using Eta.Transport.Io;
using Eta.Transport.Ripc;

namespace Eta.Transport.Benchmarks;

/// <summary>
/// An in-memory channel stream: reads hand out a ConnectAck and then whatever was loaded; writes after the
/// handshake land in a preallocated array. Lets the benchmark time the transport's per-message CPU work
/// without sockets or thread scheduling (the loopback numbers on a busy machine are mostly noise).
/// </summary>
internal sealed class MemoryStreamPair : IChannelStream
{
    private readonly byte[] _ack = new byte[256];
    private readonly int _ackLength;
    private byte[] _input = [];
    private int _inputPosition;
    private int _inputEnd;
    private bool _ackSent;

    public MemoryStreamPair(int writeCapacity)
    {
        Output = new byte[writeCapacity];
        var ack = new ConnectAck
        {
            Version = RipcVersion.V14, MaxUserMessageSize = Workload.FragmentSize, SessionFlags = 3, PingTimeout = 60,
            MajorVersion = 14, MinorVersion = 1, KeyType = KeyExchange.Type64, KeyModulus = 1_000_003, KeyGenerator = 5, ServerPublicKey = 7,
        };
        _ackLength = ack.Encode(_ack, includeKeyExchange: true);
    }

    public byte[] Output { get; }

    public int OutputLength { get; private set; }

    /// <summary>True once the handshake bytes were written: from then on writes are recorded.</summary>
    public bool Recording { get; set; }

    public Socket Socket { get; } = new(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);

    public bool HasBufferedInput => false;

    public string? FailureReason => null;

    public void Load(byte[] input, int length)
    {
        _input = input;
        _inputPosition = 0;
        _inputEnd = length;
    }

    public void ResetOutput() => OutputLength = 0;

    public int Read(Span<byte> destination)
    {
        if (!_ackSent)
        {
            _ackSent = true;
            _ack.AsSpan(0, _ackLength).CopyTo(destination);
            return _ackLength;
        }
        int count = Math.Min(destination.Length, _inputEnd - _inputPosition);
        _input.AsSpan(_inputPosition, count).CopyTo(destination);
        _inputPosition += count;
        return count;
    }

    public int Write(ReadOnlySpan<byte> source)
    {
        if (Recording)
        {
            source.CopyTo(Output.AsSpan(OutputLength));
            OutputLength += source.Length;
        }
        return source.Length;
    }

    public HandshakeProgress ContinueHandshake() => HandshakeProgress.Done;

    public void Dispose() => Socket.Dispose();
}
