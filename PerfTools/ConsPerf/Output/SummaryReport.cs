using System.Globalization;
using System.Text;
using PerfTools.Common.Statistics;
using PerfTools.ConsPerf.Options;
using PerfTools.ConsPerf.Run;
using PerfTools.ConsPerf.Stats;

namespace PerfTools.ConsPerf.Output;

/// <summary>
/// ConsSummary.out (§4.6.1): the test inputs, one section per thread when there are several, the overall summary,
/// and a closing result line. Each latency section also lists percentiles (p50 .. p99.99, max).
/// The same text goes to the console at the end of the run.
/// </summary>
public static class SummaryReport
{
    private static readonly CultureInfo C = CultureInfo.InvariantCulture;

    /// <param name="endUsec">When the run ended (the reference for durations and rates).</param>
    public static string Format(ConsPerfOptions options, IReadOnlyList<ConsumerThreadStats> threads,
        ResourceFigures resources, RunOutcome outcome, long endUsec)
    {
        var text = new StringBuilder();
        text.Append(TestInputsText.Format(options)).Append('\n');
        if (threads.Count > 1)
        {
            foreach (ConsumerThreadStats thread in threads)
            {
                text.Append(C, $"--- CLIENT {thread.ThreadNumber} SUMMARY ---\n\n");
                AppendFigures(text, options, ConsumerFigures.Of(thread), resources: null, endUsec);
            }
        }
        text.Append("--- OVERALL SUMMARY ---\n\n");
        AppendFigures(text, options, ConsumerFigures.Total(threads), resources, endUsec);
        text.Append(outcome.Succeeded ? "Result: " : "Result: FAILED: ").Append(outcome.Reason).Append('\n');
        return text.ToString();
    }

    private static void AppendFigures(StringBuilder text, ConsPerfOptions options, ConsumerFigures f,
        ResourceFigures? resources, long endUsec)
    {
        bool imagesDone = f.ImageRetrievalEndUsec != 0;
        long startupEnd = imagesDone ? f.ImageRetrievalEndUsec : endUsec;

        text.Append("Startup State Statistics:\n");
        Seconds(text, "Sampling duration (sec)", f.ImageRetrievalStartUsec != 0 ? startupEnd - f.ImageRetrievalStartUsec : 0);
        Latency(text, "Latency", f.UpdateLatency.Startup, "  No latency information received during startup time.\n");
        Rate(text, "Avg update rate", f.StartupUpdates, startupEnd - f.FirstUpdateUsec, f.FirstUpdateUsec != 0);
        text.Append('\n');

        text.Append("Steady State Statistics:\n");
        if (imagesDone)
        {
            long steadyDuration = endUsec - f.ImageRetrievalEndUsec;
            Seconds(text, "Sampling duration (sec)", steadyDuration);
            Latency(text, "Latency", f.UpdateLatency.SteadyState,
                "  No latency information was received during steady-state time.\n");
            if (options.PostingLatencyRate > 0)
                Latency(text, "Posting latency", f.PostLatency.Overall,
                    "  No posting latency information was received during steady-state time.\n");
            Rate(text, "Avg update rate", f.SteadyStateUpdates, steadyDuration, true);
        }
        else
        {
            text.Append("  Steady state was not reached during this test.\n");
        }
        text.Append('\n');

        text.Append("Overall Statistics:\n");
        Seconds(text, "Sampling duration (sec)", f.ImageRetrievalStartUsec != 0 ? endUsec - f.ImageRetrievalStartUsec : 0);
        Latency(text, "Latency", f.UpdateLatency.Overall, "  No latency information was received.\n");
        Latency(text, "GenMsg latency", f.GenMsgLatency.Overall, "  No GenMsg latency information was received.\n");
        if (resources is { Cpu.Count: > 0 })
        {
            text.Append(C, $"  CPU/Memory Samples: {resources.Cpu.Count}\n");
            text.Append(C, $"  CPU Usage max (%): {resources.Cpu.Max:0.00}\n");
            text.Append(C, $"  CPU Usage min (%): {resources.Cpu.Min:0.00}\n");
            text.Append(C, $"  CPU Usage avg (%): {resources.Cpu.Mean:0.00}\n");
            text.Append(C, $"  Memory Usage max (MB): {resources.MemoryMb.Max:0.00}\n");
            text.Append(C, $"  Memory Usage min (MB): {resources.MemoryMb.Min:0.00}\n");
            text.Append(C, $"  Memory Usage avg (MB): {resources.MemoryMb.Mean:0.00}\n");
        }
        text.Append('\n');

        text.Append("Test Statistics:\n");
        text.Append(C, $"  Requests sent: {f.RequestsSent}\n");
        text.Append(C, $"  Refreshes received: {f.RefreshesReceived}\n");
        text.Append(C, $"  Updates received: {f.UpdatesReceived}\n");
        if (options.PostingRate > 0)
            text.Append(C, $"  Posts sent: {f.PostsSent}\n");
        if (options.PostingLatencyRate > 0)
            text.Append(C, $"  Posting latencies received: {f.PostLatency.Overall.TotalCount}\n");
        if (options.GenericMsgRate > 0)
            text.Append(C, $"  GenMsgs sent: {f.GenMsgsSent}\n");
        if (f.GenMsgsReceived > 0)
            text.Append(C, $"  GenMsgs received: {f.GenMsgsReceived}\n");
        if (options.GenericMsgLatencyRate > 0)
            text.Append(C, $"  GenMsg latencies sent: {f.LatencyGenMsgsSent}\n");
        if (f.GenMsgLatency.Overall.TotalCount > 0)
            text.Append(C, $"  GenMsg latencies received: {f.GenMsgLatency.Overall.TotalCount}\n");
        if (imagesDone)
        {
            long retrieval = f.ImageRetrievalEndUsec - f.ImageRetrievalStartUsec;
            Seconds(text, "Image retrieval time (sec)", retrieval);
            Rate(text, "Avg image Rate", f.ItemCount, retrieval, true);
        }
        Rate(text, "Avg update rate", f.UpdatesReceived, endUsec - f.FirstUpdateUsec, f.FirstUpdateUsec != 0);
        if (imagesDone && f.PostsSent > 0)
            Rate(text, "Avg posting rate", f.PostsSent, endUsec - f.ImageRetrievalEndUsec, true);
        if (imagesDone && f.GenMsgsSent > 0)
            Rate(text, "Avg GenMsg send rate", f.GenMsgsSent, endUsec - f.ImageRetrievalEndUsec, true);
        if (imagesDone && f.GenMsgsReceived > 0)
            Rate(text, "Avg GenMsg receive rate", f.GenMsgsReceived, endUsec - f.ImageRetrievalEndUsec, true);
        text.Append('\n');
    }

    private static void Seconds(StringBuilder text, string label, long usec) =>
        text.Append(C, $"  {label}: {usec / 1e6:0.000}\n");

    private static void Rate(StringBuilder text, string label, long count, long usec, bool known) =>
        text.Append(C, $"  {label}: {(known && usec > 0 ? count / (usec / 1e6) : 0.0):0.0}\n");

    private static void Latency(StringBuilder text, string name, LatencyHistogram h, string noneLine)
    {
        if (h.TotalCount == 0)
        {
            text.Append(noneLine);
            return;
        }
        text.Append(C, $"  {name} avg (usec): {h.Mean:0.0}\n");
        text.Append(C, $"  {name} std dev (usec): {h.StandardDeviation:0.0}\n");
        text.Append(C, $"  {name} max (usec): {(double)h.Max:0.0}\n");
        text.Append(C, $"  {name} min (usec): {(double)h.Min:0.0}\n");
        LatencyPercentiles p = h.Percentiles();
        text.Append(C,
            $"  {name} percentiles (usec): p50 {p.P50}, p90 {p.P90}, p99 {p.P99}, p99.9 {p.P999}, p99.99 {p.P9999}, max {p.Max}\n");
    }
}
