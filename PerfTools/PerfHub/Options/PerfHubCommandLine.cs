using System.Globalization;
using Eta.Transport;
using PerfTools.Common.CommandLine;

namespace PerfTools.PerfHub.Options;

/// <summary>PerfHub's option table: the tools' transport options (guide Tables 2 and 3) plus the hub's own.</summary>
public static class PerfHubCommandLine
{
    public const string ToolName = "PerfHub";

    public sealed class Draft
    {
        public PerfHubOptions Value { get; set; } = new();
    }

    private static readonly OptionTable<Draft, PerfHubOptions> s_table = Build();

    /// <summary>Parses and validates <paramref name="args"/>; never prints, never exits.</summary>
    public static CommandLineResult<PerfHubOptions> Parse(IReadOnlyList<string> args) => s_table.Parse(args);

    private static OptionTable<Draft, PerfHubOptions> Build()
    {
        var d = new PerfHubOptions();
        return new OptionTable<Draft, PerfHubOptions>(ToolName, x => x.Value)
            // Where it listens and what it consumes from
            .Int("-p", d.ConsumerPort, "Port consumers connect to (the ADS side; 0 picks a free port)",
                (x, v) => x.Value = x.Value with { ConsumerPort = v }, max: 65535)
            .Int("-niPort", d.ProviderPort, "Port non-interactive providers connect to (the ADH side; 0 picks a free port)",
                (x, v) => x.Value = x.Value with { ProviderPort = v }, max: 65535)
            .Text("-if", d.InterfaceName, "Network interface both servers bind to",
                (x, v) => x.Value = x.Value with { InterfaceName = v }, defaultText: "any")
            .Text("-upstream", d.Upstream, "host:port of an interactive provider (ProvPerf) to consume from, as an ADH would",
                (x, v) => x.Value = x.Value with { Upstream = v })
            .Text("-uname", d.UserName, "User name of the hub's login to the upstream provider",
                (x, v) => x.Value = x.Value with { UserName = v }, allowEmpty: false, defaultText: "system login name")
            // Transport
            .Choice("-connType", false, "socket", "Connection type of both servers and the upstream connection",
                (x, v) => x.Value = x.Value with { Encrypted = v }, ("socket", false), ("encrypted", true))
            .Text("-cert", d.CertificateFile, "Server certificate (PEM) with -connType encrypted",
                (x, v) => x.Value = x.Value with { CertificateFile = v })
            .Text("-keyfile", d.KeyFile, "Server private key (PEM, PKCS#8) with -connType encrypted",
                (x, v) => x.Value = x.Value with { KeyFile = v })
            .Text("-castore", d.CaStore, "CA certificate (PEM) trusted for an encrypted upstream connection",
                (x, v) => x.Value = x.Value with { CaStore = v }, defaultText: "system store only")
            .Choice("-compressionType", d.CompressionType, "none", "Compression the servers offer",
                (x, v) => x.Value = x.Value with { CompressionType = v },
                ValueParsers.CompressionChoices(CompressionType.None, CompressionType.Zlib, CompressionType.Lz4))
            .Int("-compressionLevel", d.CompressionLevel, "zlib compression level",
                (x, v) => x.Value = x.Value with { CompressionLevel = v }, max: OptionLimits.MaxCompressionLevel)
            .Int("-maxPackCount", d.MaxPackCount, "Messages packed per output buffer (1 turns packing off)",
                (x, v) => x.Value = x.Value with { MaxPackCount = v }, min: 1)
            .Int("-packBufSize", d.PackBufSize, "Size of a packed output buffer, in bytes",
                (x, v) => x.Value = x.Value with { PackBufSize = v }, min: 1)
            .Int("-highWaterMark", d.HighWaterMark, "Bytes a channel queues before the transport writes them unflushed (0: the transport's 6144); every pass ends with a flush",
                (x, v) => x.Value = x.Value with { HighWaterMark = v })
            .Int("-outputBufs", d.OutputBuffers, "Guaranteed output buffers per channel",
                (x, v) => x.Value = x.Value with { OutputBuffers = v }, min: 1, max: OptionLimits.MaxOutputBuffers)
            .Int("-maxOutputBufs", d.MaxOutputBuffers, "Maximum output buffers per channel (0: -outputBufs); bounds each channel's backlog",
                (x, v) => x.Value = x.Value with { MaxOutputBuffers = v }, max: OptionLimits.MaxOutputBuffers)
            .Int("-maxFragmentSize", d.MaxFragmentSize, "Largest buffer sent without fragmentation",
                (x, v) => x.Value = x.Value with { MaxFragmentSize = v }, min: OptionLimits.MinFragmentSize, max: OptionLimits.MaxFragmentSize)
            .Int("-sendBufSize", d.SendBufSize, "System send buffer size (0: default 65535)",
                (x, v) => x.Value = x.Value with { SendBufSize = v })
            .Int("-recvBufSize", d.RecvBufSize, "System receive buffer size (0: default 65535)",
                (x, v) => x.Value = x.Value with { RecvBufSize = v })
            .Flag("-tcpDelay", "Enable Nagle's algorithm (off by default)",
                (x, v) => x.Value = x.Value with { TcpNoDelay = !v })
            .Int("-pingTimeout", d.PingTimeoutSeconds, "Ping timeout in seconds: the longest the hub's servers accept, and what it asks upstream",
                (x, v) => x.Value = x.Value with { PingTimeoutSeconds = v }, min: 1, max: OptionLimits.MaxPingTimeout)
            .Int("-stallTimeout", d.StallTimeoutMs, "Milliseconds a channel's output may stay backed up before the hub closes it",
                (x, v) => x.Value = x.Value with { StallTimeoutMs = v }, min: 1)
            // Cache behaviour
            .Flag("-tempRefresh", "Answer a request for an uncached item with an Open/Suspect refresh, then the image (instead of a Closed status)",
                (x, v) => x.Value = x.Value with { TemporaryRefresh = v })
            // Run and output
            .Int("-runTime", d.RunTimeSeconds, "Seconds to run (0: until Ctrl+C or SIGTERM)",
                (x, v) => x.Value = x.Value with { RunTimeSeconds = v })
            .Text("-statsFile", d.StatsFile, "Base name of the statistics file (<base>.csv)",
                (x, v) => x.Value = x.Value with { StatsFile = v }, allowEmpty: false)
            .Int("-writeStatsInterval", d.WriteStatsIntervalSeconds, "Seconds between statistics lines",
                (x, v) => x.Value = x.Value with { WriteStatsIntervalSeconds = v }, min: 1)
            .Text("-summaryFile", d.SummaryFile, "Summary file written at exit",
                (x, v) => x.Value = x.Value with { SummaryFile = v }, allowEmpty: false)
            .Flag("-noDisplayStats", "Do not print periodic statistics to the console",
                (x, v) => x.Value = x.Value with { DisplayStats = !v })
            .Rule("-uname", x => Common.Omm.MessageKeyName.Fits(x.Value.UserName), x => Common.Omm.MessageKeyName.TooLong(x.Value.UserName))
            // Rules relating options
            .Rule("-upstream", x => x.Value.Upstream.Length == 0 || IsHostPort(x.Value.Upstream),
                x => $"must be host:port with a port from 1 to 65535 (got '{x.Value.Upstream}')")
            .Rule("-cert", x => !x.Value.Encrypted || x.Value.CertificateFile.Length > 0, _ => "is required with -connType encrypted")
            .Rule("-keyfile", x => !x.Value.Encrypted || x.Value.KeyFile.Length > 0, _ => "is required with -connType encrypted")
            .Rule("-niPort", x => x.Value.ProviderPort == 0 || x.Value.ProviderPort != x.Value.ConsumerPort,
                x => $"cannot be the consumer port -p ({x.Value.ConsumerPort})");
    }

    private static bool IsHostPort(string text)
    {
        int colon = text.LastIndexOf(':');
        return colon > 0
            && int.TryParse(text.AsSpan(colon + 1), NumberStyles.None, CultureInfo.InvariantCulture, out int port)
            && port is > 0 and <= 65535;
    }
}
