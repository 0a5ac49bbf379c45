using PerfTools.Common.CommandLine;
using PerfTools.Common.Threading;

namespace PerfTools.TransportPerf.Configuration;

/// <summary>TransportPerf's option table (guide Table 5, plus -cert/-keyfile/-castore for encrypted connections).</summary>
public static class TransportPerfCommandLine
{
    public const string ToolName = "TransportPerf";

    // Declared before Table: static initializers run in text order and the table captures this default.
    private static readonly ThreadCpuList DefaultThreads = ParseDefaultThreads();

    public static CommandLineResult<TransportPerfOptions> Parse(IReadOnlyList<string> args) => Table.Parse(args);

    public static OptionTable<Draft, TransportPerfOptions> Table { get; } = BuildTable();

    private static OptionTable<Draft, TransportPerfOptions> BuildTable() =>
        new OptionTable<Draft, TransportPerfOptions>(ToolName, d => d.Freeze())
            .Choice("-appType", AppType.Server, "server", "Type of application: server or client", (d, v) => d.AppType = v,
                ("server", AppType.Server), ("client", AppType.Client))
            .Flag("-busyRead", "Continually read instead of waiting for notification", (d, v) => d.BusyRead = v)
            .Int("-compressionLevel", 5, "Level of compression, 0-9", (d, v) => d.CompressionLevel = v, min: 0, max: 9)
            .Choice("-compressionType", CompressionChoice.None, "none", "Type of compression: none, zlib or lz4",
                (d, v) => d.CompressionType = v,
                ("none", CompressionChoice.None), ("zlib", CompressionChoice.Zlib), ("lz4", CompressionChoice.Lz4))
            .Choice("-connType", ConnectionChoice.Socket, "socket", "Connection type: socket or encrypted", (d, v) => d.ConnectionType = v,
                ("socket", ConnectionChoice.Socket), ("encrypted", ConnectionChoice.Encrypted))
            .Flag("-directWrite", "Write with WriteFlags.DIRECT_SOCKET_WRITE", (d, v) => d.DirectWrite = v)
            .Text("-h", "localhost", "Host name the client connects to", (d, v) => d.HostName = v, allowEmpty: false)
            .Int("-highWaterMark", 0, "Bytes queued before the transport flushes (0 = transport default, 6144)",
                (d, v) => d.HighWaterMark = v)
            .Text("-if", "", "Network interface (ConnectOptions/BindOptions interfaceName)", (d, v) => d.InterfaceName = v,
                defaultText: "(use default)")
            .Text("-latencyFile", "", "Base name of the per-thread latency log (also writes .hgrm beside it)", (d, v) => d.LatencyFile = v)
            .Value("-latencyMsgRate", "<int|all>", 10, "10", "Timestamped messages sent per second (\"all\" = every message)",
                ValueParsers.IntOrKeyword(0, "all", TransportPerfOptions.LatencyOnEveryMessage), (d, v) => d.LatencyMsgRate = v)
            .Int("-maxFragmentSize", 6144, "Largest buffer the transport sends unfragmented (BindOptions maxFragmentSize)",
                (d, v) => d.MaxFragmentSize = v, min: 20, max: 65535)
            .Int("-msgRate", 100000, "Messages sent per second", (d, v) => d.MsgRate = v)
            .Int("-msgSize", 76, "Size of each message in bytes", (d, v) => d.MsgSize = v,
                min: TransportPerfOptions.MinimumMessageSize, max: 16 * 1024 * 1024)
            .Flag("-noDisplayStats", "Do not print statistics to the screen", (d, v) => d.NoDisplayStats = v)
            .Int("-outputBufs", 5000, "Guaranteed output buffers per channel", (d, v) => d.OutputBuffers = v, min: 1, max: 1_000_000)
            .Int("-p", 14002, "Port the server listens on / the client connects to", (d, v) => d.Port = v, min: 0, max: 65535)
            .Int("-pack", 1, "Messages packed into each buffer (1 = no packing)", (d, v) => d.PackCount = v, min: 1, max: 65535)
            .Text("-ph", "", "Proxy host", (d, v) => d.ProxyHost = v)
            .Text("-plogin", "", "Login id on the proxy server", (d, v) => d.ProxyLogin = v)
            .Text("-pp", "", "Proxy port", (d, v) => d.ProxyPort = v)
            .Text("-ppasswd", "", "Password on the proxy server", (d, v) => d.ProxyPassword = v)
            .Flag("-proxy", "Connect through the proxy server", (d, v) => d.UseProxy = v)
            .Int("-recvBufSize", 0, "System receive buffer size in bytes (0 = 65535)", (d, v) => d.RecvBufSize = v)
            .Flag("-reflectMsgs", "Write every received message back as is instead of generating messages", (d, v) => d.ReflectMsgs = v)
            .Int("-runTime", 300, "Run time in seconds", (d, v) => d.RunTime = v, min: 1)
            .Int("-sendBufSize", 0, "System send buffer size in bytes (0 = 65535)", (d, v) => d.SendBufSize = v)
            .Text("-statsFile", "TransportStats", "Base name of the per-thread statistics files (<name><N>.csv)",
                (d, v) => d.StatsFile = v, allowEmpty: false)
            .Text("-summaryFile", "TransportSummary.out", "Summary file name", (d, v) => d.SummaryFile = v, allowEmpty: false)
            .Flag("-tcpDelay", "Enable Nagle's algorithm (TCP_NODELAY off)", (d, v) => d.TcpDelay = v)
            .Value("-threads", "<cpu,cpu,...>", DefaultThreads, "1", "Threads, one per listed CPU id to pin to (e.g. \"1,3\")",
                ValueParsers.CpuList(), (d, v) => d.Threads = v)
            .Int("-tickRate", 1000, "Ticks (send bursts) per second", (d, v) => d.TickRate = v, min: 1, max: 1_000_000)
            .Int("-writeStatsInterval", 5, "Seconds between statistics lines (screen and file)", (d, v) => d.WriteStatsInterval = v, min: 1)
            .Text("-cert", "", "Server certificate file (PEM), for -connType encrypted", (d, v) => d.CertificateFile = v)
            .Text("-keyfile", "", "Server private key file (PEM), for -connType encrypted", (d, v) => d.KeyFile = v)
            .Text("-castore", "", "Extra CA certificate file (PEM) a client trusts, for -connType encrypted", (d, v) => d.CaFile = v)
            .Rule("-latencyMsgRate", d => d.LatencyMsgRate <= d.MsgRate,
                d => $"cannot be larger than -msgRate ({d.MsgRate}) (got {d.LatencyMsgRate})")
            .Rule("-msgRate", d => d.MsgRate == 0 || d.MsgRate >= d.TickRate,
                d => $"cannot be less than -tickRate ({d.TickRate}) unless it is 0 (got {d.MsgRate})")
            .Rule("-pack", d => d.PackCount == 1 || !d.ReflectMsgs,
                _ => "cannot be used with -reflectMsgs (reflection writes messages back one by one)")
            .Rule("-pack", d => d.PackCount == 1 || (d.MsgSize + 8) * d.PackCount <= d.MaxFragmentSize,
                d => $"({d.PackCount} messages of {d.MsgSize} bytes + 8 each) does not fit -maxFragmentSize ({d.MaxFragmentSize})")
            .Rule("-p", d => d.Port != 0 || d.AppType == AppType.Server,
                _ => "a client needs a port from 1 to 65535")
            .Rule("-cert", d => d.ConnectionType != ConnectionChoice.Encrypted || d.AppType != AppType.Server
                                 || (d.CertificateFile.Length > 0 && d.KeyFile.Length > 0),
                _ => "an encrypted server needs -cert and -keyfile")
            .Rule("-pp", d => !d.UseProxy || (d.ProxyHost.Length > 0 && int.TryParse(d.ProxyPort, out int port) && port is > 0 and < 65536),
                d => $"-proxy needs -ph and a port from 1 to 65535 in -pp (got '{d.ProxyPort}')");

    private static ThreadCpuList ParseDefaultThreads()
    {
        ThreadCpuList.TryParse("1", out ThreadCpuList list, out _);
        return list;
    }

    /// <summary>Mutable staging area for the option table; frozen into <see cref="TransportPerfOptions"/>.</summary>
    public sealed class Draft
    {
        public AppType AppType;
        public bool BusyRead;
        public int CompressionLevel;
        public CompressionChoice CompressionType;
        public ConnectionChoice ConnectionType;
        public bool DirectWrite;
        public string HostName = "";
        public int HighWaterMark;
        public string InterfaceName = "";
        public string LatencyFile = "";
        public int LatencyMsgRate;
        public int MaxFragmentSize;
        public int MsgRate;
        public int MsgSize;
        public bool NoDisplayStats;
        public int OutputBuffers;
        public int Port;
        public int PackCount;
        public bool UseProxy;
        public string ProxyHost = "";
        public string ProxyPort = "";
        public string ProxyLogin = "";
        public string ProxyPassword = "";
        public int RecvBufSize;
        public bool ReflectMsgs;
        public int RunTime;
        public int SendBufSize;
        public string StatsFile = "";
        public string SummaryFile = "";
        public bool TcpDelay;
        public ThreadCpuList Threads = ThreadCpuList.SingleUnpinned;
        public int TickRate;
        public int WriteStatsInterval;
        public string CertificateFile = "";
        public string KeyFile = "";
        public string CaFile = "";

        internal TransportPerfOptions Freeze() => new()
        {
            AppType = AppType, BusyRead = BusyRead, CompressionLevel = CompressionLevel, CompressionType = CompressionType,
            ConnectionType = ConnectionType, DirectWrite = DirectWrite, HostName = HostName, HighWaterMark = HighWaterMark,
            InterfaceName = InterfaceName, LatencyFile = LatencyFile, LatencyMsgRate = LatencyMsgRate,
            MaxFragmentSize = MaxFragmentSize, MsgRate = MsgRate, MsgSize = MsgSize, DisplayStats = !NoDisplayStats,
            OutputBuffers = OutputBuffers, Port = Port, PackCount = PackCount, UseProxy = UseProxy, ProxyHost = ProxyHost,
            ProxyPort = ProxyPort, ProxyLogin = ProxyLogin, ProxyPassword = ProxyPassword, RecvBufSize = RecvBufSize,
            ReflectMsgs = ReflectMsgs, RunTime = RunTime, SendBufSize = SendBufSize, StatsFile = StatsFile,
            SummaryFile = SummaryFile, TcpDelay = TcpDelay, Threads = Threads, TickRate = TickRate,
            WriteStatsInterval = WriteStatsInterval, CertificateFile = CertificateFile, KeyFile = KeyFile, CaFile = CaFile,
        };
    }
}
