using Eta.Transport;
using PerfTools.NIProvPerf;
using PerfTools.NIProvPerf.Options;
using Xunit;

namespace PerfTools.Tests.NIProvPerf;

public sealed class NIProvPerfCommandLineTests : IDisposable
{
    private readonly TempFolder _dir = new("niprovperf-cli-");

    [Fact]
    public void Defaults_follow_table_4()
    {
        var parsed = NIProvPerfCommandLine.Parse([]);
        Assert.True(parsed.IsSuccess);
        NIProvPerfOptions o = parsed.Options!;
        Assert.Equal("localhost", o.Host);
        Assert.Equal(14003, o.Port);
        Assert.Equal("NI_PUB", o.ServiceName);
        Assert.Equal(1, o.ServiceId);
        Assert.False(o.UseServiceId);
        Assert.Equal(100000, o.ItemCount);
        Assert.Equal(0, o.CommonItemCount);
        Assert.Equal(1, o.ThreadCount);
        Assert.Equal(100000, o.UpdateRate);
        Assert.Equal(10, o.LatencyUpdateRate);
        Assert.Equal(10, o.RefreshBurstSize);
        Assert.Equal(1000, o.TickRate);
        Assert.Equal(1, o.MaxPackCount);
        Assert.Equal(6000, o.PackBufSize);
        Assert.False(o.DirectWrite);
        Assert.Equal(0, o.HighWaterMark);
        Assert.Equal(5000, o.OutputBuffers);
        Assert.Equal(0, o.SendBufSize);
        Assert.Equal(0, o.RecvBufSize);
        Assert.True(o.TcpNoDelay);
        Assert.Equal("", o.InterfaceName);
        Assert.Equal(ConnectionType.Socket, o.ConnectionType);
        Assert.Equal(360, o.RunTimeSeconds);
        Assert.Equal("NIProvStats", o.StatsFile);
        Assert.Equal("NIProvSummary.out", o.SummaryFile);
        Assert.Equal(5, o.WriteStatsIntervalSeconds);
        Assert.True(o.DisplayStats);
        Assert.Equal(0, o.SendTimeoutMs);
        Assert.Equal(0, o.RecvTimeoutMs);
        Assert.Equal("MsgData.xml", o.MsgFile);
        Assert.Equal("350k.xml", o.ItemFile);
    }

    [Fact]
    public void Help_lists_every_option_of_table_4()
    {
        var console = new StringWriter();
        Assert.Equal(0, NIProvPerfApp.Run(["-?"], console, TestContext.Current.CancellationToken));
        string help = console.ToString();
        foreach (string option in new[] { "-cert", "-commonItemCount", "-connType", "-directWrite", "-h", "-highWaterMark", "-if",
                     "-itemCount", "-itemFile", "-key", "-latencyUpdateRate", "-maxPackCount", "-msgFile", "-noDisplayStats",
                     "-packBufSize", "-outputBufs", "-p", "-recvBufSize", "-refreshBurstSize", "-runTime", "-sendBufSize",
                     "-serviceId", "-serviceName", "-statsFile", "-summaryFile", "-tcpDelay", "-threads", "-tickRate",
                     "-updateRate", "-useServiceId", "-writeStatsInterval", "-recvTimeout", "-sendTimeout", "-reactor" })
            Assert.Contains($"\n  {option} ", help);
    }

    [Theory]
    [InlineData("-tickRate", "-tickRate 0")]
    [InlineData("-p", "-p 70000")]
    [InlineData("-updateRate", "-updateRate 10")]
    [InlineData("-latencyUpdateRate", "-latencyUpdateRate 2000")]
    [InlineData("-latencyUpdateRate", "-updateRate 0 -latencyUpdateRate 5")]
    [InlineData("-commonItemCount", "-itemCount 100 -threads 2 -commonItemCount 51")]
    [InlineData("-connType", "-connType tcp")]
    [InlineData("-packBufSize", "-maxPackCount 5 -packBufSize 0")]
    [InlineData("-threads", "-threads 0")]
    [InlineData("-bogus", "-bogus")]
    [InlineData("-runTime", "-runTime")]
    public void Option_errors_exit_2_naming_the_option_before_anything_runs(string option, string args)
    {
        string summary = _dir.File("NIProvSummary.out");
        var console = new StringWriter();
        int code = NIProvPerfApp.Run([.. args.Split(' '), "-summaryFile", summary, "-statsFile", _dir.File("NIProvStats")],
            console, TestContext.Current.CancellationToken);
        Assert.Equal(2, code);
        Assert.Contains(option, console.ToString());
        Assert.False(File.Exists(summary));
        Assert.False(File.Exists(_dir.File("NIProvStats1.csv")));
    }

    [Fact]
    public void Missing_item_file_is_a_setup_failure_reported_before_connecting()
    {
        var console = new StringWriter();
        int code = NIProvPerfApp.Run(["-itemFile", _dir.File("nope.xml"), "-summaryFile", _dir.File("s.out")],
            console, TestContext.Current.CancellationToken);
        Assert.Equal(NIProvPerfApp.SetupFailed, code);
        Assert.Contains("nope.xml", console.ToString());
        Assert.DoesNotContain("Connect", console.ToString());
    }

    public void Dispose() => _dir.Dispose();
}
