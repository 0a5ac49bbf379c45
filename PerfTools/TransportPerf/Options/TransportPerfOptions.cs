namespace PerfTools.TransportPerf.Options;

/// <summary>TransportPerf's validated configuration (guide Table 5). Immutable; built by <see cref="TransportPerfCommandLine"/>.</summary>
public sealed record TransportPerfOptions
{
    /// <summary>-latencyMsgRate "all": every message carries a timestamp.</summary>
    public const int LatencyOnEveryMessage = -1;

    /// <summary>Bytes a message needs for its sequence number and timestamp (§7.4).</summary>
    public const int MinimumMessageSize = 16;

    public AppType AppType { get; init; }
    public bool BusyRead { get; init; }
    public int CompressionLevel { get; init; }
    public CompressionChoice CompressionType { get; init; }
    public ConnectionChoice ConnectionType { get; init; }
    /// <summary>What runs inside TLS with -connType encrypted, for a client: Socket (RIPC) or WebSocket (-encryptedConnType).</summary>
    public ConnectionChoice EncryptedConnectionType { get; init; }
    /// <summary>-pl: WebSocket sub-protocols a client offers (in order) or a server accepts (empty: upgrades refused).</summary>
    public string ProtocolList { get; init; } = "";

    /// <summary>True for a client connecting over WebSocket, plain or inside TLS.</summary>
    public bool UsesWebSocket => ConnectionType == ConnectionChoice.WebSocket
        || (ConnectionType == ConnectionChoice.Encrypted && EncryptedConnectionType == ConnectionChoice.WebSocket);
    public bool DirectWrite { get; init; }
    public string HostName { get; init; } = "";
    public int HighWaterMark { get; init; }
    public string InterfaceName { get; init; } = "";
    public string LatencyFile { get; init; } = "";
    /// <summary>As typed; <see cref="LatencyOnEveryMessage"/> for "all". See <see cref="EffectiveLatencyMsgRate"/>.</summary>
    public int LatencyMsgRate { get; init; }
    public int MaxFragmentSize { get; init; }
    public int MsgRate { get; init; }
    public int MsgSize { get; init; }
    public bool DisplayStats { get; init; }
    public int OutputBuffers { get; init; }
    public int Port { get; init; }
    /// <summary>Messages per packed buffer; 1 = no packing.</summary>
    public int PackCount { get; init; }
    public bool UseProxy { get; init; }
    public string ProxyHost { get; init; } = "";
    public string ProxyPort { get; init; } = "";
    public string ProxyLogin { get; init; } = "";
    public string ProxyPassword { get; init; } = "";
    public int RecvBufSize { get; init; }
    public bool ReflectMsgs { get; init; }
    public int RunTime { get; init; }
    public int SendBufSize { get; init; }
    public string StatsFile { get; init; } = "";
    public string SummaryFile { get; init; } = "";
    public bool TcpDelay { get; init; }
    /// <summary>Ping timeout in seconds: the longest a server accepts, or what a client asks for.</summary>
    public int PingTimeoutSeconds { get; init; } = 60;
    public Common.Threading.ThreadCpuList Threads { get; init; } = Common.Threading.ThreadCpuList.SingleUnpinned;
    public int TickRate { get; init; }
    public int WriteStatsInterval { get; init; }
    public string CertificateFile { get; init; } = "";
    public string KeyFile { get; init; } = "";
    public string CaFile { get; init; } = "";

    /// <summary>Timestamped messages per second actually sent: 0 when reflecting (nothing of our own is sent).</summary>
    public int EffectiveLatencyMsgRate =>
        ReflectMsgs ? 0 : LatencyMsgRate == LatencyOnEveryMessage ? MsgRate : LatencyMsgRate;

    /// <summary>Messages per second this side generates: 0 when reflecting.</summary>
    public int EffectiveMsgRate => ReflectMsgs ? 0 : MsgRate;

    public bool Packing => PackCount > 1;

    /// <summary>Every file a run of process <paramref name="processId"/> writes, with the option that names it.</summary>
    public IEnumerable<(string Option, string Path)> OutputPaths(int processId)
    {
        yield return ("-summaryFile", SummaryFile);
        for (int n = 1; n <= Threads.Count; n++)
        {
            yield return ("-statsFile", Output.TransportFileNames.ForThread(StatsFile, n, processId));
            if (LatencyFile.Length > 0)
                yield return ("-latencyFile", Output.TransportFileNames.ForThread(LatencyFile, n, processId));
        }
    }

    /// <summary>The input files the run reads, with the options that name them (no output may be one of them).</summary>
    public IEnumerable<(string Option, string Path)> InputPaths() => [("-cert", CertificateFile), ("-keyfile", KeyFile), ("-castore", CaFile)];

    /// <summary>Packed buffer size: each packed message costs its length plus the 2-byte length slot (and a margin as LSEG's tools use).</summary>
    public int PackedBufferSize => (MsgSize + 8) * PackCount;
}
