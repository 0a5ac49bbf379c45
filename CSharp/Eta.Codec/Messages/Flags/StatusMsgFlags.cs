namespace Eta.Codec;

/// <summary>Status message flags (RSSL_STMF_*), written as a u15rb.</summary>
[Flags]
public enum StatusMsgFlags : ushort
{
    None = 0,
    HasExtendedHeader = 0x0001,
    HasPermData = 0x0002,
    HasMsgKey = 0x0008,
    HasGroupId = 0x0010,
    HasState = 0x0020,
    ClearCache = 0x0040,
    PrivateStream = 0x0080,
    HasPostUserInfo = 0x0100,
    HasReqMsgKey = 0x0200,
    QualifiedStream = 0x0400,
}
