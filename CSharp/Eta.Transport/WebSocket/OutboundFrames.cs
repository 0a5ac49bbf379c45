using System.Buffers.Binary;
using Eta.Transport.Io;
using Eta.Transport.Ripc;

namespace Eta.Transport.WebSocket;

/// <summary>
/// The write side of a WebSocket channel. The channel's writer produces RIPC frames as on a socket; each becomes one
/// WebSocket frame here, as LSEG's transport sends them (RTSDK 2.1.2 <c>rwsutils.c</c> <c>rwsPrependWsHdr</c>: one
/// frame per RIPC buffer, FIN set, masked from a client):
/// <list type="bullet">
/// <item><c>rssl.rwf</c>: the RIPC frame itself (header included) is the payload of a binary frame; LSEG's reader
/// feeds the payloads to its RIPC reader, which expects whole RIPC frames in each.</item>
/// <item><c>tr_json2</c>: the message alone is the payload of a text frame. A packed frame becomes one JSON array of
/// its messages (LSEG's <c>rsslWebSocketWrite</c> packs with ',' inside '[' ']'); a RIPC fragment header starts a text
/// frame without FIN and its continuations follow as continuation frames, the last with FIN; the RIPC ping
/// (an empty data frame) becomes LSEG's JSON ping <c>[{"Type":"Ping"}]</c> (<c>rsslWebSocketPing</c>).</item>
/// </list>
/// Accounting stays exact for the writer above: a frame counts as taken only once all its wrapped bytes are with the
/// socket, except that a frame the socket took part of is reported taken but for its last byte, so the writer keeps
/// offering from inside it (as with a partial socket write) and never starts another frame in the middle of it.
/// </summary>
internal sealed class OutboundFrames
{
    private static ReadOnlySpan<byte> JsonPing => "[{\"Type\":\"Ping\"}]"u8;

    private readonly bool _mask;
    private readonly bool _json;
    private readonly byte[] _out;
    private int _outStart;
    private int _outEnd;
    // Per wrapped frame of the current batch: where its wrapped bytes end in _out, its source length, and the JSON
    // fragmentation state before it (to roll back frames the socket did not take).
    private readonly int[] _wrappedEnd;
    private readonly int[] _sourceLength;
    private readonly int[] _jsonLeftBefore;
    private int _frames;
    private bool _owing;
    // A frame the writer's bytes ended inside: its start, until the rest comes.
    private readonly byte[] _carry = new byte[ushort.MaxValue];
    private int _carryLength;
    private int _carriedBefore;
    private int _trailing;
    private int _jsonMessageLeft;
    private readonly byte[] _control = new byte[FrameHeader.MaxLength + FrameHeader.MaxControlPayload];
    private int _controlLength;

    public OutboundFrames(bool mask, bool json, int capacity)
    {
        _mask = mask;
        _json = json;
        _out = new byte[Math.Max(capacity, ushort.MaxValue + 2 * FrameHeader.MaxLength)];
        int maxFrames = _out.Length / (RipcLimits.HeaderLength + 2) + 1;
        _wrappedEnd = new int[maxFrames];
        _sourceLength = new int[maxFrames];
        _jsonLeftBefore = new int[maxFrames];
    }

    /// <summary>Wrapped bytes (or a control frame) the socket has not taken yet.</summary>
    public bool HasPending => _outEnd > _outStart || _controlLength > 0;

    public bool CloseQueued { get; private set; }

    /// <summary>
    /// Wraps and sends the RIPC frames of <paramref name="source"/>; returns the source bytes taken. The writer above
    /// may cut its bytes anywhere (a message it queued in two parts can be offered half): a frame cut short is kept
    /// here (taken) until the rest comes.
    /// </summary>
    public int Write(IChannelStream inner, ReadOnlySpan<byte> source)
    {
        if (!Drain(inner))
            return 0;
        int taken = 0;
        if (_owing && !source.IsEmpty)
        {
            _owing = false;
            taken = 1; // the last byte of the frame that just went out: the writer offers it again
        }
        while (taken < source.Length)
        {
            int consumed = WrapBatch(source[taken..]);
            if (_frames == 0)
                return taken + consumed; // all of it went to complete (or start) a frame not yet whole
            int sent = Send(inner);
            taken += Settle(sent, out bool allSent);
            if (!allSent)
                break;
        }
        return taken;
    }

    /// <summary>Sends what is pending (a frame's rest, then a queued control frame); true when nothing is left.</summary>
    public bool Drain(IChannelStream inner)
    {
        if (_outEnd > _outStart)
        {
            int sent = Math.Max(0, inner.Write(_out.AsSpan(_outStart, _outEnd - _outStart)));
            _outStart += sent;
            if (_outStart < _outEnd)
                return false;
            _outStart = _outEnd = 0;
        }
        if (_controlLength > 0)
        {
            _control.AsSpan(0, _controlLength).CopyTo(_out);
            _outEnd = _controlLength;
            _controlLength = 0;
            return Drain(inner);
        }
        return true;
    }

    /// <summary>Queues a control frame (pong, close), sent before the next data frame; one at a time, the latest wins.</summary>
    public void QueueControl(Opcode opcode, ReadOnlySpan<byte> payload)
    {
        if (CloseQueued)
            return; // nothing follows a Close (RFC 6455 section 5.5.1)
        int length = Math.Min(payload.Length, FrameHeader.MaxControlPayload);
        uint key = _mask ? NewKey() : 0;
        int header = FrameHeader.Write(_control, fin: true, opcode, length, _mask, key);
        payload[..length].CopyTo(_control.AsSpan(header));
        if (_mask)
            Masking.Apply(_control.AsSpan(header, length), key, 0);
        _controlLength = header + length;
        CloseQueued = opcode == Opcode.Close;
    }

    public void QueueClose(ushort code, string reason)
    {
        Span<byte> payload = stackalloc byte[FrameHeader.MaxControlPayload];
        BinaryPrimitives.WriteUInt16BigEndian(payload, code);
        int length = 2 + System.Text.Encoding.ASCII.GetBytes(reason.AsSpan(0, Math.Min(reason.Length, payload.Length - 2)), payload[2..]);
        QueueControl(Opcode.Close, payload[..length]);
    }

    // Wraps as many RIPC frames as fit into _out: first the one carried from the last call (completed from the
    // source), then whole frames of the source; a frame the source ends inside is carried. Returns the source bytes used.
    private int WrapBatch(ReadOnlySpan<byte> source)
    {
        _frames = 0;
        _carriedBefore = _carryLength;
        _trailing = 0;
        int at = 0;
        if (_carryLength > 0)
        {
            at = FillCarry(source);
            if (!CarryIsWhole(out int length))
                return at; // still not whole: everything went into the carry
            AddFrame(_carry.AsSpan(0, length), sourceLength: at);
            _carryLength = 0;
        }
        while (source.Length - at >= RipcLimits.HeaderLength && _frames < _wrappedEnd.Length)
        {
            int length = BinaryPrimitives.ReadUInt16BigEndian(source[at..]);
            if (length < RipcLimits.HeaderLength)
                throw new InvalidOperationException($"WebSocket write: a RIPC frame declares {length} bytes");
            if (source.Length - at < length)
                break;
            if (!AddFrame(source.Slice(at, length), length))
                return at; // the batch is full
            at += length;
        }
        if (at < source.Length && _frames < _wrappedEnd.Length && _carriedBefore == 0)
        {
            // The source ends inside a frame: carry its start (taken only if the batch goes out whole; not in a batch
            // that completed the last carry, whose bytes must survive until it has gone).
            _trailing = source.Length - at;
            source[at..].CopyTo(_carry.AsSpan(_carryLength));
            _carryLength += _trailing;
            at = source.Length;
        }
        return at;
    }

    private int FillCarry(ReadOnlySpan<byte> source)
    {
        int used = 0;
        if (_carryLength < 2)
        {
            used = Math.Min(2 - _carryLength, source.Length);
            source[..used].CopyTo(_carry.AsSpan(_carryLength));
            _carryLength += used;
        }
        if (_carryLength < 2)
            return used;
        int need = BinaryPrimitives.ReadUInt16BigEndian(_carry) - _carryLength;
        int more = Math.Clamp(need, 0, source.Length - used);
        source.Slice(used, more).CopyTo(_carry.AsSpan(_carryLength));
        _carryLength += more;
        return used + more;
    }

    private bool CarryIsWhole(out int length)
    {
        length = _carryLength >= 2 ? BinaryPrimitives.ReadUInt16BigEndian(_carry) : 0;
        if (_carryLength >= 2 && length < RipcLimits.HeaderLength)
            throw new InvalidOperationException($"WebSocket write: a RIPC frame declares {length} bytes");
        return _carryLength >= 2 && _carryLength == length;
    }

    // Wraps one frame into _out; false when it does not fit (the batch is full).
    private bool AddFrame(ReadOnlySpan<byte> frame, int sourceLength)
    {
        int jsonLeft = _jsonMessageLeft;
        if (_out.Length - _outEnd < WrappedSize(frame))
            return false;
        _jsonLeftBefore[_frames] = jsonLeft;
        _outEnd += Wrap(frame, _out.AsSpan(_outEnd));
        _wrappedEnd[_frames] = _outEnd;
        _sourceLength[_frames] = sourceLength;
        _frames++;
        return true;
    }

    private int Send(IChannelStream inner) => Math.Max(0, inner.Write(_out.AsSpan(_outStart, _outEnd - _outStart)));

    // Counts the frames the socket took whole; keeps the rest of one it took part of; drops the untouched ones
    // (the writer offers them again), with the carry as it was if the first of them completed it.
    private int Settle(int sent, out bool allSent)
    {
        int sentTo = _outStart + sent;
        int taken = 0;
        int frameStart = _outStart;
        allSent = false;
        for (int i = 0; i < _frames; i++)
        {
            if (_wrappedEnd[i] <= sentTo)
            {
                taken += _sourceLength[i];
                frameStart = _wrappedEnd[i];
                continue;
            }
            if (sentTo > frameStart)
            {
                taken += _sourceLength[i] - 1;
                _owing = _sourceLength[i] > 0;
                _outStart = sentTo;
                _outEnd = _wrappedEnd[i];
                if (i + 1 < _frames)
                    _jsonMessageLeft = _jsonLeftBefore[i + 1];
            }
            else
            {
                _outStart = _outEnd = 0;
                _jsonMessageLeft = _jsonLeftBefore[i];
                if (i == 0 && _carriedBefore > 0)
                    _carryLength = _carriedBefore; // the completed carry did not go: keep what came before this call
            }
            if (_trailing > 0)
                _carryLength = 0; // the frames before the cut did not all go: the writer offers it again
            _frames = 0;
            return taken;
        }
        _outStart = _outEnd = 0;
        _frames = 0;
        allSent = true;
        return taken + _trailing;
    }

    private int WrappedSize(ReadOnlySpan<byte> frame)
    {
        int payload = _json ? JsonPayloadLength(frame) : frame.Length;
        return payload < 0 ? 0 : FrameHeader.SizeFor(payload, _mask) + payload;
    }

    private int Wrap(ReadOnlySpan<byte> frame, Span<byte> destination)
    {
        if (!_json)
            return Emit(destination, Opcode.Binary, fin: true, frame);
        byte flags = frame[2];
        if ((flags & RipcFlags.HasExtendedFlags) != 0)
        {
            // RIPC 14 fragments (the JSON session is RIPC 14): 03 08 total(4) id(2) data | 03 04 id(2) data
            if ((frame[3] & RipcExtendedFlags.FragmentHeader) != 0)
            {
                ReadOnlySpan<byte> first = frame[10..];
                _jsonMessageLeft = (int)BinaryPrimitives.ReadUInt32BigEndian(frame[4..]) - first.Length;
                return Emit(destination, Opcode.Text, fin: _jsonMessageLeft <= 0, first);
            }
            ReadOnlySpan<byte> rest = frame[6..];
            _jsonMessageLeft -= rest.Length;
            return Emit(destination, Opcode.Continuation, fin: _jsonMessageLeft <= 0, rest);
        }
        if ((flags & RipcFlags.Packed) != 0)
            return EmitPackedArray(frame, destination);
        return frame.Length == RipcLimits.HeaderLength
            ? Emit(destination, Opcode.Text, fin: true, JsonPing)
            : Emit(destination, Opcode.Text, fin: true, frame[RipcLimits.HeaderLength..]);
    }

    private int JsonPayloadLength(ReadOnlySpan<byte> frame)
    {
        byte flags = frame[2];
        if ((flags & RipcFlags.HasExtendedFlags) != 0)
            return frame.Length - ((frame[3] & RipcExtendedFlags.FragmentHeader) != 0 ? 10 : 6);
        if ((flags & RipcFlags.Packed) != 0)
        {
            int length = 1, count = 0;
            foreach (ReadOnlySpan<byte> message in new PackedMessages(frame))
            {
                length += ArrayContent(message).Length + (count++ > 0 ? 1 : 0);
            }
            return count == 0 ? -1 : length + 1;
        }
        return frame.Length == RipcLimits.HeaderLength ? JsonPing.Length : frame.Length - RipcLimits.HeaderLength;
    }

    // Packed JSON messages go out as one array: '[' m1 ',' m2 ... ']' (a message that is itself an array gives its elements).
    private int EmitPackedArray(ReadOnlySpan<byte> frame, Span<byte> destination)
    {
        int payload = JsonPayloadLength(frame);
        if (payload < 0)
            return 0; // a packed buffer holding no message: nothing to send
        uint key = _mask ? NewKey() : 0;
        int header = FrameHeader.Write(destination, fin: true, Opcode.Text, payload, _mask, key);
        Span<byte> body = destination.Slice(header, payload);
        int at = 0;
        body[at++] = (byte)'[';
        foreach (ReadOnlySpan<byte> message in new PackedMessages(frame))
        {
            if (at > 1)
                body[at++] = (byte)',';
            ReadOnlySpan<byte> content = ArrayContent(message);
            content.CopyTo(body[at..]);
            at += content.Length;
        }
        body[at] = (byte)']';
        if (_mask)
            Masking.Apply(body, key, 0);
        return header + payload;
    }

    private static ReadOnlySpan<byte> ArrayContent(ReadOnlySpan<byte> message)
    {
        ReadOnlySpan<byte> trimmed = message.Trim(" \t\r\n"u8);
        return trimmed.Length >= 2 && trimmed[0] == '[' && trimmed[^1] == ']' ? trimmed[1..^1] : message;
    }

    private int Emit(Span<byte> destination, Opcode opcode, bool fin, ReadOnlySpan<byte> payload)
    {
        uint key = _mask ? NewKey() : 0;
        int header = FrameHeader.Write(destination, fin, opcode, payload.Length, _mask, key);
        Span<byte> body = destination.Slice(header, payload.Length);
        payload.CopyTo(body);
        if (_mask)
            Masking.Apply(body, key, 0);
        return header + payload.Length;
    }

    // RFC 6455 section 5.3: a fresh, unpredictable key per frame.
    private static uint NewKey() => (uint)Random.Shared.NextInt64();

    /// <summary>The messages of a packed RIPC frame: UInt16 length + message, to the frame's end.</summary>
    private ref struct PackedMessages
    {
        private readonly ReadOnlySpan<byte> _frame;
        private int _at;

        public PackedMessages(ReadOnlySpan<byte> frame)
        {
            _frame = frame;
            _at = RipcLimits.HeaderLength;
            Current = default;
        }

        public ReadOnlySpan<byte> Current { get; private set; }

        public readonly PackedMessages GetEnumerator() => this;

        public bool MoveNext()
        {
            while (_frame.Length - _at >= RipcLimits.PackedLengthSize)
            {
                int length = BinaryPrimitives.ReadUInt16BigEndian(_frame[_at..]);
                _at += RipcLimits.PackedLengthSize;
                if (length > _frame.Length - _at)
                    return false;
                Current = _frame.Slice(_at, length);
                _at += length;
                if (length > 0)
                    return true;
            }
            return false;
        }
    }
}
