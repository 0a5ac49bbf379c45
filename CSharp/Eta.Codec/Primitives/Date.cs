namespace Eta.Codec;

/// <summary>
/// RWF Date: <c>day(1) month(1) year(2)</c>. Blank is all zeros (encoded as those 4 zero bytes, or zero bytes).
/// String forms accepted: "11/15/2005" (month/day/year), "2005/11/15" (year first when above 255),
/// "15 NOV 2005"; two-digit years get 1900 added, as ETA does. Formatted as "15 NOV 2005".
/// </summary>
public readonly struct Date : IPrimitive<Date>, IEquatable<Date>
{
    private static readonly string[] s_months =
        ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];

    public Date(int day, int month, int year)
    {
        Day = (byte)day;
        Month = (byte)month;
        Year = (ushort)year;
    }

    public byte Day { get; }

    public byte Month { get; }

    public ushort Year { get; }

    public bool IsBlank => Day == 0 && Month == 0 && Year == 0;

    public static Date Blank => default;

    public static int DataType => DataTypes.Date;

    /// <summary>Day fits the month (leap years counted); zero parts are allowed as marketfeed sends them.</summary>
    public bool IsValid => IsBlank || (Month <= 12 && Day <= DaysIn(Month, Year));

    public CodecReturnCode EncodeBody(ref RwfWriter writer)
    {
        if (writer.Remaining < 4)
            return CodecReturnCode.BufferTooSmall;
        writer.WriteByte(Day);
        writer.WriteByte(Month);
        return writer.WriteUInt16(Year);
    }

    public static CodecReturnCode Decode(ReadOnlySpan<byte> data, out Date value)
    {
        switch (data.Length)
        {
            case 0:
                value = Blank;
                return CodecReturnCode.BlankData;
            case 4:
                value = new Date(data[0], data[1], (data[2] << 8) | data[3]);
                return value.IsBlank ? CodecReturnCode.BlankData : CodecReturnCode.Success;
            default:
                value = default;
                return CodecReturnCode.IncompleteData;
        }
    }

    public static bool TryParse(ReadOnlySpan<char> text, out Date value)
    {
        value = default;
        text = text.Trim();
        if (text.IsEmpty)
            return true;
        Span<Range> parts = stackalloc Range[4];
        int count = text.IndexOf('/') >= 0 ? text.Split(parts, '/') : text.Split(parts, ' ', StringSplitOptions.RemoveEmptyEntries);
        if (count != 3)
            return false;
        ReadOnlySpan<char> first = text[parts[0]].Trim(), second = text[parts[1]].Trim(), third = text[parts[2]].Trim();
        if (!TextNumbers.TryParseInt(first, out int a) || !TextNumbers.TryParseInt(third, out int c))
            return false;
        int day, month, year;
        if (TextNumbers.TryParseInt(second, out int b))
        {
            if (a > 255)
                (year, month, day) = (a, b, c);
            else
                (month, day, year) = (a, b, c < 100 ? c + 1900 : c);
        }
        else
        {
            month = MonthNumber(second);
            (day, year) = (a, c < 100 ? c + 1900 : c);
        }
        if (day is < 0 or > 31 || month is < 1 or > 12 || year is < 0 or > ushort.MaxValue)
            return false;
        value = new Date(day, month, year);
        return true;
    }

    public override string ToString()
    {
        if (IsBlank)
            return "";
        if (!IsValid)
            return "Invalid date";
        string month = Month > 0 ? s_months[Month - 1] : "   ";
        return $"{Day,2} {month} {Year,4}";
    }

    public bool Equals(Date other) => Day == other.Day && Month == other.Month && Year == other.Year;

    public override bool Equals(object? obj) => obj is Date other && Equals(other);

    public override int GetHashCode() => HashCode.Combine(Day, Month, Year);

    private static int MonthNumber(ReadOnlySpan<char> name)
    {
        for (int i = 0; i < s_months.Length; i++)
        {
            if (name.Equals(s_months[i], StringComparison.OrdinalIgnoreCase))
                return i + 1;
        }
        return 0;
    }

    private static int DaysIn(int month, int year) => month switch
    {
        0 => 31,
        2 => year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28,
        4 or 6 or 9 or 11 => 30,
        _ => 31,
    };
}
