using PerfTools.Common.CommandLine;
using PerfTools.TransportPerf.Options;
using Xunit;

namespace PerfTools.Tests.TransportPerf;

public sealed class TransportPerfOptionsTests
{
    [Fact]
    public void Defaults_are_those_of_table_5()
    {
        TransportPerfOptions o = TransportPerfCommandLine.Parse([]).Options!;
        Assert.Equal(AppType.Server, o.AppType);
        Assert.False(o.BusyRead);
        Assert.Equal(5, o.CompressionLevel);
        Assert.Equal(CompressionChoice.None, o.CompressionType);
        Assert.Equal(ConnectionChoice.Socket, o.ConnectionType);
        Assert.False(o.DirectWrite);
        Assert.Equal("localhost", o.HostName);
        Assert.Equal(0, o.HighWaterMark);
        Assert.Equal("", o.InterfaceName);
        Assert.Equal("", o.LatencyFile);
        Assert.Equal(10, o.LatencyMsgRate);
        Assert.Equal(6144, o.MaxFragmentSize);
        Assert.Equal(100000, o.MsgRate);
        Assert.Equal(76, o.MsgSize);
        Assert.True(o.DisplayStats);
        Assert.Equal(5000, o.OutputBuffers);
        Assert.Equal(14002, o.Port);
        Assert.False(o.Packing);
        Assert.False(o.UseProxy);
        Assert.Equal(0, o.RecvBufSize);
        Assert.False(o.ReflectMsgs);
        Assert.Equal(300, o.RunTime);
        Assert.Equal(0, o.SendBufSize);
        Assert.Equal("TransportStats", o.StatsFile);
        Assert.Equal($"TransportSummary_{Environment.ProcessId}.out", o.SummaryFile); // the guide §7.8.1 sample's name
        Assert.False(o.TcpDelay);
        Assert.Equal(1, o.Threads.Count);
        Assert.Equal(1000, o.TickRate);
        Assert.Equal(5, o.WriteStatsInterval);
    }

    [Fact]
    public void Every_table_5_option_is_accepted()
    {
        string[] table5 =
        [
            "-appType", "-busyRead", "-compressionLevel", "-compressionType", "-connType", "-directWrite", "-h", "-highWaterMark",
            "-if", "-latencyFile", "-latencyMsgRate", "-maxFragmentSize", "-msgRate", "-msgSize", "-noDisplayStats", "-outputBufs",
            "-p", "-pack", "-ph", "-plogin", "-pp", "-ppasswd", "-proxy", "-recvBufSize", "-reflectMsgs", "-runTime",
            "-sendBufSize", "-statsFile", "-summaryFile", "-tcpDelay", "-threads", "-tickRate", "-writeStatsInterval",
        ];
        string help = TransportPerfCommandLine.Table.HelpText();
        foreach (string option in table5)
            Assert.Contains("  " + option + " ", help);
    }

    [Fact]
    public void The_guides_scenario_command_lines_parse()
    {
        // §8.5 and §8.6, as written.
        Assert.True(TransportPerfCommandLine.Parse(["-p", "15000", "-runTime", "900", "-connType", "socket", "-msgRate", "100000",
            "-latencyMsgRate", "1000", "-tickRate", "1000", "-appType", "server"]).IsSuccess);
        Assert.True(TransportPerfCommandLine.Parse(["-p", "15000", "-connType", "socket", "-runTime", "60", "-latencyMsgRate", "0",
            "-msgRate", "0", "-tickRate", "1000", "-appType", "client"]).IsSuccess);
        TransportPerfOptions reflector = TransportPerfCommandLine.Parse(["-p", "15000", "-runTime", "900", "-connType", "socket",
            "-tickRate", "1000", "-appType", "server", "-reflectMsgs"]).Options!;
        Assert.Equal(0, reflector.EffectiveMsgRate);
        TransportPerfOptions client = TransportPerfCommandLine.Parse(["-h", "apphost1", "-p", "15000", "-connType", "socket",
            "-runTime", "60", "-tickRate", "1000", "-appType", "client", "-msgRate", "100000", "-latencyMsgRate", "1000"]).Options!;
        Assert.Equal("apphost1", client.HostName);
        Assert.Equal(1000, client.EffectiveLatencyMsgRate);
    }

    [Theory]
    [InlineData(new[] { "-latencyMsgRate", "2000", "-msgRate", "1000" }, "-latencyMsgRate: cannot be larger than -msgRate (1000) (got 2000)")]
    [InlineData(new[] { "-msgRate", "10" }, "-msgRate: cannot be less than -tickRate (1000) unless it is 0 (got 10)")]
    [InlineData(new[] { "-msgSize", "8" }, "-msgSize: must be a whole number from 16 to 16777216 (got '8')")]
    [InlineData(new[] { "-pack", "5", "-reflectMsgs" }, "-pack: cannot be used with -reflectMsgs (reflection writes messages back one by one)")]
    [InlineData(new[] { "-pack", "100" }, "-pack: (100 messages of 76 bytes + 8 each) does not fit -maxFragmentSize (6144)")]
    [InlineData(new[] { "-connType", "encrypted" }, "-cert: an encrypted server needs -cert and -keyfile")]
    [InlineData(new[] { "-compressionType", "gzip" }, "-compressionType: must be one of: none, zlib, lz4, 0, 1, 2 (got 'gzip')")]
    [InlineData(new[] { "-appType" }, "-appType: needs a value <server|client>")]
    [InlineData(new[] { "-help" }, "-help: unknown option")]
    public void Errors_name_the_option_and_the_rule(string[] args, string expected)
    {
        var errors = new StringWriter();
        int exit = global::PerfTools.TransportPerf.TransportPerfApp.Run(args, new StringWriter(), errors, TestContext.Current.CancellationToken);
        Assert.Equal(CommandLineResult<TransportPerfOptions>.UsageErrorExitCode, exit);
        Assert.Equal($"TransportPerf: {expected} (-? lists every option){Environment.NewLine}", errors.ToString());
    }

    [Fact]
    public void Latency_rate_all_stamps_every_message()
    {
        TransportPerfOptions o = TransportPerfCommandLine.Parse(["-msgRate", "5000", "-latencyMsgRate", "all"]).Options!;
        Assert.Equal(5000, o.EffectiveLatencyMsgRate);
    }

    [Fact]
    public void Help_exits_zero_and_lists_defaults()
    {
        var output = new StringWriter();
        Assert.Equal(0, global::PerfTools.TransportPerf.TransportPerfApp.Run(["-?"], output, new StringWriter(), TestContext.Current.CancellationToken));
        Assert.Contains("-summaryFile <text>", output.ToString());
        Assert.Contains("(default: TransportSummary_<pid>.out)", output.ToString());
    }
}
