using System.Buffers.Text;
using System.Text.Json;
using System.Text.Unicode;
using N = Eta.Codec.Json.JsonNames;

namespace Eta.Codec.Json;

// Payload containers and primitive values (rwfToJsonSimple.C / rwfToJsonBase.C process*).
public sealed partial class RwfToJsonConverter
{
    private char[] _latin1 = new char[256];

    /// <summary>Writes a message's or key's payload under its tag ("Fields", "Elements", ...); NoData writes nothing.</summary>
    private CodecReturnCode WritePayload(int containerType, ReadOnlySpan<byte> data)
    {
        switch (containerType)
        {
            case DataTypes.NoData:
                return CodecReturnCode.Success;
            case DataTypes.FieldList:
                _json.WritePropertyName(N.Fields);
                return WriteFieldList(data);
            case DataTypes.ElementList:
                _json.WritePropertyName(N.Elements);
                return WriteElementList(data);
            case DataTypes.FilterList:
                _json.WritePropertyName(N.FilterList);
                return WriteFilterList(data);
            case DataTypes.Map:
                _json.WritePropertyName(N.Map);
                return WriteMap(data);
            case DataTypes.Opaque:
                _json.WriteBase64String(N.Opaque, data);
                return CodecReturnCode.Success;
            case DataTypes.Msg:
                _json.WritePropertyName(N.Message);
                return WriteNestedMessage(data);
            default:
                return Fail($"container type {OmmNames.DataTypeNames.NameOf(containerType)?.ToString() ?? containerType.ToString()} is not converted");
        }
    }

    /// <summary>Writes a container as a value (an element's "Data", a nested entry).</summary>
    private CodecReturnCode WriteContainerValue(int containerType, ReadOnlySpan<byte> data) => containerType switch
    {
        DataTypes.FieldList => WriteFieldList(data),
        DataTypes.ElementList => WriteElementList(data),
        DataTypes.FilterList => WriteFilterList(data),
        DataTypes.Map => WriteMap(data),
        DataTypes.Opaque => WriteBase64(data),
        DataTypes.Msg => WriteNestedMessage(data),
        _ => Fail($"container type {containerType} is not converted"),
    };

    // A message inside a message (a post's update): the whole message object, "ID" and "Type" included.
    private CodecReturnCode WriteNestedMessage(ReadOnlySpan<byte> data)
    {
        CodecReturnCode rc = MsgDecoder.Decode(data, out Msg inner);
        return rc == CodecReturnCode.Success ? WriteMessage(in inner) : Fail($"the nested message does not decode ({rc})");
    }

    private CodecReturnCode WriteBase64(ReadOnlySpan<byte> data)
    {
        _json.WriteBase64StringValue(data);
        return CodecReturnCode.Success;
    }

    private CodecReturnCode WriteFieldList(ReadOnlySpan<byte> data)
    {
        _json.WriteStartObject();
        if (data.IsEmpty)
        {
            _json.WriteEndObject();
            return CodecReturnCode.Success;
        }
        CodecReturnCode rc = FieldListDecoder.Decode(data, out FieldListDecoder list);
        if (rc < CodecReturnCode.Success)
            return Fail($"the field list does not decode ({rc})");
        while ((rc = list.Next(out FieldEntry entry)) == CodecReturnCode.Success)
        {
            DictionaryEntry? def = _fields.EntryOf(entry.FieldId);
            if (def is null)
                continue; // LSEG's converter leaves out fields its dictionary does not define
            _json.WritePropertyName(_fields.NameOf(entry.FieldId)!.Value);
            int type = entry.EncodedType != DataTypes.Unknown ? entry.EncodedType : def.RwfType;
            CodecReturnCode vrc = type >= DataTypes.ContainerTypeMin
                ? WriteContainerValue(type, entry.EncodedData)
                : WritePrimitive(type, entry.EncodedData);
            if (vrc != CodecReturnCode.Success)
                return vrc == CodecReturnCode.Failure && LastError is not null ? vrc : Fail($"field {def.Acronym} ({entry.FieldId}) does not decode as {OmmNames.DataTypeNames.NameOf(def.RwfType)}");
        }
        if (rc != CodecReturnCode.EndOfContainer)
            return Fail($"the field list does not decode ({rc})");
        _json.WriteEndObject();
        return CodecReturnCode.Success;
    }

    private CodecReturnCode WriteElementList(ReadOnlySpan<byte> data)
    {
        _json.WriteStartObject();
        if (data.IsEmpty)
        {
            _json.WriteEndObject();
            return CodecReturnCode.Success;
        }
        CodecReturnCode rc = ElementListDecoder.Decode(data, out ElementListDecoder list);
        if (rc < CodecReturnCode.Success)
            return Fail($"the element list does not decode ({rc})");
        while ((rc = list.Next(out ElementEntry entry)) == CodecReturnCode.Success)
        {
            WriteName(entry.Name);
            int type = entry.DataType;
            CodecReturnCode vrc;
            if ((type == DataTypes.AsciiString || type == DataTypes.UInt) && !entry.EncodedData.IsEmpty)
            {
                // LSEG writes non-blank ASCII strings and unsigned integers without a type wrapper.
                vrc = WritePrimitive(entry.EncodedType, entry.EncodedData);
            }
            else
            {
                _json.WriteStartObject();
                OmmNames.DataTypeNames.Write(_json, N.Type, type);
                _json.WritePropertyName(N.Data);
                vrc = type >= DataTypes.ContainerTypeMin
                    ? (type == DataTypes.NoData ? WriteNull() : WriteContainerValue(type, entry.EncodedData))
                    : WritePrimitive(entry.EncodedType, entry.EncodedData);
                _json.WriteEndObject();
            }
            if (vrc != CodecReturnCode.Success)
                return LastError is not null ? vrc : Fail($"element {System.Text.Encoding.UTF8.GetString(entry.Name)} does not decode");
        }
        if (rc != CodecReturnCode.EndOfContainer)
            return Fail($"the element list does not decode ({rc})");
        _json.WriteEndObject();
        return CodecReturnCode.Success;
    }

    private CodecReturnCode WriteNull()
    {
        _json.WriteNullValue();
        return CodecReturnCode.Success;
    }

    private CodecReturnCode WriteFilterList(ReadOnlySpan<byte> data)
    {
        _json.WriteStartObject();
        if (data.IsEmpty)
        {
            _json.WriteEndObject();
            return CodecReturnCode.Success;
        }
        CodecReturnCode rc = FilterListDecoder.Decode(data, out FilterListDecoder list);
        if (rc < CodecReturnCode.Success)
            return Fail($"the filter list does not decode ({rc})");
        if ((list.Flags & FilterListFlags.HasTotalCountHint) != 0)
            _json.WriteNumber(N.CountHint, list.TotalCountHint);
        bool started = false;
        while ((rc = list.Next(out FilterEntry entry)) == CodecReturnCode.Success)
        {
            if (!started)
            {
                _json.WriteStartArray(N.Entries);
                started = true;
            }
            _json.WriteStartObject();
            _json.WriteNumber(N.Id, entry.Id);
            OmmNames.FilterActions.Write(_json, N.Action, (int)entry.Action);
            if ((entry.Flags & FilterEntryFlags.HasPermData) != 0)
                _json.WriteBase64String(N.PermData, entry.PermData);
            if (entry.Action != FilterEntryActions.Clear)
            {
                CodecReturnCode erc = WritePayload(entry.ContainerType, entry.EncodedData);
                if (erc != CodecReturnCode.Success)
                    return erc;
            }
            _json.WriteEndObject();
        }
        if (rc != CodecReturnCode.EndOfContainer)
            return Fail($"the filter list does not decode ({rc})");
        if (started)
            _json.WriteEndArray();
        _json.WriteEndObject();
        return CodecReturnCode.Success;
    }

    private CodecReturnCode WriteMap(ReadOnlySpan<byte> data)
    {
        CodecReturnCode rc = MapDecoder.Decode(data, out MapDecoder map);
        if (rc < CodecReturnCode.Success)
            return Fail($"the map does not decode ({rc})");
        _json.WriteStartObject();
        OmmNames.DataTypeNames.Write(_json, N.KeyType, map.KeyPrimitiveType);
        if ((map.Flags & MapFlags.HasSetDefs) != 0)
            return Fail("maps with set definitions are not converted");
        if ((map.Flags & MapFlags.HasSummaryData) != 0 && map.ContainerType != DataTypes.NoData)
        {
            _json.WriteStartObject(N.Summary);
            rc = WritePayload(map.ContainerType, map.EncodedSummaryData);
            if (rc != CodecReturnCode.Success)
                return rc;
            _json.WriteEndObject();
        }
        if ((map.Flags & MapFlags.HasTotalCountHint) != 0)
            _json.WriteNumber(N.CountHint, map.TotalCountHint);
        if ((map.Flags & MapFlags.HasKeyFieldId) != 0)
            _json.WriteNumber(N.KeyFieldId, map.KeyFieldId);
        bool started = false;
        while ((rc = map.Next(out MapEntry entry)) == CodecReturnCode.Success)
        {
            if (!started)
            {
                _json.WriteStartArray(N.Entries);
                started = true;
            }
            _json.WriteStartObject();
            OmmNames.MapActions.Write(_json, N.Action, (int)entry.Action);
            _json.WritePropertyName(N.Key);
            CodecReturnCode krc = WritePrimitive(map.KeyPrimitiveType, entry.EncodedKey);
            if (krc != CodecReturnCode.Success)
                return LastError is not null ? krc : Fail("a map entry's key does not decode");
            if ((entry.Flags & MapEntryFlags.HasPermData) != 0)
                _json.WriteBase64String(N.PermData, entry.PermData);
            if (entry.Action != MapEntryActions.Delete && !entry.EncodedData.IsEmpty)
            {
                CodecReturnCode erc = WritePayload(map.ContainerType, entry.EncodedData);
                if (erc != CodecReturnCode.Success)
                    return erc;
            }
            _json.WriteEndObject();
        }
        if (rc != CodecReturnCode.EndOfContainer)
            return Fail($"the map does not decode ({rc})");
        if (started)
            _json.WriteEndArray();
        _json.WriteEndObject();
        return CodecReturnCode.Success;
    }

    private CodecReturnCode WriteArray(ReadOnlySpan<byte> data)
    {
        if (data.IsEmpty)
            return WriteNull();
        CodecReturnCode rc = ArrayDecoder.Decode(data, out ArrayDecoder array);
        if (rc < CodecReturnCode.Success)
            return Fail($"the array does not decode ({rc})");
        _json.WriteStartObject();
        OmmNames.DataTypeNames.Write(_json, N.Type, array.PrimitiveType);
        _json.WriteStartArray(N.Data);
        while ((rc = array.Next(out ReadOnlySpan<byte> item)) == CodecReturnCode.Success)
        {
            CodecReturnCode irc = WritePrimitive(array.EncodedType, item);
            if (irc != CodecReturnCode.Success)
                return irc;
        }
        if (rc != CodecReturnCode.EndOfContainer)
            return Fail($"the array does not decode ({rc})");
        _json.WriteEndArray();
        _json.WriteEndObject();
        return CodecReturnCode.Success;
    }

    /// <summary>Writes one primitive value: blank as null, everything else as LSEG's converter does.</summary>
    private CodecReturnCode WritePrimitive(int encodedType, ReadOnlySpan<byte> data)
    {
        int type = SetPrimitives.ToBaseType(encodedType);
        CodecReturnCode rc;
        switch (type)
        {
            case DataTypes.Real:
            {
                rc = EntryValues.Decode(encodedType, data, out Real real);
                if (rc == CodecReturnCode.BlankData || (rc == CodecReturnCode.Success && real.IsBlank))
                    return WriteNull();
                if (rc != CodecReturnCode.Success)
                    return rc;
                WriteReal(real);
                return CodecReturnCode.Success;
            }
            case DataTypes.Int:
            {
                rc = Int.Decode(data, out Int value);
                if (rc == CodecReturnCode.BlankData)
                    return WriteNull();
                if (rc == CodecReturnCode.Success)
                    _json.WriteNumberValue(value.Value);
                return rc;
            }
            case DataTypes.UInt:
            {
                rc = UInt.Decode(data, out UInt value);
                if (rc == CodecReturnCode.BlankData)
                    return WriteNull();
                if (rc == CodecReturnCode.Success)
                    _json.WriteNumberValue(value.Value);
                return rc;
            }
            case DataTypes.Enum:
            {
                rc = RwfEnum.Decode(data, out RwfEnum value);
                if (rc == CodecReturnCode.BlankData)
                    return WriteNull();
                if (rc == CodecReturnCode.Success)
                    _json.WriteNumberValue(value.Value);
                return rc;
            }
            case DataTypes.Float:
            {
                rc = Float.Decode(data, out Float value);
                if (rc == CodecReturnCode.BlankData)
                    return WriteNull();
                if (rc == CodecReturnCode.Success)
                    WriteFloating(value.Value);
                return rc;
            }
            case DataTypes.Double:
            {
                rc = RwfDouble.Decode(data, out RwfDouble value);
                if (rc == CodecReturnCode.BlankData)
                    return WriteNull();
                if (rc == CodecReturnCode.Success)
                    WriteFloating(value.Value);
                return rc;
            }
            case DataTypes.Date:
            {
                rc = Date.Decode(data, out Date value);
                if (rc == CodecReturnCode.BlankData || (rc == CodecReturnCode.Success && value.IsBlank))
                    return WriteNull();
                if (rc != CodecReturnCode.Success)
                    return rc;
                Span<byte> text = stackalloc byte[16];
                _json.WriteStringValue(text[..JsonPrimitiveText.FormatDate(value, text)]);
                return rc;
            }
            case DataTypes.Time:
            {
                rc = Time.Decode(data, out Time value);
                if (rc == CodecReturnCode.BlankData || (rc == CodecReturnCode.Success && value.IsBlank))
                    return WriteNull();
                if (rc != CodecReturnCode.Success)
                    return rc;
                Span<byte> text = stackalloc byte[24];
                _json.WriteStringValue(text[..JsonPrimitiveText.FormatTime(value, text)]);
                return rc;
            }
            case DataTypes.DateTime:
            {
                rc = RwfDateTime.Decode(data, out RwfDateTime value);
                if (rc == CodecReturnCode.BlankData || (rc == CodecReturnCode.Success && value.IsBlank))
                    return WriteNull();
                if (rc != CodecReturnCode.Success)
                    return rc;
                Span<byte> text = stackalloc byte[40];
                _json.WriteStringValue(text[..JsonPrimitiveText.FormatDateTime(value, text)]);
                return rc;
            }
            case DataTypes.Qos:
            {
                rc = Qos.Decode(data, out Qos value);
                if (rc == CodecReturnCode.BlankData)
                    return WriteNull();
                if (rc == CodecReturnCode.Success)
                    WriteQosValue(value);
                return rc;
            }
            case DataTypes.State:
            {
                rc = State.Decode(data, out State value);
                if (rc == CodecReturnCode.BlankData)
                    return WriteNull();
                if (rc == CodecReturnCode.Success)
                    WriteStateValue(value);
                return rc;
            }
            case DataTypes.Array:
                return WriteArray(data);
            case DataTypes.Buffer:
                return data.IsEmpty ? WriteNull() : WriteBase64(data);
            case DataTypes.AsciiString:
            case DataTypes.Utf8String:
            case DataTypes.RmtesString:
                if (data.IsEmpty)
                    return WriteNull();
                WriteText(data);
                return CodecReturnCode.Success;
            default:
                return Fail($"data type {type} is not converted");
        }
    }

    private void WriteReal(Real real)
    {
        if (real.Hint <= RealHints.Exponent7)
        {
            Span<byte> text = stackalloc byte[48];
            _json.WriteRawValue(text[..JsonPrimitiveText.FormatExponentReal(real.Value, real.Hint, text)], skipInputValidation: true);
        }
        else if (real.Hint <= RealHints.Fraction256)
        {
            _json.WriteNumberValue(JsonPrimitiveText.FractionValue(real.Value, real.Hint));
        }
        else
        {
            _json.WriteStringValue(real.Hint switch
            {
                RealHints.Infinity => "Inf"u8,
                RealHints.NegInfinity => "-Inf"u8,
                _ => "NaN"u8,
            });
        }
    }

    private void WriteFloating(double value)
    {
        if (double.IsFinite(value))
            _json.WriteNumberValue(value);
        else
            _json.WriteStringValue(double.IsNaN(value) ? "NaN"u8 : value > 0 ? "Inf"u8 : "-Inf"u8);
    }

    /// <summary>Writes text bytes as a JSON string: UTF-8 as it is, anything else read as Latin-1.</summary>
    private void WriteText(ReadOnlySpan<byte> text)
    {
        if (Utf8.IsValid(text))
        {
            _json.WriteStringValue(text);
            return;
        }
        if (_latin1.Length < text.Length)
            _latin1 = new char[text.Length * 2];
        for (int i = 0; i < text.Length; i++)
            _latin1[i] = (char)text[i];
        _json.WriteStringValue(_latin1.AsSpan(0, text.Length));
    }

    private void WriteName(ReadOnlySpan<byte> name)
    {
        if (Utf8.IsValid(name))
        {
            _json.WritePropertyName(name);
            return;
        }
        if (_latin1.Length < name.Length)
            _latin1 = new char[name.Length * 2];
        for (int i = 0; i < name.Length; i++)
            _latin1[i] = (char)name[i];
        _json.WritePropertyName(_latin1.AsSpan(0, name.Length));
    }
}
