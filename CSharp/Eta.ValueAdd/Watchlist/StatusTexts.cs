namespace Eta.ValueAdd.Watchlist;

/// <summary>The texts of the statuses the watchlist makes up itself (LSEG's wording, so logs read the same).</summary>
internal static class StatusTexts
{
    public static readonly byte[] ServiceNotAvailable = "Service not available"u8.ToArray();
    public static readonly byte[] ServiceNotUp = "Service not up"u8.ToArray();
    public static readonly byte[] CapabilityNotSupported = "Capability not supported"u8.ToArray();
    public static readonly byte[] NoMatchingQos = "Service does not provide a matching QoS"u8.ToArray();
    public static readonly byte[] RequestTimeout = "Request timeout"u8.ToArray();
    public static readonly byte[] ChannelDown = "channel down."u8.ToArray();
    public static readonly byte[] ServiceLost = "Service for this item was lost."u8.ToArray();
}
