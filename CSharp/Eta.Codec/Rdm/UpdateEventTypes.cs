namespace Eta.Codec.Rdm;

/// <summary>The updateType byte of an Update message.</summary>
public static class UpdateEventTypes
{
    public const byte Unspecified = 0;
    public const byte Quote = 1;
    public const byte Trade = 2;
    public const byte NewsAlert = 3;
    public const byte VolumeAlert = 4;
    public const byte OrderIndication = 5;
    public const byte ClosingRun = 6;
    public const byte Correction = 7;
    public const byte MarketDigest = 8;
    public const byte QuotesTrade = 9;
    public const byte Multiple = 10;
    public const byte Verify = 11;
}
