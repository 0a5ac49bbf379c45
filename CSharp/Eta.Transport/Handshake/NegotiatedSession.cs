using Eta.Transport.Ripc;

namespace Eta.Transport.Handshake;

/// <summary>What the RIPC handshake settled for a channel.</summary>
internal sealed record NegotiatedSession
{
    public required RipcVersion Version { get; init; }
    public required int MaxFragmentSize { get; init; }
    public required int PingTimeout { get; init; }
    /// <summary>RIPC session flags: 0x01 client pings the server, 0x02 server pings the client.</summary>
    public required int SessionFlags { get; init; }
    public required CompressionType Compression { get; init; }
    public required int CompressionLevel { get; init; }
    public required int ProtocolType { get; init; }
    public required int MajorVersion { get; init; }
    public required int MinorVersion { get; init; }
    public required string PeerComponentVersion { get; init; }

    /// <summary>The WebSocket sub-protocol of a WebSocket channel (its name as negotiated), null otherwise.</summary>
    public string? WebSocketProtocol { get; init; }

    public const int ClientToServerPings = 0x01;
    public const int ServerToClientPings = 0x02;
}
