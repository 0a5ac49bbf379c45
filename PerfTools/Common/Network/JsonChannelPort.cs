using System.Buffers;
using System.Net.Sockets;
using System.Text.Encodings.Web;
using System.Text.Json;
using Eta.Codec;
using Eta.Codec.Json;
using Eta.Transport;
using Eta.Transport.WebSocket;

namespace PerfTools.Common.Network;

/// <summary>
/// The read side of a channel whose WebSocket sub-protocol is tr_json2: each transport read is one JSON text
/// message (an object or an array of them), converted here to RWF and handed out one message per
/// <see cref="Read"/>, so everything above reads RWF as on any other channel. LSEG's JSON pings
/// (<c>{"Type":"Ping"}</c>) are answered with <c>{"Type":"Pong"}</c> here, as LSEG's tools do; a message that does not
/// convert is answered with LSEG's <c>{"Type":"Error","Text":...}</c> before the channel closes, so the peer learns
/// why (a peer's own Error is not answered). On an RWF channel
/// it passes reads straight through. Writes and flushes go to the inner port. One thread; allocates nothing per
/// message once its buffers have grown. With an <see cref="UpdateHandler"/>, plain updates go to it straight
/// from the JSON instead (one Utf8JsonReader pass, no RWF), as LSEG C ConsPerf reads them by default.
/// </summary>
public sealed class JsonChannelPort : IChannelPort
{
    private static ReadOnlySpan<byte> Pong => "{\"Type\":\"Pong\"}"u8;

    private readonly Channel _channel;
    private readonly IChannelPort _inner;
    private readonly JsonToRwfConverter _converter;
    private readonly WriteArgs _controlArgs = new() { Priority = WritePriority.High };

    // The RWF messages of the last JSON payload read, back to back, and where each ends.
    private byte[] _batch = new byte[16 * 1024];
    private int[] _ends = new int[64];
    private int _count;
    private int _next;
    private int _used;
    private TransportReturnCode _payloadRc;
    private bool _peerReportedError;

    public JsonChannelPort(Channel channel, IChannelPort inner, JsonFieldNames fields)
    {
        _channel = channel;
        _inner = inner;
        _converter = new JsonToRwfConverter(fields);
    }

    /// <summary>Why the channel must close (a message that does not convert, or the peer's JSON error), once it must.</summary>
    public string? FailureText { get; private set; }

    /// <summary>
    /// When set, each plain update (<see cref="JsonUpdateScan.IsPlainUpdate"/>) is offered to it instead of being
    /// converted; every other message, and an update it declines, is converted. An update that follows a converted
    /// message of the same payload is converted too, so messages are handled in the order they came.
    /// </summary>
    public IJsonUpdateHandler? UpdateHandler { get; set; }

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
        _count = 0;
        _next = 0;
        _used = 0;
        if (!(UpdateHandler is null ? Convert(payload) : ScanThenConvert(payload)))
        {
            if (!_peerReportedError)
                SendError(FailureText!);
            return TransportReturnCode.Failure;
        }
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

    // One pass over the payload: plain updates to the handler, every other message object converted on its own.
    private bool ScanThenConvert(ReadOnlySpan<byte> payload)
    {
        var reader = new Utf8JsonReader(payload, new JsonReaderOptions { CommentHandling = JsonCommentHandling.Disallow });
        try
        {
            if (!reader.Read() || reader.TokenType is not (JsonTokenType.StartObject or JsonTokenType.StartArray))
                return Convert(payload); // empty or not a message: the converter's error
            bool isArray = reader.TokenType == JsonTokenType.StartArray;
            while (!isArray || (reader.Read() && reader.TokenType != JsonTokenType.EndArray))
            {
                if (reader.TokenType != JsonTokenType.StartObject)
                {
                    FailureText ??= $"a JSON message: an element of the message array is {reader.TokenType}, not an object";
                    return false;
                }
                int start = (int)reader.TokenStartIndex;
                JsonUpdateScan scan = JsonUpdateScan.Read(ref reader);
                bool handled = scan.IsPlainUpdate && _count == 0 && UpdateHandler!.OnJsonUpdate(scan);
                if (!handled && !Convert(payload[start..(int)reader.BytesConsumed]))
                    return false;
                if (!isArray)
                    break;
            }
            if (reader.Read())
            {
                FailureText ??= $"a JSON message does not convert: unexpected {reader.TokenType} after the message";
                return false;
            }
            return true;
        }
        catch (JsonException ex)
        {
            FailureText ??= $"a JSON message does not convert: malformed JSON ({ex.Message})";
            return false;
        }
    }

    // Converts a payload (or one message object of it), appending the RWF messages to the batch.
    private bool Convert(ReadOnlySpan<byte> payload)
    {
        int used = _used;
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
                    _used = used;
                    break;
                case JsonMessageKind.Ping:
                    SendPong();
                    break;
                case JsonMessageKind.Error:
                    FailureText ??= $"the peer could not convert a message: {_converter.LastError}";
                    _peerReportedError = true;
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
        if (SendText(Pong))
            PingsAnswered++;
    }

    // Best effort, once, as the channel fails: the close that follows sends what is queued before it ends the stream.
    private void SendError(string text)
    {
        var json = new ArrayBufferWriter<byte>(64 + text.Length);
        // Relaxed escaping: the text is read by tools and people, not embedded in HTML, so a quote stays a quote.
        using (var writer = new Utf8JsonWriter(json, new JsonWriterOptions { Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping }))
        {
            writer.WriteStartObject();
            writer.WriteString("Type", "Error");
            writer.WriteString("Text", text);
            writer.WriteEndObject();
        }
        SendText(json.WrittenSpan);
    }

    private bool SendText(ReadOnlySpan<byte> text)
    {
        if (_channel.GetBuffer(text.Length, packed: false, out TransportBuffer? buffer) != TransportReturnCode.Success || buffer is null)
            return false;
        text.CopyTo(buffer.Data);
        buffer.Length = text.Length;
        if (WriteRetry.Write(_inner, buffer, _controlArgs) is not (WriteOutcome.Done or WriteOutcome.Queued))
            return false;
        WriteRetry.Flush(_inner);
        return true;
    }
}
