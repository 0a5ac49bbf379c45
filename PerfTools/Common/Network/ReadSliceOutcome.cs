namespace PerfTools.Common.Network;

/// <summary>How one read slice of a channel ended.</summary>
public enum ReadSliceOutcome
{
    /// <summary>Nothing is left in the transport: read again only when the socket is readable.</summary>
    Drained,

    /// <summary>The slice's message limit was reached with input still buffered: read again without waiting.</summary>
    MoreBuffered,

    /// <summary>The handler refused a message (returned false); input may still be buffered.</summary>
    Stopped,

    /// <summary>The channel failed or the peer closed it; the channel's error says which.</summary>
    Failed,
}
