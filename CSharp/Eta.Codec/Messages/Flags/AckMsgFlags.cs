namespace Eta.Codec;

/// <summary>Ack message flags (RSSL_AKMF_*), written as a u15rb.</summary>
[Flags]
public enum AckMsgFlags : ushort
{
    None = 0,
    HasExtendedHeader = 0x0001,
    HasText = 0x0002,
    PrivateStream = 0x0004,
    HasSeqNum = 0x0008,
    HasMsgKey = 0x0010,
    HasNakCode = 0x0020,
    QualifiedStream = 0x0040,
}
