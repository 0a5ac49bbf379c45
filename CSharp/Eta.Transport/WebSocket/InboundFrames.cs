using System.Buffers.Binary;
using Eta.Transport.Io;
using Eta.Transport.Ripc;

namespace Eta.Transport.WebSocket;

/// <summary>
/// The read side of a WebSocket channel: takes RFC 6455 frames off the stream and hands the channel's RIPC reader
/// what it expects from a socket.
/// <list type="bullet">
/// <item><c>rssl.rwf</c>: the payloads of binary (and continuation) frames, which carry RIPC frames, as one byte
/// stream.</item>
/// <item><c>tr_json2</c>: each text message as one RIPC data frame (<c>LL LL 02</c> + the JSON), so the reader
/// delivers exactly one WebSocket message per buffer; a fragmented message is assembled first.</item>
/// </list>
/// Control frames are answered here: a Ping gets its Pong, a Close ends the channel (after our Close in reply).
/// Everything RFC 6455 forbids closes the connection with the matching code and an error naming it: reserved bits,
/// a masked frame from the server or an unmasked one from a client, unknown opcodes, fragmented or oversized control
/// frames, a continuation without a message or a new message inside one, the wrong data type for the sub-protocol,
/// and a frame or message over the maximum size (1009).
/// </summary>
internal sealed class InboundFrames
{
    private readonly bool _expectMasked;
    private readonly bool _json;
    private readonly int _maxMessage;
    private readonly OutboundFrames _output;
    private readonly byte[] _raw;
    private int _rawStart;
    private int _rawEnd;
    // The data frame being delivered.
    private long _payloadLeft;
    private bool _frameMasked;
    private uint _frameKey;
    private int _maskPosition;
    private bool _frameFin;
    private bool _inMessage;
    private bool _assembling;
    // tr_json2: the synthesized RIPC header still to deliver, or a fragmented message being assembled then delivered.
    private readonly byte[] _ripcHeader = new byte[RipcLimits.HeaderLength];
    private int _headerLeft;
    private byte[]? _assembly;
    private int _assembled;
    private int _assemblyDelivered = -1;

    public InboundFrames(bool expectMasked, bool json, int maxMessage, OutboundFrames output, ReadOnlySpan<byte> alreadyRead)
    {
        _expectMasked = expectMasked;
        _json = json;
        _maxMessage = maxMessage;
        _output = output;
        _raw = new byte[Math.Max(64 * 1024, alreadyRead.Length)];
        alreadyRead.CopyTo(_raw);
        _rawEnd = alreadyRead.Length;
    }

    /// <summary>True when a call to <see cref="Read"/> would make progress without the socket.</summary>
    public bool HasBufferedInput
    {
        get
        {
            if (_headerLeft > 0 || _assemblyDelivered >= 0)
                return true;
            ReadOnlySpan<byte> raw = _raw.AsSpan(_rawStart, _rawEnd - _rawStart);
            if (raw.IsEmpty)
                return false;
            if (_payloadLeft > 0)
                return true;
            return FrameHeader.TryRead(raw, out FrameHeader header, out _)
                && (!header.IsControl || (ulong)(raw.Length - header.Length) >= header.PayloadLength);
        }
    }

    /// <summary>IChannelStream.Read semantics: bytes delivered, 0 when none now, -1 at end of stream.</summary>
    public int Read(IChannelStream inner, Span<byte> destination)
    {
        int written = 0;
        bool readOnce = false;
        while (written < destination.Length)
        {
            if (_headerLeft > 0)
            {
                written += DeliverHeader(destination[written..]);
                continue;
            }
            if (_assemblyDelivered >= 0)
            {
                written += DeliverAssembly(destination[written..]);
                continue;
            }
            int available = _rawEnd - _rawStart;
            if (_payloadLeft > 0 && available > 0)
            {
                written += TakePayload(destination[written..]);
                continue;
            }
            if (_payloadLeft == 0 && available > 0 && TryStartFrame())
                continue;
            // Nothing more to do with what is buffered: read once per call, and never when something is ready.
            if (written > 0 || readOnce)
                break;
            readOnce = true;
            int read = Fill(inner);
            if (read < 0)
                return -1;
            if (read == 0)
                break;
        }
        return written;
    }

    private int Fill(IChannelStream inner)
    {
        if (_rawStart > 0)
        {
            Buffer.BlockCopy(_raw, _rawStart, _raw, 0, _rawEnd - _rawStart);
            _rawEnd -= _rawStart;
            _rawStart = 0;
        }
        int read = inner.Read(_raw.AsSpan(_rawEnd));
        if (read > 0)
            _rawEnd += read;
        return read;
    }

    // Parses the next frame header; false when it (or a control frame's payload) is not all here yet.
    private bool TryStartFrame()
    {
        ReadOnlySpan<byte> raw = _raw.AsSpan(_rawStart, _rawEnd - _rawStart);
        if (!FrameHeader.TryRead(raw, out FrameHeader header, out _))
            return false;
        if (header.Reserved != 0)
            throw Violation(CloseCode.ProtocolError, $"a frame with reserved bits 0x{header.Reserved:X2} set (no extension was negotiated)");
        if (header.Masked != _expectMasked)
            throw Violation(CloseCode.ProtocolError, _expectMasked
                ? "an unmasked frame from the client (RFC 6455 requires clients to mask every frame)"
                : "a masked frame from the server (RFC 6455 forbids servers to mask)");
        if (header.IsControl)
            return TakeControl(header, raw);
        switch (header.Opcode)
        {
            case Opcode.Continuation when !_inMessage:
                throw Violation(CloseCode.ProtocolError, "a continuation frame with no fragmented message to continue");
            case Opcode.Text or Opcode.Binary when _inMessage:
                throw Violation(CloseCode.ProtocolError, "a new data frame before the fragmented message ended");
            case Opcode.Text when !_json:
                throw Violation(CloseCode.UnsupportedData, $"a text frame on a {SubProtocols.Rwf} connection (RWF travels in binary frames)");
            case Opcode.Binary when _json:
                throw Violation(CloseCode.UnsupportedData, $"a binary frame on a {SubProtocols.Json2} connection (JSON travels in text frames)");
            case Opcode.Continuation or Opcode.Text or Opcode.Binary:
                break;
            default:
                throw Violation(CloseCode.ProtocolError, $"unknown opcode 0x{(byte)header.Opcode:X}");
        }
        long total = (long)Math.Min(header.PayloadLength, long.MaxValue) + (header.Opcode == Opcode.Continuation && _json ? _assembled : 0);
        if (header.PayloadLength > (ulong)_maxMessage || total > _maxMessage)
            throw Violation(CloseCode.TooBig, $"a {(header.Opcode == Opcode.Continuation ? "message grown" : "frame")} of {total} bytes, over the maximum message size of {_maxMessage} bytes");
        _rawStart += header.Length;
        _payloadLeft = (long)header.PayloadLength;
        _frameMasked = header.Masked;
        _frameKey = header.MaskKey;
        _maskPosition = 0;
        _frameFin = header.Fin;
        bool starts = header.Opcode != Opcode.Continuation;
        _inMessage = !header.Fin;
        _assembling = false;
        if (_json)
        {
            if (starts && header.Fin)
                StartRipcHeader((int)_payloadLeft); // a whole message in one frame: streamed after its RIPC header
            else
            {
                if (starts)
                    _assembled = 0;
                _assembly ??= new byte[_maxMessage];
                _assembling = true;
            }
        }
        if (_payloadLeft == 0)
            EndOfFramePayload();
        return true;
    }

    private bool TakeControl(FrameHeader header, ReadOnlySpan<byte> raw)
    {
        if (!header.Fin || header.PayloadLength > FrameHeader.MaxControlPayload)
            throw Violation(CloseCode.ProtocolError, $"a {header.Opcode} control frame {(header.Fin ? $"of {header.PayloadLength} bytes (at most 125 allowed)" : "fragmented")}");
        int length = (int)header.PayloadLength;
        if (raw.Length - header.Length < length)
            return false;
        Span<byte> payload = _raw.AsSpan(_rawStart + header.Length, length);
        if (header.Masked)
            Masking.Apply(payload, header.MaskKey, 0);
        _rawStart += header.Length + length;
        switch (header.Opcode)
        {
            case Opcode.Ping:
                _output.QueueControl(Opcode.Pong, payload);
                return true;
            case Opcode.Pong:
                return true;
            case Opcode.Close:
                int code = length >= 2 ? BinaryPrimitives.ReadUInt16BigEndian(payload) : 1005;
                string reason = length > 2 ? " \"" + HttpHeaderBlock.Printable(System.Text.Encoding.UTF8.GetString(payload[2..])) + "\"" : "";
                if (!_output.CloseQueued)
                    _output.QueueClose((ushort)(code == 1005 ? CloseCode.Normal : code), "");
                throw new WebSocketException($"the peer closed the WebSocket connection with code {code} ({CloseCode.Describe(code)}){reason}");
            default:
                throw Violation(CloseCode.ProtocolError, $"unknown control opcode 0x{(byte)header.Opcode:X}");
        }
    }

    private int TakePayload(Span<byte> destination)
    {
        int count = (int)Math.Min(_payloadLeft, _rawEnd - _rawStart);
        if (!_assembling)
            count = Math.Min(count, destination.Length);
        Span<byte> target = _assembling ? _assembly.AsSpan(_assembled, count) : destination[..count];
        _raw.AsSpan(_rawStart, count).CopyTo(target);
        if (_frameMasked)
            _maskPosition = Masking.Apply(target, _frameKey, _maskPosition);
        _rawStart += count;
        _payloadLeft -= count;
        bool assembled = _assembling;
        if (assembled)
            _assembled += count;
        if (_payloadLeft == 0)
            EndOfFramePayload();
        return assembled ? 0 : count;
    }

    private void StartRipcHeader(int messageLength)
    {
        if (messageLength + RipcLimits.HeaderLength > ushort.MaxValue)
            throw Violation(CloseCode.TooBig, $"a message of {messageLength} bytes, over the {ushort.MaxValue - RipcLimits.HeaderLength} bytes a channel buffer holds");
        BinaryPrimitives.WriteUInt16BigEndian(_ripcHeader, (ushort)(messageLength + RipcLimits.HeaderLength));
        _ripcHeader[2] = RipcFlags.Data;
        _headerLeft = RipcLimits.HeaderLength;
    }

    // A fragmented JSON message is delivered once its last frame is in.
    private void EndOfFramePayload()
    {
        if (!_assembling || !_frameFin)
            return;
        StartRipcHeader(_assembled);
        _assemblyDelivered = 0;
        _assembling = false;
    }

    private int DeliverHeader(Span<byte> destination)
    {
        int count = Math.Min(_headerLeft, destination.Length);
        _ripcHeader.AsSpan(RipcLimits.HeaderLength - _headerLeft, count).CopyTo(destination);
        _headerLeft -= count;
        return count;
    }

    private int DeliverAssembly(Span<byte> destination)
    {
        int count = Math.Min(_assembled - _assemblyDelivered, destination.Length);
        _assembly.AsSpan(_assemblyDelivered, count).CopyTo(destination);
        _assemblyDelivered += count;
        if (_assemblyDelivered == _assembled)
        {
            _assemblyDelivered = -1;
            _assembled = 0;
        }
        return count;
    }

    private WebSocketException Violation(ushort code, string what)
    {
        _output.QueueClose(code, CloseCode.Describe(code));
        return new WebSocketException($"received {what}; closed the WebSocket connection with code {code} ({CloseCode.Describe(code)})");
    }
}
