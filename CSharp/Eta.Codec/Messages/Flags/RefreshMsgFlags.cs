namespace Eta.Codec;

/// <summary>Refresh message flags (RSSL_RFMF_*), written as a u15rb.</summary>
[Flags]
public enum RefreshMsgFlags : ushort
{
    None = 0,
    HasExtendedHeader = 0x0001,
    HasPermData = 0x0002,
    HasMsgKey = 0x0008,
    HasSeqNum = 0x0010,
    Solicited = 0x0020,
    RefreshComplete = 0x0040,
    HasQos = 0x0080,
    ClearCache = 0x0100,
    DoNotCache = 0x0200,
    PrivateStream = 0x0400,
    HasPostUserInfo = 0x0800,
    HasPartNum = 0x1000,
    HasReqMsgKey = 0x2000,
    QualifiedStream = 0x4000,
}
