using Eta.Transport;
using PerfTools.Common.Network;

namespace PerfTools.TransportPerf.Network;

/// <summary>
/// <see cref="IPerfChannel"/> on an active RSSL <see cref="Eta.Transport.Channel"/>: the only place TransportPerf
/// reads and writes through the transport. Reuses one buffer reference and one WriteArgs; allocates nothing per message.
/// A fragmented message the transport could not finish for lack of buffers (WriteCallAgain, its progress kept in the
/// buffer) is finished by the next flush before any new message starts: dropped half-way, its first fragments would
/// stay open at the peer for ever (its reader refuses more than 256 such) and its sequence number would read as a gap.
/// </summary>
internal sealed class EtaPerfChannel : IPerfChannel
{
    private readonly Channel _channel;
    private readonly TransportChannelPort _port;
    private readonly WriteArgs _writeArgs = new();
    private readonly WriteArgs _directWriteArgs = new() { Flags = WriteFlags.DirectSocketWrite };
    private TransportBuffer? _buffer;
    private TransportBuffer? _unfinished;
    private WriteArgs _unfinishedArgs = null!;
    private int _unfinishedBytesCounted;

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
        if (_unfinished is not null)
        {
            space = default;
            return ChannelResult.NoBuffers; // the half-written message goes first; flushing frees buffers for it
        }
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
                // No buffer for the rest of a fragmented message even after flushing: the next flush goes on with it.
                _unfinished = buffer;
                _unfinishedArgs = args;
                _unfinishedBytesCounted = bytesWritten; // the fragments queued so far
                return ChannelResult.Queued;
        }
        return Closed();
    }

    public ChannelResult Flush(out int bytesWritten)
    {
        bytesWritten = 0;
        WriteOutcome outcome = WriteRetry.Flush(_port);
        if (_unfinished is not null && outcome is WriteOutcome.Done or WriteOutcome.Queued)
        {
            outcome = WriteRetry.Write(_port, _unfinished, _unfinishedArgs);
            bytesWritten = _unfinishedArgs.BytesWritten - _unfinishedBytesCounted; // the message's count so far, less what was counted
            _unfinishedBytesCounted = _unfinishedArgs.BytesWritten;
            if (outcome == WriteOutcome.CallAgain)
                return ChannelResult.Queued;
            _unfinished = null;
        }
        return outcome switch
        {
            WriteOutcome.Done => ChannelResult.Success,
            WriteOutcome.Queued => ChannelResult.Queued,
            _ => Closed(),
        };
    }

    public ChannelResult CheckPings() =>
        _channel.CheckPings() < TransportReturnCode.Success ? Closed() : ChannelResult.Success;

    public void Dispose() => _channel.Close();

    private ChannelResult Closed()
    {
        CloseReason ??= _channel.Error.Text.Length > 0 ? _channel.Error.ToString() : "closed by peer";
        return ChannelResult.Closed;
    }
}
