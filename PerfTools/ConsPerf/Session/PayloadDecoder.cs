using Eta.Codec;
using PerfTools.Common.Omm;

namespace PerfTools.ConsPerf.Session;

/// <summary>
/// Decodes a MarketPrice payload in full, doing the work LSEG's ConsPerf does so the figures compare: every field
/// list entry is looked up in the dictionary and decoded as the dictionary's RWF type; ENUM values are looked up in
/// their enum table; a blank value (BLANK_DATA) is a value like any other. The latency fields TIM_TRK_1/2/3 (UINT
/// microseconds) are picked out when not blank. Fails, as LSEG's decoder does, on a field the dictionary does not
/// define, on a type a MarketPrice field cannot have, and on any value that does not decode as its type.
/// Set-defined data without a known definition (SET_SKIPPED) is skipped and the standard entries still decode.
/// Allocates nothing.
/// </summary>
internal sealed class PayloadDecoder
{
    private readonly DataDictionary _dictionary;

    public PayloadDecoder(DataDictionary dictionary) => _dictionary = dictionary;

    /// <summary>Field entries decoded so far (every entry of every payload).</summary>
    public long FieldsDecoded { get; private set; }

    /// <summary>ENUM values found in their enum table so far (blank ENUMs and values without a row are not counted).</summary>
    public long EnumsResolved { get; private set; }

    /// <summary>Why the last failed <see cref="Decode"/> failed (valid only after it returned false).</summary>
    public PayloadError LastError { get; private set; }

    /// <summary>The field the last failure was on; 0 when it was not on a field.</summary>
    public int LastErrorFieldId { get; private set; }

    /// <summary>False when the payload is not a well-formed field list of dictionary fields.</summary>
    public bool Decode(int containerType, ReadOnlySpan<byte> payload, out LatencyStamps stamps)
    {
        stamps = default;
        LastErrorFieldId = 0;
        if (containerType == DataTypes.NoData)
            return true;
        if (containerType != DataTypes.FieldList)
            return Failed(PayloadError.NotAFieldList, 0);
        CodecReturnCode rc = FieldListDecoder.Decode(payload, out FieldListDecoder fields);
        if (rc == CodecReturnCode.NoData)
            return true;
        if (rc is not (CodecReturnCode.Success or CodecReturnCode.SetSkipped))
            return Failed(PayloadError.Malformed, 0);
        while ((rc = fields.Next(out FieldEntry entry)) == CodecReturnCode.Success)
        {
            FieldsDecoded++;
            DictionaryEntry? definition = _dictionary.Entry(entry.FieldId); // null unless defined
            if (definition is null)
                return Failed(PayloadError.FieldNotInDictionary, entry.FieldId);
            // Standard entries (all but set-defined data) carry no type: skip the set type mapping for them.
            int type = entry.EncodedType == DataTypes.Unknown ? definition.RwfType : entry.DataType;
            PayloadError error = DecodeValue(entry, type, definition, ref stamps);
            if (error != PayloadError.None)
                return Failed(error, entry.FieldId);
        }
        return rc == CodecReturnCode.EndOfContainer || Failed(PayloadError.Malformed, 0);
    }

    private PayloadError DecodeValue(in FieldEntry entry, int type, DictionaryEntry definition, ref LatencyStamps stamps)
    {
        ReadOnlySpan<byte> data = entry.EncodedData;
        CodecReturnCode rc;
        switch (type)
        {
            case DataTypes.UInt:
                rc = UInt.Decode(data, out UInt unsigned);
                if (rc == CodecReturnCode.Success)
                    NoteStamp(entry.FieldId, unsigned.Value, ref stamps);
                break;
            case DataTypes.Int: rc = Int.Decode(data, out _); break;
            case DataTypes.Real: rc = entry.Decode<Real>(out _); break;
            case DataTypes.Float: rc = Float.Decode(data, out _); break;
            case DataTypes.Double: rc = RwfDouble.Decode(data, out _); break;
            case DataTypes.Date: rc = Date.Decode(data, out _); break;
            case DataTypes.Time: rc = Time.Decode(data, out _); break;
            case DataTypes.DateTime: rc = RwfDateTime.Decode(data, out _); break;
            case DataTypes.Qos: rc = Qos.Decode(data, out _); break;
            case DataTypes.State: rc = State.Decode(data, out _); break;
            case DataTypes.Enum:
                rc = RwfEnum.Decode(data, out RwfEnum value);
                if (rc == CodecReturnCode.Success && DataDictionary.EntryEnumType(definition, value.Value) is not null)
                    EnumsResolved++;
                break;
            case DataTypes.Buffer:
            case DataTypes.AsciiString:
            case DataTypes.Utf8String:
            case DataTypes.RmtesString:
                rc = RwfBuffer.Decode(data, type, out _);
                break;
            default:
                return PayloadError.UnhandledType;
        }
        return rc is CodecReturnCode.Success or CodecReturnCode.BlankData ? PayloadError.None : PayloadError.BadValue;
    }

    // A blank stamp (as LSEG's providers put in every refresh) carries no time and leaves the stamp at 0.
    private static void NoteStamp(int fieldId, ulong micros, ref LatencyStamps stamps)
    {
        switch (fieldId)
        {
            case LatencyFieldIds.Update: stamps.Update = micros; break;
            case LatencyFieldIds.Post: stamps.Post = micros; break;
            case LatencyFieldIds.Generic: stamps.GenMsg = micros; break;
        }
    }

    private bool Failed(PayloadError error, int fieldId)
    {
        LastError = error;
        LastErrorFieldId = fieldId;
        return false;
    }
}
