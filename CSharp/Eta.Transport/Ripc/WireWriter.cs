using System.Buffers.Binary;

namespace Eta.Transport.Ripc;

/// <summary>Big-endian writer for handshake messages into a buffer known to be large enough.</summary>
internal ref struct WireWriter
{
    private readonly Span<byte> _data;

    public WireWriter(Span<byte> data)
    {
        _data = data;
        Position = 0;
    }

    public int Position { get; private set; }

    public void UInt8(int value) => _data[Position++] = (byte)value;

    public void UInt16(int value)
    {
        BinaryPrimitives.WriteUInt16BigEndian(_data[Position..], (ushort)value);
        Position += 2;
    }

    public void UInt32(uint value)
    {
        BinaryPrimitives.WriteUInt32BigEndian(_data[Position..], value);
        Position += 4;
    }

    public void UInt64(ulong value)
    {
        BinaryPrimitives.WriteUInt64BigEndian(_data[Position..], value);
        Position += 8;
    }

    /// <summary>A UInt8 length followed by the ASCII bytes (truncated to 255).</summary>
    public void ShortString(string text)
    {
        int length = Math.Min(text.Length, 255);
        UInt8(length);
        Position += System.Text.Encoding.ASCII.GetBytes(text.AsSpan(0, length), _data[Position..]);
    }

    /// <summary>Patches the UInt16 at <paramref name="offset"/> (e.g. a length known only at the end).</summary>
    public void PatchUInt16(int offset, int value) =>
        BinaryPrimitives.WriteUInt16BigEndian(_data[offset..], (ushort)value);
}
