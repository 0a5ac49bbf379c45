using System.Net.Sockets;
using Eta.Transport;
using PerfTools.Common.Network;
using PerfTools.TransportPerf.Network;

namespace PerfTools.Tests.TransportPerf;

/// <summary>An in-memory channel: records what is written, feeds queued messages to Read.</summary>
internal sealed class FakePerfChannel : IPerfChannel, IChannelPort
{
    private readonly byte[] _buffer = new byte[1 << 16];
    private int _messageStart;
    private int _buffersLeft;

    public FakePerfChannel(int buffers = int.MaxValue, bool record = true)
    {
        _buffersLeft = buffers;
        Record = record;
    }

    public bool Record { get; }

    /// <summary>Buffers given back, as a flush that moved queued output to the socket gives them back.</summary>
    public void AddBuffers(int count) => _buffersLeft += count;
    public List<byte[]> Written { get; } = [];
    public int WrittenCount { get; private set; }
    public int Writes { get; private set; }
    public int PackedGets { get; private set; }
    public Queue<byte[]> Incoming { get; } = new();
    public int BytesPerWriteOverhead { get; init; } = 3;
    /// <summary>What Write reports, e.g. Queued to act like a transport holding data below its high-water mark.</summary>
    public ChannelResult WriteResult { get; set; } = ChannelResult.Success;
    public int Flushes { get; private set; }

    public string Description => "fake";
    public Socket Socket => throw new NotSupportedException();
    public IChannelPort Port => this;
    public string? CloseReason => null;

    public ChannelResult ReadFailed() => ChannelResult.Closed;

    // The transport's read contract: >0 while more is buffered, Success with the last message, ReadWouldBlock when empty.
    public TransportReturnCode Read(out ReadOnlySpan<byte> message, out bool received)
    {
        received = Incoming.TryDequeue(out byte[]? next);
        message = next;
        if (!received)
            return TransportReturnCode.ReadWouldBlock;
        return Incoming.Count > 0 ? (TransportReturnCode)Incoming.Peek().Length : TransportReturnCode.Success;
    }

    public TransportReturnCode Write(TransportBuffer buffer, WriteArgs args) => throw new NotSupportedException();

    TransportReturnCode IChannelPort.Flush() => throw new NotSupportedException();

    public ChannelResult GetBuffer(int size, bool packed, out Span<byte> space)
    {
        if (_buffersLeft <= 0)
        {
            space = default;
            return ChannelResult.NoBuffers;
        }
        _buffersLeft--;
        if (packed) PackedGets++;
        _messageStart = 0;
        _buffer.AsSpan().Fill(0xAA); // prove the payload writer zero-fills
        space = _buffer.AsSpan(0, size);
        return ChannelResult.Success;
    }

    public ChannelResult Pack(int length, out Span<byte> space)
    {
        Capture(length);
        _messageStart += length;
        space = _buffer.AsSpan(_messageStart);
        return ChannelResult.Success;
    }

    public ChannelResult Write(int length, bool directWrite, out int bytesWritten)
    {
        Capture(length);
        Writes++;
        bytesWritten = length + BytesPerWriteOverhead;
        return WriteResult;
    }

    public ChannelResult Flush(out int bytesWritten)
    {
        bytesWritten = 0;
        Flushes++;
        return ChannelResult.Success;
    }

    public ChannelResult CheckPings() => ChannelResult.Success;

    public void Dispose()
    {
    }

    private void Capture(int length)
    {
        WrittenCount++;
        if (Record)
            Written.Add(_buffer.AsSpan(_messageStart, length).ToArray());
    }
}
