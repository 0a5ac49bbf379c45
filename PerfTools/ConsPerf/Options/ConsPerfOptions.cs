using PerfTools.Common.Output;
using PerfTools.Common.Threading;

namespace PerfTools.ConsPerf.Options;

/// <summary>
/// ConsPerf's validated configuration (Table 2), built by <see cref="ConsPerfCommandLine"/>.
/// Defaults are the guide's. Rates are per second, times in seconds unless the name says otherwise.
/// </summary>
public sealed record ConsPerfOptions
{
    public static ConsPerfOptions Defaults { get; } = new();

    // Test run
    public int SteadyStateTime { get; init; } = 300;
    public int DelaySteadyStateCalcMs { get; init; }
    public int TickRate { get; init; } = 1000;
    public ThreadCpuList Threads { get; init; } = ThreadCpuList.SingleUnpinned;
    public bool BusyRead { get; init; }
    public bool UseReactor { get; init; }
    public bool UseWatchlist { get; init; }

    // Items and content
    public string ItemFile { get; init; } = "350k.xml";
    public string MsgFile { get; init; } = "MsgData.xml";
    public int ItemCount { get; init; } = 100_000;
    public int CommonItemCount { get; init; }
    public int RequestRate { get; init; } = 500_000;
    public bool Snapshot { get; init; }
    public string ServiceName { get; init; } = "DIRECT_FEED";
    public string UserName { get; init; } = "";
    public int PostingRate { get; init; }
    public int PostingLatencyRate { get; init; }
    public int GenericMsgRate { get; init; }
    public int GenericMsgLatencyRate { get; init; }

    // Output
    public string SummaryFile { get; init; } = "ConsSummary.out";
    public string StatsFile { get; init; } = "ConsStats";
    public string LatencyFile { get; init; } = "";
    public int WriteStatsInterval { get; init; } = 5;
    public bool DisplayStats { get; init; } = true;

    // Connection
    public ConnectionKind ConnectionType { get; init; } = ConnectionKind.Socket;
    /// <summary>What runs inside TLS with -connType encrypted: Socket (RIPC) or WebSocket (-encryptedConnType, LSEG C's).</summary>
    public ConnectionKind EncryptedConnectionType { get; init; } = ConnectionKind.Socket;
    /// <summary>-pl: WebSocket sub-protocols offered, in order of preference.</summary>
    public string ProtocolList { get; init; } = Eta.Transport.WebSocket.SubProtocols.Rwf;
    /// <summary>
    /// -addConversionOverhead: over tr_json2, updates too are converted to RWF and decoded in full. Off by default:
    /// updates are then read straight from the JSON (type, stream, latency fields by name), as LSEG C ConsPerf does.
    /// </summary>
    public bool AddConversionOverhead { get; init; }

    /// <summary>True when the connection is a WebSocket, plain or inside TLS.</summary>
    public bool UsesWebSocket => ConnectionType == ConnectionKind.WebSocket
        || (ConnectionType == ConnectionKind.Encrypted && EncryptedConnectionType == ConnectionKind.WebSocket);

    /// <summary>The transport's connection settings for these options: direct and reactor modes connect alike.</summary>
    public Eta.Transport.ConnectOptions ToConnectOptions() => new()
    {
        Host = Host,
        Port = int.Parse(Port, System.Globalization.NumberStyles.None, System.Globalization.CultureInfo.InvariantCulture),
        InterfaceName = InterfaceName.Length > 0 ? InterfaceName : null,
        Tls = ConnectionType == ConnectionKind.Encrypted
            ? new Eta.Transport.ClientTlsOptions { TrustedCaFile = CaStore.Length > 0 ? CaStore : null, Protocols = TlsVersions.ToSslProtocols() }
            : null,
        TcpNoDelay = TcpNoDelay,
        GuaranteedOutputBuffers = OutputBuffers,
        NumInputBuffers = InputBuffers,
        SysSendBufSize = SendBufSize,
        SysRecvBufSize = RecvBufSize,
        SendTimeoutMs = SendTimeoutMs,
        ReceiveTimeoutMs = RecvTimeoutMs,
        PingTimeout = PingTimeoutSeconds,
        CompressionType = CompressionType,
        ConnectionType = ConnectionType switch
        {
            ConnectionKind.Encrypted => Eta.Transport.ConnectionType.Encrypted,
            ConnectionKind.WebSocket => Eta.Transport.ConnectionType.WebSocket,
            _ => Eta.Transport.ConnectionType.Socket,
        },
        EncryptedProtocol = EncryptedConnectionType == ConnectionKind.WebSocket ? Eta.Transport.ConnectionType.WebSocket : Eta.Transport.ConnectionType.Socket,
        WebSocketProtocols = ProtocolList,
    };
    public TlsVersions TlsVersions { get; init; }
    /// <summary>PEM file of a CA certificate to trust for -connType encrypted, besides the system store.</summary>
    public string CaStore { get; init; } = "";
    public string Host { get; init; } = "localhost";
    public string Port { get; init; } = "14002";
    public string InterfaceName { get; init; } = "";
    public int OutputBuffers { get; init; } = 5000;
    /// <summary>-maxOutputBuffer as given, or null when left at its default (then it follows -outputBufs).</summary>
    public int? MaxOutputBuffers { get; init; }
    public int InputBuffers { get; init; } = 15;
    public int SendBufSize { get; init; }
    public int RecvBufSize { get; init; }
    public int SendTimeoutMs { get; init; }
    public int RecvTimeoutMs { get; init; }
    /// <summary>Ping timeout asked of the provider, in seconds; the provider may answer with its own floor (LSEG C: 20).</summary>
    public int PingTimeoutSeconds { get; init; } = 60;
    /// <summary>Compression asked of the provider (LSEG C ConsPerf's -compressionType); the provider decides.</summary>
    public Eta.Transport.CompressionType CompressionType { get; init; }
    public int HighWaterMark { get; init; }
    public bool TcpNoDelay { get; init; } = true;

    public int ThreadCount => Threads.Count;

    /// <summary>The output buffer ceiling handed to the transport: never below the guaranteed count.</summary>
    public int EffectiveMaxOutputBuffers => Math.Max(OutputBuffers, MaxOutputBuffers ?? 0);

    public bool LogsLatency => LatencyFile.Length > 0;

    /// <summary>Every file the run writes, with the option that names it (checked before the run starts).</summary>
    public IEnumerable<(string Option, string Path)> OutputPaths()
    {
        yield return ("-summaryFile", SummaryFile);
        for (int n = 1; n <= ThreadCount; n++)
        {
            yield return ("-statsFile", Common.Output.StatsFile.PathForThread(StatsFile, n));
            if (LogsLatency)
                yield return ("-latencyFile", LatencyFileWriter.PathForThread(LatencyFile, n));
        }
    }

    /// <summary>The input files the run reads, with the options that name them (no output may be one of them).</summary>
    public IEnumerable<(string Option, string Path)> InputPaths() => [("-itemFile", ItemFile), ("-msgFile", MsgFile), ("-castore", CaStore)];

    /// <summary>The user name put in the login request: -uname, or the system login name.</summary>
    public string LoginUserName => UserName.Length > 0 ? UserName : Environment.UserName;
}
