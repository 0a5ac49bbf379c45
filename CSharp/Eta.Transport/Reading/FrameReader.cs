using Eta.Transport.Compression;
using Eta.Transport.Io;
using Eta.Transport.Ripc;

namespace Eta.Transport.Reading;

/// <summary>
/// Turns the byte stream of an active channel into messages: one message per <see cref="Read"/>,
/// unpacking packed frames, reassembling fragments, decompressing and recognising pings. It reads the
/// socket at most once per call, so a caller is never blocked or starved; the return value says how
/// many bytes stay buffered (the "call Read again" contract).
/// </summary>
internal sealed class FrameReader
{
    private readonly InputBuffer _input;
    private readonly TransportBuffer _message = new();
    private readonly FragmentTable _fragments = new();
    private readonly int _fragmentIdLength;
    private readonly ICompressor? _decompressor;
    private readonly byte[] _decompressed;
    private PackedCursor _packed;
    /// <summary>Compressed bytes of frames flagged "continues in the next frame", joined until the last part.</summary>
    private byte[] _continuation = [];
    private int _continuationLength;
    private bool _continuationPacked;
    private FragmentAssembly? _releaseOnNextRead;
    private IChannelStream? _stream;

    public FrameReader(InputBuffer input, RipcVersion version, ICompressor? decompressor, int maxFragmentSize)
    {
        _input = input;
        _fragmentIdLength = version.FragmentIdLength;
        _decompressor = decompressor;
        _decompressed = decompressor is null ? [] : new byte[Math.Max(2 * maxFragmentSize, ushort.MaxValue + 1)];
    }

    /// <summary>Set when a frame arrived (any data counts as a sign of life).</summary>
    public bool ReceivedData { get; private set; }

    /// <summary>
    /// Returns: &gt;0 (bytes still buffered, call again) or Success with a message; ReadWouldBlock,
    /// ReadPing, or &gt;0 without a message; Failure with <paramref name="error"/> set.
    /// A SocketException from the stream propagates to the caller.
    /// </summary>
    public TransportReturnCode Read(IChannelStream stream, ReadArgs args, TransportError error, out TransportBuffer? message)
    {
        ReceivedData = false;
        if (!ReferenceEquals(_stream, stream))
            _stream = stream;
        // The common cases, kept small: the next message of a packed frame already in memory, or a whole plain
        // data frame buffered.
        if (_releaseOnNextRead is null)
        {
            if (_packed.Active)
            {
                if (_packed.TryNext(out int start, out int length))
                {
                    _message.PrepareForRead(_packed.Array!, start, length);
                    message = _message;
                    return _packed.Active ? (TransportReturnCode)(_input.Count + _packed.RemainingBytes) : More(TransportReturnCode.Success);
                }
            }
            else if (TryPlainDataFrame(args))
            {
                message = _message;
                return More(TransportReturnCode.Success);
            }
        }
        return ReadFrames(stream, args, error, out message);
    }

    /// <summary>
    /// Delivers the buffered frame at once when it is a whole, plain data frame (flags exactly Data, longer than a
    /// ping, no compressed continuation pending): what <see cref="ProcessFrame"/> would do with it, minus its tests.
    /// </summary>
    private bool TryPlainDataFrame(ReadArgs args)
    {
        byte[] data = _input.Array;
        int start = _input.Start;
        int count = _input.Count;
        if (count <= RipcLimits.HeaderLength || (uint)(start + RipcLimits.HeaderLength) > (uint)data.Length)
            return false;
        int frameLength = (data[start] << 8) | data[start + 1];
        if (frameLength <= RipcLimits.HeaderLength || frameLength > count || data[start + 2] != RipcFlags.Data
            || _continuationLength > 0 || _continuationPacked)
            return false;
        _input.Consume(frameLength);
        args.UncompressedBytesRead += frameLength;
        _message.PrepareForRead(data, start + RipcLimits.HeaderLength, frameLength - RipcLimits.HeaderLength);
        return true;
    }

    /// <summary>Frees pooled reassembly memory (channel close).</summary>
    public void Release()
    {
        ReleaseDeferred();
        _fragments.Clear();
        _packed.Reset();
    }

    private TransportReturnCode ReadFrames(IChannelStream stream, ReadArgs args, TransportError error, out TransportBuffer? message)
    {
        ReleaseDeferred();
        if (NextPacked(error, out message, out TransportReturnCode packedResult))
            return packedResult;

        bool readSocket = false;
        while (true)
        {
            int frameLength = _input.PeekFrameLength();
            if (_input.Count >= 2 && frameLength < RipcLimits.HeaderLength)
            {
                message = null;
                return error.Set(TransportReturnCode.Failure,
                    $"Read: received a RIPC frame declaring {frameLength} bytes (less than its own 3-byte header): the peer sent garbage");
            }
            if (_input.Count < RipcLimits.HeaderLength || _input.Count < frameLength)
            {
                if (readSocket)
                {
                    message = null;
                    return More(TransportReturnCode.ReadWouldBlock);
                }
                readSocket = true;
                int read = _input.Fill(stream, frameLength);
                if (read < 0)
                {
                    message = null;
                    return _input.Count > 0
                        ? error.Set(TransportReturnCode.Failure,
                            $"Read: the peer closed the connection in the middle of a frame ({_input.Count} bytes of it received)")
                        : error.SetPeerClosed("Read: the peer closed the connection");
                }
                if (read == 0)
                {
                    message = null;
                    return More(TransportReturnCode.ReadWouldBlock);
                }
                ReceivedData = true;
                args.BytesRead += read;
                continue;
            }

            int frameStart = _input.Start;
            _input.Consume(frameLength);
            FrameOutcome outcome = ProcessFrame(frameStart, frameLength, args, error);
            switch (outcome)
            {
                case FrameOutcome.Message:
                    message = _message;
                    return More(TransportReturnCode.Success);
                case FrameOutcome.Failure:
                    message = null;
                    return TransportReturnCode.Failure;
                case FrameOutcome.Ping:
                    if (More(TransportReturnCode.Success) > TransportReturnCode.Success)
                        continue;
                    message = null;
                    return TransportReturnCode.ReadPing;
                default:
                    if (NextPacked(error, out message, out packedResult))
                        return packedResult;
                    message = null;
                    return More(TransportReturnCode.ReadWouldBlock);
            }
        }
    }

    /// <summary>
    /// &gt;0 (the buffered byte count) when another message can be produced without the socket signalling
    /// readiness: a packed remainder, a complete frame, input the stream (TLS) holds, or a socket read that filled
    /// the input buffer (the socket very likely holds more: reading again costs one <c>recv</c>, asking first
    /// would cost a <c>poll</c> as well); else <paramref name="otherwise"/>. A partial frame alone does not count:
    /// the socket signals when the rest comes.
    /// </summary>
    private TransportReturnCode More(TransportReturnCode otherwise)
    {
        if (_packed.Active)
            return (TransportReturnCode)(_input.Count + _packed.RemainingBytes);
        int frameLength = _input.PeekFrameLength();
        bool completeFrame = _input.Count >= RipcLimits.HeaderLength && _input.Count >= frameLength;
        return completeFrame || _input.LastFillWasFull || (_stream?.HasBufferedInput ?? false)
            ? (TransportReturnCode)Math.Max(1, _input.Count)
            : otherwise;
    }

    /// <summary>The next packed message, or a failure when the frame is malformed; false when there is none.</summary>
    private bool NextPacked(TransportError error, out TransportBuffer? message, out TransportReturnCode result)
    {
        if (_packed.Active && _packed.TryNext(out int start, out int length))
        {
            _message.PrepareForRead(_packed.Array!, start, length);
            message = _message;
            result = More(TransportReturnCode.Success);
            return true;
        }
        message = null;
        if (_packed.Malformed)
        {
            result = error.Set(TransportReturnCode.Failure, "Read: a packed frame holds a message length that runs past the end of the frame");
            return true;
        }
        result = default;
        return false;
    }

    private FrameOutcome ProcessFrame(int frameStart, int frameLength, ReadArgs args, TransportError error)
    {
        byte[] data = _input.Array;
        byte flags = data[frameStart + 2];
        if ((flags & (RipcFlags.Data | RipcFlags.Compressed)) == 0)
        {
            // LSEG's C reader (ipcReadSession) closes the channel on such a frame, ping-sized ones included.
            error.Set(TransportReturnCode.Failure,
                $"Read: received a RIPC frame of {frameLength} bytes with flags byte 0x{flags:X2}, neither data (0x02) nor compressed (0x04): not a frame an active channel carries (LSEG's C reader rejects it as an invalid message opcode)");
            return FrameOutcome.Failure;
        }
        if (frameLength == RipcLimits.PingLength)
        {
            args.UncompressedBytesRead += frameLength;
            return FrameOutcome.Ping;
        }
        int payloadStart = frameStart + RipcLimits.HeaderLength;
        int payloadLength = frameLength - RipcLimits.HeaderLength;

        if ((flags & RipcFlags.HasExtendedFlags) != 0)
            return ProcessExtended(flags, data, payloadStart, payloadLength, args, error);

        if ((flags & RipcFlags.Compressed) != 0)
            return ProcessCompressed(flags, data.AsSpan(payloadStart, payloadLength), args, error);

        if (_continuationLength > 0 || _continuationPacked)
        {
            error.Set(TransportReturnCode.Failure, "Read: expected the compressed continuation of the previous frame, got an uncompressed frame");
            return FrameOutcome.Failure;
        }

        args.UncompressedBytesRead += frameLength;
        return Deliver(flags, data, payloadStart, payloadLength);
    }

    private FrameOutcome Deliver(byte flags, byte[] array, int start, int length)
    {
        if ((flags & RipcFlags.Packed) != 0)
        {
            _packed.Begin(array, start, start + length);
            return FrameOutcome.Nothing; // the caller takes the first packed message
        }
        _message.PrepareForRead(array, start, length);
        return FrameOutcome.Message;
    }

    private FrameOutcome ProcessCompressed(byte flags, ReadOnlySpan<byte> compressed, ReadArgs args, TransportError error)
    {
        bool continues = (flags & RipcFlags.CompressedFragment) != 0;
        if (continues || _continuationLength > 0 || _continuationPacked)
        {
            // A compressed message split over frames: join the compressed parts, then inflate once
            // (lz4 blocks cannot be inflated piecewise; for zlib it is the same stream either way).
            AppendContinuation(compressed);
            if (continues)
            {
                _continuationPacked |= (flags & RipcFlags.Packed) != 0;
                return FrameOutcome.Nothing;
            }
            flags |= _continuationPacked ? RipcFlags.Packed : (byte)0;
            compressed = _continuation.AsSpan(0, _continuationLength);
            _continuationLength = 0;
            _continuationPacked = false;
        }
        if (!Decompress(compressed, _decompressed, out int written, error))
            return FrameOutcome.Failure;
        args.UncompressedBytesRead += written + RipcLimits.HeaderLength;
        return Deliver(flags, _decompressed, 0, written);
    }

    private FrameOutcome ProcessExtended(byte flags, byte[] data, int start, int length, ReadArgs args, TransportError error)
    {
        var r = new WireReader(data.AsSpan(start, length));
        byte ext = r.UInt8();
        bool isHeader = (ext & RipcExtendedFlags.FragmentHeader) != 0;
        if (!isHeader && (ext & RipcExtendedFlags.Fragment) == 0)
        {
            error.Set(TransportReturnCode.Failure,
                $"Read: received a RIPC frame with flags byte 0x{flags:X2} and extended flags byte 0x{ext:X2}, neither fragment header (0x08) nor fragment (0x04): not a frame an active channel carries");
            return FrameOutcome.Failure;
        }
        long totalLength = isHeader ? r.UInt32() : 0;
        int id = _fragmentIdLength == 2 ? r.UInt16() : r.UInt8();
        if (r.Overrun)
        {
            error.Set(TransportReturnCode.Failure, $"Read: fragment frame of {length + 3} bytes is too short for its header");
            return FrameOutcome.Failure;
        }
        ReadOnlySpan<byte> payload = data.AsSpan(start + r.Position, length - r.Position);
        int headerBytes = RipcLimits.HeaderLength + r.Position;
        if ((flags & RipcFlags.Compressed) != 0)
        {
            if (!Decompress(payload, _decompressed, out int written, error))
                return FrameOutcome.Failure;
            payload = _decompressed.AsSpan(0, written);
        }
        args.UncompressedBytesRead += headerBytes + payload.Length;

        // LSEG's C reader (rsslSocketRead) reads the total length as a signed 32-bit number and fails a fragment
        // whose header it never saw ("0014 Attempting to reassemble a message ... without seeing first fragment"),
        // which is also where a total of 2^31 bytes or more ends up: a peer sending either is broken.
        FragmentAssembly? assembly;
        if (isHeader)
        {
            if (totalLength > int.MaxValue)
            {
                error.Set(TransportReturnCode.Failure, $"Read: a fragment header (id {id}) declares a message of {totalLength} bytes, more than 2^31 - 1");
                return FrameOutcome.Failure;
            }
            assembly = _fragments.Begin(id, totalLength);
            if (assembly is null)
            {
                error.Set(TransportReturnCode.Failure, $"Read: the peer has more than {FragmentTable.MaxConcurrent} fragmented messages open at once");
                return FrameOutcome.Failure;
            }
        }
        else
        {
            assembly = _fragments.Find(id);
            if (assembly is null)
            {
                error.Set(TransportReturnCode.Failure, $"Read: received a fragment (id {id}) whose fragment header never came");
                return FrameOutcome.Failure;
            }
        }
        if (!assembly.Append(payload))
        {
            error.Set(TransportReturnCode.Failure,
                $"Read: fragments of message id {id} carry more than the {assembly.ExpectedLength} bytes its fragment header declared");
            return FrameOutcome.Failure;
        }
        if (!assembly.IsComplete)
            return FrameOutcome.Nothing;
        _fragments.Detach(assembly);
        _releaseOnNextRead = assembly;
        _message.PrepareForRead(assembly.Buffer, 0, assembly.ReceivedLength);
        return FrameOutcome.Message;
    }

    private bool Decompress(ReadOnlySpan<byte> compressed, byte[] output, out int written, TransportError error)
    {
        if (_decompressor is null)
        {
            written = 0;
            error.Set(TransportReturnCode.Failure, "Read: received a compressed frame but no compression was negotiated");
            return false;
        }
        if (!_decompressor.TryDecompress(compressed, output, out written))
        {
            error.Set(TransportReturnCode.Failure, $"Read: could not decompress a frame of {compressed.Length} bytes (corrupt data)");
            return false;
        }
        return true;
    }

    private void AppendContinuation(ReadOnlySpan<byte> part)
    {
        int needed = _continuationLength + part.Length;
        if (needed > _continuation.Length)
        {
            var bigger = new byte[Math.Max(needed, _continuation.Length * 2)];
            _continuation.AsSpan(0, _continuationLength).CopyTo(bigger);
            _continuation = bigger;
        }
        part.CopyTo(_continuation.AsSpan(_continuationLength));
        _continuationLength = needed;
    }

    private void ReleaseDeferred()
    {
        if (_releaseOnNextRead is null)
            return;
        _fragments.Recycle(_releaseOnNextRead);
        _releaseOnNextRead = null;
    }
}
