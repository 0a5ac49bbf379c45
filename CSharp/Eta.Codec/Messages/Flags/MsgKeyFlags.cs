namespace Eta.Codec;

/// <summary>Message key flags (RSSL_MKF_*), written as a u15rb at the start of the key.</summary>
[Flags]
public enum MsgKeyFlags : ushort
{
    None = 0,
    HasServiceId = 0x0001,
    HasName = 0x0002,
    HasNameType = 0x0004,
    HasFilter = 0x0008,
    HasIdentifier = 0x0010,
    HasAttrib = 0x0020,
}
