namespace Eta.Codec;

/// <summary>Close message flags (RSSL_CLMF_*), written as a u15rb.</summary>
[Flags]
public enum CloseMsgFlags : ushort
{
    None = 0,
    HasExtendedHeader = 0x0001,
    Ack = 0x0002,
    HasBatch = 0x0004,
}
