using Eta.Transport;
using PerfTools.Common.CommandLine;
using PerfTools.Common.Threading;

namespace PerfTools.ConsPerf.Options;

/// <summary>ConsPerf's option table (Table 2) and the rules relating options.</summary>
public static class ConsPerfCommandLine
{
    public const string ToolName = "ConsPerf";

    /// <summary>Mutable holder the table writes into; each option replaces one property of the immutable record.</summary>
    public sealed class Draft
    {
        public ConsPerfOptions Value { get; set; } = ConsPerfOptions.Defaults;
    }

    private static readonly OptionTable<Draft, ConsPerfOptions> s_table = Build();

    public static CommandLineResult<ConsPerfOptions> Parse(IReadOnlyList<string> args) => s_table.Parse(args);

    public static string HelpText() => s_table.HelpText();

    private static OptionTable<Draft, ConsPerfOptions> Build()
    {
        var d = ConsPerfOptions.Defaults;
        return new OptionTable<Draft, ConsPerfOptions>(ToolName, draft => draft.Value)
            // Test run
            .Int("-steadyStateTime", d.SteadyStateTime,
                "Seconds of steady state after the last image; also the time allowed for all images to arrive",
                (x, v) => x.Value = x.Value with { SteadyStateTime = v })
            .Int("-delaySteadyStateCalc", d.DelaySteadyStateCalcMs,
                "Milliseconds to wait after the last image before steady-state latency is recorded",
                (x, v) => x.Value = x.Value with { DelaySteadyStateCalcMs = v }, max: 30_000)
            .Int("-tickRate", d.TickRate, "Ticks per second of the main loop",
                (x, v) => x.Value = x.Value with { TickRate = v }, min: 1, max: 1_000_000)
            .Value("-threads", "<cpu,cpu,...>", d.Threads, "1 thread, not pinned",
                "One consumer thread (and connection) per CPU id listed, pinned to that CPU",
                ValueParsers.CpuList(), (x, v) => x.Value = x.Value with { Threads = v })
            .Flag("-reactor", "Send and receive through the Value Added Reactor instead of the transport channel directly",
                (x, v) => x.Value = x.Value with { UseReactor = v })
            .Flag("-watchlist", "Send and receive through the Value Added Reactor's watchlist instead of the transport channel directly",
                (x, v) => x.Value = x.Value with { UseWatchlist = v })
            .Flag("-busyRead", "Read continually instead of waiting for read notification",
                (x, v) => x.Value = x.Value with { BusyRead = v })
            // Items and content
            .Text("-itemFile", d.ItemFile, "Item list file (§9.2)",
                (x, v) => x.Value = x.Value with { ItemFile = v }, allowEmpty: false)
            .Text("-msgFile", d.MsgFile, "Message data file used for posts and generic messages (§9.1)",
                (x, v) => x.Value = x.Value with { MsgFile = v }, allowEmpty: false)
            .Int("-itemCount", d.ItemCount, "Total number of items requested",
                (x, v) => x.Value = x.Value with { ItemCount = v }, min: 1)
            .Int("-commonItemCount", d.CommonItemCount, "Items requested by every thread (the first of the list)",
                (x, v) => x.Value = x.Value with { CommonItemCount = v })
            .Int("-requestRate", d.RequestRate, "Item requests sent per second",
                (x, v) => x.Value = x.Value with { RequestRate = v }, min: 1)
            .Flag("-snapshot", "Request every item as a snapshot and exit once all images arrived",
                (x, v) => x.Value = x.Value with { Snapshot = v })
            .Text("-serviceName", d.ServiceName, "Service to request items from",
                (x, v) => x.Value = x.Value with { ServiceName = v }, allowEmpty: false)
            .Text("-uname", d.UserName, "User name in the login request",
                (x, v) => x.Value = x.Value with { UserName = v }, defaultText: "system login name")
            .Int("-postingRate", d.PostingRate, "Posts sent per second (0: no posting)",
                (x, v) => x.Value = x.Value with { PostingRate = v })
            .Int("-postingLatencyRate", d.PostingLatencyRate, "Posts per second carrying a TIM_TRK_2 timestamp",
                (x, v) => x.Value = x.Value with { PostingLatencyRate = v })
            .Int("-genericMsgRate", d.GenericMsgRate, "Generic messages sent per second (0: none)",
                (x, v) => x.Value = x.Value with { GenericMsgRate = v })
            .Int("-genericMsgLatencyRate", d.GenericMsgLatencyRate,
                "Generic messages per second carrying a TIM_TRK_3 timestamp",
                (x, v) => x.Value = x.Value with { GenericMsgLatencyRate = v })
            // Output
            .Text("-summaryFile", d.SummaryFile, "Summary file name",
                (x, v) => x.Value = x.Value with { SummaryFile = v }, allowEmpty: false)
            .Text("-statsFile", d.StatsFile, "Base name of the per-thread statistics files (<base><N>.csv)",
                (x, v) => x.Value = x.Value with { StatsFile = v }, allowEmpty: false)
            .Text("-latencyFile", d.LatencyFile, "Base name of the per-thread latency logs (none: no logging)",
                (x, v) => x.Value = x.Value with { LatencyFile = v })
            .Int("-writeStatsInterval", d.WriteStatsInterval, "Seconds between statistics lines",
                (x, v) => x.Value = x.Value with { WriteStatsInterval = v }, min: 1)
            .Flag("-noDisplayStats", "Do not print periodic statistics to the console",
                (x, v) => x.Value = x.Value with { DisplayStats = !v })
            // Connection
            .Choice("-connType", d.ConnectionType, "socket", "Connection type",
                (x, v) => x.Value = x.Value with { ConnectionType = v },
                ("socket", ConnectionKind.Socket), ("encrypted", ConnectionKind.Encrypted), ("websocket", ConnectionKind.WebSocket))
            .Choice("-encryptedConnType", d.EncryptedConnectionType, "socket", "What runs inside TLS with -connType encrypted (as LSEG C ConsPerf)",
                (x, v) => x.Value = x.Value with { EncryptedConnectionType = v },
                ("socket", ConnectionKind.Socket), ("websocket", ConnectionKind.WebSocket))
            .Value("-pl", "\"<list>\"", d.ProtocolList, d.ProtocolList,
                "WebSocket sub-protocols to offer, in order of preference (',' or white space delimited): rssl.rwf, tr_json2",
                PerfTools.Common.Network.WebSocketProtocolList.Parser(allowEmpty: false), (x, v) => x.Value = x.Value with { ProtocolList = v })
            .Flag("-addConversionOverhead",
                "Over tr_json2, convert every update to RWF and decode it in full, as other messages are (by default updates are read straight from the JSON, as LSEG C ConsPerf does)",
                (x, v) => x.Value = x.Value with { AddConversionOverhead = v })
            .Flag("-spTLSv1.2", "Allow TLS 1.2 on an encrypted connection",
                (x, v) => x.Value = v ? x.Value with { TlsVersions = x.Value.TlsVersions | TlsVersions.Tls12 } : x.Value)
            .Flag("-spTLSv1.3", "Allow TLS 1.3 on an encrypted connection",
                (x, v) => x.Value = v ? x.Value with { TlsVersions = x.Value.TlsVersions | TlsVersions.Tls13 } : x.Value)
            .Text("-castore", d.CaStore, "PEM file of a CA certificate to trust for an encrypted connection",
                (x, v) => x.Value = x.Value with { CaStore = v }, defaultText: "system store only")
            .Text("-h", d.Host, "Host name of the provider",
                (x, v) => x.Value = x.Value with { Host = v }, allowEmpty: false)
            .Value("-p", "<port>", d.Port, d.Port, "Port of the provider",
                ValueParsers.Port(), (x, v) => x.Value = x.Value with { Port = v })
            .Text("-if", d.InterfaceName, "Network interface to connect from",
                (x, v) => x.Value = x.Value with { InterfaceName = v }, defaultText: "any")
            .Int("-outputBufs", d.OutputBuffers, "Guaranteed output buffers of the connection",
                (x, v) => x.Value = x.Value with { OutputBuffers = v }, min: 1, max: OptionLimits.MaxOutputBuffers)
            .Value<int?>("-maxOutputBuffer", "<int>", null, "50, raised to -outputBufs",
                "Maximum output buffers; when given, at least -outputBufs",
                NullableInt(ValueParsers.Int(min: 1, max: OptionLimits.MaxOutputBuffers)), (x, v) => x.Value = x.Value with { MaxOutputBuffers = v })
            .Int("-inputBufs", d.InputBuffers, "Input buffers of the connection",
                (x, v) => x.Value = x.Value with { InputBuffers = v }, min: 1, max: OptionLimits.MaxInputBuffers)
            .Int("-sendBufSize", d.SendBufSize, "System send buffer size in bytes (0: default)",
                (x, v) => x.Value = x.Value with { SendBufSize = v })
            .Int("-recvBufSize", d.RecvBufSize, "System receive buffer size in bytes (0: default)",
                (x, v) => x.Value = x.Value with { RecvBufSize = v })
            .Int("-sendTimeout", d.SendTimeoutMs, "Socket send timeout in milliseconds (0: default)",
                (x, v) => x.Value = x.Value with { SendTimeoutMs = v })
            .Int("-recvTimeout", d.RecvTimeoutMs, "Socket receive timeout in milliseconds (0: default)",
                (x, v) => x.Value = x.Value with { RecvTimeoutMs = v })
            .Int("-pingTimeout", d.PingTimeoutSeconds, "Ping timeout asked of the provider, in seconds (beyond the guide)",
                (x, v) => x.Value = x.Value with { PingTimeoutSeconds = v }, min: 1, max: OptionLimits.MaxPingTimeout)
            .Choice("-compressionType", d.CompressionType, "none", "Compression asked of the provider: none, zlib or lz4 (or LSEG C ConsPerf's 0, 1, 2)",
                (x, v) => x.Value = x.Value with { CompressionType = v },
                ValueParsers.CompressionChoices(Eta.Transport.CompressionType.None, Eta.Transport.CompressionType.Zlib, Eta.Transport.CompressionType.Lz4))
            .Int("-highWaterMark", d.HighWaterMark, "Bytes queued before the transport flushes by itself (0: default)",
                (x, v) => x.Value = x.Value with { HighWaterMark = v })
            .Flag("-tcpDelay", "Enable Nagle's algorithm (off by default)",
                (x, v) => x.Value = x.Value with { TcpNoDelay = !v })
            .Rule("-uname", x => Common.Omm.MessageKeyName.Fits(x.Value.UserName), x => Common.Omm.MessageKeyName.TooLong(x.Value.UserName))
            // Rules relating options
            .Rule("-requestRate", x => x.Value.RequestRate >= x.Value.TickRate,
                x => $"cannot be less than -tickRate ({x.Value.TickRate})")
            .Rule("-postingRate", x => x.Value.PostingRate == 0 || x.Value.PostingRate >= x.Value.TickRate,
                x => $"cannot be less than -tickRate ({x.Value.TickRate}) unless it is 0")
            .Rule("-postingLatencyRate", x => x.Value.PostingLatencyRate <= x.Value.PostingRate,
                x => $"cannot be more than -postingRate ({x.Value.PostingRate})")
            .Rule("-postingLatencyRate", x => x.Value.PostingLatencyRate <= x.Value.TickRate,
                x => $"cannot be more than -tickRate ({x.Value.TickRate}): at most one timestamp per tick")
            .Rule("-genericMsgRate", x => x.Value.GenericMsgRate == 0 || x.Value.GenericMsgRate >= x.Value.TickRate,
                x => $"cannot be less than -tickRate ({x.Value.TickRate}) unless it is 0")
            .Rule("-genericMsgLatencyRate", x => x.Value.GenericMsgLatencyRate <= x.Value.GenericMsgRate,
                x => $"cannot be more than -genericMsgRate ({x.Value.GenericMsgRate})")
            .Rule("-genericMsgLatencyRate", x => x.Value.GenericMsgLatencyRate <= x.Value.TickRate,
                x => $"cannot be more than -tickRate ({x.Value.TickRate}): at most one timestamp per tick")
            .Rule("-snapshot", x => !x.Value.Snapshot || (x.Value.PostingRate == 0 && x.Value.GenericMsgRate == 0),
                _ => "cannot be combined with posting or generic messages: snapshot streams close after the image")
            .Rule("-commonItemCount", x => x.Value.CommonItemCount <= x.Value.ItemCount,
                x => $"cannot be more than -itemCount ({x.Value.ItemCount})")
            .Rule("-delaySteadyStateCalc", x => x.Value.DelaySteadyStateCalcMs <= x.Value.SteadyStateTime * 1000L,
                x => $"cannot be longer than -steadyStateTime ({x.Value.SteadyStateTime} s)")
            .Rule("-maxOutputBuffer", x => x.Value.MaxOutputBuffers is null || x.Value.MaxOutputBuffers >= x.Value.OutputBuffers,
                x => $"cannot be less than -outputBufs ({x.Value.OutputBuffers})")
            .Rule("-spTLSv1.2", x => x.Value.TlsVersions == TlsVersions.SystemDefault || x.Value.ConnectionType == ConnectionKind.Encrypted,
                _ => "only applies with -connType encrypted")
            .Rule("-encryptedConnType", x => x.Value.EncryptedConnectionType == ConnectionKind.Socket || x.Value.ConnectionType == ConnectionKind.Encrypted,
                _ => "only applies with -connType encrypted")
            .Rule("-pl", x => !x.Value.UsesWebSocket || !x.Value.UseReactor || !PerfTools.Common.Network.WebSocketProtocolList.NamesJson(x.Value.ProtocolList),
                _ => PerfTools.Common.Network.WebSocketProtocolList.JsonNotWithReactor)
            .Rule("-addConversionOverhead", x => !x.Value.AddConversionOverhead || x.Value.UsesWebSocket,
                _ => "only applies to a WebSocket connection (-connType websocket, or encrypted with -encryptedConnType websocket)")
            .Rule("-addConversionOverhead", x => !x.Value.AddConversionOverhead || !(x.Value.UseReactor || x.Value.UseWatchlist),
                _ => "cannot be combined with -reactor or -watchlist");
    }

    private static ValueParser<int?> NullableInt(ValueParser<int> inner) =>
        (string text, out int? value, out string rule) =>
        {
            bool ok = inner(text, out int parsed, out rule);
            value = ok ? parsed : null;
            return ok;
        };
}
