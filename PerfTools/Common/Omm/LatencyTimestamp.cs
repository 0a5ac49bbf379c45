using Eta.Codec;

namespace PerfTools.Common.Omm;

/// <summary>Finds a latency timestamp (TIM_TRK_n, a UINT of microseconds) in an encoded field list payload.</summary>
public static class LatencyTimestamp
{
    /// <summary>
    /// True with the timestamp when <paramref name="fieldList"/> holds <paramref name="fieldId"/> as a non-blank UINT.
    /// Allocates nothing; a malformed payload simply has no timestamp.
    /// </summary>
    public static bool TryFind(ReadOnlySpan<byte> fieldList, short fieldId, out ulong micros)
    {
        micros = 0;
        if (FieldListDecoder.Decode(fieldList, out FieldListDecoder decoder) < CodecReturnCode.Success)
            return false;
        while (decoder.Next(out FieldEntry entry) == CodecReturnCode.Success)
        {
            if (entry.FieldId != fieldId)
                continue;
            if (entry.Decode(out UInt value) != CodecReturnCode.Success)
                return false;
            micros = value.Value;
            return true;
        }
        return false;
    }
}
