namespace Eta.Codec.Rdm;

/// <summary>Bits of the login refresh "SupportBatchRequests" value.</summary>
[Flags]
public enum LoginBatchSupport : ulong
{
    None = 0,
    Requests = 0x1,
    Reissues = 0x2,
    Closes = 0x4,
}
