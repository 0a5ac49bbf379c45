namespace Eta.Codec;

/// <summary>
/// How a <see cref="Real"/>'s integer value is scaled (LSEG's numbers): ExponentNegN means value * 10^-N,
/// ExponentN value * 10^N, FractionD value / D. Infinity, NegInfinity and NotANumber carry no value.
/// LSEG spells the negative exponents EXPONENT_N (EXPONENT_2 is <see cref="ExponentNeg2"/>).
/// </summary>
public static class RealHints
{
    /// <remarks>LSEG: RealHints.EXPONENT_14</remarks>
    public const int ExponentNeg14 = 0;
    /// <remarks>LSEG: RealHints.EXPONENT_13</remarks>
    public const int ExponentNeg13 = 1;
    /// <remarks>LSEG: RealHints.EXPONENT_12</remarks>
    public const int ExponentNeg12 = 2;
    /// <remarks>LSEG: RealHints.EXPONENT_11</remarks>
    public const int ExponentNeg11 = 3;
    /// <remarks>LSEG: RealHints.EXPONENT_10</remarks>
    public const int ExponentNeg10 = 4;
    /// <remarks>LSEG: RealHints.EXPONENT_9</remarks>
    public const int ExponentNeg9 = 5;
    /// <remarks>LSEG: RealHints.EXPONENT_8</remarks>
    public const int ExponentNeg8 = 6;
    /// <remarks>LSEG: RealHints.EXPONENT_7</remarks>
    public const int ExponentNeg7 = 7;
    /// <remarks>LSEG: RealHints.EXPONENT_6</remarks>
    public const int ExponentNeg6 = 8;
    /// <remarks>LSEG: RealHints.EXPONENT_5</remarks>
    public const int ExponentNeg5 = 9;
    /// <remarks>LSEG: RealHints.EXPONENT_4</remarks>
    public const int ExponentNeg4 = 10;
    /// <remarks>LSEG: RealHints.EXPONENT_3</remarks>
    public const int ExponentNeg3 = 11;
    /// <remarks>LSEG: RealHints.EXPONENT_2</remarks>
    public const int ExponentNeg2 = 12;
    /// <remarks>LSEG: RealHints.EXPONENT_1</remarks>
    public const int ExponentNeg1 = 13;
    /// <remarks>LSEG: RealHints.EXPONENT0</remarks>
    public const int Exponent0 = 14;
    /// <remarks>LSEG: RealHints.EXPONENT1</remarks>
    public const int Exponent1 = 15;
    /// <remarks>LSEG: RealHints.EXPONENT2</remarks>
    public const int Exponent2 = 16;
    /// <remarks>LSEG: RealHints.EXPONENT3</remarks>
    public const int Exponent3 = 17;
    /// <remarks>LSEG: RealHints.EXPONENT4</remarks>
    public const int Exponent4 = 18;
    /// <remarks>LSEG: RealHints.EXPONENT5</remarks>
    public const int Exponent5 = 19;
    /// <remarks>LSEG: RealHints.EXPONENT6</remarks>
    public const int Exponent6 = 20;
    /// <remarks>LSEG: RealHints.EXPONENT7</remarks>
    public const int Exponent7 = 21;
    /// <remarks>LSEG: RealHints.FRACTION_1</remarks>
    public const int Fraction1 = 22;
    /// <remarks>LSEG: RealHints.FRACTION_2</remarks>
    public const int Fraction2 = 23;
    /// <remarks>LSEG: RealHints.FRACTION_4</remarks>
    public const int Fraction4 = 24;
    /// <remarks>LSEG: RealHints.FRACTION_8</remarks>
    public const int Fraction8 = 25;
    /// <remarks>LSEG: RealHints.FRACTION_16</remarks>
    public const int Fraction16 = 26;
    /// <remarks>LSEG: RealHints.FRACTION_32</remarks>
    public const int Fraction32 = 27;
    /// <remarks>LSEG: RealHints.FRACTION_64</remarks>
    public const int Fraction64 = 28;
    /// <remarks>LSEG: RealHints.FRACTION_128</remarks>
    public const int Fraction128 = 29;
    /// <remarks>LSEG: RealHints.FRACTION_256</remarks>
    public const int Fraction256 = 30;
    /// <remarks>LSEG: RealHints.INFINITY</remarks>
    public const int Infinity = 33;
    /// <remarks>LSEG: RealHints.NEG_INFINITY</remarks>
    public const int NegInfinity = 34;
    /// <remarks>LSEG: RealHints.NOT_A_NUMBER</remarks>
    public const int NotANumber = 35;

    /// <summary>Largest hint that scales a value (Fraction256).</summary>
    /// <remarks>LSEG: RealHints.MAX_DIVISOR</remarks>
    public const int MaxDivisor = Fraction256;

    /// <summary>True for a hint that scales a value (exponent or fraction).</summary>
    public static bool IsScaling(int hint) => hint is >= ExponentNeg14 and <= MaxDivisor;

    /// <summary>True for Infinity, NegInfinity and NotANumber.</summary>
    public static bool IsSpecial(int hint) => hint is Infinity or NegInfinity or NotANumber;

    /// <summary>True for every hint a Real may carry.</summary>
    public static bool IsValid(int hint) => IsScaling(hint) || IsSpecial(hint);
}
