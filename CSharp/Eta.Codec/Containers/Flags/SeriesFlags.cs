namespace Eta.Codec;

/// <summary>Series header flags (LSEG's values).</summary>
[Flags]
public enum SeriesFlags : byte
{
    NONE = 0x00,
    HAS_SET_DEFS = 0x01,
    HAS_SUMMARY_DATA = 0x02,
    HAS_TOTAL_COUNT_HINT = 0x04,
}
