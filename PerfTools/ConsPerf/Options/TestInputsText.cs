using System.Globalization;
using System.Text;

namespace PerfTools.ConsPerf.Options;

/// <summary>The "--- TEST INPUTS ---" block that opens ConsSummary.out and the console output (§4.6.1).</summary>
public static class TestInputsText
{
    public static string Format(ConsPerfOptions o)
    {
        var text = new StringBuilder();
        text.Append("--- TEST INPUTS ---\n\n");
        Line(text, "Steady State Time", Num(o.SteadyStateTime));
        Line(text, "Delay Steady State Time", Num(o.DelaySteadyStateCalcMs));
        Line(text, "Connection Type", o.ConnectionType == ConnectionKind.Socket ? "Socket" : "Encrypted");
        if (o.ConnectionType == ConnectionKind.Encrypted)
            Line(text, "TLS Protocols", TlsText(o.TlsVersions));
        Line(text, "Hostname", o.Host);
        Line(text, "Port", o.Port);
        Line(text, "Service", o.ServiceName);
        Line(text, "Thread Count", Num(o.ThreadCount));
        Line(text, "Output Buffers", Num(o.OutputBuffers));
        Line(text, "Input Buffers", Num(o.InputBuffers));
        Line(text, "Send Buffer Size", OrDefault(o.SendBufSize, " bytes"));
        Line(text, "Recv Buffer Size", OrDefault(o.RecvBufSize, " bytes"));
        Line(text, "Send Timeout", OrDefault(o.SendTimeoutMs, " ms"));
        Line(text, "Receive Timeout", OrDefault(o.RecvTimeoutMs, " ms"));
        Line(text, "High Water Mark", OrDefault(o.HighWaterMark, " bytes"));
        Line(text, "Interface Name", o.InterfaceName.Length > 0 ? o.InterfaceName : "(use default)");
        Line(text, "Tcp_NoDelay", YesNo(o.TcpNoDelay));
        Line(text, "Username", o.UserName.Length > 0 ? o.UserName : "(use system login name)");
        Line(text, "Item Count", Num(o.ItemCount));
        Line(text, "Common Item Count", Num(o.CommonItemCount));
        Line(text, "Request Rate", Num(o.RequestRate));
        Line(text, "Request Snapshots", YesNo(o.Snapshot));
        Line(text, "Posting Rate", Num(o.PostingRate));
        Line(text, "Latency Posting Rate", Num(o.PostingLatencyRate));
        Line(text, "Generic Msg Rate", Num(o.GenericMsgRate));
        Line(text, "Generic Msg Latency Rate", Num(o.GenericMsgLatencyRate));
        Line(text, "Item File", o.ItemFile);
        Line(text, "Data File", o.MsgFile);
        Line(text, "Summary File", o.SummaryFile);
        Line(text, "Stats File", o.StatsFile);
        Line(text, "Latency Log File", o.LogsLatency ? o.LatencyFile : "(none)");
        Line(text, "Tick Rate", Num(o.TickRate));
        Line(text, "Busy Read", YesNo(o.BusyRead));
        return text.ToString();
    }

    private static void Line(StringBuilder text, string label, string value) =>
        text.Append(label).Append(": ").Append(value).Append('\n');

    private static string Num(int value) => value.ToString(CultureInfo.InvariantCulture);

    private static string YesNo(bool value) => value ? "Yes" : "No";

    private static string OrDefault(int value, string unit) => value > 0 ? Num(value) + unit : "0(use default)";

    private static string TlsText(TlsVersions versions) => versions switch
    {
        TlsVersions.SystemDefault => "(use default)",
        TlsVersions.Tls12 => "TLSv1.2",
        TlsVersions.Tls13 => "TLSv1.3",
        _ => "TLSv1.2, TLSv1.3",
    };
}
