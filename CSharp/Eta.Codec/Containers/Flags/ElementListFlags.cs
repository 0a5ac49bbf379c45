namespace Eta.Codec;

/// <summary>Element list header flags (LSEG's values).</summary>
[Flags]
public enum ElementListFlags : byte
{
    /// <remarks>LSEG: ElementListFlags.NONE</remarks>
    None = 0x00,
    /// <remarks>LSEG: ElementListFlags.HAS_ELEMENT_LIST_INFO</remarks>
    HasElementListInfo = 0x01,
    /// <remarks>LSEG: ElementListFlags.HAS_SET_DATA</remarks>
    HasSetData = 0x02,
    /// <remarks>LSEG: ElementListFlags.HAS_SET_ID</remarks>
    HasSetId = 0x04,
    /// <remarks>LSEG: ElementListFlags.HAS_STANDARD_DATA</remarks>
    HasStandardData = 0x08,
}
