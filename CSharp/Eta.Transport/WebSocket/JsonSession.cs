using Eta.Transport.Handshake;
using Eta.Transport.Ripc;

namespace Eta.Transport.WebSocket;

/// <summary>
/// The session of a tr_json2 channel, which has no RIPC handshake to negotiate one: each side's own settings, pings
/// both ways (LSEG's JSON channels ping with <c>[{"Type":"Ping"}]</c> text messages), no compression, and RIPC 14
/// framing for the layers above the WebSocket stream.
/// </summary>
internal static class JsonSession
{
    public static NegotiatedSession Create(int fragmentSize, int pingTimeout, int majorVersion, int minorVersion, string protocol) => new()
    {
        Version = RipcVersion.V14,
        MaxFragmentSize = fragmentSize,
        PingTimeout = pingTimeout,
        SessionFlags = NegotiatedSession.ClientToServerPings | NegotiatedSession.ServerToClientPings,
        Compression = CompressionType.None,
        CompressionLevel = 0,
        ProtocolType = SubProtocols.JsonProtocolType,
        MajorVersion = majorVersion,
        MinorVersion = minorVersion,
        PeerComponentVersion = "",
        WebSocketProtocol = protocol,
    };
}
