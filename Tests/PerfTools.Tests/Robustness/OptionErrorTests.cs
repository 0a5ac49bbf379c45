using PerfTools.ConsPerf;
using PerfTools.NIProvPerf;
using PerfTools.PerfHub;
using PerfTools.ProvPerf;
using PerfTools.TransportPerf;
using Xunit;

namespace PerfTools.Tests.Robustness;

/// <summary>
/// Every option error, in every tool, exits 2 before anything runs: nothing printed but the one error line, no
/// TEST INPUTS, no connection, no output file.
/// </summary>
public sealed class OptionErrorTests : IDisposable
{
    private const int UsageError = 2;
    private readonly TempFolder _dir = new("robust-options-");

    public void Dispose() => _dir.Dispose();

    // Each run is bounded (-steadyStateTime 1, -runTime 1) so that, were a check missing, the test fails instead of hanging.
    private string Missing(string file) => _dir.File("no-such-folder", file);

    [Fact]
    public void An_option_followed_by_another_option_is_reported_as_missing_its_value()
    {
        var console = new StringWriter();

        int exit = ConsPerfApp.Run(["-h", "-p", "14002"], console, TestContext.Current.CancellationToken);

        Assert.Equal(UsageError, exit);
        Assert.Contains("-h: needs a value", console.ToString());
        Assert.DoesNotContain("unknown option", console.ToString());
    }

    [Fact]
    public void ProvPerf_rejects_a_port_that_is_not_a_number_before_it_starts()
    {
        var console = new StringWriter();

        int exit = ProvPerfApp.Run(["-p", "abc", "-summaryFile", _dir.File("s.out"), "-statsFile", _dir.File("st")],
            console, TestContext.Current.CancellationToken);

        Assert.Equal(UsageError, exit);
        Assert.Contains("-p: must be a port number from 0 to 65535 (got 'abc')", console.ToString());
        Assert.DoesNotContain("TEST INPUTS", console.ToString());
    }

    [Fact]
    public void ConsPerf_checks_its_summary_path_before_it_connects()
    {
        var console = new StringWriter();
        string summary = Missing("ConsSummary.out");

        // Port 1: were the path not checked first, the run would try to connect and fail differently.
        int exit = ConsPerfApp.Run(["-p", "1", "-steadyStateTime", "1", "-summaryFile", summary, "-statsFile", _dir.File("ConsStats")], console, TestContext.Current.CancellationToken);

        Assert.Equal(UsageError, exit);
        Assert.Contains($"-summaryFile: cannot write '{summary}': the folder", console.ToString());
        Assert.DoesNotContain("TEST INPUTS", console.ToString());
    }

    [Fact]
    public void ConsPerf_checks_every_threads_stats_and_latency_path()
    {
        var stats = new StringWriter();
        var latency = new StringWriter();
        string ok = _dir.File("ConsSummary.out");

        int statsExit = ConsPerfApp.Run(["-p", "1", "-steadyStateTime", "1", "-summaryFile", ok, "-statsFile", Missing("ConsStats")], stats, TestContext.Current.CancellationToken);
        int latencyExit = ConsPerfApp.Run(
            ["-p", "1", "-steadyStateTime", "1", "-summaryFile", ok, "-statsFile", _dir.File("ConsStats"), "-latencyFile", Missing("lat.csv")], latency, TestContext.Current.CancellationToken);

        Assert.Equal(UsageError, statsExit);
        Assert.Contains($"-statsFile: cannot write '{Missing("ConsStats1.csv")}'", stats.ToString());
        Assert.Equal(UsageError, latencyExit);
        Assert.Contains($"-latencyFile: cannot write '{Missing("lat1.csv")}'", latency.ToString());
        Assert.False(File.Exists(ok));
    }

    [Fact]
    public void Two_outputs_that_are_the_same_file_are_refused_before_either_is_written()
    {
        var console = new StringWriter();
        string stats = _dir.File("out"), sameAsStats = _dir.File("out.csv"); // both give "out1.csv" for thread 1

        int exit = ConsPerfApp.Run(["-p", "1", "-steadyStateTime", "1", "-summaryFile", _dir.File("s.out"),
            "-statsFile", stats, "-latencyFile", sameAsStats], console, TestContext.Current.CancellationToken);

        Assert.Equal(UsageError, exit);
        Assert.Contains($"-latencyFile: '{_dir.File("out1.csv")}' is also the file -statsFile writes", console.ToString());
        Assert.False(File.Exists(_dir.File("out1.csv")));
    }

    [Fact]
    public void An_output_that_is_an_input_file_is_refused_and_the_input_left_alone()
    {
        var console = new StringWriter();
        string msgFile = _dir.File("MsgData.xml");
        File.Copy(Path.Combine(AppContext.BaseDirectory, "MsgData.xml"), msgFile);
        byte[] before = File.ReadAllBytes(msgFile);

        int exit = ProvPerfApp.Run(["-p", "0", "-runTime", "1", "-msgFile", msgFile, "-summaryFile", msgFile, "-statsFile", _dir.File("st")],
            console, TestContext.Current.CancellationToken);

        Assert.Equal(UsageError, exit);
        Assert.Contains($"-summaryFile: '{msgFile}' is the file -msgFile reads; the run would overwrite it", console.ToString());
        Assert.Equal(before, File.ReadAllBytes(msgFile));
    }

    [Theory]
    [InlineData("ProvPerf", "-keyfile")]
    [InlineData("ConsPerf", "-castore")]
    [InlineData("NIProvPerf", "-cert")]
    [InlineData("PerfHub", "-keyfile")]
    [InlineData("TransportPerf", "-castore")]
    public void An_output_that_is_a_tls_file_is_refused_and_the_file_left_alone(string tool, string option)
    {
        var console = new StringWriter();
        string tlsFile = _dir.File("tls.pem");
        File.WriteAllText(tlsFile, "-----BEGIN PRIVATE KEY-----\n");
        byte[] before = File.ReadAllBytes(tlsFile);
        string stats = _dir.File("st");
        CancellationToken stop = TestContext.Current.CancellationToken;

        int exit = tool switch
        {
            "ProvPerf" => ProvPerfApp.Run(["-p", "0", "-runTime", "1", "-c", "encrypted", "-cert", tlsFile, option, tlsFile, "-summaryFile", tlsFile, "-statsFile", stats], console, stop),
            "ConsPerf" => ConsPerfApp.Run(["-p", "1", "-steadyStateTime", "1", option, tlsFile, "-summaryFile", tlsFile, "-statsFile", stats], console, stop),
            "NIProvPerf" => NIProvPerfApp.Run(["-p", "1", "-runTime", "1", option, tlsFile, "-summaryFile", tlsFile, "-statsFile", stats], console, stop),
            "PerfHub" => PerfHubApp.Run(["-p", "0", "-niPort", "0", "-runTime", "1", option, tlsFile, "-summaryFile", tlsFile, "-statsFile", stats], console, stop),
            _ => TransportPerfApp.Run(["-p", "1", "-runTime", "1", option, tlsFile, "-summaryFile", tlsFile, "-statsFile", stats], console, console, stop),
        };

        Assert.Equal(UsageError, exit);
        Assert.Contains($"-summaryFile: '{tlsFile}' is the file {option} reads; the run would overwrite it", console.ToString());
        Assert.Equal(before, File.ReadAllBytes(tlsFile));
    }

    [Theory]
    [InlineData("ConsPerf")]
    [InlineData("NIProvPerf")]
    [InlineData("PerfHub")]
    public void A_user_name_longer_than_a_message_key_holds_is_refused(string tool)
    {
        var console = new StringWriter();
        string name = new string('u', 200) + new string('é', 30); // 260 bytes of UTF-8 in 230 characters
        string[] outputs = ["-summaryFile", _dir.File("s.out"), "-statsFile", _dir.File("st")];
        CancellationToken stop = TestContext.Current.CancellationToken;

        int exit = tool switch
        {
            "ConsPerf" => ConsPerfApp.Run(["-p", "1", "-steadyStateTime", "1", "-uname", name, .. outputs], console, stop),
            "NIProvPerf" => NIProvPerfApp.Run(["-p", "1", "-runTime", "1", "-uname", name, .. outputs], console, stop),
            _ => PerfHubApp.Run(["-p", "0", "-niPort", "0", "-runTime", "1", "-uname", name, .. outputs], console, stop),
        };

        Assert.Equal(UsageError, exit);
        Assert.Contains("-uname: is 260 bytes long (UTF-8); a message key holds at most 255", console.ToString());
    }

    [Theory]
    [InlineData("ConsPerf", "-outputBufs", "1000001", "from 1 to 1000000")]
    [InlineData("ConsPerf", "-maxOutputBuffer", "1000001", "from 1 to 1000000")]
    [InlineData("ConsPerf", "-inputBufs", "100001", "from 1 to 100000")]
    [InlineData("ProvPerf", "-outputBufs", "1000001", "from 1 to 1000000")]
    [InlineData("ProvPerf", "-maxOutputBufs", "1000001", "from 0 to 1000000")]
    [InlineData("ProvPerf", "-maxFragmentSize", "65520", "from 20 to 65519")]
    [InlineData("PerfHub", "-outputBufs", "1000001", "from 1 to 1000000")]
    [InlineData("PerfHub", "-maxOutputBufs", "1000001", "from 0 to 1000000")]
    [InlineData("PerfHub", "-maxFragmentSize", "65520", "from 20 to 65519")]
    [InlineData("TransportPerf", "-maxFragmentSize", "65520", "from 20 to 65519")]
    public void A_value_past_what_the_transport_accepts_is_an_option_error_not_a_failure_to_listen_or_connect(
        string tool, string option, string value, string range)
    {
        var console = new StringWriter();
        string[] outputs = ["-summaryFile", _dir.File("s.out"), "-statsFile", _dir.File("st")];
        CancellationToken stop = TestContext.Current.CancellationToken;

        int exit = tool switch
        {
            "ConsPerf" => ConsPerfApp.Run(["-p", "1", "-steadyStateTime", "1", option, value, .. outputs], console, stop),
            "ProvPerf" => ProvPerfApp.Run(["-p", "0", "-runTime", "1", option, value, .. outputs], console, stop),
            "PerfHub" => PerfHubApp.Run(["-p", "0", "-niPort", "0", "-runTime", "1", option, value, .. outputs], console, stop),
            _ => TransportPerfApp.Run(["-p", "0", "-runTime", "1", option, value, .. outputs], console, console, stop),
        };

        Assert.Equal(UsageError, exit);
        Assert.Contains($"{option}: must be a whole number {range} (got '{value}')", console.ToString());
    }

    [Theory]
    [InlineData("ConsPerf")]
    [InlineData("NIProvPerf")]
    [InlineData("TransportPerf")]
    public void A_blank_host_is_refused_like_an_empty_one(string tool)
    {
        var console = new StringWriter();
        string[] outputs = ["-summaryFile", _dir.File("s.out"), "-statsFile", _dir.File("st")];
        CancellationToken stop = TestContext.Current.CancellationToken;

        int exit = tool switch
        {
            "ConsPerf" => ConsPerfApp.Run(["-p", "1", "-steadyStateTime", "1", "-h", "  ", .. outputs], console, stop),
            "NIProvPerf" => NIProvPerfApp.Run(["-p", "1", "-runTime", "1", "-h", "  ", .. outputs], console, stop),
            _ => TransportPerfApp.Run(["-appType", "client", "-p", "1", "-runTime", "1", "-h", "  ", .. outputs], console, console, stop),
        };

        Assert.Equal(UsageError, exit);
        Assert.Contains("-h: must not be blank (got '  ')", console.ToString());
    }

    [Fact]
    public void A_folder_given_as_the_summary_file_is_refused()
    {
        var console = new StringWriter();

        int exit = ProvPerfApp.Run(["-p", "0", "-runTime", "1", "-summaryFile", _dir.Path, "-statsFile", _dir.File("ProvStats")], console, TestContext.Current.CancellationToken);

        Assert.Equal(UsageError, exit);
        Assert.Contains($"-summaryFile: cannot write '{_dir.Path}': it is a folder", console.ToString());
    }

    [Fact]
    public void ProvPerf_checks_its_stats_path_before_it_listens()
    {
        var console = new StringWriter();

        int exit = ProvPerfApp.Run(["-p", "0", "-runTime", "1", "-summaryFile", _dir.File("s.out"), "-statsFile", Missing("ProvStats")],
            console, TestContext.Current.CancellationToken);

        Assert.Equal(UsageError, exit);
        Assert.Contains($"-statsFile: cannot write '{Missing("ProvStats1.csv")}'", console.ToString());
        Assert.DoesNotContain("Server bound", console.ToString());
    }

    [Fact]
    public void NIProvPerf_checks_its_summary_and_stats_paths_before_it_connects()
    {
        var summaryConsole = new StringWriter();
        var statsConsole = new StringWriter();
        string summary = Missing("NIProvSummary.out");
        string ok = _dir.File("NIProvSummary.out");

        // Port 1: were the paths not checked first, the run would try to connect, fail, and lose its summary.
        int summaryExit = NIProvPerfApp.Run(["-h", "127.0.0.1", "-p", "1", "-runTime", "1", "-summaryFile", summary, "-statsFile", _dir.File("NIProvStats")],
            summaryConsole, TestContext.Current.CancellationToken);
        int statsExit = NIProvPerfApp.Run(["-h", "127.0.0.1", "-p", "1", "-runTime", "1", "-summaryFile", ok, "-statsFile", Missing("NIProvStats")],
            statsConsole, TestContext.Current.CancellationToken);

        Assert.Equal(UsageError, summaryExit);
        Assert.Contains($"-summaryFile: cannot write '{summary}': the folder", summaryConsole.ToString());
        Assert.DoesNotContain("TEST INPUTS", summaryConsole.ToString());
        Assert.Equal(UsageError, statsExit);
        Assert.Contains($"-statsFile: cannot write '{Missing("NIProvStats1.csv")}'", statsConsole.ToString());
        Assert.False(File.Exists(ok));
    }

    [Fact]
    public void PerfHub_checks_its_summary_path_before_it_listens()
    {
        var console = new StringWriter();
        string summary = Missing("HubSummary.out");

        int exit = PerfHubApp.Run(["-p", "0", "-niPort", "0", "-runTime", "1", "-summaryFile", summary, "-statsFile", _dir.File("HubStats")],
            console, TestContext.Current.CancellationToken);

        Assert.Equal(UsageError, exit);
        Assert.Contains($"-summaryFile: cannot write '{summary}': the folder", console.ToString());
        Assert.False(File.Exists(_dir.File("HubStats.csv")));
    }

    [Fact]
    public void TransportPerf_checks_its_summary_path_before_it_runs()
    {
        var console = new StringWriter();
        var errors = new StringWriter();
        string summary = Missing("TransportSummary.out");

        int exit = TransportPerfApp.Run(["-p", "0", "-runTime", "1", "-summaryFile", summary, "-statsFile", _dir.File("TransportStats")],
            console, errors, TestContext.Current.CancellationToken);

        Assert.Equal(UsageError, exit);
        Assert.Contains($"-summaryFile: cannot write '{summary}'", errors.ToString());
        Assert.DoesNotContain("TEST INPUTS", console.ToString());
    }
}
