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
/// </code>
/// </summary>
internal static class FieldListPayload
{
    private const byte HasStandardData = 0x08;

    /// <summary>Largest payload for entries of the given length: header, entries and a latency entry.</summary>
    public static int MaxLengthFor(int encodedEntriesLength) => 3 + encodedEntriesLength + 2 + 1 + 8;

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
        if (!withLatency)
            return CodecReturnCode.Success;
        if ((rc = writer.WriteInt16(latencyFieldId)) < 0
            || (rc = writer.ReserveLength(LengthEncoding.U16ob, 8, out LengthSlot slot)) < 0
            || (rc = new UInt(latencyMicros).EncodeBody(ref writer)) < 0)
            return rc;
        return writer.CompleteLength(slot);
    }
}
