using PerfTools.PerfHub;
using PerfTools.Tests.ConsPerf;
using Xunit;

namespace PerfTools.Tests.PerfHub;

/// <summary>
/// PerfHub running in-process on free ports for one test, with its outputs in the test's directory; stopping it (as
/// Ctrl+C would) returns its exit code after the summary is written.
/// </summary>
internal sealed class HubProcess : IAsyncDisposable
{
    private readonly CancellationTokenSource _stop;
    private readonly Task<int> _run;

    private HubProcess(string directory, CancellationTokenSource stop, Task<int> run, int consumerPort, int providerPort)
    {
        Directory = directory;
        _stop = stop;
        _run = run;
        ConsumerPort = consumerPort;
        ProviderPort = providerPort;
    }

    public string Directory { get; }

    public int ConsumerPort { get; }

    public int ProviderPort { get; }

    public WatchedConsole Console { get; private init; } = new();

    public string SummaryPath => Path.Combine(Directory, "HubSummary.out");

    public string StatsPath => Path.Combine(Directory, "HubStats.csv");

    public static async Task<HubProcess> StartAsync(string directory, CancellationToken limit, params string[] args)
    {
        var console = new WatchedConsole();
        var stop = CancellationTokenSource.CreateLinkedTokenSource(limit);
        var listening = new TaskCompletionSource<(int, int)>(TaskCreationOptions.RunContinuationsAsynchronously);
        string[] all =
        [
            "-p", "0", "-niPort", "0", "-writeStatsInterval", "1", "-noDisplayStats",
            "-summaryFile", Path.Combine(directory, "HubSummary.out"), "-statsFile", Path.Combine(directory, "HubStats"), .. args,
        ];
        Task<int> run = Task.Run(() =>
        {
            try
            {
                return PerfHubApp.Run(all, console, stop.Token, listening: (c, p) => listening.TrySetResult((c, p)));
            }
            finally
            {
                listening.TrySetCanceled();
            }
        });
        (int consumerPort, int providerPort) = await listening.Task.WaitAsync(limit);
        return new HubProcess(directory, stop, run, consumerPort, providerPort) { Console = console };
    }

    /// <summary>Stops the hub and returns its exit code and summary.</summary>
    public async Task<(int Exit, string Summary)> StopAsync()
    {
        _stop.Cancel();
        int exit = await _run.WaitAsync(TimeSpan.FromSeconds(20));
        return (exit, File.ReadAllText(SummaryPath));
    }

    public async ValueTask DisposeAsync()
    {
        _stop.Cancel();
        try
        {
            await _run.WaitAsync(TimeSpan.FromSeconds(20));
        }
        finally
        {
            _stop.Dispose();
        }
    }
}
