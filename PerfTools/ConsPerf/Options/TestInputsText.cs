using PerfTools.Common.Output;

namespace PerfTools.ConsPerf.Options;

/// <summary>The "--- TEST INPUTS ---" block that opens ConsSummary.out and the console output (§4.6.1).</summary>
public static class TestInputsText
{
    public static SummaryBuilder AppendTo(SummaryBuilder s, ConsPerfOptions o)
    {
        s.Heading("--- TEST INPUTS ---")
            .Input("Steady State Time", o.SteadyStateTime)
            .Input("Delay Steady State Time", o.DelaySteadyStateCalcMs)
            .Input("Connection Type", o.ConnectionType switch
            {
                ConnectionKind.Encrypted => "Encrypted",
                ConnectionKind.WebSocket => "WebSocket",
                _ => "Socket",
            });
        if (o.ConnectionType == ConnectionKind.Encrypted)
            s.Input("TLS Protocols", TlsText(o.TlsVersions));
        if (o.UsesWebSocket)
        {
            s.Input("WS Protocol List", o.ProtocolList); // LSEG C ConsPerf's lines
            s.Input("Use JSON Converter", o.AddConversionOverhead ? "Yes" : "No");
        }
        return s.Input("Hostname", o.Host)
            .Input("Port", o.Port)
            .Input("Service", o.ServiceName)
            .Input("Thread Count", o.ThreadCount)
            .Input("Output Buffers", o.OutputBuffers)
            .Input("Input Buffers", o.InputBuffers)
            .Input("Send Buffer Size", OrDefault(o.SendBufSize, " bytes"))
            .Input("Recv Buffer Size", OrDefault(o.RecvBufSize, " bytes"))
            .Input("Send Timeout", OrDefault(o.SendTimeoutMs, " ms"))
            .Input("Receive Timeout", OrDefault(o.RecvTimeoutMs, " ms"))
            .Input("High Water Mark", OrDefault(o.HighWaterMark, " bytes"))
            .Input("Interface Name", o.InterfaceName.Length > 0 ? o.InterfaceName : "(use default)")
            .Input("Tcp_NoDelay", o.TcpNoDelay)
            .Input("Username", o.UserName.Length > 0 ? o.UserName : "(use system login name)")
            .Input("Item Count", o.ItemCount)
            .Input("Common Item Count", o.CommonItemCount)
            .Input("Request Rate", o.RequestRate)
            .Input("Request Snapshots", o.Snapshot)
            .Input("Posting Rate", o.PostingRate)
            .Input("Latency Posting Rate", o.PostingLatencyRate)
            .Input("Generic Msg Rate", o.GenericMsgRate)
            .Input("Generic Msg Latency Rate", o.GenericMsgLatencyRate)
            .Input("Item File", o.ItemFile)
            .Input("Data File", o.MsgFile)
            .Input("Summary File", o.SummaryFile)
            .Input("Stats File", o.StatsFile)
            .Input("Latency Log File", o.LogsLatency ? o.LatencyFile : "(none)")
            .Input("Tick Rate", o.TickRate)
            .Input("Reactor/Watchlist Usage", o.UseWatchlist ? "Reactor and Watchlist" : o.UseReactor ? "Reactor" : "None") // LSEG's line and values
            .Input("Busy Read", o.BusyRead);
    }

    public static string Format(ConsPerfOptions o) => AppendTo(new SummaryBuilder(), o).ToString();

    private static string OrDefault(int value, string unit) =>
        value > 0 ? value.ToString(SummaryBuilder.Culture) + unit : "0(use default)";

    private static string TlsText(TlsVersions versions) => versions switch
    {
        TlsVersions.SystemDefault => "(use default)",
        TlsVersions.Tls12 => "TLSv1.2",
        TlsVersions.Tls13 => "TLSv1.3",
        _ => "TLSv1.2, TLSv1.3",
    };
}
