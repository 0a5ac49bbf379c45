namespace Eta.Codec;

/// <summary>
/// RWF DateTime: a <see cref="Date"/> (4 bytes) followed by a <see cref="Time"/> (2, 3, 5, 7 or 8 bytes), so 6, 7,
/// 9, 11 or 12 bytes. Blank when both parts are blank. String form "11/15/2005 15:52:12:000:000:000" (date, then
/// time). Named RwfDateTime so it does not collide with <see cref="System.DateTime"/>.
/// </summary>
public readonly struct RwfDateTime : IPrimitive<RwfDateTime>, IEquatable<RwfDateTime>
{
    public RwfDateTime(Date date, Time time)
    {
        Date = date;
        Time = time;
    }

    public Date Date { get; }

    public Time Time { get; }

    public bool IsBlank => Date.IsBlank && Time.IsBlank;

    public static RwfDateTime Blank => new(Date.Blank, Time.Blank);

    public static int DataType => DataTypes.DateTime;

    public CodecReturnCode EncodeBody(ref RwfWriter writer) => EncodeFixed(ref writer, 4 + Time.EncodedLength);

    /// <summary>Writes one of the fixed forms (6, 7, 9, 11 or 12 bytes).</summary>
    public CodecReturnCode EncodeFixed(ref RwfWriter writer, int length)
    {
        if (length is not (6 or 7 or 9 or 11 or 12))
            return CodecReturnCode.InvalidArgument;
        if (writer.Remaining < length)
            return CodecReturnCode.BufferTooSmall;
        Date.EncodeBody(ref writer);
        return Time.EncodeFixed(ref writer, length - 4);
    }

    public static CodecReturnCode Decode(ReadOnlySpan<byte> data, out RwfDateTime value)
    {
        value = Blank;
        switch (data.Length)
        {
            case 0:
                return CodecReturnCode.BlankData;
            case 6 or 7 or 9 or 11 or 12:
                Date.Decode(data[..4], out Date date);
                value = new RwfDateTime(date, Time.FromWire(data[4..]));
                return value.IsBlank ? CodecReturnCode.BlankData : CodecReturnCode.Success;
            default:
                return CodecReturnCode.IncompleteData;
        }
    }

    /// <summary>Parses a date then a time separated by a space ("11/15/2005 15:52:12:000"); empty is blank.</summary>
    public static bool TryParse(ReadOnlySpan<char> text, out RwfDateTime value)
    {
        value = Blank;
        text = text.Trim();
        if (text.IsEmpty)
            return true;
        // The time starts after the last space before the first ':'.
        int colon = text.IndexOf(':');
        int split = colon < 0 ? -1 : text[..colon].LastIndexOf(' ');
        if (split < 0)
            return false;
        if (!Date.TryParse(text[..split], out Date date) || !Time.TryParse(text[(split + 1)..], out Time time))
            return false;
        value = new RwfDateTime(date, time);
        return true;
    }

    public override string ToString() => IsBlank ? "" : $"{Date} {Time}";

    public bool Equals(RwfDateTime other) => Date.Equals(other.Date) && Time.Equals(other.Time);

    public override bool Equals(object? obj) => obj is RwfDateTime other && Equals(other);

    public override int GetHashCode() => HashCode.Combine(Date, Time);
}
