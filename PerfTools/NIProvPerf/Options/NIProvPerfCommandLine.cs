using Eta.Transport;
using PerfTools.Common.CommandLine;

namespace PerfTools.NIProvPerf.Options;

/// <summary>NIProvPerf's option table (guide Table 4, plus <c>-uname</c>) and its rules.</summary>
public static class NIProvPerfCommandLine
{
    public const string ToolName = "NIProvPerf";

    private static readonly OptionTable<Draft, NIProvPerfOptions> Table = Build();

    /// <summary>Parses and validates <paramref name="args"/>; never prints, never exits.</summary>
    public static CommandLineResult<NIProvPerfOptions> Parse(IReadOnlyList<string> args) => Table.Parse(args);

    private static OptionTable<Draft, NIProvPerfOptions> Build() =>
        new OptionTable<Draft, NIProvPerfOptions>(ToolName, d => d.Options)
            .Text("-cert", "", "PEM certificate of the hub (or its CA) to trust, with -connType encrypted", (d, v) => d.Options = d.Options with { CertificateFile = v })
            .Int("-commonItemCount", 0, "Items published on every connection", (d, v) => d.Options = d.Options with { CommonItemCount = v })
            .Choice("-connType", ConnectionType.Socket, "socket", "Connection type",
                (d, v) => d.Options = d.Options with { ConnectionType = v }, ("socket", ConnectionType.Socket), ("encrypted", ConnectionType.Encrypted),
                ("websocket", ConnectionType.WebSocket))
            .Choice("-encryptedConnType", ConnectionType.Socket, "socket", "What runs inside TLS with -connType encrypted: socket or websocket",
                (d, v) => d.Options = d.Options with { EncryptedConnectionType = v }, ("socket", ConnectionType.Socket), ("websocket", ConnectionType.WebSocket))
            .Value("-pl", "\"<list>\"", Eta.Transport.WebSocket.SubProtocols.Rwf, Eta.Transport.WebSocket.SubProtocols.Rwf,
                "WebSocket sub-protocols to offer, in order of preference (',' or white space delimited): rssl.rwf, tr_json2",
                PerfTools.Common.Network.WebSocketProtocolList.Parser(allowEmpty: false), (d, v) => d.Options = d.Options with { ProtocolList = v })
            .Flag("-reactor", "Send and receive through the Value Added Reactor instead of the transport channel directly",
                (d, v) => d.Options = d.Options with { UseReactor = v })
            .Flag("-directWrite", "Write with WriteFlags.DIRECT_SOCKET_WRITE", (d, v) => d.Options = d.Options with { DirectWrite = v })
            .Text("-h", "localhost", "Host of the hub (ADH) to publish to", (d, v) => d.Options = d.Options with { Host = v }, allowEmpty: false)
            .Int("-highWaterMark", 0, "Bytes queued before the transport flushes by itself (0 = default 6144; 65536 lets each slice of the update burst leave in one write)", (d, v) => d.Options = d.Options with { HighWaterMark = v })
            .Text("-if", "", "Local interface (address) to connect from", (d, v) => d.Options = d.Options with { InterfaceName = v })
            .Int("-itemCount", 100000, "Items published in total", (d, v) => d.Options = d.Options with { ItemCount = v })
            .Text("-itemFile", "350k.xml", "The item list file", (d, v) => d.Options = d.Options with { ItemFile = v }, allowEmpty: false)
            .Text("-key", "", "Client private key file (accepted; the transport presents no client certificate)", (d, v) => d.Options = d.Options with { KeyFile = v })
            .Value("-latencyUpdateRate", "<int|all>", 10, "10", "Updates per second that carry a latency timestamp",
                ValueParsers.IntOrKeyword(0, "all", NIProvPerfOptions.AllMessages), (d, v) => d.Options = d.Options with { LatencyUpdateRate = v })
            .Int("-maxPackCount", 1, "Messages packed per buffer (more than 1 turns packing on)", (d, v) => d.Options = d.Options with { MaxPackCount = v }, min: 1)
            .Text("-msgFile", "MsgData.xml", "The message data file", (d, v) => d.Options = d.Options with { MsgFile = v }, allowEmpty: false)
            .Flag("-noDisplayStats", "Do not print periodic statistics to the console", (d, v) => d.Options = d.Options with { DisplayStats = !v })
            .Int("-outputBufs", 5000, "Guaranteed output buffers per channel", (d, v) => d.Options = d.Options with { OutputBuffers = v }, min: 1, max: OptionLimits.MaxOutputBuffers)
            .Int("-p", 14003, "Port of the hub", (d, v) => d.Options = d.Options with { Port = v }, min: 1, max: 65535)
            .Int("-packBufSize", 6000, "Size of a packed buffer, in bytes", (d, v) => d.Options = d.Options with { PackBufSize = v })
            .Int("-pingTimeout", 60, "Ping timeout asked of the hub, in seconds (beyond the guide)", (d, v) => d.Options = d.Options with { PingTimeoutSeconds = v }, min: 1, max: OptionLimits.MaxPingTimeout)
            .Int("-recvBufSize", 0, "System receive buffer size (0 = default 65535)", (d, v) => d.Options = d.Options with { RecvBufSize = v })
            .Int("-recvTimeout", 0, "Socket receive timeout in ms (0 = default)", (d, v) => d.Options = d.Options with { RecvTimeoutMs = v })
            .Int("-refreshBurstSize", 10, "Refreshes sent between checks of the clock", (d, v) => d.Options = d.Options with { RefreshBurstSize = v }, min: 1)
            .Int("-runTime", 360, "Seconds to run", (d, v) => d.Options = d.Options with { RunTimeSeconds = v }, min: 1)
            .Int("-sendBufSize", 0, "System send buffer size (0 = default 65535)", (d, v) => d.Options = d.Options with { SendBufSize = v })
            .Int("-sendTimeout", 0, "Socket send timeout in ms (0 = default)", (d, v) => d.Options = d.Options with { SendTimeoutMs = v })
            .Int("-serviceId", 1, "Id of the published service", (d, v) => d.Options = d.Options with { ServiceId = v }, min: 1, max: 0xFFFF)
            .Text("-serviceName", "NI_PUB", "Name of the published service", (d, v) => d.Options = d.Options with { ServiceName = v }, allowEmpty: false)
            .Text("-statsFile", "NIProvStats", "Base name of the per-thread statistics files", (d, v) => d.Options = d.Options with { StatsFile = v }, allowEmpty: false)
            .Text("-summaryFile", "NIProvSummary.out", "Summary file", (d, v) => d.Options = d.Options with { SummaryFile = v }, allowEmpty: false)
            .Flag("-tcpDelay", "Enable Nagle's algorithm (TcpNoDelay off)", (d, v) => d.Options = d.Options with { TcpNoDelay = !v })
            .Int("-threads", 1, "Provider threads, one connection each; items are divided among them", (d, v) => d.Options = d.Options with { ThreadCount = v }, min: 1, max: 64)
            .Int("-tickRate", 1000, "Ticks per second", (d, v) => d.Options = d.Options with { TickRate = v }, min: 1, max: 1000000)
            .Text("-uname", "", "Login user name (default: the system login name)", (d, v) => d.Options = d.Options with { UserName = v })
            .Int("-updateRate", 100000, "Updates sent per second, per connection", (d, v) => d.Options = d.Options with { UpdateRate = v })
            .Flag("-useServiceId", "Identify the service by id (RWF item keys always carry it)", (d, v) => d.Options = d.Options with { UseServiceId = v })
            .Int("-writeStatsInterval", 5, "Seconds between statistics lines", (d, v) => d.Options = d.Options with { WriteStatsIntervalSeconds = v }, min: 1)
            .Rule("-uname", d => Common.Omm.MessageKeyName.Fits(d.Options.UserName), d => Common.Omm.MessageKeyName.TooLong(d.Options.UserName))
            .Rule("-encryptedConnType", d => d.Options.EncryptedConnectionType == ConnectionType.Socket || d.Options.ConnectionType == ConnectionType.Encrypted,
                _ => "only applies with -connType encrypted")
            .Rule("-pl", d => !d.Options.UsesWebSocket || !d.Options.UseReactor || !PerfTools.Common.Network.WebSocketProtocolList.NamesJson(d.Options.ProtocolList),
                _ => PerfTools.Common.Network.WebSocketProtocolList.JsonNotWithReactor)
            .Rule("-updateRate", d => d.Options.UpdateRate == 0 || d.Options.UpdateRate >= d.Options.TickRate,
                d => $"cannot be less than -tickRate ({d.Options.TickRate}) unless it is zero")
            .Rule("-latencyUpdateRate", d => d.Options.LatencyUpdateRate == NIProvPerfOptions.AllMessages
                    || (d.Options.LatencyUpdateRate <= d.Options.TickRate && d.Options.LatencyUpdateRate <= d.Options.UpdateRate),
                d => $"cannot be greater than -tickRate ({d.Options.TickRate}) or -updateRate ({d.Options.UpdateRate})")
            .Rule("-packBufSize", d => d.Options.MaxPackCount <= 1 || d.Options.PackBufSize > 0,
                d => "must be greater than zero when -maxPackCount is greater than 1")
            .Rule("-commonItemCount", d => d.Options.CommonItemCount <= d.Options.ItemCount / d.Options.ThreadCount,
                d => $"cannot be greater than the items per thread (-itemCount / -threads = {d.Options.ItemCount / d.Options.ThreadCount})");

    // The table stores each option into a copy of the options record; the last copy is the result.
    private sealed class Draft
    {
        public NIProvPerfOptions Options = new();
    }
}
