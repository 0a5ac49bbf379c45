using System.Buffers.Binary;
using Eta.Benchmarks.Shared;

namespace Eta.Transport.Benchmarks.WritePath;

// One message per operation, as TransportPerf writes it: an 8-byte sequence number, zeros after.

/// <summary>
/// The baseline: the same RIPC frames built by hand into a plain array (as the raw-socket side of the loopback
/// harness builds them), started over when the array is full.
/// </summary>
internal struct HandBuiltFrames(Workload workload) : IOperation
{
    private readonly byte[] _output = new byte[256 * 1024];
    private int _position;
    private int _frameStart = -1;
    private int _inFrame;
    private long _sequence;

    public long Run()
    {
        if (_frameStart < 0)
        {
            if (_position > _output.Length - Workload.FragmentSize - 3)
                _position = 0;
            _frameStart = _position;
            _position += 3;
        }
        InMemoryPaths.AppendMessage(_output, ref _position, workload, ref _sequence);
        if (++_inFrame < workload.MessagesPerBuffer)
            return 1;
        BinaryPrimitives.WriteUInt16BigEndian(_output.AsSpan(_frameStart), (ushort)(_position - _frameStart));
        _output[_frameStart + 2] = workload.Packed ? (byte)0x12 : (byte)0x02;
        _frameStart = -1;
        _inFrame = 0;
        return 1;
    }
}

/// <summary>
/// The transport's write path into memory: GetBuffer, fill, [PackBuffer], Write; the channel flushes at its
/// high-water mark into a stream that takes every byte, so a socket's cost is left out of both sides.
/// </summary>
internal struct TransportWrites(Channel channel, Workload workload) : IOperation
{
    private TransportBuffer? _buffer;
    private int _inBuffer;
    private long _sequence;

    public long Run()
    {
        if (_buffer is null
            && channel.GetBuffer(workload.Packed ? Workload.FragmentSize : workload.MessageSize, workload.Packed, out _buffer) != TransportReturnCode.Success)
            return -1;
        Span<byte> data = _buffer!.Data;
        BinaryPrimitives.WriteInt64LittleEndian(data, _sequence++);
        data[8..workload.MessageSize].Clear();
        _buffer.Length = workload.MessageSize;
        if (++_inBuffer < workload.MessagesPerBuffer)
            return channel.PackBuffer(_buffer) > 0 ? 1 : -1;
        TransportReturnCode rc = channel.Write(_buffer);
        _buffer = null;
        _inBuffer = 0;
        return rc >= TransportReturnCode.Success ? 1 : -1;
    }
}
