using System.Diagnostics;
using Eta.Codec;
using Eta.Transport;
using PerfTools.Common.CommandLine;
using PerfTools.Common.Items;
using PerfTools.Common.Lifetime;
using PerfTools.Common.Network;
using PerfTools.Common.Omm;
using PerfTools.Common.Output;
using PerfTools.Common.Provider;
using PerfTools.Common.Statistics;
using PerfTools.Common.Xml;
using PerfTools.NIProvPerf.Options;
using PerfTools.NIProvPerf.Output;
using PerfTools.NIProvPerf.Statistics;
using PerfTools.NIProvPerf.Threads;

namespace PerfTools.NIProvPerf;

/// <summary>
/// NIProvPerf, the non-interactive provider performance tool (guide chapter 6), runnable in-process: parses the
/// command line, loads the dictionary, message data and item list, starts one provider thread (one connection to
/// the hub) per <c>-threads</c>, writes statistics every interval and the summary at the end. Returns the exit
/// code; only <c>Main</c> exits the process.
/// </summary>
public static class NIProvPerfApp
{
    public const int Success = 0;
    public const int SetupFailed = 1;
    public const int UsageError = 2;

    /// <summary>The connection to the hub was lost, the hub refused the login, or no connection was ever made.</summary>
    public const int RunFailed = 3;

    private const double MaxStatsWaitSeconds = 3600;

    /// <summary>Runs NIProvPerf with <paramref name="args"/> until its run time expires, the connection ends, or <paramref name="cancellation"/> fires.</summary>
    public static int Run(string[] args, TextWriter console, CancellationToken cancellation) =>
        Run(args, console, cancellation, handleSignals: false);

    internal static int Run(string[] args, TextWriter console, CancellationToken cancellation, bool handleSignals)
    {
        var parsed = NIProvPerfCommandLine.Parse(args);
        if (!parsed.IsSuccess)
            return parsed.Report(NIProvPerfCommandLine.ToolName, console, console);
        CommandLineError? unwritable = OutputPathCheck.CheckAll(parsed.Options!.OutputPaths(), parsed.Options!.InputPaths());
        if (unwritable is not null)
            return CommandLineResult<NIProvPerfOptions>.ReportError(NIProvPerfCommandLine.ToolName, unwritable, console);
        return Run(parsed.Options!, console, cancellation, handleSignals);
    }

    /// <summary>Runs with validated options.</summary>
    internal static int Run(NIProvPerfOptions options, TextWriter console, CancellationToken cancellation, bool handleSignals)
    {
        if (!LoadInputs(options, out MsgData? msgData, out ItemList? items, out DataDictionary? dictionary, out string? error))
        {
            console.WriteLine($"{NIProvPerfCommandLine.ToolName}: {error}");
            return SetupFailed;
        }

        console = TextWriter.Synchronized(console); // provider threads report connections and failures too
        var inputs = new SummaryBuilder();
        NIProvInputsReport.Write(inputs, options);
        console.Write(inputs.ToString());
        if (options.KeyFile.Length > 0)
            console.WriteLine($"{NIProvPerfCommandLine.ToolName}: warning: -key is ignored: the transport presents no client certificate.");

        using var shutdown = new ShutdownSignal(TimeSpan.FromSeconds(options.RunTimeSeconds), cancellation, handleSignals);
        string? failure = null;
        var encoder = new MarketPriceEncoder(msgData!);
        var threads = new NIProviderThread[options.ThreadCount];
        for (int i = 0; i < threads.Length; i++)
        {
            ItemSpec[] share = ItemAssignment.ForThread(items!, options.ItemCount, options.CommonItemCount, options.ThreadCount, i);
            threads[i] = new NIProviderThread(i, options, encoder, share, console, reason =>
            {
                Interlocked.CompareExchange(ref failure, reason, null);
                shutdown.Request(ShutdownReason.PeerDisconnected); // a disconnect ends the test (§6.3)
            }, JsonFieldNamesCache.For(dictionary!));
        }

        StatsCollector<PublishingStats> collector;
        try
        {
            collector = new StatsCollector<PublishingStats>(NIProvStatistics.Layout, threads.Select(t => (PublishingStats)t.Stats).ToArray(),
                new StatsOutput(n => StatsFile.PathForThread(options.StatsFile, n)));
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            console.WriteLine($"{NIProvPerfCommandLine.ToolName}: cannot create an output file: {e.Message}");
            return SetupFailed;
        }

        var report = new NIProvReport(options, collector, console);
        using (collector)
        {
            // Channels of several threads share the transport's pools: lock (guide §6.4).
            // No channel locks: each provider thread opens and alone uses its own channel to the hub.
            Transport.Initialize(new InitArgs { GlobalLocking = false });
            try
            {
                foreach (NIProviderThread thread in threads)
                {
                    thread.Start(shutdown.Token, (name, e) =>
                    {
                        console.WriteLine(InternalError.Report(name, e));
                        Interlocked.CompareExchange(ref failure, $"{name}: {InternalError.Reason(e)}", null);
                        shutdown.Request(ShutdownReason.InternalError);
                    });
                }
                ReportUntilStopped(options, report, shutdown.Token);
                foreach (NIProviderThread thread in threads)
                    thread.Join();
            }
            finally
            {
                Transport.Uninitialize();
            }
            report.Collect(final: true);

            int exitCode = ExitCode(options, shutdown.Reason, threads, ref failure);
            string results = report.BuildResults();
            if (failure is not null)
                results += $"Test ended early: {failure}{Environment.NewLine}";
            console.Write(results);
            console.Flush();
            if (SummaryFile.Write(options.SummaryFile, report.BuildSummary(results)) is { } unwritten)
            {
                console.WriteLine($"{NIProvPerfCommandLine.ToolName}: {unwritten}");
                return SetupFailed;
            }
            return exitCode;
        }
    }

    private static bool LoadInputs(NIProvPerfOptions options, out MsgData? msgData, out ItemList? items,
        out DataDictionary? dictionary, out string? error)
    {
        items = null;
        dictionary = DataFiles.LoadDictionary(out error);
        msgData = dictionary is null ? null : DataFiles.LoadMsgData(options.MsgFile, dictionary, out error);
        if (msgData is null)
            return false;
        try
        {
            items = ItemListLoader.Load(DataFiles.Locate(options.ItemFile), options.ItemCount);
            return true;
        }
        catch (ItemListException e)
        {
            error = $"item list: {e.Message}";
            return false;
        }
    }

    // The main thread's role (guide §6.2): collect statistics every -writeStatsInterval seconds until the run ends.
    // A wait takes at most int.MaxValue ms (24.8 days), so a longer -writeStatsInterval is waited for in steps.
    private static void ReportUntilStopped(NIProvPerfOptions options, NIProvReport report, CancellationToken stop)
    {
        long interval = options.WriteStatsIntervalSeconds * Stopwatch.Frequency;
        long nextStats = Stopwatch.GetTimestamp() + interval;
        while (true)
        {
            long remaining = nextStats - Stopwatch.GetTimestamp();
            if (remaining <= 0)
            {
                report.Collect();
                nextStats += interval;
                continue;
            }
            if (stop.WaitHandle.WaitOne(TimeSpan.FromSeconds(Math.Min((double)remaining / Stopwatch.Frequency, MaxStatsWaitSeconds))))
                return;
        }
    }


    // Run time or Ctrl+C: success, unless some thread never reached the hub. Anything else ended the test early.
    private static int ExitCode(NIProvPerfOptions options, ShutdownReason reason, NIProviderThread[] threads, ref string? failure)
    {
        if (reason == ShutdownReason.InternalError)
            return InternalError.ExitCode;
        if (reason == ShutdownReason.PeerDisconnected)
            return RunFailed;
        if (threads.All(t => t.Connected))
            return Success;
        ConnectFailures unconnected = threads.First(t => !t.Connected).ConnectFailures;
        failure ??= reason == ShutdownReason.Interrupted ? unconnected.InterruptedLine() : unconnected.GiveUpLine(options.RunTimeSeconds);
        return RunFailed;
    }
}
