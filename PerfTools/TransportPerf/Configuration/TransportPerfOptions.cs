namespace PerfTools.TransportPerf.Configuration;

/// <summary>TransportPerf's validated configuration (guide Table 5). Immutable; built by <see cref="TransportPerfCommandLine"/>.</summary>
public sealed record TransportPerfOptions
{
    /// <summary>-latencyMsgRate "all": every message carries a timestamp.</summary>
    public const int LatencyOnEveryMessage = -1;

    /// <summary>Bytes a message needs for its sequence number and timestamp (§7.4).</summary>
    public const int MinimumMessageSize = 16;

    public required AppType AppType { get; init; }
    public required bool BusyRead { get; init; }
    public required int CompressionLevel { get; init; }
    public required CompressionChoice CompressionType { get; init; }
    public required ConnectionChoice ConnectionType { get; init; }
    public required bool DirectWrite { get; init; }
    public required string HostName { get; init; }
    public required int HighWaterMark { get; init; }
    public required string InterfaceName { get; init; }
    public required string LatencyFile { get; init; }
    /// <summary>As typed; <see cref="LatencyOnEveryMessage"/> for "all". See <see cref="EffectiveLatencyMsgRate"/>.</summary>
    public required int LatencyMsgRate { get; init; }
    public required int MaxFragmentSize { get; init; }
    public required int MsgRate { get; init; }
    public required int MsgSize { get; init; }
    public required bool DisplayStats { get; init; }
    public required int OutputBuffers { get; init; }
    public required int Port { get; init; }
    /// <summary>Messages per packed buffer; 1 = no packing.</summary>
    public required int PackCount { get; init; }
    public required bool UseProxy { get; init; }
    public required string ProxyHost { get; init; }
    public required string ProxyPort { get; init; }
    public required string ProxyLogin { get; init; }
    public required string ProxyPassword { get; init; }
    public required int RecvBufSize { get; init; }
    public required bool ReflectMsgs { get; init; }
    public required int RunTime { get; init; }
    public required int SendBufSize { get; init; }
    public required string StatsFile { get; init; }
    public required string SummaryFile { get; init; }
    public required bool TcpDelay { get; init; }
    public required Common.Threading.ThreadCpuList Threads { get; init; }
    public required int TickRate { get; init; }
    public required int WriteStatsInterval { get; init; }
    public required string CertificateFile { get; init; }
    public required string KeyFile { get; init; }
    public required string CaFile { get; init; }

    /// <summary>Timestamped messages per second actually sent: 0 when reflecting (nothing of our own is sent).</summary>
    public int EffectiveLatencyMsgRate =>
        ReflectMsgs ? 0 : LatencyMsgRate == LatencyOnEveryMessage ? MsgRate : LatencyMsgRate;

    /// <summary>Messages per second this side generates: 0 when reflecting.</summary>
    public int EffectiveMsgRate => ReflectMsgs ? 0 : MsgRate;

    public bool Packing => PackCount > 1;

    /// <summary>Packed buffer size: each packed message costs its length plus the 2-byte length slot (and a margin as LSEG's tools use).</summary>
    public int PackedBufferSize => (MsgSize + 8) * PackCount;
}
