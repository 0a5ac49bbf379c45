using System.Text;
using System.Text.Json;

namespace Eta.Codec.Json;

// Second pass: payloads and key attributes, from the JSON value straight into the RWF encoder. Every reader here
// reads a slice of the message that starts at its "base" offset: offsets it reports are relative to that base.
internal ref partial struct JsonMessageEncoder
{
    private CodecReturnCode EncodeContainerAt(ref RwfEncoder enc, int containerType, int at)
    {
        if (at < 0)
            return Fail("the payload is missing");
        Utf8JsonReader r = ReaderAt(at);
        return EncodeContainer(ref enc, containerType, ref r, at);
    }

    /// <summary>Encodes the container whose first token <paramref name="r"/> is on.</summary>
    private CodecReturnCode EncodeContainer(ref RwfEncoder enc, int containerType, scoped ref Utf8JsonReader r, int readerBase)
    {
        switch (containerType)
        {
            case DataTypes.FieldList:
                return EncodeFieldList(ref enc, ref r, readerBase);
            case DataTypes.ElementList:
                return EncodeElementList(ref enc, ref r, readerBase);
            case DataTypes.FilterList:
                return EncodeFilterList(ref enc, ref r, readerBase);
            case DataTypes.Map:
                return EncodeMap(ref enc, ref r, readerBase);
            case DataTypes.Msg:
                return EncodeNestedMessage(ref enc, ref r, readerBase);
            case DataTypes.Opaque:
            {
                CodecReturnCode rc = Base64Value(ref r, "Opaque"u8, out ReadOnlySpan<byte> bytes);
                return rc != CodecReturnCode.Success ? rc : enc.Writer.WriteBytes(bytes);
            }
            default:
                return Fail($"'{OmmNames.DataTypeNames.NameOf(containerType)}' payloads are not converted");
        }
    }

    private CodecReturnCode EncodeFieldList(ref RwfEncoder enc, scoped ref Utf8JsonReader r, int readerBase)
    {
        if (r.TokenType != JsonTokenType.StartObject)
            return WrongType("Fields"u8, "an object", r.TokenType);
        CodecReturnCode rc = enc.FieldListInit();
        int position = 0;
        while (rc == CodecReturnCode.Success && r.Read() && r.TokenType == JsonTokenType.PropertyName)
        {
            ReadOnlySpan<byte> name = r.ValueIsEscaped ? Text(ref r) : r.ValueSpan;
            if (!_owner.TryFindField(name, position++, out DictionaryEntry? def))
                return Fail($"unknown field name '{Encoding.UTF8.GetString(name)}': it is not in the field dictionary");
            r.Read();
            int type = def!.RwfType;
            if (r.TokenType == JsonTokenType.Null)
            {
                rc = enc.FieldEntryBlank(def.FieldId);
                continue;
            }
            if (type == DataTypes.Real && r.TokenType == JsonTokenType.Number)
            {
                // The hot path: an update's prices.
                if (!JsonPrimitiveText.TryParseReal(r.ValueSpan, out Real real))
                    return Fail($"field '{def.Acronym}' (Real) has a value out of range: {Encoding.UTF8.GetString(r.ValueSpan)}");
                rc = enc.FieldEntry(def.FieldId, real);
                continue;
            }
            if (type >= DataTypes.ContainerTypeMin || type == DataTypes.Array)
            {
                rc = enc.FieldEntryInit(def.FieldId);
                if (rc == CodecReturnCode.Success)
                    rc = type == DataTypes.Array
                        ? EncodeArray(ref enc, ref r, readerBase, def.Acronym)
                        : EncodeContainer(ref enc, type, ref r, readerBase);
                if (rc == CodecReturnCode.Success)
                    rc = enc.FieldEntryComplete(true);
                continue;
            }
            if (type == DataTypes.Enum && r.TokenType == JsonTokenType.String)
            {
                // An expanded enum (LSEG's ProvPerf sends display texts): its value, or blank when the table lacks it.
                rc = _owner.TryFindEnum(def, Text(ref r), position - 1, out ushort shown)
                    ? enc.FieldEntry(def.FieldId, new RwfEnum(shown))
                    : enc.FieldEntryBlank(def.FieldId);
                continue;
            }
            rc = PrimitiveValue(ref r, type, def, out ReadOnlySpan<byte> encoded);
            if (rc == CodecReturnCode.Success)
                rc = enc.FieldEntry(def.FieldId, encoded);
        }
        return rc != CodecReturnCode.Success ? rc : enc.FieldListComplete(true);
    }

    private CodecReturnCode EncodeElementList(ref RwfEncoder enc, scoped ref Utf8JsonReader r, int readerBase)
    {
        if (r.TokenType != JsonTokenType.StartObject)
            return WrongType("Elements"u8, "an object", r.TokenType);
        CodecReturnCode rc = enc.ElementListInit();
        while (rc == CodecReturnCode.Success && r.Read() && r.TokenType == JsonTokenType.PropertyName)
        {
            ReadOnlySpan<byte> name = Text(ref r);
            r.Read();
            switch (r.TokenType)
            {
                case JsonTokenType.String:
                    rc = enc.ElementEntry(name, DataTypes.AsciiString, Text(ref r));
                    break;
                case JsonTokenType.Number:
                    if (!r.TryGetUInt64(out ulong u))
                        return Fail($"element '{Encoding.UTF8.GetString(name)}' without a 'Type' must be an unsigned integer, not {Encoding.UTF8.GetString(r.ValueSpan)}");
                    rc = enc.ElementEntry(name, new UInt(u));
                    break;
                case JsonTokenType.StartObject:
                    rc = EncodeTypedElement(ref enc, ref r, readerBase, name);
                    break;
                default:
                    return Fail($"element '{Encoding.UTF8.GetString(name)}' must be a string, a number or an object with 'Type' and 'Data', not {Describe(r.TokenType)}");
            }
        }
        return rc != CodecReturnCode.Success ? rc : enc.ElementListComplete(true);
    }

    /// <summary>Finds "Type" and the offset of "Data" in {"Type":...,"Data":...}, in either order.</summary>
    private CodecReturnCode TypeAndData(scoped ref Utf8JsonReader r, int readerBase, string what, bool primitiveOnly,
        out int type, out int dataAt)
    {
        type = DataTypes.Unknown;
        dataAt = -1;
        while (r.Read() && r.TokenType == JsonTokenType.PropertyName)
        {
            ReadOnlySpan<byte> member = Text(ref r);
            r.Read();
            if (member.SequenceEqual("Type"u8))
            {
                if (r.TokenType != JsonTokenType.String || !OmmNames.DataTypeNames.TryFind(Text(ref r), out type)
                    || (primitiveOnly && type >= DataTypes.ContainerTypeMin))
                    return Fail($"'{what}' has an unknown 'Type'");
            }
            else if (member.SequenceEqual("Data"u8))
            {
                dataAt = readerBase + (int)r.TokenStartIndex;
                r.Skip();
            }
            else
                r.Skip();
        }
        if (type == DataTypes.Unknown)
            return Fail($"missing required 'Type' in '{what}'");
        if (dataAt < 0)
            return Fail($"missing required 'Data' in '{what}'");
        return CodecReturnCode.Success;
    }

    /// <summary>An element written as {"Type":"Real","Data":...}.</summary>
    private CodecReturnCode EncodeTypedElement(ref RwfEncoder enc, scoped ref Utf8JsonReader r, int readerBase, scoped ReadOnlySpan<byte> name)
    {
        string what = Encoding.UTF8.GetString(name);
        CodecReturnCode rc = TypeAndData(ref r, readerBase, what, primitiveOnly: false, out int type, out int dataAt);
        if (rc != CodecReturnCode.Success)
            return rc;
        Utf8JsonReader data = ReaderAt(dataAt);
        if (data.TokenType == JsonTokenType.Null || type == DataTypes.NoData)
            return enc.ElementEntryBlank(name, type);
        if (type >= DataTypes.ContainerTypeMin || type == DataTypes.Array)
        {
            rc = enc.ElementEntryInit(name, type);
            if (rc == CodecReturnCode.Success)
                rc = type == DataTypes.Array
                    ? EncodeArray(ref enc, ref data, dataAt, what)
                    : EncodeContainer(ref enc, type, ref data, dataAt);
            return rc == CodecReturnCode.Success ? enc.ElementEntryComplete(true) : rc;
        }
        rc = PrimitiveValue(ref data, type, null, out ReadOnlySpan<byte> encoded);
        return rc == CodecReturnCode.Success ? enc.ElementEntry(name, type, encoded) : rc;
    }

    /// <summary>An array value, {"Type":"UInt","Data":[1,2,3]}, whose first token <paramref name="r"/> is on.</summary>
    private CodecReturnCode EncodeArray(ref RwfEncoder enc, scoped ref Utf8JsonReader r, int readerBase, string what)
    {
        if (r.TokenType != JsonTokenType.StartObject)
            return Fail($"'{what}' must be an array object with 'Type' and 'Data', not {Describe(r.TokenType)}");
        CodecReturnCode rc = TypeAndData(ref r, readerBase, what, primitiveOnly: true, out int type, out int dataAt);
        if (rc != CodecReturnCode.Success)
            return rc;
        Utf8JsonReader data = ReaderAt(dataAt);
        return EncodeArrayItems(ref enc, ref data, what, type);
    }

    private CodecReturnCode EncodeArrayItems(ref RwfEncoder enc, scoped ref Utf8JsonReader data, string what, int type)
    {
        if (data.TokenType != JsonTokenType.StartArray)
            return Fail($"the 'Data' of array '{what}' must be a JSON array, not {Describe(data.TokenType)}");
        CodecReturnCode rc = enc.ArrayInit(type);
        while (rc == CodecReturnCode.Success && data.Read() && data.TokenType != JsonTokenType.EndArray)
        {
            if (data.TokenType == JsonTokenType.Null)
            {
                rc = enc.ArrayEntryBlank();
                continue;
            }
            rc = PrimitiveValue(ref data, type, null, out ReadOnlySpan<byte> encoded);
            if (rc == CodecReturnCode.Success)
                rc = enc.ArrayEntry(encoded);
        }
        return rc != CodecReturnCode.Success ? rc : enc.ArrayComplete(true);
    }
}
