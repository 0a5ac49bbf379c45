using System.Buffers.Text;

namespace Eta.Codec.Json;

/// <summary>
/// The text forms LSEG's JSON model gives RWF values that JSON has no type for, written into and read from UTF-8
/// spans without allocating:
/// <list type="bullet">
/// <item>Real: a JSON number with the hint's digits ("2848.56" for 284856 at 10^-2, "6543210123.000" for
/// 6543210123000 at 10^-3, "65432101230000" for 6543210123 at 10^4); fraction hints as their decimal value;
/// infinity and NaN as the strings "Inf", "-Inf", "NaN" (RTSDK Java converter tests
/// PrimitiveConverterTest/JsonRealConverterTest, C rsslJsonConverterTest primitiveTests.C).</item>
/// <item>Date "YYYY-MM-DD", Time "HH:MM:SS.nnnnnnnnn" with trailing zeros of the fraction trimmed and missing
/// trailing parts left out ("HH:MM", "HH"), DateTime "YYYY-MM-DDTHH:MM:SS.nnn" (ISO 8601, RTSDK
/// rsslDateTimeToStringFormat(..., RSSL_STR_DATETIME_ISO8601) and the converter tests' "05:10:12.123004005",
/// "00:00:02.0000025", "2020-11-02T13:55:18.015001003").</item>
/// </list>
/// </summary>
internal static class JsonPrimitiveText
{
    /// <summary>Writes a scaling Real (hints ExponentNeg14..Exponent7) as JSON number text.</summary>
    public static int FormatExponentReal(long mantissa, int hint, Span<byte> destination)
    {
        int exponent = hint - RealHints.Exponent0;
        int pos = 0;
        ulong magnitude;
        if (mantissa < 0)
        {
            destination[pos++] = (byte)'-';
            magnitude = (ulong)(-(mantissa + 1)) + 1;
        }
        else
        {
            magnitude = (ulong)mantissa;
        }

        Span<byte> digits = stackalloc byte[24];
        Utf8Formatter.TryFormat(magnitude, digits, out int count);
        if (exponent >= 0)
        {
            digits[..count].CopyTo(destination[pos..]);
            pos += count;
            if (magnitude != 0)
            {
                destination.Slice(pos, exponent).Fill((byte)'0');
                pos += exponent;
            }
            return pos;
        }

        int scale = -exponent;
        if (count <= scale)
        {
            destination[pos++] = (byte)'0';
            destination[pos++] = (byte)'.';
            destination.Slice(pos, scale - count).Fill((byte)'0');
            pos += scale - count;
            digits[..count].CopyTo(destination[pos..]);
            return pos + count;
        }
        int whole = count - scale;
        digits[..whole].CopyTo(destination[pos..]);
        pos += whole;
        destination[pos++] = (byte)'.';
        digits.Slice(whole, scale).CopyTo(destination[pos..]);
        return pos + scale;
    }

    /// <summary>
    /// Reads JSON number text ("-12.3400", "1.0E-4", "21.55E5") as a Real keeping its decimal digits as the hint
    /// (12.3400 → 123400 at 10^-4). Digits past 10^-14 are dropped; false when the value cannot be a Real.
    /// </summary>
    public static bool TryParseReal(ReadOnlySpan<byte> text, out Real value)
    {
        value = default;
        int i = 0;
        bool negative = false;
        if (i < text.Length && text[i] == '-')
        {
            negative = true;
            i++;
        }
        ulong mantissa = 0;
        int exponent = 0;
        int digitCount = 0;
        bool fraction = false;
        for (; i < text.Length; i++)
        {
            byte c = text[i];
            if (c == '.')
            {
                if (fraction)
                    return false;
                fraction = true;
                continue;
            }
            if (c is (byte)'e' or (byte)'E')
                break;
            if (c is < (byte)'0' or > (byte)'9')
                return false;
            digitCount++;
            ulong limit = negative ? 1UL << 63 : long.MaxValue;
            if (mantissa > (limit - (uint)(c - '0')) / 10)
            {
                if (fraction)
                    continue; // fraction digits beyond 63 bits of precision are dropped
                if (c != '0')
                    return false; // the whole part does not fit 63 bits
                exponent++;       // trailing zeros of a large whole part become the exponent
                continue;
            }
            mantissa = mantissa * 10 + (uint)(c - '0');
            if (fraction)
                exponent--;
        }
        if (digitCount == 0)
            return false;
        if (i < text.Length)
        {
            if (!Utf8Parser.TryParse(text[(i + 1)..], out int e, out int consumed) || consumed != text.Length - i - 1)
                return false;
            exponent += e;
        }
        while (exponent < -14)
        {
            mantissa /= 10;
            exponent++;
        }
        while (exponent > 7)
        {
            if (mantissa > (negative ? 1UL << 63 : long.MaxValue) / 10)
                return false;
            mantissa *= 10;
            exponent--;
        }
        long signed = negative ? unchecked((long)(0 - mantissa)) : (long)mantissa;
        value = new Real(signed, RealHints.Exponent0 + exponent);
        return true;
    }

    /// <summary>The value a fraction hint (1/1 .. 1/256) stands for.</summary>
    public static double FractionValue(long mantissa, int hint) => mantissa / (double)(1 << (hint - RealHints.Fraction1));

    public static int FormatDate(Date date, Span<byte> destination)
    {
        int pos = 0;
        if (date.Year != 0)
        {
            Pad(date.Year, 4, destination, ref pos);
            destination[pos++] = (byte)'-';
        }
        else
        {
            destination[pos++] = (byte)'-';
            destination[pos++] = (byte)'-';
        }
        if (date.Month != 0)
            Pad(date.Month, 2, destination, ref pos);
        else
        {
            destination[pos++] = (byte)' ';
            destination[pos++] = (byte)' ';
        }
        destination[pos++] = (byte)'-';
        if (date.Day != 0)
            Pad(date.Day, 2, destination, ref pos);
        // LSEG trims whatever follows the last digit (a blank month or day).
        while (pos > 0 && destination[pos - 1] is < (byte)'0' or > (byte)'9')
            pos--;
        return pos;
    }

    public static int FormatTime(Time time, Span<byte> destination)
    {
        int pos = 0;
        Pad(time.Hour, 2, destination, ref pos);
        if (time.Minute == Time.BlankMinute)
            return pos;
        destination[pos++] = (byte)':';
        Pad(time.Minute, 2, destination, ref pos);
        if (time.Second == Time.BlankSecond)
            return pos;
        destination[pos++] = (byte)':';
        Pad(time.Second, 2, destination, ref pos);
        if (time.Millisecond == Time.BlankMillisecond)
            return pos;
        int dot = pos;
        destination[pos++] = (byte)'.';
        Pad(time.Millisecond, 3, destination, ref pos);
        if (time.Microsecond != Time.BlankMicroNano)
        {
            Pad(time.Microsecond, 3, destination, ref pos);
            if (time.Nanosecond != Time.BlankMicroNano)
                Pad(time.Nanosecond, 3, destination, ref pos);
        }
        while (pos > dot + 1 && destination[pos - 1] == '0')
            pos--;
        return pos == dot + 1 ? dot : pos;
    }

    public static int FormatDateTime(RwfDateTime value, Span<byte> destination)
    {
        int pos = value.Date.IsBlank ? 0 : FormatDate(value.Date, destination);
        if (value.Time.IsBlank)
            return pos;
        destination[pos++] = (byte)'T';
        return pos + FormatTime(value.Time, destination[pos..]);
    }

    public static bool TryParseDate(ReadOnlySpan<byte> text, out Date value)
    {
        value = default;
        if (text.Length != 10 || text[4] != '-' || text[7] != '-'
            || !Digits(text[..4], out int year) || !Digits(text.Slice(5, 2), out int month)
            || !Digits(text.Slice(8, 2), out int day))
            return false;
        value = new Date(day, month, year);
        return value.IsValid;
    }

    public static bool TryParseTime(ReadOnlySpan<byte> text, out Time value)
    {
        value = default;
        if (text.Length < 2 || !Digits(text[..2], out int hour) || hour > 23)
            return false;
        int minute = Time.BlankMinute, second = Time.BlankSecond, milli = Time.BlankMillisecond;
        int micro = Time.BlankMicroNano, nano = Time.BlankMicroNano;
        if (text.Length > 2)
        {
            if (text.Length < 5 || text[2] != ':' || !Digits(text.Slice(3, 2), out minute) || minute > 59)
                return false;
            if (text.Length > 5)
            {
                if (text.Length < 8 || text[5] != ':' || !Digits(text.Slice(6, 2), out second) || second > 60)
                    return false;
                if (text.Length > 8)
                {
                    ReadOnlySpan<byte> fraction = text[9..];
                    if (text[8] != '.' || fraction.IsEmpty || fraction.Length > 9)
                        return false;
                    Span<byte> nine = stackalloc byte[9];
                    nine.Fill((byte)'0');
                    fraction.CopyTo(nine);
                    if (!Digits(nine[..3], out milli) || !Digits(nine.Slice(3, 3), out micro)
                        || !Digits(nine.Slice(6, 3), out nano))
                        return false;
                }
                else
                {
                    milli = 0;
                    micro = 0;
                    nano = 0;
                }
            }
        }
        value = new Time(hour, minute, second, milli, micro, nano);
        return true;
    }

    public static bool TryParseDateTime(ReadOnlySpan<byte> text, out RwfDateTime value)
    {
        value = default;
        int t = text.IndexOf((byte)'T');
        ReadOnlySpan<byte> datePart = t < 0 ? text : text[..t];
        if (!TryParseDate(datePart, out Date date))
            return false;
        Time time = Time.Blank;
        if (t >= 0 && !TryParseTime(text[(t + 1)..], out time))
            return false;
        value = new RwfDateTime(date, time);
        return true;
    }

    private static bool Digits(ReadOnlySpan<byte> text, out int value)
    {
        value = 0;
        foreach (byte c in text)
        {
            if (c is < (byte)'0' or > (byte)'9')
                return false;
            value = value * 10 + (c - '0');
        }
        return true;
    }

    private static void Pad(int value, int width, Span<byte> destination, ref int pos)
    {
        for (int i = width - 1; i >= 0; i--)
        {
            destination[pos + i] = (byte)('0' + value % 10);
            value /= 10;
        }
        pos += width;
    }
}
