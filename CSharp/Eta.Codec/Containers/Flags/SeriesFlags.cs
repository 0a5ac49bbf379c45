namespace Eta.Codec;

/// <summary>Series header flags (LSEG's values).</summary>
[Flags]
public enum SeriesFlags : byte
{
    /// <remarks>LSEG: SeriesFlags.NONE</remarks>
    None = 0x00,
    /// <remarks>LSEG: SeriesFlags.HAS_SET_DEFS</remarks>
    HasSetDefs = 0x01,
    /// <remarks>LSEG: SeriesFlags.HAS_SUMMARY_DATA</remarks>
    HasSummaryData = 0x02,
    /// <remarks>LSEG: SeriesFlags.HAS_TOTAL_COUNT_HINT</remarks>
    HasTotalCountHint = 0x04,
}
