namespace Eta.Codec.Rdm;

/// <summary>RDM domain types: the domainType byte of a message header.</summary>
public static class DomainTypes
{
    public const byte Login = 1;
    public const byte Source = 4;
    public const byte Dictionary = 5;
    public const byte MarketPrice = 6;
    public const byte MarketByOrder = 7;
    public const byte MarketByPrice = 8;
    public const byte MarketMaker = 9;
    public const byte SymbolList = 10;
    public const byte ServiceProviderStatus = 11;
    public const byte History = 12;
    public const byte Headline = 13;
    public const byte Story = 14;
    public const byte ReplayHeadline = 15;
    public const byte ReplayStory = 16;
    public const byte Transaction = 17;
    public const byte YieldCurve = 22;
    public const byte Contribution = 27;
    public const byte ProviderAdmin = 29;
    public const byte Analytics = 30;
    public const byte Reference = 31;
    public const byte NewsTextAnalytics = 33;
    public const byte EconomicIndicator = 34;
    public const byte Poll = 35;
    public const byte Forecast = 36;
    public const byte MarketByTime = 37;
    public const byte System = 127;
}
