using System.ComponentModel;
using System.Diagnostics;
using System.Runtime.InteropServices;
using System.Text;
using Xunit;

namespace Interop.Tests.Harness;

/// <summary>
/// One tool running as a process in its own folder, its stdout and stderr kept (and written to &lt;name&gt;.log there).
/// Every wait is bounded; whatever is still running when the case ends is killed.
/// </summary>
internal sealed partial class PeerProcess : IAsyncDisposable
{
    private const int SigInt = 2;
    private readonly Process _process;
    private readonly StringBuilder _output = new();
    private readonly StreamWriter _log;

    private PeerProcess(string name, string folder, Process process, StreamWriter log)
    {
        Name = name;
        Folder = folder;
        _process = process;
        _log = log;
    }

    public string Name { get; }

    /// <summary>The working folder: the tool's output files are here.</summary>
    public string Folder { get; }

    public bool HasExited => _process.HasExited;

    /// <summary>Everything the process wrote so far (complete once it has exited and been waited for).</summary>
    public string Output
    {
        get
        {
            lock (_output)
                return _output.ToString();
        }
    }

    public static PeerProcess Start(string name, string folder, string program, IEnumerable<string> arguments,
        IReadOnlyDictionary<string, string>? environment = null)
    {
        var start = new ProcessStartInfo(program)
        {
            WorkingDirectory = folder,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        foreach (string argument in arguments)
            start.ArgumentList.Add(argument);
        foreach ((string key, string value) in environment ?? new Dictionary<string, string>())
            start.Environment[key] = value;
        // Keep the tools out of any dotnet-test settings meant for the test host itself.
        start.Environment.Remove("VSTEST_HOST_DEBUG");

        var log = new StreamWriter(Path.Combine(folder, name + ".log")) { AutoFlush = true };
        var process = new Process { StartInfo = start };
        var peer = new PeerProcess(name, folder, process, log);
        process.OutputDataReceived += (_, e) => peer.Append(e.Data);
        process.ErrorDataReceived += (_, e) => peer.Append(e.Data);
        try
        {
            process.Start();
        }
        catch (Win32Exception e)
        {
            log.Dispose();
            Assert.Fail($"{name} cannot start ({program}): {e.Message}");
        }
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        return peer;
    }

    private void Append(string? line)
    {
        if (line is null)
            return;
        lock (_output)
        {
            _output.Append(line).Append('\n');
            _log.WriteLine(line);
        }
    }

    /// <summary>
    /// Waits for the process to end by itself; a process still running after <paramref name="limit"/> is killed and
    /// the case fails, and so does one that could not run at all (the loader's 126/127, or killed by a signal), with
    /// its own words (e.g. the missing library).
    /// </summary>
    public async Task<int> WaitForExitAsync(TimeSpan limit)
    {
        int exit = await WaitForExitCoreAsync(limit);
        Assert.False(exit is 126 or 127 or > 128, $"{Name} could not run or was killed (exit code {exit}); its output:\n{Tail()}");
        return exit;
    }

    private async Task<int> WaitForExitCoreAsync(TimeSpan limit)
    {
        using var timeout = new CancellationTokenSource(limit);
        try
        {
            await _process.WaitForExitAsync(timeout.Token);
        }
        catch (OperationCanceledException)
        {
            Kill();
            await DrainAsync();
            Assert.Fail($"{Name} did not end within {limit.TotalSeconds:F0} s; its output:\n{Tail()}");
        }
        return _process.ExitCode;
    }

    /// <summary>Stops the process as Ctrl+C would (so it writes its summary), killing it after <paramref name="grace"/>.</summary>
    public async Task<int> StopAsync(TimeSpan grace)
    {
        if (!_process.HasExited)
            _ = kill(_process.Id, SigInt);
        using var timeout = new CancellationTokenSource(grace);
        try
        {
            await _process.WaitForExitAsync(timeout.Token);
        }
        catch (OperationCanceledException)
        {
            Kill();
            await DrainAsync();
            Assert.Fail($"{Name} did not stop within {grace.TotalSeconds:F0} s of SIGINT; its output:\n{Tail()}");
        }
        return _process.ExitCode;
    }

    /// <summary>The last lines of the output, for failure messages.</summary>
    public string Tail(int lines = 40)
    {
        string[] all = Output.Split('\n');
        return string.Join('\n', all.Skip(Math.Max(0, all.Length - lines)));
    }

    /// <summary>A file the process wrote in its folder (a name or a pattern such as "TransportSummary*.out"), or empty when it wrote none.</summary>
    public string ReadFile(string pattern)
    {
        string[] matches = Directory.GetFiles(Folder, pattern);
        return matches.Length == 1 ? File.ReadAllText(matches[0]) : "";
    }

    private void Kill()
    {
        try
        {
            if (!_process.HasExited)
                _process.Kill(entireProcessTree: true);
        }
        catch (InvalidOperationException)
        {
            // ended meanwhile
        }
    }

    private async Task DrainAsync()
    {
        using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(10));
        try
        {
            await _process.WaitForExitAsync(timeout.Token);
        }
        catch (OperationCanceledException)
        {
            // a process that survives SIGKILL this long is beyond a test's reach
        }
    }

    public async ValueTask DisposeAsync()
    {
        Kill();
        await DrainAsync();
        _process.Dispose();
        lock (_output)
            _log.Dispose();
    }

    [LibraryImport("libc", SetLastError = true)]
    private static partial int kill(int pid, int signal);
}
