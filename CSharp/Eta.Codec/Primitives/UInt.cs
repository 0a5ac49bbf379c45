using System.Globalization;
using System.Runtime.CompilerServices;

namespace Eta.Codec;

/// <summary>RWF UInt: an unsigned 64-bit value sent in as few bytes as it needs; blank is zero bytes.</summary>
public readonly struct UInt : IPrimitive<UInt>, IEquatable<UInt>
{
    private UInt(ulong value, bool isBlank)
    {
        Value = value;
        IsBlank = isBlank;
    }

    public UInt(ulong value) : this(value, false)
    {
    }

    public ulong Value { get; }

    public bool IsBlank { get; }

    public static UInt Blank => new(0, true);

    public static int DataType => DataTypes.UInt;

    public CodecReturnCode EncodeBody(ref RwfWriter writer) =>
        IsBlank ? CodecReturnCode.Success : IntegerBytes.WriteUnsigned(ref writer, Value);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static CodecReturnCode Decode(ReadOnlySpan<byte> data, out UInt value)
    {
        if (data.IsEmpty)
        {
            value = Blank;
            return CodecReturnCode.BlankData;
        }
        CodecReturnCode rc = IntegerBytes.ReadUnsigned(data, out ulong v);
        value = new UInt(v);
        return rc;
    }

    /// <summary>Parses an unsigned decimal integer; empty text is blank.</summary>
    public static bool TryParse(ReadOnlySpan<char> text, out UInt value)
    {
        text = text.Trim();
        if (text.IsEmpty)
        {
            value = Blank;
            return true;
        }
        bool ok = ulong.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out ulong v);
        value = new UInt(v);
        return ok;
    }

    public override string ToString() => IsBlank ? "" : Value.ToString(CultureInfo.InvariantCulture);

    public bool Equals(UInt other) => IsBlank == other.IsBlank && Value == other.Value;

    public override bool Equals(object? obj) => obj is UInt other && Equals(other);

    public override int GetHashCode() => HashCode.Combine(Value, IsBlank);

    public static implicit operator UInt(ulong value) => new(value);
}
