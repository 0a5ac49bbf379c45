using System.Net;
using System.Net.Sockets;
using PerfTools.ConsPerf;
using PerfTools.ProvPerf;
using PerfTools.ProvPerf.Options;
using Xunit;

namespace PerfTools.Tests.ConsPerf;

/// <summary>
/// One end-to-end test's world: a temporary directory for the item list and every output file, ProvPerf running
/// in-process on an ephemeral port, ConsPerf run in-process against it, and a time limit that ends both tools
/// (they then still write their summaries) so no test can hang.
/// </summary>
internal sealed class LoopbackRun : IAsyncDisposable
{
    private readonly CancellationTokenSource _limit;
    private readonly CancellationTokenSource _provider;
    private Task<int>? _providerRun;

    public LoopbackRun(TimeSpan limit)
    {
        _limit = new CancellationTokenSource(limit);
        _provider = CancellationTokenSource.CreateLinkedTokenSource(_limit.Token);
        Directory = System.IO.Directory.CreateTempSubdirectory("consperf-e2e-").FullName;
    }

    public string Directory { get; }

    public CancellationToken Limit => _limit.Token;

    public WatchedConsole ProviderConsole { get; } = new();

    public WatchedConsole ConsumerConsole { get; } = new();

    public int Port { get; private set; }

    public string PathOf(string fileName) => Path.Combine(Directory, fileName);

    public string ConsumerSummary => File.ReadAllText(PathOf("ConsSummary.out"));

    public string ProviderSummary => File.ReadAllText(PathOf("ProvSummary.out"));

    /// <summary>
    /// Writes an item list of <paramref name="count"/> MarketPrice items; every <paramref name="everyNthPosts"/>th
    /// item allows posts and generic messages (0: none).
    /// </summary>
    public string WriteItemList(int count, int everyNthPosts = 0)
    {
        string path = PathOf("items.xml");
        File.WriteAllLines(path,
        [
            "<itemList>",
            .. Enumerable.Range(1, count).Select(i => everyNthPosts > 0 && i % everyNthPosts == 1
                ? $"  <item domain=\"MarketPrice\" name=\"ITEM{i}\" post=\"true\" genMsg=\"true\" />"
                : $"  <item domain=\"MarketPrice\" name=\"ITEM{i}\" />"),
            "</itemList>",
        ]);
        return path;
    }

    /// <summary>Starts ProvPerf (port 0 unless <paramref name="port"/> is given) and waits until it listens.</summary>
    public async Task StartProviderAsync(int port = 0, params string[] args)
    {
        string[] all =
        [
            "-p", port.ToString(), "-runTime", "120", "-writeStatsInterval", "1",
            "-summaryFile", PathOf("ProvSummary.out"), "-statsFile", PathOf("ProvStats"), .. args,
        ];
        var parsed = ProvPerfCommandLine.Parse(all);
        Assert.True(parsed.IsSuccess, parsed.Error?.ToString());
        var listening = new TaskCompletionSource<int>(TaskCreationOptions.RunContinuationsAsynchronously);
        _providerRun = Task.Run(() =>
        {
            try
            {
                return ProvPerfApp.Run(parsed.Options!, ProviderConsole, _provider.Token, handleSignals: false, listening.SetResult);
            }
            finally
            {
                listening.TrySetCanceled();
            }
        });
        Port = await listening.Task.WaitAsync(Limit);
    }

    /// <summary>Stops ProvPerf (as Ctrl+C would) and returns its exit code.</summary>
    public async Task<int> StopProviderAsync()
    {
        if (_providerRun is null)
            return 0;
        _provider.Cancel();
        return await _providerRun.WaitAsync(TimeSpan.FromSeconds(20));
    }

    /// <summary>Runs ConsPerf against the provider with the outputs in the run's directory; returns its exit code.</summary>
    public Task<int> RunConsumerAsync(params string[] args) => Task.Run(() => ConsPerfApp.Run(ConsumerArgs(args), ConsumerConsole, Limit));

    public string[] ConsumerArgs(string[] args) =>
    [
        "-h", "127.0.0.1", "-p", Port.ToString(), "-writeStatsInterval", "1", "-tickRate", "1000",
        "-summaryFile", PathOf("ConsSummary.out"), "-statsFile", PathOf("ConsStats"), .. args,
    ];

    /// <summary>A port nothing listens on right now, for a consumer started before its provider.</summary>
    public static int FreePort()
    {
        using var probe = new TcpListener(IPAddress.Loopback, 0);
        probe.Start();
        return ((IPEndPoint)probe.LocalEndpoint).Port;
    }

    public async ValueTask DisposeAsync()
    {
        try
        {
            await StopProviderAsync();
        }
        finally
        {
            _provider.Dispose();
            _limit.Dispose();
            try
            {
                System.IO.Directory.Delete(Directory, recursive: true);
            }
            catch (IOException)
            {
                // A file still held open by a stuck tool; the temp directory is left behind, which is harmless.
            }
        }
    }
}
