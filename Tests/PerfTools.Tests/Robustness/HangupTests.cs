using System.Diagnostics;
using System.Runtime.InteropServices;
using Xunit;

namespace PerfTools.Tests.Robustness;

/// <summary>
/// A run started from a terminal or an ssh session that goes away gets SIGHUP, whose default ends a .NET process at
/// once: an hour's run would leave no summary. The tools take it as Ctrl+C. This runs the real ProvPerf as a process
/// and hangs it up.
/// </summary>
public sealed partial class HangupTests : IDisposable
{
    private const int SigHup = 1;
    private static readonly TimeSpan Deadline = TimeSpan.FromSeconds(30);
    private readonly TempFolder _dir = new("robust-hangup-");

    public void Dispose() => _dir.Dispose();

    [Fact]
    public async Task ProvPerf_hung_up_mid_run_writes_its_summary_and_exits_0()
    {
        string summary = _dir.File("ProvSummary.out");
        var start = new ProcessStartInfo(DotnetHost,
            [Path.Combine(AppContext.BaseDirectory, "ProvPerf.dll"), "-p", "0", "-runTime", "600", "-summaryFile", summary,
             "-statsFile", _dir.File("ProvStats")])
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
            WorkingDirectory = _dir.Path,
        };
        using var process = Process.Start(start)!;
        var bound = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        process.OutputDataReceived += (_, line) =>
        {
            if (line.Data?.StartsWith("Server bound on port", StringComparison.Ordinal) == true)
                bound.TrySetResult();
        };
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        try
        {
            await bound.Task.WaitAsync(Deadline, TestContext.Current.CancellationToken);
            Assert.Equal(0, kill(process.Id, SigHup));
            await process.WaitForExitAsync(TestContext.Current.CancellationToken).WaitAsync(Deadline, TestContext.Current.CancellationToken);

            Assert.Equal(0, process.ExitCode); // 129 would be the signal's default: killed
            Assert.Contains("CPU time per update sent (nsec)", File.ReadAllText(summary));
        }
        finally
        {
            if (!process.HasExited)
                process.Kill();
        }
    }

    private static string DotnetHost => Environment.GetEnvironmentVariable("DOTNET_HOST_PATH") is { Length: > 0 } host ? host : "dotnet";

    [LibraryImport("libc", SetLastError = true)]
    private static partial int kill(int pid, int signal);
}
