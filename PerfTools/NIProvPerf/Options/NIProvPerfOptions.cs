using Eta.Transport;
using PerfTools.Common.Provider;

namespace PerfTools.NIProvPerf.Options;

/// <summary>
/// NIProvPerf's validated configuration (guide Table 4). Immutable; a run gets it from
/// <see cref="NIProvPerfCommandLine"/>, which holds the defaults. A latency rate of <see cref="AllMessages"/> means
/// every update carries a timestamp.
/// </summary>
public sealed record NIProvPerfOptions
{
    /// <summary>The "all" value of <c>-latencyUpdateRate</c>.</summary>
    public const int AllMessages = -1;

    /// <summary>The fragment size the summary reports: the hub (server side) decides it, this is ETA's default.</summary>
    public const int DefaultMaxFragmentSize = 6144;

    public string Host { get; init; } = "";
    public int Port { get; init; }
    public string ServiceName { get; init; } = "";
    public int ServiceId { get; init; }
    public bool UseServiceId { get; init; }
    public int ItemCount { get; init; }
    public int CommonItemCount { get; init; }
    public int ThreadCount { get; init; }
    public int UpdateRate { get; init; }
    public int LatencyUpdateRate { get; init; }
    public int RefreshBurstSize { get; init; }
    public int TickRate { get; init; }
    public int MaxPackCount { get; init; }
    public int PackBufSize { get; init; }
    public bool DirectWrite { get; init; }
    public bool UseReactor { get; init; }
    public int HighWaterMark { get; init; }
    public int OutputBuffers { get; init; }
    public int SendBufSize { get; init; }
    public int RecvBufSize { get; init; }
    public bool TcpNoDelay { get; init; }
    public string InterfaceName { get; init; } = "";
    public ConnectionType ConnectionType { get; init; }
    /// <summary>What runs inside TLS with -connType encrypted: Socket (RIPC) or WebSocket (-encryptedConnType).</summary>
    public ConnectionType EncryptedConnectionType { get; init; } = ConnectionType.Socket;
    /// <summary>-pl: WebSocket sub-protocols offered, in order of preference.</summary>
    public string ProtocolList { get; init; } = Eta.Transport.WebSocket.SubProtocols.Rwf;

    /// <summary>True when the connection is a WebSocket, plain or inside TLS.</summary>
    public bool UsesWebSocket => ConnectionType == ConnectionType.WebSocket
        || (ConnectionType == ConnectionType.Encrypted && EncryptedConnectionType == ConnectionType.WebSocket);
    public string CertificateFile { get; init; } = "";
    public string KeyFile { get; init; } = "";
    public int RunTimeSeconds { get; init; }
    public string StatsFile { get; init; } = "";
    public string SummaryFile { get; init; } = "";
    public int WriteStatsIntervalSeconds { get; init; }
    public bool DisplayStats { get; init; }
    public int SendTimeoutMs { get; init; }
    public int RecvTimeoutMs { get; init; }
    /// <summary>Ping timeout asked of the hub, in seconds; the hub may answer with its own floor (LSEG C: 20).</summary>
    public int PingTimeoutSeconds { get; init; } = 60;
    public string MsgFile { get; init; } = "";
    public string ItemFile { get; init; } = "";

    /// <summary>Login user name; empty means the system login name.</summary>
    public string UserName { get; init; } = "";

    /// <summary>Every file the run writes, with the option that names it, for the check before the run starts.</summary>
    public IEnumerable<(string Option, string Path)> OutputPaths()
    {
        yield return ("-summaryFile", SummaryFile);
        for (int n = 1; n <= ThreadCount; n++)
            yield return ("-statsFile", Common.Output.StatsFile.PathForThread(StatsFile, n));
    }

    /// <summary>The input files the run reads, with the options that name them (no output may be one of them).</summary>
    public IEnumerable<(string Option, string Path)> InputPaths() =>
        [("-itemFile", ItemFile), ("-msgFile", MsgFile), ("-cert", CertificateFile), ("-key", KeyFile)];

    /// <summary>Packing is on when more than one message goes into a buffer.</summary>
    public bool Packing => MaxPackCount > 1;

    /// <summary>How provider threads write to their channels.</summary>
    public PublishingOptions Publishing => new(DirectWrite, MaxPackCount, PackBufSize, HighWaterMark);

    /// <summary>The user name the login carries.</summary>
    public string EffectiveUserName => UserName.Length > 0 ? UserName : Environment.UserName;

    /// <summary>Updates per second that carry TIM_TRK_1, with "all" resolved.</summary>
    public int EffectiveLatencyUpdateRate => LatencyUpdateRate == AllMessages ? UpdateRate : Math.Min(LatencyUpdateRate, UpdateRate);
}
