namespace Eta.Codec;

/// <summary>Update message flags (RSSL_UPMF_*), written as a u15rb.</summary>
[Flags]
public enum UpdateMsgFlags : ushort
{
    None = 0,
    HasExtendedHeader = 0x0001,
    HasPermData = 0x0002,
    HasMsgKey = 0x0008,
    HasSeqNum = 0x0010,
    HasConfInfo = 0x0020,
    DoNotCache = 0x0040,
    DoNotConflate = 0x0080,
    DoNotRipple = 0x0100,
    HasPostUserInfo = 0x0200,
    Discardable = 0x0400,
}
