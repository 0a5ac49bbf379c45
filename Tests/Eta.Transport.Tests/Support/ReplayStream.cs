using System.Net.Sockets;
using Eta.Transport.Io;

namespace Eta.Transport.Tests.Support;

/// <summary>
/// A fake channel stream that returns recorded network reads one by one (as LSEG's NetworkReplay does: a
/// record larger than the caller's space is handed out over several reads) and keeps every byte written.
/// </summary>
internal sealed class ReplayStream : IChannelStream
{
    private readonly Queue<byte[]> _reads;
    private readonly MemoryStream _written = new();
    private byte[]? _current;
    private int _currentPosition;

    public ReplayStream(IEnumerable<byte[]> reads) => _reads = new Queue<byte[]>(reads);

    /// <summary>After the records run out: true reports the peer closed, false "nothing available".</summary>
    public bool EndOfStream { get; set; }

    public Socket Socket { get; } = new(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);

    public bool HasBufferedInput => false;

    public string? FailureReason => null;

    public int PendingRecords => _reads.Count + (_current is null ? 0 : 1);

    public byte[] Written => _written.ToArray();

    public void ClearWritten() => _written.SetLength(0);

    public void Enqueue(byte[] record) => _reads.Enqueue(record);

    public int Read(Span<byte> destination)
    {
        if (_current is null)
        {
            if (!_reads.TryDequeue(out _current))
                return EndOfStream ? -1 : 0;
            _currentPosition = 0;
        }
        int count = Math.Min(destination.Length, _current.Length - _currentPosition);
        _current.AsSpan(_currentPosition, count).CopyTo(destination);
        _currentPosition += count;
        if (_currentPosition == _current.Length)
            _current = null;
        return count;
    }

    /// <summary>Bytes writes may still take before the stream acts like a full socket (returns 0: would block).</summary>
    public long WriteBudget { get; set; } = long.MaxValue;

    /// <summary>Every write offered, taken or not (each one a send syscall on a real socket).</summary>
    public int WriteCalls { get; private set; }

    public int Write(ReadOnlySpan<byte> source)
    {
        WriteCalls++;
        int count = (int)Math.Min(source.Length, WriteBudget);
        _written.Write(source[..count]);
        WriteBudget -= count;
        return count;
    }

    public HandshakeProgress ContinueHandshake() => HandshakeProgress.Done;

    public void Dispose() => Socket.Dispose();
}
