using System.Buffers.Binary;

namespace Eta.Transport.Ripc;

/// <summary>
/// Bounds-checked big-endian reader over one handshake message. Reading past the end sets
/// <see cref="Overrun"/> and yields zeros, so decoders check once at the end instead of at every field.
/// </summary>
internal ref struct WireReader
{
    private readonly ReadOnlySpan<byte> _data;

    public WireReader(ReadOnlySpan<byte> data)
    {
        _data = data;
        Position = 0;
        Overrun = false;
    }

    public int Position { get; private set; }

    public bool Overrun { get; private set; }

    public int Remaining => _data.Length - Position;

    public byte UInt8() => Take(1) ? _data[Position - 1] : (byte)0;

    public ushort UInt16() => Take(2) ? BinaryPrimitives.ReadUInt16BigEndian(_data[(Position - 2)..]) : (ushort)0;

    public uint UInt32() => Take(4) ? BinaryPrimitives.ReadUInt32BigEndian(_data[(Position - 4)..]) : 0u;

    public ulong UInt64() => Take(8) ? BinaryPrimitives.ReadUInt64BigEndian(_data[(Position - 8)..]) : 0ul;

    public ReadOnlySpan<byte> Bytes(int count) => Take(count) ? _data.Slice(Position - count, count) : default;

    /// <summary>A UInt8 length followed by that many ASCII bytes.</summary>
    public string ShortString()
    {
        int length = UInt8();
        ReadOnlySpan<byte> text = Bytes(length);
        return Overrun ? "" : System.Text.Encoding.ASCII.GetString(text);
    }

    public void Skip(int count) => Take(count);

    private bool Take(int count)
    {
        if (Overrun || count < 0 || count > Remaining)
        {
            Overrun = true;
            return false;
        }
        Position += count;
        return true;
    }
}
