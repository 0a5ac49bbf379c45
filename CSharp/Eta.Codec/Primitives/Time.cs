using System.Buffers.Binary;
using System.Runtime.CompilerServices;

namespace Eta.Codec;

/// <summary>
/// RWF Time, to the nanosecond. The wire form is as long as the finest non-zero part needs:
/// <code>
/// 2 bytes: hour minute
/// 3 bytes: hour minute second
/// 5 bytes: hour minute second millisecond(2)
/// 7 bytes: hour minute second millisecond(2) microsecond(2)
/// 8 bytes: hour minute second millisecond(2) micro+nanoHigh(2) nanoLow(1)
///          micro+nanoHigh = microsecond (11 bits) | (nanosecond bits 8..10) &lt;&lt; 11
/// </code>
/// Blank is hour=minute=second=255, millisecond=65535, microsecond=nanosecond=2047 (or zero bytes).
/// String form "15:52:12:000:000:000" (2 to 6 parts, ':' or space separated), as ETA's.
/// </summary>
public readonly struct Time : IPrimitive<Time>, IEquatable<Time>
{
    public const int BlankHour = 255;
    public const int BlankMinute = 255;
    public const int BlankSecond = 255;
    public const int BlankMillisecond = 65535;
    public const int BlankMicroNano = 2047;

    public Time(int hour, int minute, int second = 0, int millisecond = 0, int microsecond = 0, int nanosecond = 0)
    {
        Hour = (byte)hour;
        Minute = (byte)minute;
        Second = (byte)second;
        Millisecond = (ushort)millisecond;
        Microsecond = (ushort)microsecond;
        Nanosecond = (ushort)nanosecond;
    }

    public byte Hour { get; }

    public byte Minute { get; }

    public byte Second { get; }

    public ushort Millisecond { get; }

    public ushort Microsecond { get; }

    public ushort Nanosecond { get; }

    public static Time Blank => new(BlankHour, BlankMinute, BlankSecond, BlankMillisecond, BlankMicroNano, BlankMicroNano);

    public static int DataType => DataTypes.Time;

    public bool IsBlank => Hour == BlankHour && Minute == BlankMinute && Second == BlankSecond
        && Millisecond == BlankMillisecond && Microsecond == BlankMicroNano && Nanosecond == BlankMicroNano;

    /// <summary>Number of bytes the primitive encoding uses (2, 3, 5, 7 or 8).</summary>
    public int EncodedLength =>
        Nanosecond != 0 ? 8 : Microsecond != 0 ? 7 : Millisecond != 0 ? 5 : Second != 0 ? 3 : 2;

    public CodecReturnCode EncodeBody(ref RwfWriter writer) => EncodeFixed(ref writer, EncodedLength);

    /// <summary>Writes one of the fixed forms (2, 3, 5, 7 or 8 bytes), as set-defined and array items use.</summary>
    public CodecReturnCode EncodeFixed(ref RwfWriter writer, int length)
    {
        if (length is not (2 or 3 or 5 or 7 or 8))
            return CodecReturnCode.InvalidArgument;
        if (writer.Reserve(length, out Span<byte> bytes) != CodecReturnCode.Success)
            return CodecReturnCode.BufferTooSmall;
        bytes[0] = Hour;
        bytes[1] = Minute;
        if (length >= 3)
            bytes[2] = Second;
        if (length >= 5)
            BinaryPrimitives.WriteUInt16BigEndian(bytes[3..], Millisecond);
        if (length == 7)
            BinaryPrimitives.WriteUInt16BigEndian(bytes[5..], Microsecond);
        if (length == 8)
        {
            BinaryPrimitives.WriteUInt16BigEndian(bytes[5..], (ushort)(((Nanosecond & 0x700) << 3) | (Microsecond & 0x7FF)));
            bytes[7] = (byte)Nanosecond;
        }
        return CodecReturnCode.Success;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static CodecReturnCode Decode(ReadOnlySpan<byte> data, out Time value)
    {
        if (data.Length is 2 or 3 or 5 or 7 or 8)
        {
            value = FromWire(data);
            return value.IsBlank ? CodecReturnCode.BlankData : CodecReturnCode.Success;
        }
        value = Blank;
        return data.IsEmpty ? CodecReturnCode.BlankData : CodecReturnCode.IncompleteData;
    }

    // Parts missing from a short form are zero, unless everything present is blank: then they are blank too.
    internal static Time FromWire(ReadOnlySpan<byte> data)
    {
        int hour = data[0], minute = data[1];
        int second = data.Length >= 3 ? data[2] : 0;
        int milli = data.Length >= 5 ? BinaryPrimitives.ReadUInt16BigEndian(data[3..]) : 0;
        int micro = 0, nano = 0;
        if (data.Length == 7)
            micro = BinaryPrimitives.ReadUInt16BigEndian(data[5..]);
        if (data.Length == 8)
        {
            int packed = BinaryPrimitives.ReadUInt16BigEndian(data[5..]);
            micro = packed & 0x7FF;
            nano = ((packed & 0x3800) >> 3) + data[7];
        }
        bool presentBlank = hour == BlankHour && minute == BlankMinute
            && (data.Length < 3 || second == BlankSecond)
            && (data.Length < 5 || milli == BlankMillisecond)
            && (data.Length < 7 || micro == BlankMicroNano);
        if (presentBlank && data.Length < 8)
            return Blank;
        return new Time(hour, minute, second, milli, micro, nano);
    }

    /// <summary>Parses "hh:mm", "hh:mm:ss", ... up to "hh:mm:ss:mmm:uuu:nnn" (':' or spaces); empty is blank.</summary>
    public static bool TryParse(ReadOnlySpan<char> text, out Time value)
    {
        value = Blank;
        text = text.Trim();
        if (text.IsEmpty)
            return true;
        Span<Range> parts = stackalloc Range[7];
        int count = text.IndexOf(':') >= 0 ? text.Split(parts, ':') : text.Split(parts, ' ', StringSplitOptions.RemoveEmptyEntries);
        if (count is < 2 or > 6)
            return false;
        Span<int> numbers = stackalloc int[6];
        for (int i = 0; i < count; i++)
        {
            if (!TextNumbers.TryParseInt(text[parts[i]].Trim(), out numbers[i]))
                return false;
        }
        if (numbers[0] > 23 || numbers[1] > 59 || numbers[2] > 60 || numbers[3] > 999 || numbers[4] > 999 || numbers[5] > 999)
            return false;
        value = new Time(numbers[0], numbers[1], numbers[2], numbers[3], numbers[4], numbers[5]);
        return true;
    }

    /// <summary>"hh:mm:ss:mmm:uuu:nnn", as ETA prints it; blank prints as "".</summary>
    public override string ToString()
    {
        if (IsBlank)
            return "";
        Span<char> buffer = stackalloc char[32];
        var text = new CharSink(buffer);
        AppendTo(ref text);
        return new string(text.Written);
    }

    internal void AppendTo(ref CharSink text)
    {
        text.AppendPadded(Hour, 2);
        text.Append(':');
        text.AppendPadded(Minute, 2);
        text.Append(':');
        text.AppendPadded(Second, 2);
        text.Append(':');
        text.AppendPadded(Millisecond, 3);
        text.Append(':');
        text.AppendPadded(Microsecond, 3);
        text.Append(':');
        text.AppendPadded(Nanosecond, 3);
    }

    public bool Equals(Time other) => Hour == other.Hour && Minute == other.Minute && Second == other.Second
        && Millisecond == other.Millisecond && Microsecond == other.Microsecond && Nanosecond == other.Nanosecond;

    public override bool Equals(object? obj) => obj is Time other && Equals(other);

    public override int GetHashCode() => HashCode.Combine(Hour, Minute, Second, Millisecond, Microsecond, Nanosecond);
}
