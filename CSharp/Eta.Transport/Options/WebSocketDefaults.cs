namespace Eta.Transport;

/// <summary>Defaults of the WebSocket options, LSEG's where it has one.</summary>
public static class WebSocketDefaults
{
    /// <summary>LSEG's <c>RSSL_INIT_WEBSOCKET_OPTS</c> <c>maxMsgSize</c>.</summary>
    public const int MaxMessageSize = 61440;

    /// <summary>Below this a RIPC handshake frame would not fit in one WebSocket frame.</summary>
    public const int MinMessageSize = 1024;

    /// <summary>
    /// Fragment size of a tr_json2 channel (no RIPC handshake negotiates one): a message written larger goes out as a
    /// fragmented WebSocket message.
    /// </summary>
    public const int JsonFragmentSize = 6144;
}
