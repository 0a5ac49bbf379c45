using PerfTools.Common.CommandLine;
using PerfTools.Common.Threading;
using Xunit;

namespace PerfTools.Tests.Common;

public sealed class OptionTableTests
{
    private sealed class Draft
    {
        public int TickRate;
        public int MsgRate;
        public int LatencyRate;
        public string Host = "";
        public bool BusyRead;
        public string Mode = "";
        public ThreadCpuList Threads = ThreadCpuList.SingleUnpinned;

        public Options Freeze() => new(TickRate, MsgRate, LatencyRate, Host, BusyRead, Mode, Threads);
    }

    private sealed record Options(int TickRate, int MsgRate, int LatencyRate, string Host, bool BusyRead, string Mode, ThreadCpuList Threads);

    private static OptionTable<Draft, Options> Table() =>
        new OptionTable<Draft, Options>("TestTool", d => d.Freeze())
            .Int("-tickRate", 1000, "Ticks per second", (d, v) => d.TickRate = v, min: 1, max: 1_000_000)
            .Int("-msgRate", 100000, "Messages per second", (d, v) => d.MsgRate = v)
            .Value("-latencyMsgRate", "<int|all>", 10, "10", "Latency messages per second",
                ValueParsers.IntOrKeyword(0, "all", -1), (d, v) => d.LatencyRate = v)
            .Text("-h", "localhost", "Host name", (d, v) => d.Host = v)
            .Flag("-busyRead", "Read continually", (d, v) => d.BusyRead = v)
            .Choice("-appType", "server", "server", "Role", (d, v) => d.Mode = v, ("server", "server"), ("client", "client"))
            .Value("-threads", "<cpu,cpu>", ThreadCpuList.SingleUnpinned, "1 thread, unpinned", "Threads",
                ValueParsers.CpuList(), (d, v) => d.Threads = v)
            .Rule("-msgRate", d => d.MsgRate == 0 || d.MsgRate >= d.TickRate,
                d => $"cannot be less than -tickRate ({d.TickRate}) unless it is 0 (got {d.MsgRate})")
            .Rule("-latencyMsgRate", d => d.LatencyRate <= d.MsgRate,
                d => $"cannot be larger than -msgRate ({d.MsgRate}) (got {d.LatencyRate})");

    [Fact]
    public void Defaults_apply_when_no_arguments_are_given()
    {
        Options options = Table().Parse([]).Options!;
        Assert.Equal(new Options(1000, 100000, 10, "localhost", false, "server", ThreadCpuList.SingleUnpinned), options);
    }

    [Fact]
    public void Values_flags_choices_and_lists_are_read()
    {
        CommandLineResult<Options> result = Table().Parse(
            ["-tickRate", "100", "-h", "apphost1", "-busyRead", "-appType", "CLIENT", "-threads", "1,3", "-latencyMsgRate", "all"]);
        Options options = result.Options!;
        Assert.Equal(100, options.TickRate);
        Assert.Equal("apphost1", options.Host);
        Assert.True(options.BusyRead);
        Assert.Equal("client", options.Mode);
        Assert.Equal([1, 3], options.Threads.CpuIds);
        Assert.Equal(-1, options.LatencyRate);
    }

    [Theory]
    [InlineData(new[] { "-bogus" }, "-bogus: unknown option")]
    [InlineData(new[] { "-tickRate" }, "-tickRate: needs a value <int>")]
    [InlineData(new[] { "-tickRate", "fast" }, "-tickRate: must be a whole number from 1 to 1000000 (got 'fast')")]
    [InlineData(new[] { "-tickRate", "0" }, "-tickRate: must be a whole number from 1 to 1000000 (got '0')")]
    [InlineData(new[] { "-msgRate", "-5" }, "-msgRate: must be a whole number of at least 0 (got '-5')")]
    [InlineData(new[] { "-appType", "peer" }, "-appType: must be one of: server, client (got 'peer')")]
    [InlineData(new[] { "-threads", "1,x" }, "-threads: must be a comma-separated list of CPU ids, e.g. \"1,3\" (one thread per id) (got '1,x')")]
    [InlineData(new[] { "-msgRate", "500" }, "-msgRate: cannot be less than -tickRate (1000) unless it is 0 (got 500)")]
    [InlineData(new[] { "-msgRate", "1000", "-latencyMsgRate", "2000" }, "-latencyMsgRate: cannot be larger than -msgRate (1000) (got 2000)")]
    public void Each_error_names_the_option_and_the_rule(string[] args, string expected)
    {
        CommandLineResult<Options> result = Table().Parse(args);
        Assert.False(result.IsSuccess);
        Assert.Equal(expected, result.Error!.ToString());

        var output = new StringWriter();
        var error = new StringWriter();
        Assert.Equal(CommandLineResult<Options>.UsageErrorExitCode, result.Report("TestTool", output, error));
        Assert.Equal("TestTool: " + expected + " (-? lists every option)" + Environment.NewLine, error.ToString());
        Assert.Equal("", output.ToString());
    }

    [Theory]
    [InlineData("-?")]
    [InlineData("--help")]
    public void Help_lists_every_option_with_its_default(string helpSwitch)
    {
        OptionTable<Draft, Options> table = Table();
        CommandLineResult<Options> result = table.Parse(["-tickRate", "5", helpSwitch]);
        Assert.True(result.HelpRequested);
        foreach (OptionDefinition<Draft> option in table.Options)
        {
            string line = result.HelpText!.Split('\n').Single(l => l.TrimStart().StartsWith(option.Name + " ", StringComparison.Ordinal));
            Assert.Contains(option.Help, line);
            Assert.Contains($"(default: {option.DefaultText})", line);
        }
        var output = new StringWriter();
        Assert.Equal(0, result.Report("TestTool", output, new StringWriter()));
        Assert.Contains("-h <text>", output.ToString());
    }

    [Fact]
    public void Dash_h_is_an_option_not_help()
    {
        Assert.Equal("host9", Table().Parse(["-h", "host9"]).Options!.Host);
    }

    [Fact]
    public void Declaring_an_option_twice_is_a_setup_error()
    {
        Assert.Throws<ArgumentException>(() => Table().Flag("-busyRead", "again", (d, v) => d.BusyRead = v));
    }
}
