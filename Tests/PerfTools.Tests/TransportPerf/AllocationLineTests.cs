using System.Diagnostics;
using System.Globalization;
using System.Text.RegularExpressions;
using Eta.TestSupport;
using PerfTools.Common.Output;
using PerfTools.Common.Statistics;
using PerfTools.TransportPerf.Options;
using PerfTools.TransportPerf.Output;
using PerfTools.TransportPerf.Statistics;
using Xunit;

namespace PerfTools.Tests.TransportPerf;

/// <summary>
/// The summary's "Bytes allocated per message after the first interval" measures the steady state: from the end of
/// the first interval with messages to the end of the last one completed before the run was told to end. Ending
/// allocates once, on the thread pool (the run-time timer's or the signal's callback, then the orderly close); counted
/// up to the summary, it showed a 10,000 msg/s reflect run 0.4 bytes per message that no message allocated.
/// </summary>
[Collection(AllocationCollection.Name)] // the measure is process-wide: nothing else may allocate meanwhile
public sealed class AllocationLineTests : IDisposable
{
    private const int MessagesPerInterval = 10_000;

    private readonly TempFolder _dir = new("transport-alloc-line-");
    private readonly StreamWriter _console = new(Stream.Null);

    public void Dispose()
    {
        _console.Dispose();
        _dir.Dispose();
    }

    [Fact]
    public void What_ending_the_run_allocates_is_not_counted_per_message()
    {
        TransportPerfOptions options = TransportPerfCommandLine.Parse(["-appType", "client", "-noDisplayStats"]).Options!;
        TransportThreadStats[] threads = [new(1)];
        using var collector = new StatsCollector<TransportThreadStats>(TransportStatistics.Layout, threads, new StatsOutput(
            n => StatsFile.PathForThread(_dir.File("TransportStats"), n), null,
            "Send Time, Receive Time, Latency(nsec)", TransportStatistics.NanosecondsPerMicrosecond));
        var report = new TransportReport(options, collector, threads, _console);

        for (int interval = 0; interval < 4; interval++)
        {
            threads[0].MsgsSent.Add(MessagesPerInterval);
            threads[0].BytesSent.Add(76L * MessagesPerInterval);
            report.WriteInterval();
        }
        // The run is told to end: its ending allocates a megabyte (50 bytes for each of the 20,000 steady messages).
        threads[0].MsgsSent.Add(MessagesPerInterval / 2);
        byte[] ending = new byte[1_000_000];
        GC.KeepAlive(ending);

        string summary = report.Finish(Stopwatch.GetTimestamp());
        Match line = Regex.Match(summary, @"Bytes allocated per message after the first interval: ([0-9.]+)");
        Assert.True(line.Success, summary);
        double perMessage = double.Parse(line.Groups[1].Value, CultureInfo.InvariantCulture);
        Assert.True(perMessage < 1, $"{perMessage} bytes per message: the ending's allocation was counted");
    }
}
