using System.Globalization;
using Eta.Transport;
using PerfTools.Common.Output;
using PerfTools.NIProvPerf.Options;

namespace PerfTools.NIProvPerf.Output;

/// <summary>The summary file's "--- TEST INPUTS ---" block (guide §6.7.1), from the options in effect.</summary>
internal static class NIProvInputsReport
{
    public static void Write(SummaryBuilder summary, NIProvPerfOptions o)
    {
        summary.Heading("--- TEST INPUTS ---")
            .Input("Run Time", $"{o.RunTimeSeconds} sec")
            .Input("Connection Type", o.ConnectionType switch
            {
                ConnectionType.Encrypted => "encrypted",
                ConnectionType.WebSocket => "websocket",
                _ => "socket",
            });
        if (o.UsesWebSocket)
            summary.Input("WS Protocol List", o.ProtocolList); // LSEG C ConsPerf's line (LSEG's NIProvPerf has no WebSocket)
        summary
            .Input("Hostname", o.Host)
            .Input("Port", o.Port)
            .Input("Thread List", o.ThreadCount)
            .Input("Output Buffers", o.OutputBuffers)
            .Input("Max Fragment Size", NIProvPerfOptions.DefaultMaxFragmentSize)
            .Input("Send Buffer Size", Sized(o.SendBufSize))
            .Input("Recv Buffer Size", Sized(o.RecvBufSize))
            .Input("High Water Mark", Sized(o.HighWaterMark))
            .Input("Interface Name", o.InterfaceName.Length > 0 ? o.InterfaceName : "(use default)")
            .Input("Username", o.UserName.Length > 0 ? o.UserName : "(use system login name)")
            .Input("Tcp_NoDelay", o.TcpNoDelay)
            .Input("Item Count", o.ItemCount)
            .Input("Common Item Count", o.CommonItemCount)
            .Input("Tick Rate", o.TickRate)
            .Input("Use Direct Writes", o.DirectWrite)
            .Input("Summary File", o.SummaryFile)
            .Input("Stats File", o.StatsFile)
            .Input("Write Stats Interval", o.WriteStatsIntervalSeconds)
            .Input("Display Stats", o.DisplayStats ? "true" : "false")
            .Input("Update Rate", o.UpdateRate)
            .Input("Latency Update Rate", o.EffectiveLatencyUpdateRate)
            .Input("Refresh Burst Size", o.RefreshBurstSize)
            .Input("Item File", o.ItemFile)
            .Input("Data File", o.MsgFile)
            .Input("Packing", o.Packing ? $"Yes(max {o.MaxPackCount} per pack, {o.PackBufSize} buffer size)" : "No")
            .Input("Service ID", o.ServiceId)
            .Input("Service Name", o.ServiceName)
            .Input("Use Reactor", o.UseReactor) // LSEG's last line
            .Blank();
    }

    // The guide's "0(use default)" for unset sizes; a set size is in bytes.
    private static string Sized(int value) =>
        value.ToString(CultureInfo.InvariantCulture) + (value > 0 ? " bytes" : "(use default)");
}
