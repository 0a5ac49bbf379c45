using System.Globalization;

namespace Eta.Codec;

// String form of Real, as ETA's Real.Value(string)/ToString() and MsgData.xml use it.
public readonly partial struct Real
{
    private const int MaxDecimals = RealHints.Exponent0 - RealHints.ExponentNeg14;

    /// <summary>
    /// Parses "2848.560000" (the number of decimals sets the hint: ExponentNeg6), "-12", "12 3/8" or "3/8"
    /// (Fraction8), "Inf", "-Inf", "NaN"; empty text is blank. Returns false (never throws) on anything else,
    /// including more than 14 decimals or a value that overflows 64 bits.
    /// </summary>
    public static bool TryParse(ReadOnlySpan<char> text, out Real value)
    {
        value = default;
        text = text.Trim();
        if (text.IsEmpty)
        {
            value = Blank;
            return true;
        }
        if (TryParseSpecial(text, out value))
            return true;
        bool negative = text[0] == '-';
        if (text[0] is '-' or '+')
            text = text[1..];
        return text.Contains('/')
            ? TryParseFraction(text, negative, out value)
            : TryParseDecimal(text, negative, out value);
    }

    public override string ToString()
    {
        if (IsBlank)
            return "";
        Span<char> buffer = stackalloc char[48];
        return TryFormat(buffer, out int written) ? new string(buffer[..written]) : "";
    }

    /// <summary>Formats into <paramref name="destination"/> without allocating.</summary>
    public bool TryFormat(Span<char> destination, out int written)
    {
        written = 0;
        if (IsBlank)
            return true;
        switch (Hint)
        {
            case RealHints.Infinity:
                return Copy("Inf", destination, out written);
            case RealHints.NegInfinity:
                return Copy("-Inf", destination, out written);
            case RealHints.NotANumber:
                return Copy("NaN", destination, out written);
        }
        if (!RealHints.IsScaling(Hint))
            return false;
        var text = new CharSink(destination);
        ulong magnitude = Value < 0 ? (ulong)-(Value + 1) + 1 : (ulong)Value;
        if (Value < 0)
            text.Append('-');
        if (Hint >= RealHints.Fraction1)
            FormatFraction(ref text, magnitude, 1UL << (Hint - RealHints.Fraction1));
        else if (Hint >= RealHints.Exponent0)
            FormatPositiveExponent(ref text, magnitude, Hint - RealHints.Exponent0);
        else
            FormatDecimals(ref text, magnitude, RealHints.Exponent0 - Hint);
        written = text.Length;
        return !text.Overflowed;
    }

    private static bool TryParseSpecial(ReadOnlySpan<char> text, out Real value)
    {
        value = default;
        if (text.Equals("Inf", StringComparison.OrdinalIgnoreCase) || text.Equals("+Inf", StringComparison.OrdinalIgnoreCase))
            value = new Real(0, RealHints.Infinity);
        else if (text.Equals("-Inf", StringComparison.OrdinalIgnoreCase))
            value = new Real(0, RealHints.NegInfinity);
        else if (text.Equals("NaN", StringComparison.OrdinalIgnoreCase))
            value = new Real(0, RealHints.NotANumber);
        else
            return false;
        return true;
    }

    private static bool TryParseDecimal(ReadOnlySpan<char> text, bool negative, out Real value)
    {
        value = default;
        int dot = text.IndexOf('.');
        ReadOnlySpan<char> whole = dot < 0 ? text : text[..dot];
        ReadOnlySpan<char> decimals = dot < 0 ? default : text[(dot + 1)..];
        if ((whole.IsEmpty && decimals.IsEmpty) || decimals.Length > MaxDecimals)
            return false;
        ulong magnitude = 0;
        int exponent = -decimals.Length;
        if (!AccumulateDigits(whole, ref magnitude) || !AccumulateDigits(decimals, ref magnitude))
        {
            // Too many digits for 64 bits: a whole number's trailing zeros can move into a positive exponent.
            int zeros = decimals.IsEmpty ? Math.Min(whole.Length - whole.TrimEnd('0').Length, RealHints.Exponent7 - RealHints.Exponent0) : 0;
            magnitude = 0;
            if (zeros == 0 || !AccumulateDigits(whole[..^zeros], ref magnitude))
                return false;
            exponent = zeros;
        }
        if (!TryApplySign(magnitude, negative, out long signed))
            return false;
        value = new Real(signed, RealHints.Exponent0 + exponent);
        return true;
    }

    private static bool TryParseFraction(ReadOnlySpan<char> text, bool negative, out Real value)
    {
        value = default;
        int slash = text.IndexOf('/');
        ReadOnlySpan<char> left = text[..slash].TrimEnd();
        ReadOnlySpan<char> denominatorText = text[(slash + 1)..].Trim();
        int space = left.LastIndexOf(' ');
        ReadOnlySpan<char> wholeText = space < 0 ? default : left[..space].TrimEnd();
        ReadOnlySpan<char> numeratorText = space < 0 ? left : left[(space + 1)..];
        ulong whole = 0, numerator = 0, denominator = 0;
        if (!AccumulateDigits(wholeText, ref whole) || numeratorText.IsEmpty || !AccumulateDigits(numeratorText, ref numerator)
            || denominatorText.IsEmpty || !AccumulateDigits(denominatorText, ref denominator))
            return false;
        if (denominator is 0 or > 256 || !ulong.IsPow2(denominator))
            return false;
        if (whole > (ulong.MaxValue - numerator) / denominator)
            return false;
        ulong magnitude = whole * denominator + numerator;
        if (!TryApplySign(magnitude, negative, out long signed))
            return false;
        value = new Real(signed, RealHints.Fraction1 + System.Numerics.BitOperations.Log2(denominator));
        return true;
    }

    // Appends decimal digits to an accumulator; false on a non-digit or overflow.
    private static bool AccumulateDigits(ReadOnlySpan<char> digits, ref ulong accumulator)
    {
        foreach (char c in digits)
        {
            if (c is < '0' or > '9')
                return false;
            ulong next = accumulator * 10 + (ulong)(c - '0');
            if (accumulator > ulong.MaxValue / 10 || next < accumulator)
                return false;
            accumulator = next;
        }
        return true;
    }

    private static bool TryApplySign(ulong magnitude, bool negative, out long value)
    {
        value = 0;
        if (negative ? magnitude > (ulong)long.MaxValue + 1 : magnitude > long.MaxValue)
            return false;
        value = negative ? (long)(0 - magnitude) : (long)magnitude;
        return true;
    }

    private static void FormatDecimals(ref CharSink text, ulong magnitude, int decimals)
    {
        ulong divisor = 1;
        for (int i = 0; i < decimals; i++)
            divisor *= 10;
        text.Append(magnitude / divisor);
        text.Append('.');
        text.AppendPadded(magnitude % divisor, decimals);
    }

    private static void FormatPositiveExponent(ref CharSink text, ulong magnitude, int zeros)
    {
        text.Append(magnitude);
        if (magnitude == 0)
            return;
        for (int i = 0; i < zeros; i++)
            text.Append('0');
    }

    private static void FormatFraction(ref CharSink text, ulong magnitude, ulong denominator)
    {
        ulong whole = magnitude / denominator;
        ulong numerator = magnitude % denominator;
        if (numerator == 0 || denominator == 1)
        {
            text.Append(whole);
            return;
        }
        if (whole != 0)
        {
            text.Append(whole);
            text.Append(' ');
        }
        text.Append(numerator);
        text.Append('/');
        text.Append(denominator);
    }

    private static bool Copy(string source, Span<char> destination, out int written)
    {
        written = 0;
        if (!source.AsSpan().TryCopyTo(destination))
            return false;
        written = source.Length;
        return true;
    }
}
