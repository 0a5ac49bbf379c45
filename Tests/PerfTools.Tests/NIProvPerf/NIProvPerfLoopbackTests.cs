using System.Text.RegularExpressions;
using Eta.Codec.Rdm;
using Eta.Transport;
using PerfTools.Common.Omm;
using PerfTools.NIProvPerf;
using PerfTools.NIProvPerf.Options;
using PerfTools.Tests.ProvPerf;
using Xunit;

namespace PerfTools.Tests.NIProvPerf;

/// <summary>NIProvPerf in-process publishing to a minimal hub stand-in (<see cref="TestNIReceiver"/>) over 127.0.0.1.</summary>
[Collection(ProvPerfTestCollection.Name)]
public sealed class NIProvPerfLoopbackTests : IDisposable
{
    private static readonly TimeSpan Deadline = TimeSpan.FromSeconds(30);

    private readonly TempFolder _dir = new("niprovperf-");

    [Theory]
    [InlineData("")]
    [InlineData("-maxPackCount 10 -packBufSize 6000")]
    [InlineData("-maxPackCount 10 -packBufSize 20000")] // above the max fragment size (6144): cut to it
    [InlineData("-directWrite -highWaterMark 1000 -tcpDelay")]
    public async Task Logs_in_as_provider_publishes_the_service_refreshes_every_item_once_then_sends_every_update_it_counts(string extraArgs)
    {
        using var receiver = TestNIReceiver.Start();
        var console = new StringWriter();
        using var stop = CancellationTokenSource.CreateLinkedTokenSource(TestContext.Current.CancellationToken);
        Task<int> run = RunAsync(console, stop.Token, [.. Split(extraArgs), "-p", Port(receiver), "-itemCount", "20",
            "-tickRate", "100", "-updateRate", "1000", "-latencyUpdateRate", "50", "-refreshBurstSize", "3"]);

        TestNIReceiver.Publisher hub = receiver.WaitForPublishers(1, Deadline)[0];
        hub.WaitUntil(p => p.RefreshCount == 20 && p.LatencyUpdates >= 3, Deadline, "every refresh and some stamped updates");
        stop.Cancel();
        Assert.Equal(NIProvPerfApp.Success, await run.WaitAsync(Deadline, TestContext.Current.CancellationToken));
        hub.WaitUntil(p => p.Closed, Deadline, "the provider to close its connection at the end of the run");

        Assert.Empty(hub.Problems);
        LoginRequest login = hub.Login!;
        Assert.Equal(LoginRoles.Provider, login.Attributes.Role);
        Assert.Equal("NIProvPerf", login.Attributes.ApplicationName);
        Assert.Equal(-1, hub.DirectoryStreamId);
        Assert.False(hub.DirectorySolicited);
        Service service = Assert.Single(hub.Directory!.Services);
        Assert.Equal(1, service.ServiceId);
        Assert.Equal("NI_PUB", service.Info!.ServiceName);
        Assert.Contains((ulong)DomainTypes.MarketPrice, service.Info.Capabilities);
        Assert.Contains(DictionaryNames.Field, service.Info.DictionariesUsed);
        Assert.Contains(ProvidedService.RealtimeTickByTick, service.Info.QosList);
        Assert.True(service.State!.IsUp);

        // Every item refreshed once, on its own negative stream (-6, -7, ... as LSEG's NIProvPerf numbers them).
        IReadOnlyDictionary<int, string> refreshes = hub.Refreshes;
        Assert.Equal(Enumerable.Range(0, 20).Select(i => -6 - i).Order(), refreshes.Keys.Order());
        Assert.Equal(Enumerable.Range(0, 20).Select(i => $"RDT{i}").Order(), refreshes.Values.Order());
        Assert.True(hub.LatencyUpdates > 0 && hub.LatencyUpdates < hub.Updates, $"{hub.LatencyUpdates} of {hub.Updates} stamped");

        // What the tool reports is exactly what arrived.
        string summary = File.ReadAllText(_dir.File("NIProvSummary.out"));
        Assert.Contains("--- TEST INPUTS ---", summary);
        Assert.Contains("           Service Name: NI_PUB\n", summary);
        Assert.Contains("--- OVERALL SUMMARY ---\n\nOverall Statistics:\n  Images sent: 20\n", summary);
        Assert.Contains($"  Updates sent: {hub.Updates}\n", summary);
        Assert.Contains("  CPU/Memory samples: ", summary);
        string[] stats = File.ReadAllLines(_dir.File("NIProvStats1.csv"));
        Assert.Equal("UTC, Requests received, Images sent, Updates sent, CPU usage (%), Memory (MB), Interval (sec)", stats[0]);
        Assert.Equal(20, stats.Skip(1).Sum(line => long.Parse(line.Split(", ")[2])));
        Assert.Equal(hub.Updates, stats.Skip(1).Sum(line => long.Parse(line.Split(", ")[3])));
    }

    [Fact]
    public async Task Two_threads_each_publish_their_share_plus_the_common_items_on_their_own_connection()
    {
        using var receiver = TestNIReceiver.Start();
        var console = new StringWriter();
        using var stop = CancellationTokenSource.CreateLinkedTokenSource(TestContext.Current.CancellationToken);
        Task<int> run = RunAsync(console, stop.Token, ["-p", Port(receiver), "-threads", "2", "-itemCount", "20", "-commonItemCount", "4",
            "-tickRate", "100", "-updateRate", "1000"]);

        IReadOnlyList<TestNIReceiver.Publisher> hubs = receiver.WaitForPublishers(2, Deadline);
        foreach (TestNIReceiver.Publisher hub in hubs)
            hub.WaitUntil(p => p.RefreshCount == 12 && p.Updates > 0, Deadline, "the connection's refreshes and some updates");
        stop.Cancel();
        Assert.Equal(NIProvPerfApp.Success, await run.WaitAsync(Deadline, TestContext.Current.CancellationToken));
        foreach (TestNIReceiver.Publisher hub in hubs)
        {
            hub.WaitUntil(p => p.Closed, Deadline, "the provider to close its connection");
            Assert.Empty(hub.Problems);
        }

        string[] common = ["RDT0", "RDT1", "RDT2", "RDT3"];
        HashSet<string> first = [.. hubs[0].Refreshes.Values], second = [.. hubs[1].Refreshes.Values];
        Assert.Equal(12, first.Count); // 4 common + 8 of the 16 others
        Assert.Equal(12, second.Count);
        Assert.Equal(common.Order(), first.Intersect(second).Order());
        Assert.Equal(Enumerable.Range(0, 20).Select(i => $"RDT{i}").Order(), first.Union(second).Order());

        string summary = File.ReadAllText(_dir.File("NIProvSummary.out"));
        Assert.Contains("--- THREAD 1 SUMMARY ---", summary);
        Assert.Contains("--- THREAD 2 SUMMARY ---", summary);
        Assert.Contains("--- OVERALL SUMMARY ---\n\nOverall Statistics:\n  Images sent: 24\n", summary);
        Assert.Contains($"  Updates sent: {hubs[0].Updates + hubs[1].Updates}\n", summary);
        Assert.True(File.Exists(_dir.File("NIProvStats2.csv")));
    }

    [Fact]
    public async Task Hub_disconnecting_mid_run_ends_the_test_with_the_run_failed_code_and_a_complete_summary()
    {
        using var receiver = TestNIReceiver.Start();
        var console = new StringWriter();
        Task<int> run = RunAsync(console, TestContext.Current.CancellationToken, ["-p", Port(receiver), "-itemCount", "20",
            "-tickRate", "100", "-updateRate", "1000", "-writeStatsInterval", "1"], displayStats: true);

        // 1500 updates at 1000/s take over a second: at least one stats interval passes after the images went out.
        TestNIReceiver.Publisher hub = receiver.WaitForPublishers(1, Deadline)[0];
        hub.WaitUntil(p => p.RefreshCount == 20 && p.Updates >= 1500, Deadline, "every refresh and 1500 updates");
        hub.Disconnect();

        Assert.Equal(NIProvPerfApp.RunFailed, await run.WaitAsync(Deadline, TestContext.Current.CancellationToken));
        string summary = File.ReadAllText(_dir.File("NIProvSummary.out"));
        Assert.Contains("--- TEST INPUTS ---", summary);
        Assert.Contains("Overall Statistics:\n  Images sent: 20\n  Updates sent: ", summary);
        Assert.Contains("  CPU/Memory samples: ", summary);
        string output = console.ToString();
        Assert.Contains("Test ended early: the hub closed the connection", output); // its peer is a hub, not a consumer
        // The file holds the results exactly as printed, why the test ended included.
        string results = summary[summary.IndexOf("--- OVERALL SUMMARY ---", StringComparison.Ordinal)..];
        Assert.EndsWith(results, output);
        Assert.Contains("\nTest ended early: ", results);
        Assert.Matches(@"\n\d{3}: UpdRate: \d+, CPU: \d+\.\d\d%, Mem: \d+\.\d\dMB\n", output); // §6.7.3
        Assert.Contains("\n  - Sent 20 images (total: 20)\n", output);
    }

    [Fact]
    public async Task No_hub_listening_retries_until_the_run_ends_then_fails_with_a_summary()
    {
        int port;
        using (var receiver = TestNIReceiver.Start())
            port = receiver.Port; // free now: nothing listens there
        var console = new StringWriter();
        int code = await RunAsync(console, TestContext.Current.CancellationToken, ["-p", port.ToString(), "-itemCount", "5", "-runTime", "2"])
            .WaitAsync(Deadline, TestContext.Current.CancellationToken);

        Assert.Equal(NIProvPerfApp.RunFailed, code);
        string output = console.ToString();
        Assert.Single(Regex.Matches(output, $@"Provider thread 1: connection to \S+:{port} failed \(.+\); retrying every 1 s\.\n")); // once, not every second
        Assert.Matches($@"\nTest ended early: cannot connect to \S+:{port} within 2 s \(last attempt: .+\)\n", output);
        Assert.Contains("  Images sent: 0\n", File.ReadAllText(_dir.File("NIProvSummary.out")));
    }

    [Fact]
    public async Task A_hub_host_name_with_no_address_fails_at_the_run_time_saying_host_not_found()
    {
        var console = new StringWriter();
        int code = await RunAsync(console, TestContext.Current.CancellationToken, ["-h", "nosuchhost.invalid", "-itemCount", "5", "-runTime", "2"])
            .WaitAsync(Deadline, TestContext.Current.CancellationToken);

        Assert.Equal(NIProvPerfApp.RunFailed, code);
        Assert.Contains("\nTest ended early: host not found: nosuchhost.invalid has no address", console.ToString());
        Assert.Contains("  Images sent: 0\n", File.ReadAllText(_dir.File("NIProvSummary.out")));
    }

    [Fact]
    public async Task Publishes_over_tls_trusting_the_hub_certificate_given_with_cert()
    {
        (string certificate, string key) = SelfSignedCertificate.WriteTo(_dir.Path);
        using var receiver = TestNIReceiver.Start(new ServerTlsOptions { CertificateFile = certificate, PrivateKeyFile = key });
        var console = new StringWriter();
        using var stop = CancellationTokenSource.CreateLinkedTokenSource(TestContext.Current.CancellationToken);
        Task<int> run = RunAsync(console, stop.Token, ["-h", "localhost", "-p", Port(receiver), "-connType", "encrypted", "-cert", certificate,
            "-itemCount", "5", "-tickRate", "100", "-updateRate", "200"]);

        TestNIReceiver.Publisher hub = receiver.WaitForPublishers(1, Deadline)[0];
        hub.WaitUntil(p => p.RefreshCount == 5 && p.Updates > 0, Deadline, "every refresh and some updates");
        stop.Cancel();
        Assert.Equal(NIProvPerfApp.Success, await run.WaitAsync(Deadline, TestContext.Current.CancellationToken));
        hub.WaitUntil(p => p.Closed, Deadline, "the provider to close its connection");
        Assert.Empty(hub.Problems);
        Assert.Equal(5, hub.RefreshCount);
        Assert.True(hub.Updates > 0);
        Assert.Contains("Connection Type: encrypted", File.ReadAllText(_dir.File("NIProvSummary.out")));
    }

    // Runs the tool (default -runTime 120: tests end it through stop once the hub saw what they need).
    [Fact]
    public async Task Stopped_before_reaching_the_hub_it_says_how_long_it_tried_not_its_run_time()
    {
        int port;
        using (var receiver = TestNIReceiver.Start())
            port = receiver.Port; // free now: nothing listens there
        var console = new global::PerfTools.Tests.ConsPerf.WatchedConsole();
        using var stop = CancellationTokenSource.CreateLinkedTokenSource(TestContext.Current.CancellationToken);
        Task<int> run = RunAsync(console, stop.Token, ["-p", port.ToString(), "-itemCount", "5", "-runTime", "600"]);

        await console.WhenWritten("retrying every 1 s.", TestContext.Current.CancellationToken).WaitAsync(Deadline, TestContext.Current.CancellationToken);
        await stop.CancelAsync(); // as Ctrl+C, SIGTERM or SIGHUP do
        int code = await run.WaitAsync(Deadline, TestContext.Current.CancellationToken);

        Assert.Equal(NIProvPerfApp.RunFailed, code);
        Assert.Matches($@"
Test ended early: interrupted after \d+ s, before a connection to \S+:{port} was made \(last attempt: .+\)
", console.Text);
        Assert.DoesNotContain("within 600 s", console.Text);
    }

    private Task<int> RunAsync(TextWriter console, CancellationToken stop, string[] args, bool displayStats = false)
    {
        NIProvPerfOptions options = Options(["-runTime", "120", .. args], displayStats);
        return Task.Run(() =>
        {
            int code = NIProvPerfApp.Run(options, TextWriter.Synchronized(console), stop, handleSignals: false);
            TestContext.Current.TestOutputHelper?.WriteLine(console.ToString() ?? ""); // the tool's console, for a failing test
            return code;
        }, TestContext.Current.CancellationToken);
    }

    /// <summary>Options with the outputs and a 20-item list (RDT0..RDT19) in the test folder, on 127.0.0.1 unless -h says otherwise.</summary>
    internal NIProvPerfOptions Options(string[] args, bool displayStats = false)
    {
        string items = _dir.File("items.xml");
        File.WriteAllText(items, "<itemList>\n" + string.Concat(Enumerable.Range(0, 20).Select(i =>
            $"  <item domain=\"MarketPrice\" name=\"RDT{i}\"/>\n")) + "</itemList>\n");
        string[] host = args.Contains("-h") ? [] : ["-h", "127.0.0.1"];
        string[] quiet = displayStats ? [] : ["-noDisplayStats"];
        var parsed = NIProvPerfCommandLine.Parse([.. host, .. args, .. quiet, "-itemFile", items,
            "-summaryFile", _dir.File("NIProvSummary.out"), "-statsFile", _dir.File("NIProvStats")]);
        Assert.True(parsed.IsSuccess, parsed.Error?.ToString());
        return parsed.Options!;
    }

    private static string Port(TestNIReceiver receiver) => receiver.Port.ToString(System.Globalization.CultureInfo.InvariantCulture);

    private static string[] Split(string args) => args.Split(' ', StringSplitOptions.RemoveEmptyEntries);

    public void Dispose() => _dir.Dispose();
}
