using Eta.Codec;
using PerfTools.Common.Xml;

namespace PerfTools.Common.Omm;

/// <summary>
/// Writes a message payload from a template: a field list holding the template's pre-encoded entries and,
/// for a latency sample, one more UINT entry with the timestamp.
/// <code>
/// u8  flags = HAS_STANDARD_DATA (0x08)
/// u16 entry count
/// ... template entries (copied as one block)
/// i16 latency fid | u8 length | UINT value       only when a timestamp is given
/// i16 3902 | u8 0, i16 3903 | u8 0, i16 3904 | u8 0   refreshes only: blank TIM_TRK_1/2/3
/// </code>
/// LSEG's providers (C, Java) end every MarketPrice refresh with blank TIM_TRK_1, TIM_TRK_2 and TIM_TRK_3 UINT
/// entries in that order, after the template's fields; consumers must take a blank stamp as "no timestamp".
/// </summary>
internal static class FieldListPayload
{
    private const byte HasStandardData = 0x08;

    /// <summary>Largest payload for entries of the given length: header, entries and a latency entry.</summary>
    public static int MaxLengthFor(int encodedEntriesLength) => 3 + encodedEntriesLength + Math.Max(2 + 1 + 8, BlankStampsLength);

    // Three entries of fid (2) and a zero length (1).
    private const int BlankStampsLength = 3 * 3;

    /// <summary>Writes a refresh's field list: the template's entries, then blank TIM_TRK_1, TIM_TRK_2 and TIM_TRK_3.</summary>
    public static CodecReturnCode WriteWithBlankStamps(ref RwfWriter writer, MsgTemplate template)
    {
        CodecReturnCode rc;
        if ((rc = writer.WriteByte(HasStandardData)) < 0
            || (rc = writer.WriteUInt16((ushort)(template.FieldCount + 3))) < 0
            || (rc = writer.WriteBytes(template.EncodedEntries)) < 0
            || (rc = WriteBlank(ref writer, LatencyFieldIds.Update)) < 0
            || (rc = WriteBlank(ref writer, LatencyFieldIds.Post)) < 0)
            return rc;
        return WriteBlank(ref writer, LatencyFieldIds.Generic);
    }

    private static CodecReturnCode WriteBlank(ref RwfWriter writer, short fieldId)
    {
        CodecReturnCode rc = writer.WriteInt16(fieldId);
        return rc < 0 ? rc : writer.WriteByte(0);
    }

    /// <summary>
    /// Writes the field list. <paramref name="latencyMicros"/> of 0 means no timestamp (as in LSEG's tools).
    /// </summary>
    public static CodecReturnCode Write(ref RwfWriter writer, MsgTemplate template, short latencyFieldId, ulong latencyMicros)
    {
        bool withLatency = latencyMicros != 0;
        int count = template.FieldCount + (withLatency ? 1 : 0);
        CodecReturnCode rc;
        if ((rc = writer.WriteByte(HasStandardData)) < 0
            || (rc = writer.WriteUInt16((ushort)count)) < 0
            || (rc = writer.WriteBytes(template.EncodedEntries)) < 0)
            return rc;
        return withLatency ? WriteLatencyEntry(ref writer, latencyFieldId, latencyMicros) : CodecReturnCode.Success;
    }

    /// <summary>The latency entry: the field id, then the timestamp as a UINT in as few bytes as it takes.</summary>
    public static CodecReturnCode WriteLatencyEntry(ref RwfWriter writer, short latencyFieldId, ulong latencyMicros)
    {
        CodecReturnCode rc;
        if ((rc = writer.WriteInt16(latencyFieldId)) < 0
            || (rc = writer.ReserveLength(LengthEncoding.U16ob, 8, out LengthSlot slot)) < 0
            || (rc = new UInt(latencyMicros).EncodeBody(ref writer)) < 0)
            return rc;
        return writer.CompleteLength(slot);
    }
}
