using Eta.Transport;
using PerfTools.Common.Network;

namespace PerfTools.TransportPerf.Network;

/// <summary>
/// <see cref="IPerfChannel"/> on an active RSSL <see cref="Eta.Transport.Channel"/>: the only place TransportPerf
/// reads and writes through the transport. Reuses one buffer reference and one WriteArgs; allocates nothing per message.
/// </summary>
internal sealed class EtaPerfChannel : IPerfChannel
{
    private readonly Channel _channel;
    private readonly TransportChannelPort _port;
    private readonly WriteArgs _writeArgs = new();
    private readonly WriteArgs _directWriteArgs = new() { Flags = WriteFlags.DirectSocketWrite };
    private TransportBuffer? _buffer;

    public EtaPerfChannel(Channel channel, string description)
    {
        _channel = channel;
        // A flush the socket refused has the thread's loop wait for room, so the rest of a burst goes out as soon as it fits.
        _port = new TransportChannelPort(channel, waitForWritable: true);
        Description = description;
    }

    public string Description { get; }

    public IChannelPort Port => _port;

    public string? CloseReason { get; private set; }

    public ChannelResult ReadFailed() => Closed();

    public ChannelResult GetBuffer(int size, bool packed, out Span<byte> space)
    {
        TransportReturnCode code = _channel.GetBuffer(size, packed, out _buffer);
        if (code == TransportReturnCode.Success && _buffer is not null)
        {
            space = _buffer.Data;
            return ChannelResult.Success;
        }
        space = default;
        return code == TransportReturnCode.NoBuffers ? ChannelResult.NoBuffers : Closed();
    }

    public ChannelResult Pack(int length, out Span<byte> space)
    {
        _buffer!.Length = length;
        TransportReturnCode code = _channel.PackBuffer(_buffer);
        if (code < TransportReturnCode.Success)
        {
            space = default;
            return Closed();
        }
        space = _buffer.Data;
        return ChannelResult.Success;
    }

    public ChannelResult Write(int length, bool directWrite, out int bytesWritten)
    {
        TransportBuffer buffer = _buffer!;
        buffer.Length = length;
        WriteArgs args = directWrite ? _directWriteArgs : _writeArgs;
        WriteOutcome outcome = WriteRetry.Write(_port, buffer, args);
        bytesWritten = args.BytesWritten;
        _buffer = null;
        switch (outcome)
        {
            case WriteOutcome.Done:
                return ChannelResult.Success;
            case WriteOutcome.Queued:
                return ChannelResult.Queued;
            case WriteOutcome.CallAgain:
                // The transport gave no buffer for the rest of a fragmented message even after flushing: dropped.
                _channel.ReleaseBuffer(buffer);
                return ChannelResult.NoBuffers;
        }
        return Closed();
    }

    public ChannelResult Flush() => WriteRetry.Flush(_port) switch
    {
        WriteOutcome.Done => ChannelResult.Success,
        WriteOutcome.Queued => ChannelResult.Queued,
        _ => Closed(),
    };

    public ChannelResult CheckPings() =>
        _channel.CheckPings() < TransportReturnCode.Success ? Closed() : ChannelResult.Success;

    public void Dispose() => _channel.Close();

    private ChannelResult Closed()
    {
        CloseReason ??= _channel.Error.Text.Length > 0 ? _channel.Error.ToString() : "closed by peer";
        return ChannelResult.Closed;
    }
}
