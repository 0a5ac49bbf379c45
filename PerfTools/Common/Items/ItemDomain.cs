namespace PerfTools.Common.Items;

/// <summary>
/// The domains an item list may request. The guide (§9.2.1) allows only MarketPrice; the value is the
/// RDM domain type number put on the wire in the request's domain field.
/// </summary>
public enum ItemDomain : byte
{
    MarketPrice = 6,
}
