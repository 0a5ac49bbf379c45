using System.Buffers.Binary;
using System.Globalization;
using System.Runtime.CompilerServices;

namespace Eta.Codec;

/// <summary>
/// RWF Enum: an unsigned 16-bit value (1 byte when below 256); blank is zero bytes. Named RwfEnum so it does not
/// collide with <see cref="System.Enum"/>.
/// </summary>
public readonly struct RwfEnum : IPrimitive<RwfEnum>, IEquatable<RwfEnum>
{
    private RwfEnum(ushort value, bool isBlank)
    {
        Value = value;
        IsBlank = isBlank;
    }

    public RwfEnum(ushort value) : this(value, false)
    {
    }

    public ushort Value { get; }

    public bool IsBlank { get; }

    public static RwfEnum Blank => new(0, true);

    public static int DataType => DataTypes.Enum;

    public CodecReturnCode EncodeBody(ref RwfWriter writer) =>
        IsBlank ? CodecReturnCode.Success : IntegerBytes.WriteUnsigned(ref writer, Value);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static CodecReturnCode Decode(ReadOnlySpan<byte> data, out RwfEnum value)
    {
        if (data.IsEmpty)
        {
            value = Blank;
            return CodecReturnCode.BlankData;
        }
        switch (data.Length)
        {
            case 1:
                value = new RwfEnum(data[0]);
                return CodecReturnCode.Success;
            case 2:
                value = new RwfEnum(BinaryPrimitives.ReadUInt16BigEndian(data));
                return CodecReturnCode.Success;
            default:
                value = default;
                return CodecReturnCode.InvalidData;
        }
    }

    /// <summary>Parses a decimal value 0..65535; empty text is blank.</summary>
    public static bool TryParse(ReadOnlySpan<char> text, out RwfEnum value)
    {
        text = text.Trim();
        if (text.IsEmpty)
        {
            value = Blank;
            return true;
        }
        bool ok = ushort.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out ushort v);
        value = new RwfEnum(v);
        return ok;
    }

    public override string ToString() => IsBlank ? "" : Value.ToString(CultureInfo.InvariantCulture);

    public bool Equals(RwfEnum other) => IsBlank == other.IsBlank && Value == other.Value;

    public override bool Equals(object? obj) => obj is RwfEnum other && Equals(other);

    public override int GetHashCode() => HashCode.Combine(Value, IsBlank);

    public static implicit operator RwfEnum(ushort value) => new(value);
}
