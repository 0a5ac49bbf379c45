using System.Text;
using System.Text.Json;

namespace Eta.Codec.Json;

// One primitive value from its JSON form to its RWF value bytes (empty for blank).
internal ref partial struct JsonMessageEncoder
{
    private CodecReturnCode PrimitiveValue(scoped ref Utf8JsonReader r, int type, DictionaryEntry? field, out ReadOnlySpan<byte> encoded)
    {
        encoded = default;
        if (r.TokenType == JsonTokenType.Null)
            return CodecReturnCode.Success;
        var w = new RwfWriter(_owner.Value);
        CodecReturnCode rc;
        switch (type)
        {
            case DataTypes.Real:
            {
                Real real;
                if (r.TokenType == JsonTokenType.Number)
                {
                    if (!JsonPrimitiveText.TryParseReal(r.ValueSpan, out real))
                        return Bad(field, type, ref r, "is out of range");
                }
                else if (r.TokenType == JsonTokenType.String && Special(ref r, out int hint))
                    real = new Real(0, hint);
                else
                    return Mismatch(field, type, "a number", r.TokenType);
                rc = real.EncodeBody(ref w);
                break;
            }
            case DataTypes.Int:
                if (r.TokenType != JsonTokenType.Number)
                    return Mismatch(field, type, "a number", r.TokenType);
                if (!r.TryGetInt64(out long l))
                    return Bad(field, type, ref r, "is not a 64-bit integer");
                rc = new Int(l).EncodeBody(ref w);
                break;
            case DataTypes.UInt:
                if (r.TokenType != JsonTokenType.Number)
                    return Mismatch(field, type, "a number", r.TokenType);
                if (!r.TryGetUInt64(out ulong u))
                    return Bad(field, type, ref r, "is not an unsigned 64-bit integer");
                rc = new UInt(u).EncodeBody(ref w);
                break;
            case DataTypes.Enum:
                if (r.TokenType == JsonTokenType.String)
                {
                    // An expanded enum (its display text, as LSEG's ProvPerf sends them): its value when the
                    // dictionary's table has that text, else blank (LSEG's perf tools blank them all).
                    if (field is null || !_owner.Fields.TryFindEnum(field, Text(ref r), out ushort shown))
                        return CodecReturnCode.Success;
                    rc = new RwfEnum(shown).EncodeBody(ref w);
                    break;
                }
                if (r.TokenType != JsonTokenType.Number)
                    return Mismatch(field, type, "a number", r.TokenType);
                if (!r.TryGetUInt16(out ushort e))
                    return Bad(field, type, ref r, "is not an enumeration value (0..65535)");
                rc = new RwfEnum(e).EncodeBody(ref w);
                break;
            case DataTypes.Float:
            case DataTypes.Double:
            {
                double d;
                if (r.TokenType == JsonTokenType.Number)
                {
                    if (!r.TryGetDouble(out d))
                        return Bad(field, type, ref r, "is out of range");
                }
                else if (r.TokenType == JsonTokenType.String && Special(ref r, out int hint))
                    d = hint == RealHints.Infinity ? double.PositiveInfinity : hint == RealHints.NegInfinity ? double.NegativeInfinity : double.NaN;
                else
                    return Mismatch(field, type, "a number", r.TokenType);
                rc = type == DataTypes.Float ? new Float((float)d).EncodeBody(ref w) : new RwfDouble(d).EncodeBody(ref w);
                break;
            }
            case DataTypes.Date:
            {
                if (r.TokenType != JsonTokenType.String)
                    return Mismatch(field, type, "a date string (YYYY-MM-DD)", r.TokenType);
                if (!JsonPrimitiveText.TryParseDate(Text(ref r), out Date date))
                    return Bad(field, type, ref r, "is not a date (YYYY-MM-DD)");
                rc = date.EncodeBody(ref w);
                break;
            }
            case DataTypes.Time:
            {
                if (r.TokenType != JsonTokenType.String)
                    return Mismatch(field, type, "a time string (HH:MM:SS.nnnnnnnnn)", r.TokenType);
                if (!JsonPrimitiveText.TryParseTime(Text(ref r), out Time time))
                    return Bad(field, type, ref r, "is not a time (HH:MM:SS.nnnnnnnnn)");
                rc = time.EncodeBody(ref w);
                break;
            }
            case DataTypes.DateTime:
            {
                if (r.TokenType != JsonTokenType.String)
                    return Mismatch(field, type, "a date-time string (YYYY-MM-DDTHH:MM:SS)", r.TokenType);
                if (!JsonPrimitiveText.TryParseDateTime(Text(ref r), out RwfDateTime dateTime))
                    return Bad(field, type, ref r, "is not a date-time (YYYY-MM-DDTHH:MM:SS)");
                rc = dateTime.EncodeBody(ref w);
                break;
            }
            case DataTypes.Qos:
            {
                rc = ReadQos(ref r, "Qos"u8, out Qos qos);
                if (rc != CodecReturnCode.Success)
                    return rc;
                rc = qos.EncodeBody(ref w);
                break;
            }
            case DataTypes.State:
            {
                rc = ReadState(ref r, out State state);
                if (rc != CodecReturnCode.Success)
                    return rc;
                var sw = new RwfWriter(_owner.Scratch.AsSpan(_scratchUsed));
                rc = state.EncodeBody(ref sw);
                if (rc == CodecReturnCode.Success)
                {
                    encoded = sw.Written;
                    _scratchUsed += sw.Position;
                }
                return rc;
            }
            case DataTypes.Buffer:
                return Base64Value(ref r, "Buffer"u8, out encoded);
            case DataTypes.AsciiString:
            case DataTypes.Utf8String:
            case DataTypes.RmtesString:
                if (r.TokenType != JsonTokenType.String)
                    return Mismatch(field, type, "a string", r.TokenType);
                encoded = Text(ref r);
                return CodecReturnCode.Success;
            default:
                return Fail($"{What(field)} has type {OmmNames.DataTypeNames.NameOf(type)?.ToString() ?? type.ToString()}, which is not converted");
        }
        if (rc != CodecReturnCode.Success)
            return Fail($"{What(field)} does not encode ({rc})");
        encoded = w.Written;
        return CodecReturnCode.Success;
    }

    private bool Special(scoped ref Utf8JsonReader r, out int hint)
    {
        ReadOnlySpan<byte> text = Text(ref r);
        hint = text.SequenceEqual("Inf"u8) ? RealHints.Infinity
            : text.SequenceEqual("-Inf"u8) ? RealHints.NegInfinity
            : text.SequenceEqual("NaN"u8) ? RealHints.NotANumber : -1;
        return hint >= 0;
    }

    private static string What(DictionaryEntry? field) => field is null ? "a value" : $"field '{field.Acronym}'";

    private readonly CodecReturnCode Mismatch(DictionaryEntry? field, int type, string expected, JsonTokenType actual) =>
        Fail($"{What(field)} ({OmmNames.DataTypeNames.NameOf(type)}) must be {expected}, not {Describe(actual)}");

    private readonly CodecReturnCode Bad(DictionaryEntry? field, int type, scoped ref Utf8JsonReader r, string problem) =>
        Fail($"{What(field)} ({OmmNames.DataTypeNames.NameOf(type)}) {problem}: {Encoding.UTF8.GetString(r.ValueSpan)}");
}
