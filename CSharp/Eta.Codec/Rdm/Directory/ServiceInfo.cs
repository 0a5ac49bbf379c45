namespace Eta.Codec.Rdm;

/// <summary>
/// The Info filter of a directory service: its name and what it offers.
/// <code>
/// ElementList: Name ASCII, [Vendor ASCII], [IsSource UInt], Capabilities Array(UInt, 1 byte),
///   [DictionariesProvided Array(ASCII)], [DictionariesUsed Array(ASCII)], [QoS Array(Qos)],
///   [SupportsQoSRange UInt], [ItemList ASCII], [SupportsOutOfBandSnapshots UInt], [AcceptingConsumerStatus UInt]
/// </code>
/// </summary>
public sealed class ServiceInfo
{
    public string ServiceName { get; set; } = "";
    public string? Vendor { get; set; }
    public ulong? IsSource { get; set; }

    /// <summary>Domain types the service provides (e.g. <see cref="DomainTypes.MarketPrice"/>).</summary>
    public List<ulong> Capabilities { get; } = [];
    public List<string> DictionariesProvided { get; } = [];
    public List<string> DictionariesUsed { get; } = [];
    public List<Qos> QosList { get; } = [];
    public ulong? SupportsQosRange { get; set; }
    public string? ItemList { get; set; }
    public ulong? SupportsOutOfBandSnapshots { get; set; }
    public ulong? AcceptingConsumerStatus { get; set; }

    public void Clear()
    {
        ServiceName = "";
        Vendor = ItemList = null;
        IsSource = SupportsQosRange = SupportsOutOfBandSnapshots = AcceptingConsumerStatus = null;
        Capabilities.Clear();
        DictionariesProvided.Clear();
        DictionariesUsed.Clear();
        QosList.Clear();
    }
}
