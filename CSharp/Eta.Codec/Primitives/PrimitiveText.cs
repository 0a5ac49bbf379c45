using System.Buffers;
using System.Text;

namespace Eta.Codec;

/// <summary>
/// Converts between a primitive's string form (as ETA's Value(string)/ToString() and MsgData.xml write it) and its
/// RWF value bytes, chosen by data type number: what a tool needs to turn a message data file into pre-encoded
/// field values, or to print a received value.
/// </summary>
public static class PrimitiveText
{
    private const int MaxStateText = 1024;

    /// <summary>
    /// Parses <paramref name="text"/> as <paramref name="dataType"/> and writes its value bytes. Returns Success,
    /// InvalidArgument when the text is not a valid value of the type, UnsupportedDataType for types with no
    /// string form (Array, containers), or BufferTooSmall. Empty text is the blank value.
    /// </summary>
    public static CodecReturnCode Encode(int dataType, ReadOnlySpan<char> text, ref RwfWriter writer)
    {
        switch (dataType)
        {
            case DataTypes.Int: return Int.TryParse(text, out Int i) ? i.EncodeBody(ref writer) : CodecReturnCode.InvalidArgument;
            case DataTypes.UInt: return UInt.TryParse(text, out UInt u) ? u.EncodeBody(ref writer) : CodecReturnCode.InvalidArgument;
            case DataTypes.Float: return Float.TryParse(text, out Float f) ? f.EncodeBody(ref writer) : CodecReturnCode.InvalidArgument;
            case DataTypes.Double: return RwfDouble.TryParse(text, out RwfDouble d) ? d.EncodeBody(ref writer) : CodecReturnCode.InvalidArgument;
            case DataTypes.Real: return Real.TryParse(text, out Real r) ? r.EncodeBody(ref writer) : CodecReturnCode.InvalidArgument;
            case DataTypes.Date: return Date.TryParse(text, out Date date) ? EncodeUnlessBlank(date, ref writer) : CodecReturnCode.InvalidArgument;
            case DataTypes.Time: return Time.TryParse(text, out Time time) ? EncodeUnlessBlank(time, ref writer) : CodecReturnCode.InvalidArgument;
            case DataTypes.DateTime:
                return RwfDateTime.TryParse(text, out RwfDateTime dateTime) ? EncodeUnlessBlank(dateTime, ref writer) : CodecReturnCode.InvalidArgument;
            case DataTypes.Qos: return Qos.TryParse(text, out Qos qos) ? qos.EncodeBody(ref writer) : CodecReturnCode.InvalidArgument;
            case DataTypes.Enum: return RwfEnum.TryParse(text, out RwfEnum e) ? e.EncodeBody(ref writer) : CodecReturnCode.InvalidArgument;
            case DataTypes.State:
                return EncodeState(text, ref writer);
            case DataTypes.Buffer:
            case DataTypes.AsciiString:
            case DataTypes.RmtesString:
            case DataTypes.Utf8String:
                return EncodeString(dataType, text, ref writer);
            default:
                return CodecReturnCode.UnsupportedDataType;
        }
    }

    /// <summary>
    /// The string form of value bytes of <paramref name="dataType"/> ("" when blank); false when the bytes are not
    /// a valid value of the type or the type has no string form.
    /// </summary>
    public static bool TryFormat(int dataType, ReadOnlySpan<byte> data, out string text)
    {
        text = "";
        CodecReturnCode rc;
        switch (dataType)
        {
            case DataTypes.Int: rc = Int.Decode(data, out Int i); text = i.ToString(); break;
            case DataTypes.UInt: rc = UInt.Decode(data, out UInt u); text = u.ToString(); break;
            case DataTypes.Float: rc = Float.Decode(data, out Float f); text = f.ToString(); break;
            case DataTypes.Double: rc = RwfDouble.Decode(data, out RwfDouble d); text = d.ToString(); break;
            case DataTypes.Real: rc = Real.Decode(data, out Real r); text = r.ToString(); break;
            case DataTypes.Date: rc = Date.Decode(data, out Date date); text = date.ToString(); break;
            case DataTypes.Time: rc = Time.Decode(data, out Time time); text = time.ToString(); break;
            case DataTypes.DateTime: rc = RwfDateTime.Decode(data, out RwfDateTime dateTime); text = dateTime.ToString(); break;
            case DataTypes.Qos: rc = Qos.Decode(data, out Qos qos); text = qos.ToString(); break;
            case DataTypes.Enum: rc = RwfEnum.Decode(data, out RwfEnum e); text = e.ToString(); break;
            case DataTypes.State: rc = State.Decode(data, out State state); text = state.ToString(); break;
            case DataTypes.Buffer:
            case DataTypes.AsciiString:
            case DataTypes.RmtesString:
            case DataTypes.Utf8String:
                rc = RwfBuffer.Decode(data, dataType, out RwfBuffer buffer);
                text = buffer.ToString();
                break;
            default:
                return false;
        }
        if (rc == CodecReturnCode.BlankData)
            text = "";
        return rc >= CodecReturnCode.Success;
    }

    private static CodecReturnCode EncodeState(ReadOnlySpan<char> text, ref RwfWriter writer)
    {
        byte[] textBytes = ArrayPool<byte>.Shared.Rent(MaxStateText);
        try
        {
            return State.TryParse(text, textBytes, out State state) ? state.EncodeBody(ref writer) : CodecReturnCode.InvalidArgument;
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(textBytes);
        }
    }

    // Date/time blanks have a bit pattern, but as text values they are sent the way ETA sends a blank: zero bytes.
    private static CodecReturnCode EncodeUnlessBlank<T>(in T value, ref RwfWriter writer) where T : struct, IPrimitive =>
        value.IsBlank ? CodecReturnCode.Success : value.EncodeBody(ref writer);

    // Utf8String as UTF-8; the other byte strings one byte per character (ASCII/Latin-1), as RMTES plain text is.
    private static CodecReturnCode EncodeString(int dataType, ReadOnlySpan<char> text, ref RwfWriter writer)
    {
        Encoding encoding = dataType == DataTypes.Utf8String ? Encoding.UTF8 : Encoding.Latin1;
        int length = encoding.GetByteCount(text);
        if (writer.Reserve(length, out Span<byte> bytes) != CodecReturnCode.Success)
            return CodecReturnCode.BufferTooSmall;
        encoding.GetBytes(text, bytes);
        return CodecReturnCode.Success;
    }
}
