namespace Eta.Codec;

/// <summary>Post message flags (RSSL_PSMF_*), written as a u15rb.</summary>
[Flags]
public enum PostMsgFlags : ushort
{
    None = 0,
    HasExtendedHeader = 0x0001,
    HasPostId = 0x0002,
    HasMsgKey = 0x0004,
    HasSeqNum = 0x0008,
    PostComplete = 0x0020,
    Ack = 0x0040,
    HasPermData = 0x0080,
    HasPartNum = 0x0100,
    HasPostUserRights = 0x0200,
}
