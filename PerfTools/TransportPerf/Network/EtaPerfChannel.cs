using System.Net.Sockets;
using Eta.Transport;
using PerfTools.TransportPerf.Session;

namespace PerfTools.TransportPerf.Network;

/// <summary>
/// <see cref="IPerfChannel"/> on an active RSSL <see cref="Eta.Transport.Channel"/>: the only place TransportPerf
/// reads and writes through the transport. Reuses one buffer reference and one WriteArgs; allocates nothing per message.
/// </summary>
internal sealed class EtaPerfChannel : IPerfChannel
{
    private readonly Channel _channel;
    private readonly WriteArgs _writeArgs = new();
    private readonly WriteArgs _directWriteArgs = new() { Flags = WriteFlags.DirectSocketWrite };
    private TransportBuffer? _buffer;
    private bool _moreBuffered;

    public EtaPerfChannel(Channel channel, string description)
    {
        _channel = channel;
        Description = description;
    }

    public string Description { get; }

    public Socket Socket => _channel.Socket;

    public bool HasBufferedInput => _moreBuffered;

    public string? CloseReason { get; private set; }

    public ChannelResult ReadAvailable(IMessageSink sink)
    {
        while (true)
        {
            TransportReturnCode code = _channel.Read(out TransportBuffer? message);
            if (message is not null)
                sink.OnMessage(message.Contents);
            if ((int)code > 0)
            {
                _moreBuffered = true;
                continue; // more is already buffered: read again without waiting
            }
            _moreBuffered = false;
            switch (code)
            {
                case TransportReturnCode.Success:
                    continue;
                case TransportReturnCode.ReadWouldBlock:
                case TransportReturnCode.ReadPing:
                case TransportReturnCode.ReadInProgress:
                case TransportReturnCode.ReadFdChange:
                    return ChannelResult.Success;
                default:
                    return Closed();
            }
        }
    }

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
        TransportReturnCode code = _channel.Write(buffer, args);
        // A fragmented message that ran out of buffers: flush and offer the same buffer again (bounded).
        for (int attempt = 0; code == TransportReturnCode.WriteCallAgain && attempt < 1000; attempt++)
        {
            if (_channel.Flush() < TransportReturnCode.Success)
                break;
            code = _channel.Write(buffer, args);
        }
        bytesWritten = args.BytesWritten;
        _buffer = null;
        if ((int)code > 0)
            return ChannelResult.Queued;
        if (code == TransportReturnCode.Success)
            return ChannelResult.Success;
        if (code == TransportReturnCode.WriteCallAgain)
        {
            _channel.ReleaseBuffer(buffer);
            return ChannelResult.NoBuffers;
        }
        return Closed();
    }

    public ChannelResult Flush()
    {
        TransportReturnCode code = _channel.Flush();
        if ((int)code > 0)
            return ChannelResult.Queued;
        return code == TransportReturnCode.Success ? ChannelResult.Success : Closed();
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
