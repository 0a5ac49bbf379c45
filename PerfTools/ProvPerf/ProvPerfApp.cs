using System.Diagnostics;
using Eta.Codec;
using PerfTools.Common.CommandLine;
using PerfTools.Common.Lifetime;
using PerfTools.Common.Omm;
using PerfTools.Common.Output;
using PerfTools.Common.Statistics;
using PerfTools.Common.Xml;
using Eta.Transport;
using PerfTools.ProvPerf.Network;
using PerfTools.ProvPerf.Options;
using PerfTools.ProvPerf.Output;
using PerfTools.ProvPerf.Statistics;
using PerfTools.ProvPerf.Threads;

namespace PerfTools.ProvPerf;

/// <summary>
/// ProvPerf, the interactive provider performance tool (guide chapter 5), runnable in-process: parses the
/// command line, loads the dictionary and message data, listens, balances accepted connections over the
/// provider threads, writes statistics every interval and the summary at the end. Returns the exit code;
/// only <c>Main</c> exits the process.
/// </summary>
public static class ProvPerfApp
{
    public const int Success = 0;
    public const int SetupFailed = 1;
    public const int RunFailed = 3;

    /// <summary>Runs ProvPerf with <paramref name="args"/> until its run time expires or <paramref name="cancellation"/> fires.</summary>
    public static int Run(string[] args, TextWriter console, CancellationToken cancellation) =>
        Run(args, console, cancellation, handleSignals: false);

    internal static int Run(string[] args, TextWriter console, CancellationToken cancellation, bool handleSignals)
    {
        var parsed = ProvPerfCommandLine.Parse(args);
        if (!parsed.IsSuccess)
            return parsed.Report(ProvPerfCommandLine.ToolName, console, console);
        CommandLineError? unwritable = OutputPathCheck.CheckAll(parsed.Options!.OutputPaths(), parsed.Options!.InputPaths());
        if (unwritable is not null)
            return CommandLineResult<ProvPerfOptions>.ReportError(ProvPerfCommandLine.ToolName, unwritable, console);
        return Run(parsed.Options!, console, cancellation, handleSignals, listening: null);
    }

    /// <summary>Runs with validated options; <paramref name="listening"/> learns the bound port (tests use -p 0).</summary>
    internal static int Run(ProvPerfOptions options, TextWriter console, CancellationToken cancellation, bool handleSignals,
        Action<int>? listening)
    {
        DataDictionary? dictionary = DataFiles.LoadDictionary(out string? error);
        MsgData? msgData = dictionary is null ? null : DataFiles.LoadMsgData(options.MsgFile, dictionary, out error);
        if (dictionary is null || msgData is null)
        {
            console.WriteLine($"{ProvPerfCommandLine.ToolName}: {error}");
            return SetupFailed;
        }
        if (options.GenericMsgRate > 0 && msgData.GenericMsgs.Count == 0)
        {
            // Else the run would send none and report 0 sent, as if the rate had been met.
            console.WriteLine($"{ProvPerfCommandLine.ToolName}: message data: {msgData.FilePath}: -genericMsgRate {options.GenericMsgRate} needs <genMsg> messages, and the file has none");
            return SetupFailed;
        }

        console = TextWriter.Synchronized(console); // provider threads report requests and closed channels too
        var summary = new SummaryBuilder();
        ProvPerfInputsReport.Write(summary, options);
        console.Write(summary.ToString());

        var threads = new ProviderThread[options.ThreadCount];
        var encoder = new MarketPriceEncoder(msgData, options.PreEncodedUpdates);
        for (int i = 0; i < threads.Length; i++)
            threads[i] = new ProviderThread(i, options, encoder, dictionary, console);
        StatsCollector<ProviderThreadStats> collector;
        try
        {
            collector = new StatsCollector<ProviderThreadStats>(ProvStatistics.Layout, threads.Select(t => t.Stats).ToArray(),
                new StatsOutput(n => StatsFile.PathForThread(options.StatsFile, n),
                    options.LatencyFile.Length > 0 ? n => LatencyFileWriter.PathForThread(options.LatencyFile, n) : null));
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            console.WriteLine($"{ProvPerfCommandLine.ToolName}: cannot create an output file: {e.Message}");
            return SetupFailed;
        }

        var report = new ProvReport(options, collector, console);
        using (collector)
        using (var shutdown = new ShutdownSignal(TimeSpan.FromSeconds(options.RunTimeSeconds), cancellation, handleSignals))
        {
            ProviderServer? server = ProviderServer.Start(options, out error);
            if (server is null)
            {
                console.WriteLine(error);
                return SetupFailed;
            }
            using (server)
            {
                console.WriteLine($"Server bound on port {server.Port}");
                listening?.Invoke(server.Port);
                foreach (ProviderThread thread in threads)
                    thread.Start(shutdown.Token, failure =>
                    {
                        console.WriteLine(failure);
                        shutdown.Request(ShutdownReason.Failed);
                    }, (name, e) =>
                    {
                        console.WriteLine(InternalError.Report(name, e));
                        shutdown.Request(ShutdownReason.InternalError);
                    });
                AcceptAndReport(options, server, threads, report, console, shutdown.Token);
                foreach (ProviderThread thread in threads)
                    thread.Join();
            }
            report.Collect(final: true);
            string results = report.BuildResults();
            console.Write(results);
            console.Flush();
            if (SummaryFile.Write(options.SummaryFile, report.BuildSummary(results)) is { } unwritten)
            {
                console.WriteLine($"{ProvPerfCommandLine.ToolName}: {unwritten}");
                return SetupFailed;
            }
            return shutdown.Reason switch
            {
                ShutdownReason.Failed => RunFailed,
                ShutdownReason.InternalError => InternalError.ExitCode,
                _ => Success,
            };
        }
    }

    // The main thread's two roles (guide §5.3): hand new connections to the least busy provider thread, and
    // collect statistics every -writeStatsInterval seconds until the run ends. In direct mode it also runs each
    // connection's handshake (ChannelAcceptor), so the provider threads only ever serve active channels.
    private static void AcceptAndReport(ProvPerfOptions options, ProviderServer server, ProviderThread[] threads,
        ProvReport report, TextWriter console, CancellationToken stop)
    {
        using ChannelAcceptor acceptor = server.CreateAcceptor(handshake: !options.UseReactor, console);
        using AcceptingThreadPriority priority = AcceptingThreadPriority.Lower(); // handshakes never ahead of a provider thread's tick
        Action<Channel> handOver = channel => LeastBusy(threads).Add(channel);
        long interval = options.WriteStatsIntervalSeconds * Stopwatch.Frequency;
        long nextStats = Stopwatch.GetTimestamp() + interval;
        while (!stop.IsCancellationRequested)
        {
            long now = Stopwatch.GetTimestamp();
            if (now >= nextStats)
            {
                report.Collect();
                nextStats += interval;
                continue;
            }
            acceptor.Poll(TimeSpan.FromSeconds(Math.Min(0.1, (double)(nextStats - now) / Stopwatch.Frequency)), handOver);
        }
    }

    private static ProviderThread LeastBusy(ProviderThread[] threads)
    {
        ProviderThread best = threads[0];
        foreach (ProviderThread thread in threads)
        {
            if (thread.ConnectionCount < best.ConnectionCount)
                best = thread;
        }
        return best;
    }
}
