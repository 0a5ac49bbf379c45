using System.Globalization;

namespace Eta.Codec;

/// <summary>RWF Int: a signed 64-bit value sent in as few bytes as its sign allows; blank is zero bytes.</summary>
public readonly struct Int : IPrimitive<Int>, IEquatable<Int>
{
    private Int(long value, bool isBlank)
    {
        Value = value;
        IsBlank = isBlank;
    }

    public Int(long value) : this(value, false)
    {
    }

    public long Value { get; }

    public bool IsBlank { get; }

    public static Int Blank => new(0, true);

    public static int DataType => DataTypes.Int;

    public CodecReturnCode EncodeBody(ref RwfWriter writer) =>
        IsBlank ? CodecReturnCode.Success : IntegerBytes.WriteSigned(ref writer, Value);

    public static CodecReturnCode Decode(ReadOnlySpan<byte> data, out Int value)
    {
        if (data.IsEmpty)
        {
            value = Blank;
            return CodecReturnCode.BlankData;
        }
        CodecReturnCode rc = IntegerBytes.ReadSigned(data, out long v);
        value = new Int(v);
        return rc;
    }

    /// <summary>Parses an optionally signed decimal integer; empty text is blank.</summary>
    public static bool TryParse(ReadOnlySpan<char> text, out Int value)
    {
        text = text.Trim();
        if (text.IsEmpty)
        {
            value = Blank;
            return true;
        }
        bool ok = long.TryParse(text, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out long v);
        value = new Int(v);
        return ok;
    }

    public override string ToString() => IsBlank ? "" : Value.ToString(CultureInfo.InvariantCulture);

    public bool Equals(Int other) => IsBlank == other.IsBlank && Value == other.Value;

    public override bool Equals(object? obj) => obj is Int other && Equals(other);

    public override int GetHashCode() => HashCode.Combine(Value, IsBlank);

    public static implicit operator Int(long value) => new(value);
}
