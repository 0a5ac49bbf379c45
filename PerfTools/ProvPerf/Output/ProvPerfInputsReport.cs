using System.Globalization;
using PerfTools.Common.Output;
using PerfTools.ProvPerf.Options;

namespace PerfTools.ProvPerf.Output;

/// <summary>The summary file's "--- TEST INPUTS ---" block (guide §5.7.1), from the options in effect.</summary>
internal static class ProvPerfInputsReport
{
    public static void Write(SummaryBuilder summary, ProvPerfOptions o)
    {
        int effectiveMax = Math.Max(o.MaxOutputBuffers, o.OutputBuffers);
        summary.Heading("--- TEST INPUTS ---")
            .Input("Steady State Time", $"{o.RunTimeSeconds} sec")
            .Input("Port", o.Port)
            .Input("Connection type", o.ConnectionType == ProviderConnectionType.Socket ? "SOCKET" : "ENCRYPTED")
            .Input("WS Protocol List", o.ProtocolList) // LSEG C ProvPerf's line: WebSocket upgrades accepted on the port
            .Input("Thread Count", o.ThreadCount)
            .Input("Output Buffers", $"{o.OutputBuffers}(effective = {o.OutputBuffers})")
            .Input("Max Output Buffers", $"{o.MaxOutputBuffers}{UseDefault(o.MaxOutputBuffers)}(effective = {effectiveMax})")
            .Input("Max Fragment Size", o.MaxFragmentSize)
            .Input("Send Buffer Size", Sized(o.SendBufSize, " bytes"))
            .Input("Recv Buffer Size", Sized(o.RecvBufSize, " bytes"))
            .Input("Send Timeout", Sized(o.SendTimeoutMs, " ms"))
            .Input("Receive Timeout", Sized(o.RecvTimeoutMs, " ms"))
            .Input("Interface Name", o.InterfaceName.Length > 0 ? o.InterfaceName : "(use default)")
            .Input("Tcp_NoDelay", o.TcpNoDelay)
            .Input("Tick Rate", o.TickRate)
            .Input("Use Direct Writes", o.DirectWrite)
            .Input("High Water Mark", Sized(o.HighWaterMark, " bytes"))
            .Input("Latency File", o.LatencyFile.Length > 0 ? o.LatencyFile : "(none)")
            .Input("Summary File", o.SummaryFile)
            .Input("Write Stats Interval", o.WriteStatsIntervalSeconds)
            .Input("Stats File", o.StatsFile)
            .Input("Display Stats", o.DisplayStats ? "True" : "False")
            .Input("Update Rate", o.UpdateRate)
            .Input("Latency Update Rate", Rate(o.LatencyUpdateRate))
            .Input("Generic Msg Rate", o.GenericMsgRate)
            .Input("Generic Msg Latency Rate", Rate(o.GenericMsgLatencyRate))
            .Input("Refresh Burst Size", o.RefreshBurstSize)
            .Input("Data File", o.MsgFile);
        if (o.PreEncodedUpdates)
            summary.Input("Pre-Encoded Updates", true); // ETA C's line; only with -preEnc, so the guide's block is unchanged
        summary
            .Input("Packing", o.Packing ? $"Yes(max {o.MaxPackCount} per pack, {o.PackBufSize} buffer size)" : "No")
            .Input("Service Name", o.ServiceName)
            .Input("Service ID", o.ServiceId)
            .Input("OpenLimit", o.OpenLimit)
            .Input("Use Reactor", o.UseReactor) // LSEG's last line
            .Blank();
    }

    private static string UseDefault(int value) => value > 0 ? "" : "(use default)";

    private static string Sized(int value, string unit) =>
        value.ToString(CultureInfo.InvariantCulture) + (value > 0 ? unit : "(use default)");

    private static string Rate(int rate) =>
        rate == ProvPerfOptions.AllMessages ? "all" : rate.ToString(CultureInfo.InvariantCulture);
}
