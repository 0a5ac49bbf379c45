using Eta.Transport;
using PerfTools.Common.CommandLine;
using PerfTools.Common.Lifetime;
using PerfTools.Common.Output;
using PerfTools.Common.Xml;
using PerfTools.ConsPerf.Options;
using PerfTools.ConsPerf.Run;

namespace PerfTools.ConsPerf;

/// <summary>
/// ConsPerf as a callable: parse the options, load the inputs, run the test, write the outputs, return the exit code.
/// <see cref="Program"/> calls it with the process console; tests call it in-process.
/// Exit codes: 0 steady state reached and completed (or all snapshot images received); 1 an input file is missing or
/// invalid; 2 a command-line error; 3 images did not all arrive within -steadyStateTime of connecting; 4 a connection
/// was lost; 5 the provider refused or sent something unusable; 6 stopped before the end (Ctrl+C, cancellation);
/// 7 no connection within -steadyStateTime (cannot connect); 8 the same with a host name that has no address.
/// </summary>
public static class ConsPerfApp
{
    public const int SetupErrorExitCode = 1;

    /// <param name="args">Command-line options (Table 2).</param>
    /// <param name="output">Where console output goes (periodic stats, the summary, errors).</param>
    /// <param name="cancellation">Stops the run early; the summary is still written.</param>
    public static int Run(IReadOnlyList<string> args, TextWriter output, CancellationToken cancellation = default) =>
        Run(args, output, cancellation, handleSignals: false);

    /// <param name="handleSignals">True in the real process: Ctrl+C / SIGTERM end the run like a cancellation.</param>
    internal static int Run(IReadOnlyList<string> args, TextWriter output, CancellationToken cancellation, bool handleSignals)
    {
        TextWriter console = TextWriter.Synchronized(output);
        CommandLineResult<ConsPerfOptions> parsed = ConsPerfCommandLine.Parse(args);
        if (!parsed.IsSuccess)
            return parsed.Report(ConsPerfCommandLine.ToolName, console, console);
        ConsPerfOptions options = parsed.Options!;
        CommandLineError? unwritable = OutputPathCheck.CheckAll(options.OutputPaths(), options.InputPaths());
        if (unwritable is not null)
            return CommandLineResult<ConsPerfOptions>.ReportError(ConsPerfCommandLine.ToolName, unwritable, console);

        ConsumerResources resources;
        try
        {
            resources = ConsumerResources.Load(options);
        }
        catch (SetupException e)
        {
            console.WriteLine($"{ConsPerfCommandLine.ToolName}: {e.Message}");
            return SetupErrorExitCode;
        }

        foreach (string warning in resources.Warnings)
            console.WriteLine($"{ConsPerfCommandLine.ToolName}: warning: {warning}");

        // The guide reads -msgFile for posts and generic messages only (§4.4), so without them a missing file is no error;
        // but a file named and not there is said, not passed over in silence.
        if (resources.ContentEncoder is null && !File.Exists(DataFiles.Locate(options.MsgFile)))
            console.WriteLine($"{ConsPerfCommandLine.ToolName}: warning: message data: {options.MsgFile}: no such file " +
                "(not read: nothing is posted and no generic message is sent)");

        using var shutdown = new ShutdownSignal(runTime: null, cancellation, handleSignals);
        ConsumerRun run;
        try
        {
            run = new ConsumerRun(options, resources, console);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            console.WriteLine($"{ConsPerfCommandLine.ToolName}: cannot create an output file: {e.Message}");
            return SetupErrorExitCode;
        }
        // Each connection is used by its own thread only, so the transport needs no global locking.
        Transport.Initialize(new InitArgs { GlobalLocking = false });
        try
        {
            using (run)
                return run.Execute(shutdown).ExitCode;
        }
        finally
        {
            Transport.Uninitialize();
        }
    }
}
