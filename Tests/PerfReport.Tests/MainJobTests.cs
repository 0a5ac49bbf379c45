using System.Diagnostics;
using System.Net;
using System.Net.Sockets;
using System.Text.RegularExpressions;
using Eta.TestSupport;
using Xunit;

namespace PerfReport.Tests;

/// <summary>
/// The README's first command, <c>PerfTools/run-direct-connect.sh</c>, as a user runs it (on the Release outputs the
/// solution build left, SKIP_BUILD=1): it ends with a headline of a few lines, not the 254 lines of summaries it
/// printed before, and says that the warm-up is left out of latency with -delaySteadyStateCalc.
/// </summary>
public sealed class MainJobTests : IDisposable
{
    private readonly string _runDir = Directory.CreateTempSubdirectory("main-job-").FullName;

    public void Dispose() => Directory.Delete(_runDir, recursive: true);

    [Fact]
    public async Task The_main_job_ends_with_a_short_headline_and_keeps_the_full_summaries_in_their_files()
    {
        string repo = ReferenceData.RepoRoot;
        RequireReleaseOutputs(repo);

        (int exitCode, string output) = await RunScript(repo, new Dictionary<string, string>
        {
            ["SKIP_BUILD"] = "1", ["PORT"] = FreePort().ToString(), ["RUN_DIR"] = _runDir, ["ITEM_COUNT"] = "100",
            ["STEADY_STATE_TIME"] = "3", ["WARMUP_MS"] = "1000", ["UPDATE_RATE"] = "10000",
        });

        string[] lines = output.TrimEnd().Split('\n');
        Assert.True(lines.Length < 15, $"{lines.Length} lines printed (exit {exitCode}):\n{output}");
        Assert.DoesNotContain("--- TEST INPUTS ---", output); // the summaries stay in their files
        Assert.Contains("--- OVERALL SUMMARY ---", File.ReadAllText(Path.Combine(_runDir, "ConsSummary.out")));
        Assert.Matches(@"\n  Update rate: +[\d,]+ /s \(steady state, ConsPerf\)\n", output);
        Assert.Matches(@"\n  Latency: +avg [\d.]+ µs, p50 [\d.]+ µs, p99 [\d.]+ µs from [\d,]+ samples \(steady state", output);
        Assert.Contains("-delaySteadyStateCalc 1000", output);
        Assert.Matches(@"\n  Warm-up: +the first 1,000 ms of steady state are left out of latency \(-delaySteadyStateCalc 1000\)\n", output);
        Assert.Matches(@"\n  CPU per message: +ConsPerf [\d,]+ ns per update received, ProvPerf [\d,]+ ns per update sent\n", output);
        string report = Regex.Match(output, @"\n  Report: +(\S+)\n").Groups[1].Value;
        Assert.Equal(Path.Combine(_runDir, "report.html"), report);
        Assert.True(File.Exists(report), output);
        Assert.True(exitCode == 0, output);
    }

    [Fact]
    public async Task A_relative_run_folder_is_taken_from_where_the_script_is_run()
    {
        string repo = ReferenceData.RepoRoot;
        RequireReleaseOutputs(repo);

        (int exitCode, string output) = await RunScript(repo, new Dictionary<string, string>
        {
            ["SKIP_BUILD"] = "1", ["PORT"] = FreePort().ToString(), ["RUN_DIR"] = "relative run", ["ITEM_COUNT"] = "100",
            ["STEADY_STATE_TIME"] = "2", ["WARMUP_MS"] = "500", ["UPDATE_RATE"] = "10000",
        }, workingDirectory: _runDir);

        Assert.True(exitCode == 0, output);
        Assert.Contains("--- OVERALL SUMMARY ---", File.ReadAllText(Path.Combine(_runDir, "relative run", "ConsSummary.out")));
        Assert.True(File.Exists(Path.Combine(_runDir, "relative run", "ProvSummary.out")), output);
    }

    private static void RequireReleaseOutputs(string repo)
    {
        string[] missing = ["ProvPerf", "ConsPerf", "PerfReport"];
        missing = missing.Where(t => !File.Exists(Path.Combine(repo, "PerfTools", t, "bin", "Release", "net10.0", t + ".dll"))).ToArray();
        if (missing.Length == 0)
            return;
        string why = $"the Release build of {string.Join(", ", missing)} is missing (build the solution with -c Release first)";
        if (Environment.GetEnvironmentVariable("REQUIRE_REFERENCE") == "1" || Environment.GetEnvironmentVariable("CI") == "true")
            Assert.Fail(why);
        Assert.Skip(why);
    }

    private static async Task<(int, string)> RunScript(string repo, Dictionary<string, string> environment, string? workingDirectory = null)
    {
        var start = new ProcessStartInfo("bash", [Path.Combine(repo, "PerfTools", "run-direct-connect.sh")])
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            WorkingDirectory = workingDirectory ?? "",
        };
        foreach ((string name, string value) in environment)
            start.Environment[name] = value;
        using var process = Process.Start(start)!;
        Task<string> stdout = process.StandardOutput.ReadToEndAsync();
        Task<string> stderr = process.StandardError.ReadToEndAsync();
        using var limit = CancellationTokenSource.CreateLinkedTokenSource(TestContext.Current.CancellationToken);
        limit.CancelAfter(TimeSpan.FromMinutes(3));
        try
        {
            await process.WaitForExitAsync(limit.Token);
        }
        catch (OperationCanceledException)
        {
            process.Kill(entireProcessTree: true);
            throw;
        }
        return (process.ExitCode, await stdout + await stderr);
    }

    private static int FreePort()
    {
        using var probe = new TcpListener(IPAddress.Loopback, 0);
        probe.Start();
        return ((IPEndPoint)probe.LocalEndpoint).Port;
    }
}
