using System.Net.Sockets;
using Eta.Codec;
using Eta.Codec.Json;
using Eta.Transport;
using Eta.Transport.WebSocket;

namespace PerfTools.Common.Network;

/// <summary>
/// The read side of a channel whose WebSocket sub-protocol is tr_json2: each transport read is one JSON text
/// message (an object or an array of them), converted here to RWF and handed out one message per
/// <see cref="Read"/>, so everything above reads RWF as on any other channel. LSEG's JSON pings
/// (<c>{"Type":"Ping"}</c>) are answered with <c>{"Type":"Pong"}</c> here, as LSEG's tools do. On an RWF channel
/// it passes reads straight through. Writes and flushes go to the inner port. One thread; allocates nothing per
/// message once its buffers have grown.
/// </summary>
public sealed class JsonChannelPort : IChannelPort
{
    private static ReadOnlySpan<byte> Pong => "{\"Type\":\"Pong\"}"u8;

    private readonly Channel _channel;
    private readonly IChannelPort _inner;
    private readonly JsonToRwfConverter _converter;
    private readonly WriteArgs _pongArgs = new() { Priority = WritePriority.High };

    // The RWF messages of the last JSON payload read, back to back, and where each ends.
    private byte[] _batch = new byte[16 * 1024];
    private int[] _ends = new int[64];
    private int _count;
    private int _next;
    private TransportReturnCode _payloadRc;

    public JsonChannelPort(Channel channel, IChannelPort inner, JsonFieldNames fields)
    {
        _channel = channel;
        _inner = inner;
        _converter = new JsonToRwfConverter(fields);
    }

    /// <summary>Why the channel must close (a message that does not convert, or the peer's JSON error), once it must.</summary>
    public string? FailureText { get; private set; }

    /// <summary>Pings answered (LSEG's JSON pings read).</summary>
    public long PingsAnswered { get; private set; }

    public Socket Socket => _inner.Socket;

    public bool AwaitsWritable => _inner.AwaitsWritable;

    public void OnWritable() => _inner.OnWritable();

    public TransportReturnCode Write(TransportBuffer buffer, WriteArgs args) => _inner.Write(buffer, args);

    public TransportReturnCode Flush() => _inner.Flush();

    public TransportReturnCode Read(out ReadOnlySpan<byte> message, out bool received)
    {
        if (_channel.ProtocolType != SubProtocols.JsonProtocolType)
            return _inner.Read(out message, out received);
        if (_next < _count)
            return Next(out message, out received);

        TransportReturnCode rc = _inner.Read(out ReadOnlySpan<byte> payload, out bool got);
        message = default;
        received = false;
        if (!got)
            return rc;
        _payloadRc = rc;
        if (!Convert(payload))
            return TransportReturnCode.Failure;
        return _count > 0 ? Next(out message, out received) : rc;
    }

    private TransportReturnCode Next(out ReadOnlySpan<byte> message, out bool received)
    {
        int start = _next == 0 ? 0 : _ends[_next - 1];
        message = _batch.AsSpan(start, _ends[_next] - start);
        received = true;
        _next++;
        // More messages of this payload wait here: say so, as the transport does for input it holds.
        return _next < _count ? (TransportReturnCode)Math.Max(1, (int)_payloadRc) : _payloadRc;
    }

    private bool Convert(ReadOnlySpan<byte> payload)
    {
        _count = 0;
        _next = 0;
        int used = 0;
        JsonMessageReader messages = _converter.Read(payload);
        CodecReturnCode rc;
        while ((rc = messages.Next(out JsonMessageKind kind, out ReadOnlySpan<byte> rwf)) == CodecReturnCode.Success)
        {
            switch (kind)
            {
                case JsonMessageKind.Rwf:
                    if (used + rwf.Length > _batch.Length)
                        Array.Resize(ref _batch, Math.Max(_batch.Length * 2, used + rwf.Length));
                    if (_count == _ends.Length)
                        Array.Resize(ref _ends, _ends.Length * 2);
                    rwf.CopyTo(_batch.AsSpan(used));
                    used += rwf.Length;
                    _ends[_count++] = used;
                    break;
                case JsonMessageKind.Ping:
                    SendPong();
                    break;
                case JsonMessageKind.Error:
                    FailureText ??= $"the peer could not convert a message: {_converter.LastError}";
                    return false;
            }
        }
        if (rc == CodecReturnCode.EndOfContainer)
            return true;
        FailureText ??= $"a JSON message does not convert: {_converter.LastError}";
        return false;
    }

    // Best effort: with no buffer free now the peer's next ping gets the answer.
    private void SendPong()
    {
        if (_channel.GetBuffer(Pong.Length, packed: false, out TransportBuffer? buffer) != TransportReturnCode.Success || buffer is null)
            return;
        Pong.CopyTo(buffer.Data);
        buffer.Length = Pong.Length;
        if (WriteRetry.Write(_inner, buffer, _pongArgs) is WriteOutcome.Done or WriteOutcome.Queued)
        {
            PingsAnswered++;
            WriteRetry.Flush(_inner);
        }
    }
}
