namespace Eta.Codec.Rdm;

/// <summary>
/// The Info filter of a directory service: its name and what it offers.
/// <code>
/// ELEMENT_LIST: Name ASCII, [Vendor ASCII], [IsSource UINT], Capabilities ARRAY(UINT, 1 byte),
///   [DictionariesProvided ARRAY(ASCII)], [DictionariesUsed ARRAY(ASCII)], [QoS ARRAY(QOS)],
///   [SupportsQoSRange UINT], [ItemList ASCII], [SupportsOutOfBandSnapshots UINT], [AcceptingConsumerStatus UINT]
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
