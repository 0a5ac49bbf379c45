using PerfTools.Common.CommandLine;
using PerfTools.Common.Lifetime;
using PerfTools.Common.Output;
using PerfTools.TransportPerf.Network;
using PerfTools.TransportPerf.Options;

namespace PerfTools.TransportPerf;

/// <summary>Entry point logic, callable in-process (tests) with its own writers and cancellation.</summary>
public static class TransportPerfApp
{
    /// <summary>
    /// Parses <paramref name="args"/>, runs, and returns the exit code. Never exits the process.
    /// <paramref name="beforeRun"/> runs once the options are known good, before the run time starts, with them (Main: JIT
    /// warm-up and the rehearsal), and may return a line for the console.
    /// </summary>
    public static int Run(string[] args, TextWriter console, TextWriter errors, CancellationToken cancellation = default,
        bool handleSignals = false, Action<int>? listening = null, Func<TransportPerfOptions, string?>? beforeRun = null)
    {
        // Transport threads and the main thread both print.
        console = TextWriter.Synchronized(console);
        errors = TextWriter.Synchronized(errors);
        CommandLineResult<TransportPerfOptions> parsed = TransportPerfCommandLine.Parse(args);
        if (!parsed.IsSuccess)
            return parsed.Report(TransportPerfCommandLine.ToolName, console, errors);
        TransportPerfOptions options = parsed.Options!;
        CommandLineError? unwritable = OutputPathCheck.CheckAll(options.OutputPaths(Environment.ProcessId), options.InputPaths());
        if (unwritable is not null)
            return CommandLineResult<TransportPerfOptions>.ReportError(TransportPerfCommandLine.ToolName, unwritable, errors);

        // As in the guide, the proxy is used only with -proxy; proxy settings without it would go unused in silence.
        if (options.AppType == AppType.Client && !options.UseProxy && (options.ProxyHost.Length > 0 || options.ProxyPort.Length > 0))
            errors.WriteLine("TransportPerf: warning: -ph and -pp are used only with -proxy; connecting directly.");

        if (beforeRun?.Invoke(options) is { } warmedUp)
            console.WriteLine(warmedUp);
        using var shutdown = new ShutdownSignal(TimeSpan.FromSeconds(options.RunTime), cancellation, handleSignals);
        try
        {
            using var endpoints = new EtaTransportEndpoints(options);
            var run = new TransportPerfRun(options, endpoints, console, errors) { Listening = listening };
            return run.Execute(shutdown);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            errors.WriteLine($"{TransportPerfCommandLine.ToolName}: cannot create an output file: {e.Message}");
            return 1;
        }
    }
}
