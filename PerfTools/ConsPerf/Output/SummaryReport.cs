using PerfTools.Common.Output;
using PerfTools.Common.Resources;
using PerfTools.Common.Statistics;
using PerfTools.ConsPerf.Options;
using PerfTools.ConsPerf.Run;
using PerfTools.ConsPerf.Statistics;

namespace PerfTools.ConsPerf.Output;

/// <summary>
/// ConsSummary.out (§4.6.1): the test inputs, one section per thread when there are several, the overall summary,
/// and a closing result line saying whether steady state was reached and completed, and if not, why.
/// Each latency section also lists percentiles (p50 .. p99.99). The same text goes to the console at the end.
/// </summary>
public static class SummaryReport
{
    /// <param name="endUsec">When the run ended: the reference for durations and rates.</param>
    /// <param name="cpuTime">Process CPU time of the run, for the "CPU time per update received" line beyond the guide's.</param>
    public static string Format(ConsPerfOptions options, ConsumerStatistics statistics, ResourceStatistics resources,
        RunOutcome outcome, long endUsec, TimeSpan cpuTime)
    {
        var s = new SummaryBuilder();
        TestInputsText.AppendTo(s, options).Blank();
        if (statistics.Threads.Count > 1)
        {
            for (int i = 0; i < statistics.Threads.Count; i++)
            {
                s.Heading($"--- CLIENT {statistics.Threads[i].ThreadNumber} SUMMARY ---");
                AppendFigures(s, options, ConsumerFigures.Of(statistics, i), resources: null, endUsec, cpuTime);
            }
        }
        s.Heading("--- OVERALL SUMMARY ---");
        AppendFigures(s, options, ConsumerFigures.Total(statistics), resources, endUsec, cpuTime);
        s.Unwritten(statistics.Collector.OutputFailures);
        s.Section((outcome.Succeeded ? "Result: " : "Result: FAILED: ") + outcome.Reason);
        return s.ToString();
    }

    private static void AppendFigures(SummaryBuilder s, ConsPerfOptions options, ConsumerFigures f,
        ResourceStatistics? resources, long endUsec, TimeSpan cpuTime)
    {
        bool imagesDone = f.ImageRetrievalEndUsec != 0;
        long startupEnd = imagesDone ? f.ImageRetrievalEndUsec : endUsec;
        long steadyDuration = endUsec - f.ImageRetrievalEndUsec;

        s.Section("Startup State Statistics:");
        Seconds(s, "Sampling duration (sec)", f.ImageRetrievalStartUsec != 0 ? startupEnd - f.ImageRetrievalStartUsec : 0);
        Latency(s, "Latency", f.UpdateLatency.Startup, "No latency information received during startup time.");
        Rate(s, "Avg update rate", f.StartupUpdates, f.FirstUpdateUsec != 0 ? startupEnd - f.FirstUpdateUsec : 0);
        s.Blank();

        s.Section("Steady State Statistics:");
        if (imagesDone)
        {
            Seconds(s, "Sampling duration (sec)", steadyDuration);
            Latency(s, "Latency", f.UpdateLatency.SteadyState, "No latency information was received during steady-state time.");
            if (options.PostingLatencyRate > 0)
                Latency(s, "Posting latency", f.PostLatency.Overall,
                    "No posting latency information was received during steady-state time.");
            Rate(s, "Avg update rate", f.SteadyStateUpdates, steadyDuration);
        }
        else
        {
            s.Note("Steady state was not reached during this test.");
        }
        s.Blank();

        s.Section("Overall Statistics:");
        Seconds(s, "Sampling duration (sec)", f.ImageRetrievalStartUsec != 0 ? endUsec - f.ImageRetrievalStartUsec : 0);
        Latency(s, "Latency", f.UpdateLatency.Overall, "No latency information was received.");
        Latency(s, "GenMsg latency", f.GenMsgLatency.Overall, "No GenMsg latency information was received.");
        if (resources is { SampleCount: > 0 })
            s.Resources(resources, "CPU/Memory Samples");
        if (resources is not null)
            s.CpuPerMessage("CPU time per update received (nsec)", cpuTime, f.UpdatesReceived);
        s.Blank();

        s.Section("Test Statistics:");
        s.Stat("Requests sent", f.RequestsSent);
        s.Stat("Refreshes received", f.RefreshesReceived);
        s.Stat("Updates received", f.UpdatesReceived);
        if (options.PostingRate > 0)
            s.Stat("Posts sent", f.PostsSent);
        if (options.PostingLatencyRate > 0)
            s.Stat("Posting latencies received", f.PostLatency.Count);
        if (options.GenericMsgRate > 0)
            s.Stat("GenMsgs sent", f.GenMsgsSent);
        if (f.GenMsgsReceived > 0)
            s.Stat("GenMsgs received", f.GenMsgsReceived);
        if (options.GenericMsgLatencyRate > 0)
            s.Stat("GenMsg latencies sent", f.LatencyGenMsgsSent);
        if (f.GenMsgLatency.Count > 0)
            s.Stat("GenMsg latencies received", f.GenMsgLatency.Count);
        if (imagesDone)
        {
            long retrieval = f.ImageRetrievalEndUsec - f.ImageRetrievalStartUsec;
            Seconds(s, "Image retrieval time (sec)", retrieval);
            Rate(s, "Avg image Rate", f.ItemCount, retrieval);
        }
        Rate(s, "Avg update rate", f.UpdatesReceived, f.FirstUpdateUsec != 0 ? endUsec - f.FirstUpdateUsec : 0);
        if (imagesDone && f.PostsSent > 0)
            Rate(s, "Avg posting rate", f.PostsSent, steadyDuration);
        if (imagesDone && f.GenMsgsSent > 0)
            Rate(s, "Avg GenMsg send rate", f.GenMsgsSent, steadyDuration);
        if (imagesDone && f.GenMsgsReceived > 0)
            Rate(s, "Avg GenMsg receive rate", f.GenMsgsReceived, steadyDuration);
        s.Blank();
    }

    private static void Seconds(SummaryBuilder s, string label, long usec) => s.Stat(label, usec / 1e6, 3);

    private static void Rate(SummaryBuilder s, string label, long count, long usec) =>
        s.Stat(label, usec > 0 ? count / (usec / 1e6) : 0.0, 1);

    private static void Latency(SummaryBuilder s, string prefix, LatencyAccumulator latency, string noneSentence)
    {
        if (latency.Overall.Count == 0)
            s.Note(noneSentence);
        else
            s.Latency(prefix, latency.Overall, latency.Histogram, unitsPerMicrosecond: 1, decimals: 1);
    }
}
