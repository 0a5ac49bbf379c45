using System.Text;
using Eta.Codec;

namespace PerfTools.Common.Xml;

/// <summary>
/// Parses a primitive value written in ETA's string form (codec-core's parsers: REAL "398.15" or "12 3/8",
/// DATE "11/15/2005", TIME "15:52:00:003:007:001", ...) and encodes it in its RWF wire form. An empty string is
/// a blank value (encoded as zero bytes). Load-time code: allocates the result.
/// </summary>
internal static class PrimitiveText
{
    private const int MaxPrimitiveLength = 64;

    public static bool TryEncode(int dataType, string text, out byte[] encoded, out string? why)
    {
        encoded = [];
        why = null;
        if (text.Length == 0)
            return true;
        switch (dataType)
        {
            case DataTypes.Int:
                return Int.TryParse(text, out Int i) ? Encode(i, out encoded) : Fail("expected a whole number", out why);
            case DataTypes.UInt:
                return UInt.TryParse(text, out UInt u) ? Encode(u, out encoded) : Fail("expected a non-negative whole number", out why);
            case DataTypes.Float:
                return Float.TryParse(text, out Float f) ? Encode(f, out encoded) : Fail("expected a number", out why);
            case DataTypes.Double:
                return RwfDouble.TryParse(text, out RwfDouble d) ? Encode(d, out encoded) : Fail("expected a number", out why);
            case DataTypes.Real:
                return Real.TryParse(text, out Real r) ? Encode(r, out encoded) : Fail("expected a decimal such as 2848.56, a fraction such as 12 3/8, Inf, -Inf or NaN", out why);
            case DataTypes.Date:
                return Date.TryParse(text, out Date date) ? Encode(date, out encoded) : Fail("expected a date such as 11/15/2005", out why);
            case DataTypes.Time:
                return Time.TryParse(text, out Time time) ? Encode(time, out encoded) : Fail("expected a time such as 15:52:00:000:000:000", out why);
            case DataTypes.DateTime:
                return RwfDateTime.TryParse(text, out RwfDateTime dt) ? Encode(dt, out encoded) : Fail("expected a date and time such as 11/15/2005 15:52:00", out why);
            case DataTypes.Qos:
                return Qos.TryParse(text, out Qos q) ? Encode(q, out encoded) : Fail("expected a QoS such as Realtime/TickByTick/Static", out why);
            case DataTypes.Enum:
                return RwfEnum.TryParse(text, out RwfEnum e) ? Encode(e, out encoded) : Fail("expected an enum value from 0 to 65535", out why);
            case DataTypes.State:
                return TryEncodeState(text, out encoded, out why);
            case DataTypes.AsciiString:
                if (!Ascii.IsValid(text))
                    return Fail("an ASCII_STRING must hold ASCII characters only", out why);
                encoded = Encoding.ASCII.GetBytes(text);
                return true;
            case DataTypes.Buffer or DataTypes.Utf8String or DataTypes.RmtesString:
                encoded = Encoding.UTF8.GetBytes(text);
                return true;
            default:
                return Fail("the type has no string form", out why);
        }
    }

    private static bool TryEncodeState(string text, out byte[] encoded, out string? why)
    {
        encoded = [];
        Span<byte> textBuffer = stackalloc byte[Encoding.UTF8.GetMaxByteCount(text.Length)];
        if (!State.TryParse(text, textBuffer, out State state))
            return Fail("expected a state such as Open/Ok/None", out why);
        Span<byte> space = stackalloc byte[MaxPrimitiveLength + textBuffer.Length];
        var writer = new RwfWriter(space);
        if (state.EncodeBody(ref writer) != CodecReturnCode.Success)
            return Fail("the state does not encode", out why);
        encoded = writer.Written.ToArray();
        why = null;
        return true;
    }

    private static bool Encode<T>(in T value, out byte[] encoded) where T : struct, IPrimitive
    {
        Span<byte> space = stackalloc byte[MaxPrimitiveLength];
        var writer = new RwfWriter(space);
        if (value.EncodeBody(ref writer) != CodecReturnCode.Success)
        {
            encoded = [];
            return false;
        }
        encoded = writer.Written.ToArray();
        return true;
    }

    private static bool Fail(string why, out string? reason)
    {
        reason = why;
        return false;
    }
}
