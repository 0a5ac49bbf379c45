namespace Eta.ValueAdd;

/// <summary>What happened to a channel (LSEG's <c>ReactorChannelEventTypes</c>: CHANNEL_UP, CHANNEL_READY, ...).</summary>
public enum ReactorChannelEventType
{
    /// <summary>The transport handshake completed; the role starts its administrative handshake.</summary>
    ChannelUp,

    /// <summary>The role's handshake completed (consumer: login, directory and dictionaries; NI provider: login and directory sent).</summary>
    ChannelReady,

    /// <summary>The connection was lost and will be retried (<see cref="ReactorChannel.ErrorText"/> says why).</summary>
    ChannelDownReconnecting,

    /// <summary>The connection is lost for good; the channel is removed from the reactor after this callback.</summary>
    ChannelDown,

    /// <summary>Something went wrong that did not bring the channel down (e.g. a dictionary part could not be decoded).</summary>
    Warning,
}
