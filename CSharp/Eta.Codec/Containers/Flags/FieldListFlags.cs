namespace Eta.Codec;

/// <summary>Field list header flags (LSEG's values).</summary>
[Flags]
public enum FieldListFlags : byte
{
    /// <remarks>LSEG: FieldListFlags.NONE</remarks>
    None = 0x00,
    /// <remarks>LSEG: FieldListFlags.HAS_FIELD_LIST_INFO</remarks>
    HasFieldListInfo = 0x01,
    /// <remarks>LSEG: FieldListFlags.HAS_SET_DATA</remarks>
    HasSetData = 0x02,
    /// <remarks>LSEG: FieldListFlags.HAS_SET_ID</remarks>
    HasSetId = 0x04,
    /// <remarks>LSEG: FieldListFlags.HAS_STANDARD_DATA</remarks>
    HasStandardData = 0x08,
}
