using System.Buffers.Binary;
using System.Globalization;

namespace Eta.Codec;

/// <summary>
/// RWF Double: 8-byte IEEE 754, big-endian; blank is zero bytes. Named RwfDouble so it does not collide with
/// <see cref="System.Double"/>.
/// </summary>
public readonly struct RwfDouble : IPrimitive<RwfDouble>, IEquatable<RwfDouble>
{
    private RwfDouble(double value, bool isBlank)
    {
        Value = value;
        IsBlank = isBlank;
    }

    public RwfDouble(double value) : this(value, false)
    {
    }

    public double Value { get; }

    public bool IsBlank { get; }

    public static RwfDouble Blank => new(0, true);

    public static int DataType => DataTypes.Double;

    public CodecReturnCode EncodeBody(ref RwfWriter writer) =>
        IsBlank ? CodecReturnCode.Success : writer.WriteUInt64(BitConverter.DoubleToUInt64Bits(Value));

    public static CodecReturnCode Decode(ReadOnlySpan<byte> data, out RwfDouble value)
    {
        switch (data.Length)
        {
            case 0:
                value = Blank;
                return CodecReturnCode.BlankData;
            case 8:
                value = new RwfDouble(BinaryPrimitives.ReadDoubleBigEndian(data));
                return CodecReturnCode.Success;
            default:
                value = default;
                return CodecReturnCode.IncompleteData;
        }
    }

    public static bool TryParse(ReadOnlySpan<char> text, out RwfDouble value)
    {
        text = text.Trim();
        if (text.IsEmpty)
        {
            value = Blank;
            return true;
        }
        bool ok = double.TryParse(text, NumberStyles.Float, CultureInfo.InvariantCulture, out double v);
        value = new RwfDouble(v);
        return ok;
    }

    public override string ToString() => IsBlank ? "" : Value.ToString("R", CultureInfo.InvariantCulture);

    public bool Equals(RwfDouble other) => IsBlank == other.IsBlank && Value.Equals(other.Value);

    public override bool Equals(object? obj) => obj is RwfDouble other && Equals(other);

    public override int GetHashCode() => HashCode.Combine(Value, IsBlank);

    public static implicit operator RwfDouble(double value) => new(value);
}
