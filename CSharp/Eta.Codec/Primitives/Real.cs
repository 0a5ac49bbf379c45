namespace Eta.Codec;

/// <summary>
/// RWF Real: an integer value with a hint saying how to scale it (see <see cref="RealHints"/>).
/// <code>
/// primitive form:  hint(1) value(0..8, trimmed two's complement)   blank = zero bytes
///                  Infinity / NegInfinity / NotANumber = the hint byte alone
/// </code>
/// String form as ETA's: "2848.560000" (ExponentNeg6), "1" (Exponent0), "12 3/8" (Fraction8), "Inf", "-Inf", "NaN".
/// </summary>
public readonly partial struct Real : IPrimitive<Real>, IEquatable<Real>
{
    // A hint byte whose low 6 bits equal this marks a blank Real.
    internal const int BlankHintMarker = 0x20;

    private Real(long value, int hint, bool isBlank)
    {
        Value = value;
        Hint = hint;
        IsBlank = isBlank;
    }

    /// <summary>A value and its hint; use <see cref="RealHints.IsValid"/> to check the hint.</summary>
    public Real(long value, int hint) : this(value, hint, false)
    {
    }

    /// <summary>The unscaled integer value (LSEG calls it the mantissa's value).</summary>
    public long Value { get; }

    /// <summary>One of <see cref="RealHints"/>.</summary>
    public int Hint { get; }

    public bool IsBlank { get; }

    public static Real Blank => new(0, RealHints.Exponent0, true);

    public static int DataType => DataTypes.Real;

    /// <summary>The value as a double (NaN/infinities for the special hints, NaN when blank).</summary>
    public double ToDouble()
    {
        if (IsBlank)
            return double.NaN;
        return Hint switch
        {
            RealHints.Infinity => double.PositiveInfinity,
            RealHints.NegInfinity => double.NegativeInfinity,
            RealHints.NotANumber => double.NaN,
            >= RealHints.Fraction1 and <= RealHints.Fraction256 => Value / (double)(1 << (Hint - RealHints.Fraction1)),
            _ => Value * Math.Pow(10, Hint - RealHints.Exponent0),
        };
    }

    /// <summary>Rounds a double to the precision the hint gives (NaN and infinities map to their hints).</summary>
    public static Real FromDouble(double value, int hint)
    {
        if (double.IsNaN(value))
            return new Real(0, RealHints.NotANumber);
        if (double.IsPositiveInfinity(value))
            return new Real(0, RealHints.Infinity);
        if (double.IsNegativeInfinity(value))
            return new Real(0, RealHints.NegInfinity);
        double scaled = hint >= RealHints.Fraction1
            ? value * (1 << (hint - RealHints.Fraction1))
            : value * Math.Pow(10, RealHints.Exponent0 - hint);
        return new Real((long)Math.Round(scaled, MidpointRounding.AwayFromZero), hint);
    }

    public CodecReturnCode EncodeBody(ref RwfWriter writer)
    {
        if (IsBlank)
            return CodecReturnCode.Success;
        if (!RealHints.IsValid(Hint))
            return CodecReturnCode.InvalidData;
        int mark = writer.Mark();
        CodecReturnCode rc = writer.WriteByte((byte)Hint);
        if (rc == CodecReturnCode.Success && !RealHints.IsSpecial(Hint))
            rc = IntegerBytes.WriteSigned(ref writer, Value);
        if (rc != CodecReturnCode.Success)
            writer.Rollback(mark);
        return rc;
    }

    public static CodecReturnCode Decode(ReadOnlySpan<byte> data, out Real value)
    {
        if (data.IsEmpty)
        {
            value = Blank;
            return CodecReturnCode.BlankData;
        }
        int hint = data[0] & 0x3F;
        if (RealHints.IsSpecial(hint))
        {
            value = new Real(0, hint);
            return CodecReturnCode.Success;
        }
        // A lone hint byte that is not special, or the blank marker, means blank (as ETA decodes it).
        if (data.Length == 1 || hint == BlankHintMarker)
        {
            value = Blank;
            return CodecReturnCode.BlankData;
        }
        hint = data[0] & 0x1F;
        CodecReturnCode rc = IntegerBytes.ReadSigned(data[1..], out long v);
        if (rc != CodecReturnCode.Success || !RealHints.IsScaling(hint))
        {
            value = default;
            return CodecReturnCode.InvalidData;
        }
        value = new Real(v, hint);
        return CodecReturnCode.Success;
    }

    public bool Equals(Real other) =>
        IsBlank == other.IsBlank && (IsBlank || (Value == other.Value && Hint == other.Hint));

    public override bool Equals(object? obj) => obj is Real other && Equals(other);

    public override int GetHashCode() => IsBlank ? -1 : HashCode.Combine(Value, Hint);
}
