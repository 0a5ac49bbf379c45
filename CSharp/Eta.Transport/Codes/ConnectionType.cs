namespace Eta.Transport;

/// <summary>How a channel reaches its peer, LSEG's values.</summary>
public enum ConnectionType
{
    /// <summary>Plain TCP.</summary>
    Socket = 0,
    /// <summary>TLS over TCP.</summary>
    Encrypted = 1,
    /// <summary>
    /// WebSocket (RFC 6455) over TCP, LSEG's <c>RSSL_CONN_TYPE_WEBSOCKET</c> (7). Clients only: a server accepts
    /// WebSocket upgrades on its socket (or encrypted) port when it has a sub-protocol list
    /// (<see cref="BindOptions.WebSocketProtocols"/>). Over TLS: <see cref="Encrypted"/> with
    /// <see cref="ConnectOptions.EncryptedProtocol"/> = WebSocket.
    /// </summary>
    WebSocket = 7,
}
