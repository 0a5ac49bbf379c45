using System.Buffers.Binary;

namespace Eta.Transport.WebSocket;

/// <summary>RFC 6455 opcodes (section 5.2).</summary>
internal enum Opcode : byte
{
    Continuation = 0x0,
    Text = 0x1,
    Binary = 0x2,
    Close = 0x8,
    Ping = 0x9,
    Pong = 0xA,
}

/// <summary>
/// One RFC 6455 frame header (section 5.2):
/// <code>
///  byte 0: FIN | RSV1 | RSV2 | RSV3 | opcode (4 bits)
///  byte 1: MASK | payload length (7 bits: 0-125, 126 = UInt16 follows, 127 = UInt64 follows)
///  [2 or 8 bytes extended length, big-endian] [4 bytes masking key when MASK]
/// </code>
/// Clients mask every frame; servers never do.
/// </summary>
internal readonly struct FrameHeader
{
    public const int MaxLength = 14;
    public const int MaxControlPayload = 125;

    public FrameHeader(bool fin, byte reserved, Opcode opcode, bool masked, ulong payloadLength, uint maskKey, int length)
    {
        Fin = fin;
        Reserved = reserved;
        Opcode = opcode;
        Masked = masked;
        PayloadLength = payloadLength;
        MaskKey = maskKey;
        Length = length;
    }

    public bool Fin { get; }

    /// <summary>RSV1-3 (bits 0x70 of byte 0): non-zero only with a negotiated extension (we negotiate none).</summary>
    public byte Reserved { get; }

    public Opcode Opcode { get; }

    public bool Masked { get; }

    public ulong PayloadLength { get; }

    /// <summary>The masking key as it appears on the wire (big-endian).</summary>
    public uint MaskKey { get; }

    /// <summary>Header bytes, extended length and masking key included.</summary>
    public int Length { get; }

    public bool IsControl => ((byte)Opcode & 0x8) != 0;

    /// <summary>
    /// Decodes a header from the start of <paramref name="data"/>; false when more bytes are needed
    /// (<paramref name="needed"/> says how many the whole header takes, once the first two bytes are there).
    /// </summary>
    public static bool TryRead(ReadOnlySpan<byte> data, out FrameHeader header, out int needed)
    {
        header = default;
        needed = 2;
        if (data.Length < 2)
            return false;
        bool masked = (data[1] & 0x80) != 0;
        int lengthCode = data[1] & 0x7F;
        needed = 2 + (lengthCode == 126 ? 2 : lengthCode == 127 ? 8 : 0) + (masked ? 4 : 0);
        if (data.Length < needed)
            return false;
        ulong payload = lengthCode switch
        {
            126 => BinaryPrimitives.ReadUInt16BigEndian(data[2..]),
            127 => BinaryPrimitives.ReadUInt64BigEndian(data[2..]),
            _ => (ulong)lengthCode,
        };
        uint key = masked ? BinaryPrimitives.ReadUInt32BigEndian(data[(needed - 4)..]) : 0;
        header = new FrameHeader((data[0] & 0x80) != 0, (byte)(data[0] & 0x70), (Opcode)(data[0] & 0x0F), masked, payload, key, needed);
        return true;
    }

    /// <summary>Header length for a payload of <paramref name="payloadLength"/> bytes.</summary>
    public static int SizeFor(int payloadLength, bool masked) =>
        (payloadLength < 126 ? 2 : payloadLength <= ushort.MaxValue ? 4 : 10) + (masked ? 4 : 0);

    /// <summary>Writes a header (with <paramref name="maskKey"/> when masked); returns its length.</summary>
    public static int Write(Span<byte> destination, bool fin, Opcode opcode, int payloadLength, bool masked, uint maskKey)
    {
        destination[0] = (byte)((fin ? 0x80 : 0) | (byte)opcode);
        byte maskBit = masked ? (byte)0x80 : (byte)0;
        int at;
        if (payloadLength < 126)
        {
            destination[1] = (byte)(maskBit | payloadLength);
            at = 2;
        }
        else if (payloadLength <= ushort.MaxValue)
        {
            destination[1] = (byte)(maskBit | 126);
            BinaryPrimitives.WriteUInt16BigEndian(destination[2..], (ushort)payloadLength);
            at = 4;
        }
        else
        {
            destination[1] = (byte)(maskBit | 127);
            BinaryPrimitives.WriteUInt64BigEndian(destination[2..], (ulong)payloadLength);
            at = 10;
        }
        if (!masked)
            return at;
        BinaryPrimitives.WriteUInt32BigEndian(destination[at..], maskKey);
        return at + 4;
    }
}
