using Eta.Transport;
using PerfTools.Common.CommandLine;
using PerfTools.Common.Provider;

namespace PerfTools.ProvPerf.Options;

/// <summary>ProvPerf's option table (guide Table 3) and the rules relating options.</summary>
public static class ProvPerfCommandLine
{
    public const string ToolName = "ProvPerf";

    private static readonly OptionTable<Draft, ProvPerfOptions> Table = Build();

    /// <summary>Parses and validates <paramref name="args"/>; never prints, never exits.</summary>
    public static CommandLineResult<ProvPerfOptions> Parse(IReadOnlyList<string> args) => Table.Parse(args);

    private static OptionTable<Draft, ProvPerfOptions> Build() =>
        new OptionTable<Draft, ProvPerfOptions>(ToolName, d => d.Freeze())
            .Choice("-c", ProviderConnectionType.Socket, "socket", "Provider connection type",
                (d, v) => d.Options = d.Options with { ConnectionType = v }, ("socket", ProviderConnectionType.Socket), ("encrypted", ProviderConnectionType.Encrypted))
            .Flag("-reactor", "Send and receive through the Value Added Reactor instead of the transport channel directly",
                (d, v) => d.Options = d.Options with { UseReactor = v })
            .Flag("-preEnc", "Send updates as copies of updates encoded at start-up, only the stream id and timestamp written per update (beyond the guide; ETA C's -preEnc)",
                (d, v) => d.Options = d.Options with { PreEncodedUpdates = v })
            .Flag("-directWrite", "Write with WriteFlags.DIRECT_SOCKET_WRITE", (d, v) => d.Options = d.Options with { DirectWrite = v })
            .Value("-genericMsgLatencyRate", "<int|all>", 0, "0", "Generic messages per second that carry a latency timestamp",
                ValueParsers.IntOrKeyword(0, "all", ProvPerfOptions.AllMessages), (d, v) => d.Options = d.Options with { GenericMsgLatencyRate = v })
            .Int("-genericMsgRate", 0, "Generic messages sent per second, per connection", (d, v) => d.Options = d.Options with { GenericMsgRate = v })
            .Int("-highWaterMark", 0, "Bytes queued before the transport flushes by itself (0 = default 6144; 65536 lets each slice of the update burst leave in one write)", (d, v) => d.Options = d.Options with { HighWaterMark = v })
            .Text("-if", "", "Network interface the server binds to", (d, v) => d.Options = d.Options with { InterfaceName = v })
            .Text("-keyfile", "", "The server private key file (with -c encrypted)", (d, v) => d.Options = d.Options with { KeyFile = v })
            .Text("-cert", "", "The server certificate file (with -c encrypted)", (d, v) => d.Options = d.Options with { CertificateFile = v })
            .Text("-latencyFile", "", "File logging each generic message latency received (none = off)", (d, v) => d.Options = d.Options with { LatencyFile = v })
            .Value("-latencyUpdateRate", "<int|all>", 10, "10", "Updates per second that carry a latency timestamp",
                ValueParsers.IntOrKeyword(0, "all", ProvPerfOptions.AllMessages), (d, v) => d.Options = d.Options with { LatencyUpdateRate = v })
            .Int("-maxFragmentSize", 6144, "Largest buffer sent without fragmentation (BindOptions.MaxFragmentSize)",
                (d, v) => d.Options = d.Options with { MaxFragmentSize = v }, min: OptionLimits.MinFragmentSize, max: OptionLimits.MaxFragmentSize)
            .Int("-maxPackCount", 1, "Messages packed per buffer (more than 1 turns packing on)", (d, v) => d.Options = d.Options with { MaxPackCount = v }, min: 1)
            .Text("-msgFile", "MsgData.xml", "The message data file", (d, v) => d.Options = d.Options with { MsgFile = v }, allowEmpty: false)
            .Flag("-noDisplayStats", "Do not print periodic statistics to the console", (d, v) => d.Options = d.Options with { DisplayStats = !v })
            .Int("-packBufSize", 6000, "Size of a packed buffer, in bytes", (d, v) => d.Options = d.Options with { PackBufSize = v })
            .Int("-openLimit", 1000000, "Items each client may open", (d, v) => d.Options = d.Options with { OpenLimit = v }, min: 1)
            .Int("-outputBufs", 5000, "Guaranteed output buffers per channel", (d, v) => d.Options = d.Options with { OutputBuffers = v }, min: 1, max: OptionLimits.MaxOutputBuffers)
            .Int("-maxOutputBufs", 0, "Maximum output buffers per channel (0 = use default)", (d, v) => d.Options = d.Options with { MaxOutputBuffers = v }, max: OptionLimits.MaxOutputBuffers)
            .Value("-p", "<port>", "14002", "14002", "Port the server listens on (0: any free port)", ValueParsers.Port(min: 0),
                (d, v) => d.Options = d.Options with { Port = v })
            .Int("-recvBufSize", 0, "System receive buffer size (0 = default 65535)", (d, v) => d.Options = d.Options with { RecvBufSize = v })
            .Int("-refreshBurstSize", 10, "Refreshes sent between checks of the clock", (d, v) => d.Options = d.Options with { RefreshBurstSize = v }, min: 1)
            .Int("-runTime", 360, "Seconds to run", (d, v) => d.Options = d.Options with { RunTimeSeconds = v }, min: 1)
            .Int("-sendBufSize", 0, "System send buffer size (0 = default 65535)", (d, v) => d.Options = d.Options with { SendBufSize = v })
            .Int("-serviceId", 1, "Id of the provided service", (d, v) => d.Options = d.Options with { ServiceId = v }, min: 0, max: 0xFFFF)
            .Text("-serviceName", "DIRECT_FEED", "Name of the provided service", (d, v) => d.Options = d.Options with { ServiceName = v }, allowEmpty: false)
            .Text("-statsFile", "ProvStats", "Base name of the per-thread statistics files", (d, v) => d.Options = d.Options with { StatsFile = v }, allowEmpty: false)
            .Text("-summaryFile", "ProvSummary.out", "Summary file", (d, v) => d.Options = d.Options with { SummaryFile = v }, allowEmpty: false)
            .Flag("-tcpDelay", "Enable Nagle's algorithm (TcpNoDelay off)", (d, v) => d.Options = d.Options with { TcpNoDelay = !v })
            .Int("-threads", 1, "Provider threads; connections are balanced over them", (d, v) => d.Options = d.Options with { ThreadCount = v }, min: 1, max: 64)
            .Int("-tickRate", 1000, "Ticks per second", (d, v) => d.Options = d.Options with { TickRate = v }, min: 1, max: 1000000)
            .Int("-updateRate", 100000, "Updates sent per second, per connection", (d, v) => d.Options = d.Options with { UpdateRate = v })
            .Int("-writeStatsInterval", 5, "Seconds between statistics lines", (d, v) => d.Options = d.Options with { WriteStatsIntervalSeconds = v }, min: 1)
            .Int("-recvTimeout", 0, "Socket receive timeout in ms (0 = default)", (d, v) => d.Options = d.Options with { RecvTimeoutMs = v })
            .Int("-stallTimeout", PublishingOptions.DefaultStallTimeoutSeconds,
                "Seconds a channel may refuse output (its consumer not reading) before it is closed (beyond the guide)",
                (d, v) => d.Options = d.Options with { StallTimeoutSeconds = v }, min: 1, max: 3600)
            .Choice("-compressionType", Eta.Transport.CompressionType.None, "none", "Compression the server offers: none, zlib or lz4 (or LSEG C ProvPerf's 0, 1, 2)",
                (d, v) => d.Options = d.Options with { CompressionType = v },
                ValueParsers.CompressionChoices(Eta.Transport.CompressionType.None, Eta.Transport.CompressionType.Zlib, Eta.Transport.CompressionType.Lz4))
            .Int("-compressionLevel", 0, "zlib compression level, 0-9 (as LSEG C ProvPerf)",
                (d, v) => d.Options = d.Options with { CompressionLevel = v }, min: 0, max: OptionLimits.MaxCompressionLevel)
            .Value("-pl", "\"<list>\"", "", "(none: WebSocket refused, as LSEG C ProvPerf)",
                "WebSocket sub-protocols accepted on the port, in order of preference (',' or white space delimited): rssl.rwf, tr_json2",
                PerfTools.Common.Network.WebSocketProtocolList.Parser(allowEmpty: true), (d, v) => d.Options = d.Options with { ProtocolList = v })
            .Rule("-pl", d => !d.Options.UseReactor || !PerfTools.Common.Network.WebSocketProtocolList.NamesJson(d.Options.ProtocolList),
                _ => PerfTools.Common.Network.WebSocketProtocolList.JsonNotWithReactor)
            .Int("-pingTimeout", 60, "Longest ping timeout the server accepts, in seconds (beyond the guide)",
                (d, v) => d.Options = d.Options with { PingTimeoutSeconds = v }, min: 1, max: OptionLimits.MaxPingTimeout)
            .Int("-initTimeout", ProvPerfOptions.DefaultInitTimeoutSeconds,
                "Seconds a consumer may take to complete its connection handshake before it is closed (beyond the guide)",
                (d, v) => d.Options = d.Options with { InitTimeoutSeconds = v }, min: 1, max: 3600)
            .Int("-sendTimeout", 0, "Socket send timeout in ms (0 = default)", (d, v) => d.Options = d.Options with { SendTimeoutMs = v })
            .Rule("-updateRate", d => d.Options.UpdateRate == 0 || d.Options.UpdateRate >= d.Options.TickRate,
                d => $"cannot be less than -tickRate ({d.Options.TickRate}) unless it is zero")
            .Rule("-genericMsgRate", d => d.Options.GenericMsgRate == 0 || d.Options.GenericMsgRate >= d.Options.TickRate,
                d => $"cannot be less than -tickRate ({d.Options.TickRate}) unless it is zero")
            .Rule("-latencyUpdateRate", d => WithinRate(d.Options.LatencyUpdateRate, d.Options.TickRate, d.Options.UpdateRate),
                d => $"cannot be greater than -tickRate ({d.Options.TickRate}) or -updateRate ({d.Options.UpdateRate})")
            .Rule("-genericMsgLatencyRate", d => WithinRate(d.Options.GenericMsgLatencyRate, d.Options.TickRate, d.Options.GenericMsgRate),
                d => $"cannot be greater than -tickRate ({d.Options.TickRate}) or -genericMsgRate ({d.Options.GenericMsgRate})")
            .Rule("-packBufSize", d => d.Options.MaxPackCount <= 1 || d.Options.PackBufSize > 0,
                d => "must be greater than zero when -maxPackCount is greater than 1")
            .Rule("-cert", d => d.Options.ConnectionType != ProviderConnectionType.Encrypted || d.Options.CertificateFile.Length > 0,
                d => "is required with -c encrypted")
            .Rule("-keyfile", d => d.Options.ConnectionType != ProviderConnectionType.Encrypted || d.Options.KeyFile.Length > 0,
                d => "is required with -c encrypted");

    // At most one latency message per tick (they are spread over ticks), and no more than are sent at all.
    private static bool WithinRate(int latencyRate, int tickRate, int rate) =>
        latencyRate == ProvPerfOptions.AllMessages || (latencyRate <= tickRate && (rate == 0 || latencyRate <= rate));

    // The table stores each option into a copy of the options record; the last copy is the result.
    private sealed class Draft
    {
        public ProvPerfOptions Options = new();

        public ProvPerfOptions Freeze() => Options;
    }
}
