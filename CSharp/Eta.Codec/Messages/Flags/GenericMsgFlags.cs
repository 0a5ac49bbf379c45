namespace Eta.Codec;

/// <summary>Generic message flags (RSSL_GNMF_*), written as a u15rb.</summary>
[Flags]
public enum GenericMsgFlags : ushort
{
    None = 0,
    HasExtendedHeader = 0x0001,
    HasPermData = 0x0002,
    HasMsgKey = 0x0004,
    HasSeqNum = 0x0008,
    MessageComplete = 0x0010,
    HasSecondarySeqNum = 0x0020,
    HasPartNum = 0x0040,
    HasReqMsgKey = 0x0080,
    ProviderDriven = 0x0100,
}
