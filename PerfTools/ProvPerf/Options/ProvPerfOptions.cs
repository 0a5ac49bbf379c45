using PerfTools.Common.Output;
using PerfTools.Common.Provider;

namespace PerfTools.ProvPerf.Options;

/// <summary>
/// ProvPerf's validated configuration (guide Table 3). Immutable; a tool run gets it from <see cref="ProvPerfCommandLine"/> (defaults come from the option table).
/// A latency rate of <see cref="AllMessages"/> means every update (or generic message) carries a timestamp.
/// </summary>
public sealed record ProvPerfOptions
{
    /// <summary>The "all" value of <c>-latencyUpdateRate</c> and <c>-genericMsgLatencyRate</c>.</summary>
    public const int AllMessages = -1;

    public ProviderConnectionType ConnectionType { get; init; }
    /// <summary>
    /// -pl: WebSocket sub-protocols accepted on the port, in order of preference; empty (LSEG C ProvPerf's default)
    /// refuses WebSocket upgrades.
    /// </summary>
    public string ProtocolList { get; init; } = "";
    public bool DirectWrite { get; init; }
    public bool UseReactor { get; init; }
    /// <summary>-preEnc (beyond the guide, ETA C's option): updates are copies of updates encoded at start-up.</summary>
    public bool PreEncodedUpdates { get; init; }
    public int GenericMsgLatencyRate { get; init; }
    public int GenericMsgRate { get; init; }
    public int HighWaterMark { get; init; }
    public string InterfaceName { get; init; } = "";
    public string KeyFile { get; init; } = "";
    public string CertificateFile { get; init; } = "";
    public string LatencyFile { get; init; } = "";
    public int LatencyUpdateRate { get; init; }
    public int MaxFragmentSize { get; init; }
    public int MaxPackCount { get; init; }
    public string MsgFile { get; init; } = "";
    public bool DisplayStats { get; init; }
    public int PackBufSize { get; init; }
    public int OpenLimit { get; init; }
    public int OutputBuffers { get; init; }
    public int MaxOutputBuffers { get; init; }
    public string Port { get; init; } = "";
    public int RecvBufSize { get; init; }
    public int RefreshBurstSize { get; init; }
    public int RunTimeSeconds { get; init; }
    public int SendBufSize { get; init; }
    public int ServiceId { get; init; }
    public string ServiceName { get; init; } = "";
    public string StatsFile { get; init; } = "";
    public string SummaryFile { get; init; } = "";
    public bool TcpNoDelay { get; init; }
    public int ThreadCount { get; init; }
    public int TickRate { get; init; }
    public int UpdateRate { get; init; }
    public int WriteStatsIntervalSeconds { get; init; }
    public int RecvTimeoutMs { get; init; }
    public int SendTimeoutMs { get; init; }
    public int StallTimeoutSeconds { get; init; } = PublishingOptions.DefaultStallTimeoutSeconds;
    public int PingTimeoutSeconds { get; init; } = 60;
    /// <summary>Compression the server offers (LSEG C ProvPerf's -compressionType), used when the consumer asks for it.</summary>
    public Eta.Transport.CompressionType CompressionType { get; init; }
    public int CompressionLevel { get; init; }
    /// <summary>Seconds a consumer's handshake may take before its channel is closed (LSEG's reactor default: 60).</summary>
    public int InitTimeoutSeconds { get; init; } = DefaultInitTimeoutSeconds;

    public const int DefaultInitTimeoutSeconds = 60;

    /// <summary>Every file the run writes, with the option that names it (checked before the run starts).</summary>
    public IEnumerable<(string Option, string Path)> OutputPaths()
    {
        yield return ("-summaryFile", SummaryFile);
        for (int n = 1; n <= ThreadCount; n++)
        {
            yield return ("-statsFile", Common.Output.StatsFile.PathForThread(StatsFile, n));
            if (LatencyFile.Length > 0)
                yield return ("-latencyFile", LatencyFileWriter.PathForThread(LatencyFile, n));
        }
    }

    /// <summary>The input file the run reads, with its option (no output may be it).</summary>
    public IEnumerable<(string Option, string Path)> InputPaths() => [("-msgFile", MsgFile), ("-cert", CertificateFile), ("-keyfile", KeyFile)];

    /// <summary>Packing is on when more than one message goes into a buffer.</summary>
    public bool Packing => MaxPackCount > 1;

    /// <summary>How provider threads write to their channels.</summary>
    public PublishingOptions Publishing => new(DirectWrite, MaxPackCount, PackBufSize, HighWaterMark, StallTimeoutSeconds);
}
