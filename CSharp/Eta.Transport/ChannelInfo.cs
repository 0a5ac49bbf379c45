namespace Eta.Transport;

/// <summary>Negotiated and configured properties of an active channel.</summary>
public sealed record ChannelInfo
{
    /// <summary>Largest message that goes out in one RIPC frame; larger ones are fragmented.</summary>
    public required int MaxFragmentSize { get; init; }
    public required int MaxOutputBuffers { get; init; }
    public required int GuaranteedOutputBuffers { get; init; }
    public required int NumInputBuffers { get; init; }
    /// <summary>Negotiated ping timeout in seconds.</summary>
    public required int PingTimeout { get; init; }
    public required bool ClientToServerPings { get; init; }
    public required bool ServerToClientPings { get; init; }
    public required int SysSendBufSize { get; init; }
    public required int SysRecvBufSize { get; init; }
    public required CompressionType CompressionType { get; init; }
    public required int CompressionThreshold { get; init; }
    public required string PriorityFlushStrategy { get; init; }
    /// <summary>RIPC protocol version in use (14, 13, 12 or 11).</summary>
    public required int RipcVersion { get; init; }
    /// <summary>The peer's product version string (RIPC 13 and later), empty when none was sent.</summary>
    public required string PeerComponentVersion { get; init; }
}
