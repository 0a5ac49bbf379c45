using System.Buffers.Binary;
using System.Globalization;

namespace Eta.Codec;

/// <summary>RWF Float: 4-byte IEEE 754, big-endian; blank is zero bytes.</summary>
public readonly struct Float : IPrimitive<Float>, IEquatable<Float>
{
    private Float(float value, bool isBlank)
    {
        Value = value;
        IsBlank = isBlank;
    }

    public Float(float value) : this(value, false)
    {
    }

    public float Value { get; }

    public bool IsBlank { get; }

    public static Float Blank => new(0, true);

    public static int DataType => DataTypes.Float;

    public CodecReturnCode EncodeBody(ref RwfWriter writer) =>
        IsBlank ? CodecReturnCode.Success : writer.WriteUInt32(BitConverter.SingleToUInt32Bits(Value));

    public static CodecReturnCode Decode(ReadOnlySpan<byte> data, out Float value)
    {
        switch (data.Length)
        {
            case 0:
                value = Blank;
                return CodecReturnCode.BlankData;
            case 4:
                value = new Float(BinaryPrimitives.ReadSingleBigEndian(data));
                return CodecReturnCode.Success;
            default:
                value = default;
                return CodecReturnCode.IncompleteData;
        }
    }

    public static bool TryParse(ReadOnlySpan<char> text, out Float value)
    {
        text = text.Trim();
        if (text.IsEmpty)
        {
            value = Blank;
            return true;
        }
        bool ok = float.TryParse(text, NumberStyles.Float, CultureInfo.InvariantCulture, out float v);
        value = new Float(v);
        return ok;
    }

    public override string ToString() => IsBlank ? "" : Value.ToString("R", CultureInfo.InvariantCulture);

    public bool Equals(Float other) => IsBlank == other.IsBlank && Value.Equals(other.Value);

    public override bool Equals(object? obj) => obj is Float other && Equals(other);

    public override int GetHashCode() => HashCode.Combine(Value, IsBlank);

    public static implicit operator Float(float value) => new(value);
}
