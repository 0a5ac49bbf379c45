namespace Eta.Codec.Rdm;

/// <summary>Name types of item keys (msgKey.nameType) outside the login domain.</summary>
public static class InstrumentNameTypes
{
    public const byte Unspecified = 0;
    public const byte Ric = 1;
    public const byte Contributor = 2;
}
