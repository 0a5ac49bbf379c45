using Eta.Transport;
using PerfTools.Common.CommandLine;
using PerfTools.Common.Threading;
using PerfTools.TransportPerf.Output;

namespace PerfTools.TransportPerf.Options;

/// <summary>TransportPerf's option table (guide Table 5, plus -cert/-keyfile/-castore for encrypted connections).</summary>
public static class TransportPerfCommandLine
{
    public const string ToolName = "TransportPerf";

    public static CommandLineResult<TransportPerfOptions> Parse(IReadOnlyList<string> args) => Table.Parse(args);

    public static OptionTable<OptionDraft<TransportPerfOptions>, TransportPerfOptions> Table { get; } = BuildTable();

    private static OptionTable<OptionDraft<TransportPerfOptions>, TransportPerfOptions> BuildTable() =>
        new OptionTable<OptionDraft<TransportPerfOptions>, TransportPerfOptions>(ToolName, d => d.Value)
            .Choice("-appType", AppType.Server, "server", "Type of application: server or client", (d, v) => d.Value = d.Value with { AppType = v },
                ("server", AppType.Server), ("client", AppType.Client))
            .Flag("-busyRead", "Continually read instead of waiting for notification", (d, v) => d.Value = d.Value with { BusyRead = v })
            .Int("-compressionLevel", 5, "Level of compression, 0-9", (d, v) => d.Value = d.Value with { CompressionLevel = v }, min: 0, max: OptionLimits.MaxCompressionLevel)
            .Choice("-compressionType", CompressionChoice.None, "none", "Type of compression: none, zlib or lz4 (or 0, 1, 2, as LSEG C reads them)",
                (d, v) => d.Value = d.Value with { CompressionType = v },
                ValueParsers.CompressionChoices(CompressionChoice.None, CompressionChoice.Zlib, CompressionChoice.Lz4))
            .Choice("-connType", ConnectionChoice.Socket, "socket", "Connection type: socket, encrypted or websocket (a client's)", (d, v) => d.Value = d.Value with { ConnectionType = v },
                ("socket", ConnectionChoice.Socket), ("encrypted", ConnectionChoice.Encrypted), ("websocket", ConnectionChoice.WebSocket))
            .Choice("-encryptedConnType", ConnectionChoice.Socket, "socket", "What a client runs inside TLS with -connType encrypted: socket or websocket",
                (d, v) => d.Value = d.Value with { EncryptedConnectionType = v },
                ("socket", ConnectionChoice.Socket), ("websocket", ConnectionChoice.WebSocket))
            .Value("-pl", "\"<list>\"", "", "(none)",
                "WebSocket sub-protocols a client offers or a server accepts, in order of preference (rssl.rwf; a server without a list refuses upgrades)",
                PerfTools.Common.Network.WebSocketProtocolList.Parser(allowEmpty: true), (d, v) => d.Value = d.Value with { ProtocolList = v })
            .Flag("-directWrite", "Write with WriteFlags.DIRECT_SOCKET_WRITE", (d, v) => d.Value = d.Value with { DirectWrite = v })
            .Text("-h", "localhost", "Host name the client connects to", (d, v) => d.Value = d.Value with { HostName = v }, allowEmpty: false)
            .Int("-highWaterMark", 0, "Bytes queued before the transport flushes (0 = transport default, 6144)",
                (d, v) => d.Value = d.Value with { HighWaterMark = v })
            .Text("-if", "", "Network interface (ConnectOptions/BindOptions interfaceName)", (d, v) => d.Value = d.Value with { InterfaceName = v },
                defaultText: "(use default)")
            .Text("-latencyFile", "", "Base name of the per-thread latency log (also writes .hgrm beside it)", (d, v) => d.Value = d.Value with { LatencyFile = v })
            .Value("-latencyMsgRate", "<int|all>", 10, "10", "Timestamped messages sent per second (\"all\" = every message)",
                ValueParsers.IntOrKeyword(0, "all", TransportPerfOptions.LatencyOnEveryMessage), (d, v) => d.Value = d.Value with { LatencyMsgRate = v })
            .Int("-maxFragmentSize", 6144, "Largest buffer the transport sends unfragmented (BindOptions maxFragmentSize)",
                (d, v) => d.Value = d.Value with { MaxFragmentSize = v }, min: OptionLimits.MinFragmentSize, max: OptionLimits.MaxFragmentSize)
            .Int("-msgRate", 100000, "Messages sent per second", (d, v) => d.Value = d.Value with { MsgRate = v })
            .Int("-msgSize", 76, "Size of each message in bytes", (d, v) => d.Value = d.Value with { MsgSize = v },
                min: TransportPerfOptions.MinimumMessageSize, max: 16 * 1024 * 1024)
            .Flag("-noDisplayStats", "Do not print statistics to the screen", (d, v) => d.Value = d.Value with { DisplayStats = !v })
            .Int("-outputBufs", 5000, "Guaranteed output buffers per channel", (d, v) => d.Value = d.Value with { OutputBuffers = v }, min: 1, max: OptionLimits.MaxOutputBuffers)
            .Int("-p", 14002, "Port the server listens on / the client connects to", (d, v) => d.Value = d.Value with { Port = v }, min: 0, max: 65535)
            .Int("-pack", 1, "Messages packed into each buffer (1 = no packing)", (d, v) => d.Value = d.Value with { PackCount = v }, min: 1, max: 65535)
            .Text("-ph", "", "Proxy host", (d, v) => d.Value = d.Value with { ProxyHost = v })
            .Int("-pingTimeout", 60, "Ping timeout in seconds: the longest the server accepts, or what the client asks for (beyond the guide)",
                (d, v) => d.Value = d.Value with { PingTimeoutSeconds = v }, min: 1, max: OptionLimits.MaxPingTimeout)
            .Text("-plogin", "", "Login id on the proxy server", (d, v) => d.Value = d.Value with { ProxyLogin = v })
            .Text("-pp", "", "Proxy port", (d, v) => d.Value = d.Value with { ProxyPort = v })
            .Text("-ppasswd", "", "Password on the proxy server", (d, v) => d.Value = d.Value with { ProxyPassword = v })
            .Flag("-proxy", "Connect through the proxy server", (d, v) => d.Value = d.Value with { UseProxy = v })
            .Int("-recvBufSize", 0, "System receive buffer size in bytes (0 = 65535)", (d, v) => d.Value = d.Value with { RecvBufSize = v })
            .Flag("-reflectMsgs", "Write every received message back as is instead of generating messages", (d, v) => d.Value = d.Value with { ReflectMsgs = v })
            .Int("-runTime", 300, "Run time in seconds", (d, v) => d.Value = d.Value with { RunTime = v }, min: 1)
            .Int("-sendBufSize", 0, "System send buffer size in bytes (0 = 65535)", (d, v) => d.Value = d.Value with { SendBufSize = v })
            .Text("-statsFile", "TransportStats", "Base name of the per-thread statistics files (<name><N>_<pid>.csv)",
                (d, v) => d.Value = d.Value with { StatsFile = v }, allowEmpty: false)
            .Text("-summaryFile", TransportFileNames.DefaultSummary(Environment.ProcessId), "Summary file name",
                (d, v) => d.Value = d.Value with { SummaryFile = v }, allowEmpty: false, defaultText: "TransportSummary_<pid>.out")
            .Flag("-tcpDelay", "Enable Nagle's algorithm (TCP_NODELAY off)", (d, v) => d.Value = d.Value with { TcpDelay = v })
            .Value("-threads", "<cpu,cpu,...>", ThreadCpuList.SingleUnpinned, "1 (unpinned)", "Threads, one per listed CPU id, each pinned to its CPU (e.g. \"1,3\")",
                ValueParsers.CpuList(), (d, v) => d.Value = d.Value with { Threads = v })
            .Int("-tickRate", 1000, "Ticks (send bursts) per second", (d, v) => d.Value = d.Value with { TickRate = v }, min: 1, max: 1_000_000)
            .Int("-writeStatsInterval", 5, "Seconds between statistics lines (screen and file)", (d, v) => d.Value = d.Value with { WriteStatsInterval = v }, min: 1)
            .Text("-cert", "", "Server certificate file (PEM), for -connType encrypted", (d, v) => d.Value = d.Value with { CertificateFile = v })
            .Text("-keyfile", "", "Server private key file (PEM), for -connType encrypted", (d, v) => d.Value = d.Value with { KeyFile = v })
            .Text("-castore", "", "Extra CA certificate file (PEM) a client trusts, for -connType encrypted", (d, v) => d.Value = d.Value with { CaFile = v })
            .Check("-latencyMsgRate", o => o.LatencyMsgRate <= o.MsgRate,
                o => $"cannot be larger than -msgRate ({o.MsgRate}) (got {o.LatencyMsgRate})")
            .Check("-msgRate", o => o.MsgRate == 0 || o.MsgRate >= o.TickRate,
                o => $"cannot be less than -tickRate ({o.TickRate}) unless it is 0 (got {o.MsgRate})")
            .Check("-pack", o => o.PackCount == 1 || !o.ReflectMsgs,
                _ => "cannot be used with -reflectMsgs (reflection writes messages back one by one)")
            .Check("-pack", o => o.PackCount == 1 || (o.MsgSize + 8) * o.PackCount <= o.MaxFragmentSize,
                o => $"({o.PackCount} messages of {o.MsgSize} bytes + 8 each) does not fit -maxFragmentSize ({o.MaxFragmentSize})")
            .Check("-p", o => o.Port != 0 || o.AppType == AppType.Server,
                _ => "a client needs a port from 1 to 65535")
            .Check("-cert", o => o.ConnectionType != ConnectionChoice.Encrypted || o.AppType != AppType.Server
                                 || (o.CertificateFile.Length > 0 && o.KeyFile.Length > 0),
                _ => "an encrypted server needs -cert and -keyfile")
            .Check("-encryptedConnType", o => o.EncryptedConnectionType == ConnectionChoice.Socket || o.ConnectionType == ConnectionChoice.Encrypted,
                _ => "only applies with -connType encrypted")
            .Check("-connType", o => o.ConnectionType != ConnectionChoice.WebSocket || o.AppType == AppType.Client,
                _ => "websocket is a client's connection type: a server accepts WebSocket upgrades on its port when given -pl")
            .Check("-pl", o => !PerfTools.Common.Network.WebSocketProtocolList.NamesJson(o.ProtocolList),
                _ => "tr_json2 carries JSON messages; TransportPerf's are raw bytes: use -pl rssl.rwf")
            .Check("-pl", o => !o.UsesWebSocket || o.ProtocolList.Length > 0,
                _ => "a WebSocket client needs the sub-protocols to offer: -pl rssl.rwf")
            .Check("-pp", o => !o.UseProxy || (o.ProxyHost.Length > 0 && int.TryParse(o.ProxyPort, out int port) && port is > 0 and < 65536),
                o => $"-proxy needs -ph and a port from 1 to 65535 in -pp (got '{o.ProxyPort}')");
}
