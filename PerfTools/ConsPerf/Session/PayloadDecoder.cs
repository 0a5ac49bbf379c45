using System.Runtime.CompilerServices;
using Eta.Codec;
using PerfTools.Common.Omm;

namespace PerfTools.ConsPerf.Session;

/// <summary>
/// Decodes a MarketPrice payload in full, doing the work LSEG's ConsPerf does so the figures compare: every field
/// list entry is looked up in the dictionary and decoded as the dictionary's RWF type (the lookup is made once for
/// every field id and kept as the field's plan, <see cref="FieldPlans"/>); ENUM values are looked up in their enum table; a blank value (BLANK_DATA) is a value like any other. The latency fields TIM_TRK_1/2/3 (UINT
/// microseconds) are picked out when not blank. Fails, as LSEG's decoder does, on a field the dictionary does not
/// define, on a type a MarketPrice field cannot have, and on any value that does not decode as its type.
/// Set-defined data without a known definition (SET_SKIPPED) is skipped and the standard entries still decode.
/// Allocates nothing.
/// </summary>
[SkipLocalsInit]
internal sealed class PayloadDecoder
{
    private readonly FieldPlans _plans;

    public PayloadDecoder(DataDictionary dictionary) => _plans = new FieldPlans(dictionary);

    /// <summary>Field entries decoded so far (every entry of every payload; none of a payload whose entries are malformed).</summary>
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
        // No set definitions are given, so set-defined data is skipped (SetSkipped) and every entry read is a
        // standard one, which carries no type: its type is the dictionary's.
        CodecReturnCode rc = FieldListDecoder.Decode(payload, out FieldListDecoder list);
        if (rc == CodecReturnCode.NoData)
            return true;
        if (rc is not (CodecReturnCode.Success or CodecReturnCode.SetSkipped))
            return Failed(PayloadError.Malformed, 0);
        // Walked with the standard entries' own cursor, a local the loop keeps in registers.
        StandardFieldEntries fields = list.StandardEntries;
        int entries = fields.Remaining;
        long enums = 0;
        PayloadError error = PayloadError.None;
        int errorFieldId = 0;
        FieldPlans plans = _plans;
        ReadOnlySpan<FieldKind> kinds = plans.Kinds;
        while ((rc = fields.Next(out FieldEntry entry)) == CodecReturnCode.Success)
        {
            FieldKind kind = kinds[(ushort)entry.FieldId];
            ReadOnlySpan<byte> data = entry.EncodedData;
            CodecReturnCode valueRc;
            // The types of market data updates (LSEG's MsgData.xml: REAL, strings, ENUM, TIME, UINT) are decoded here,
            // inline; the others in DecodeOther.
            // Tested in the order of their frequency in an update (8, 6, 5, 3 and 1 of 23 fields), which the JIT's
            // layout of a switch does not follow without a profile of this method.
            if (kind == FieldKind.Real)
            {
                valueRc = Real.Decode(data, out _);
            }
            else if (kind == FieldKind.Buffer)
            {
                valueRc = RwfBuffer.Decode(data, DataTypes.Buffer, out _); // any bytes are a value
            }
            else if (kind == FieldKind.Enum)
            {
                valueRc = RwfEnum.Decode(data, out RwfEnum enumValue);
                if (valueRc == CodecReturnCode.Success && plans.EnumTableOf((short)entry.FieldId)?.Find(enumValue.Value) is not null)
                    enums++;
            }
            else if (kind == FieldKind.Time)
            {
                valueRc = Time.Decode(data, out _);
            }
            else if (kind == FieldKind.UInt)
            {
                valueRc = UInt.Decode(data, out UInt unsigned);
                if (valueRc == CodecReturnCode.Success)
                    NoteStamp(entry.FieldId, unsigned.Value, ref stamps);
            }
            else
            {
                valueRc = DecodeOther(kind, data, out error);
            }
            if (valueRc is not (CodecReturnCode.Success or CodecReturnCode.BlankData))
            {
                if (error == PayloadError.None)
                    error = PayloadError.BadValue;
                errorFieldId = entry.FieldId;
                break;
            }
        }
        // Entries read, a value that failed included; counted here rather than in the loop, which keeps its registers
        // for the walk (a malformed entry leaves no count of those before it).
        if (rc != CodecReturnCode.IncompleteData)
            FieldsDecoded += entries - fields.Remaining;
        EnumsResolved += enums;
        if (error != PayloadError.None)
            return Failed(error, errorFieldId);
        return rc == CodecReturnCode.EndOfContainer || Failed(PayloadError.Malformed, 0);
    }

    // Types a MarketPrice update rarely carries, kept out of the loop above so its frame stays small. A field the
    // dictionary does not define, or whose type no field list value can have, fails with that as the error.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static CodecReturnCode DecodeOther(FieldKind kind, ReadOnlySpan<byte> data, out PayloadError error)
    {
        error = PayloadError.None;
        switch (kind)
        {
            case FieldKind.Int: return Int.Decode(data, out _);
            case FieldKind.Float: return Float.Decode(data, out _);
            case FieldKind.Double: return RwfDouble.Decode(data, out _);
            case FieldKind.Date: return Date.Decode(data, out _);
            case FieldKind.DateTime: return RwfDateTime.Decode(data, out _);
            case FieldKind.Qos: return Qos.Decode(data, out _);
            case FieldKind.State: return State.Decode(data, out _);
            case FieldKind.NotInDictionary:
                error = PayloadError.FieldNotInDictionary;
                return CodecReturnCode.Failure;
            default:
                error = PayloadError.UnhandledType;
                return CodecReturnCode.Failure;
        }
    }

    // A blank stamp (as LSEG's providers put in every refresh) carries no time and leaves the stamp at 0.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
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
