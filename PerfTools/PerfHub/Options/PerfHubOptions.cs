using Eta.Transport;

namespace PerfTools.PerfHub.Options;

/// <summary>PerfHub's settings, built and validated by <see cref="PerfHubCommandLine"/>.</summary>
public sealed record PerfHubOptions
{
    /// <summary>Port consumers connect to (an ADS's RSSL port).</summary>
    public int ConsumerPort { get; init; } = 14002;

    /// <summary>Port non-interactive providers connect to (an ADH's NI provider port).</summary>
    public int ProviderPort { get; init; } = 14003;

    public string InterfaceName { get; init; } = "";

    /// <summary>host:port of an interactive provider to consume from, or empty for none.</summary>
    public string Upstream { get; init; } = "";

    public string UpstreamHost => Upstream.Length == 0 ? "" : Upstream[..Upstream.LastIndexOf(':')];

    public int UpstreamPort => Upstream.Length == 0 ? 0 : int.Parse(Upstream[(Upstream.LastIndexOf(':') + 1)..], System.Globalization.CultureInfo.InvariantCulture);

    public string UserName { get; init; } = Environment.UserName;

    public bool Encrypted { get; init; }

    public string CertificateFile { get; init; } = "";

    public string KeyFile { get; init; } = "";

    /// <summary>PEM CA file trusted for an encrypted upstream connection.</summary>
    public string CaStore { get; init; } = "";

    public CompressionType CompressionType { get; init; } = CompressionType.None;

    public int CompressionLevel { get; init; } = 5;

    /// <summary>Messages packed per output buffer; packing is on by default (see the README: an ADS-like fan-out of small updates).</summary>
    public int MaxPackCount { get; init; } = 20;

    public int PackBufSize { get; init; } = 6000;

    public bool Packing => MaxPackCount > 1;

    /// <summary>
    /// Bytes a channel queues before the transport writes them without a flush. The transport's own 6144 (-highWaterMark
    /// 0) made a write, and a wake-up of the consumer, every 40 or so 150-byte updates; the hub flushes every channel at
    /// the end of each pass anyway, so a larger mark means fewer, larger writes, at the price of updates waiting longer
    /// for theirs (see the README, "Fewer writes").
    /// </summary>
    public int HighWaterMark { get; init; } = DefaultHighWaterMark;

    public const int DefaultHighWaterMark = 16384;

    public int OutputBuffers { get; init; } = 5000;

    public int MaxOutputBuffers { get; init; }

    public int MaxFragmentSize { get; init; } = 6144;

    public int SendBufSize { get; init; }

    public int RecvBufSize { get; init; }

    public bool TcpNoDelay { get; init; } = true;
    /// <summary>Ping timeout in seconds: the longest the hub's servers accept, and what it asks of the upstream provider.</summary>
    public int PingTimeoutSeconds { get; init; } = 60;

    /// <summary>Milliseconds a channel's output may stay backed up (no buffer to be had) before the hub closes it.</summary>
    public int StallTimeoutMs { get; init; } = 5000;

    /// <summary>
    /// Answer a request for an item the cache does not hold with a temporary Open/Suspect refresh and the real image
    /// once a provider publishes it (guide §8.3, second way); otherwise a Closed status, as the guide says ConsPerf sees.
    /// </summary>
    public bool TemporaryRefresh { get; init; }

    /// <summary>Seconds to run; 0 runs until Ctrl+C or SIGTERM.</summary>
    public int RunTimeSeconds { get; init; }

    public string StatsFile { get; init; } = "HubStats";

    /// <summary>The statistics file itself: <see cref="StatsFile"/> is its base name.</summary>
    public string StatsPath => StatsFile + ".csv";

    public int WriteStatsIntervalSeconds { get; init; } = 5;

    public string SummaryFile { get; init; } = "HubSummary.out";

    public bool DisplayStats { get; init; } = true;

    /// <summary>Every file the run writes, with the option that names it, for the check before the run starts.</summary>
    public IEnumerable<(string Option, string Path)> OutputPaths()
    {
        yield return ("-summaryFile", SummaryFile);
        yield return ("-statsFile", StatsPath);
    }

    /// <summary>The input files the run reads, with the options that name them (no output may be one of them).</summary>
    public IEnumerable<(string Option, string Path)> InputPaths() => [("-cert", CertificateFile), ("-keyfile", KeyFile), ("-castore", CaStore)];
}
