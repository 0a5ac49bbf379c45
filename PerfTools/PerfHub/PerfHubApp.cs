using Eta.Transport;
using PerfTools.Common.CommandLine;
using PerfTools.Common.Lifetime;
using PerfTools.Common.Output;
using PerfTools.PerfHub.Network;
using PerfTools.PerfHub.Options;
using PerfTools.PerfHub.Output;
using PerfTools.PerfHub.Routing;
using PerfTools.PerfHub.Run;

namespace PerfTools.PerfHub;

/// <summary>
/// PerfHub as a callable: parse, bind both servers, run the loop until the run time, Ctrl+C/SIGTERM or the caller's
/// token ends it, then write the summary. Exit codes: 0 ran and stopped normally; 1 a server could not be started,
/// or an output file created or the summary written; 2 a command-line error, an output path that cannot be written
/// among them (checked before anything binds, so a run cannot lose its summary at the end); 70 the loop threw what no
/// code path expects (a bug: <see cref="InternalError"/>).
/// </summary>
public static class PerfHubApp
{
    public const int SetupErrorExitCode = 1;

    /// <param name="listening">Called with the bound consumer and NI provider ports once both servers listen.</param>
    public static int Run(IReadOnlyList<string> args, TextWriter console, CancellationToken cancellation,
        bool handleSignals = false, Action<int, int>? listening = null)
    {
        TextWriter output = TextWriter.Synchronized(console);
        var parsed = PerfHubCommandLine.Parse(args);
        if (!parsed.IsSuccess)
            return parsed.Report(PerfHubCommandLine.ToolName, output, output);
        PerfHubOptions options = parsed.Options!;
        CommandLineError? unwritable = OutputPathCheck.CheckAll(options.OutputPaths(), options.InputPaths());
        if (unwritable is not null)
            return CommandLineResult<PerfHubOptions>.ReportError(PerfHubCommandLine.ToolName, unwritable, output);

        Transport.Initialize(new InitArgs { GlobalLocking = false });
        Server? consumers = null;
        Server? providers = null;
        try
        {
            consumers = HubTransport.Bind(options, options.ConsumerPort, out string? error);
            providers = consumers is null ? null : HubTransport.Bind(options, options.ProviderPort, out error);
            if (consumers is null || providers is null)
            {
                output.WriteLine($"PerfHub: {error}");
                return SetupErrorExitCode;
            }
            return Serve(options, output, consumers, providers, cancellation, handleSignals, listening);
        }
        finally
        {
            consumers?.Close();
            providers?.Close();
            Transport.Uninitialize();
        }
    }

    private static int Serve(PerfHubOptions options, TextWriter output, Server consumers, Server providers,
        CancellationToken cancellation, bool handleSignals, Action<int, int>? listening)
    {
        var hub = new HubState(options, output.WriteLine);
        var router = new HubRouter(hub);
        HubReport report;
        try
        {
            report = new HubReport(options, hub, output);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            output.WriteLine($"PerfHub: cannot create an output file: {e.Message}");
            return SetupErrorExitCode;
        }
        using (report)
        {
            TimeSpan? runTime = options.RunTimeSeconds > 0 ? TimeSpan.FromSeconds(options.RunTimeSeconds) : null;
            using var shutdown = new ShutdownSignal(runTime, cancellation, handleSignals);
            using var loop = new HubLoop(options, router, consumers, providers, output.WriteLine);
            report.Attach(loop);
            loop.OnInterval = report.WriteInterval;
            output.WriteLine($"PerfHub: consumers connect to port {consumers.Port}, non-interactive providers to port {providers.Port}"
                + (options.Upstream.Length > 0 ? $"; consuming from {options.Upstream}." : "."));
            listening?.Invoke(consumers.Port, providers.Port);
            string? internalError = null;
            try
            {
                loop.Run(shutdown.Token);
            }
            catch (Exception e)
            {
                // A bug: reported whole, and the run ends the usual way, its summary naming it (exit 70).
                const string thread = $"{PerfHubCommandLine.ToolName} main thread";
                output.WriteLine(InternalError.Report(thread, e));
                internalError = $"{thread}: {InternalError.Reason(e)}";
                shutdown.Request(ShutdownReason.InternalError);
            }
            report.WriteInterval();
            bool summaryWritten = report.WriteSummary(shutdown.Reason, internalError);
            return internalError is not null ? InternalError.ExitCode : summaryWritten ? 0 : SetupErrorExitCode;
        }
    }
}
