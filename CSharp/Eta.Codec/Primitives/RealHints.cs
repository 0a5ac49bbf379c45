namespace Eta.Codec;

/// <summary>
/// How a <see cref="Real"/>'s integer value is scaled (LSEG's numbers): EXPONENT_n means value * 10^n,
/// FRACTION_d means value / d. INFINITY, NEG_INFINITY and NOT_A_NUMBER carry no value.
/// </summary>
public static class RealHints
{
    public const int EXPONENT_14 = 0;
    public const int EXPONENT_13 = 1;
    public const int EXPONENT_12 = 2;
    public const int EXPONENT_11 = 3;
    public const int EXPONENT_10 = 4;
    public const int EXPONENT_9 = 5;
    public const int EXPONENT_8 = 6;
    public const int EXPONENT_7 = 7;
    public const int EXPONENT_6 = 8;
    public const int EXPONENT_5 = 9;
    public const int EXPONENT_4 = 10;
    public const int EXPONENT_3 = 11;
    public const int EXPONENT_2 = 12;
    public const int EXPONENT_1 = 13;
    public const int EXPONENT0 = 14;
    public const int EXPONENT1 = 15;
    public const int EXPONENT2 = 16;
    public const int EXPONENT3 = 17;
    public const int EXPONENT4 = 18;
    public const int EXPONENT5 = 19;
    public const int EXPONENT6 = 20;
    public const int EXPONENT7 = 21;
    public const int FRACTION_1 = 22;
    public const int FRACTION_2 = 23;
    public const int FRACTION_4 = 24;
    public const int FRACTION_8 = 25;
    public const int FRACTION_16 = 26;
    public const int FRACTION_32 = 27;
    public const int FRACTION_64 = 28;
    public const int FRACTION_128 = 29;
    public const int FRACTION_256 = 30;
    public const int INFINITY = 33;
    public const int NEG_INFINITY = 34;
    public const int NOT_A_NUMBER = 35;

    /// <summary>Largest hint that scales a value (FRACTION_256).</summary>
    public const int MAX_DIVISOR = FRACTION_256;

    /// <summary>True for a hint that scales a value (exponent or fraction).</summary>
    public static bool IsScaling(int hint) => hint is >= EXPONENT_14 and <= MAX_DIVISOR;

    /// <summary>True for INFINITY, NEG_INFINITY and NOT_A_NUMBER.</summary>
    public static bool IsSpecial(int hint) => hint is INFINITY or NEG_INFINITY or NOT_A_NUMBER;

    /// <summary>True for every hint a Real may carry.</summary>
    public static bool IsValid(int hint) => IsScaling(hint) || IsSpecial(hint);
}
