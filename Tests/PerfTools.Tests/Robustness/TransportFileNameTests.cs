using PerfTools.TransportPerf.Options;
using PerfTools.TransportPerf.Output;
using Xunit;

namespace PerfTools.Tests.Robustness;

/// <summary>
/// TransportPerf's file names carry the process id as the guide's §7.8.1 sample shows (TransportSummary_24806.out
/// beside "Process ID: 24806"), so a server and a client started in one folder do not share files.
/// </summary>
public sealed class TransportFileNameTests
{
    [Fact]
    public void The_default_summary_file_is_suffixed_with_the_process_id()
    {
        Assert.Equal("TransportSummary_24806.out", TransportFileNames.DefaultSummary(24806));
        Assert.Equal($"TransportSummary_{Environment.ProcessId}.out", TransportPerfCommandLine.Parse([]).Options!.SummaryFile);
    }

    [Fact]
    public void A_summary_file_named_on_the_command_line_is_used_as_given()
    {
        Assert.Equal("mine.out", TransportPerfCommandLine.Parse(["-summaryFile", "mine.out"]).Options!.SummaryFile);
    }

    [Fact]
    public void Stats_and_latency_files_carry_the_thread_number_then_the_process_id()
    {
        Assert.Equal("TransportStats1_24806.csv", TransportFileNames.ForThread("TransportStats", 1, 24806));
        Assert.Equal("lat2_7.csv", TransportFileNames.ForThread("lat.csv", 2, 7));
        TransportPerfOptions options = TransportPerfCommandLine.Parse(["-latencyFile", "lat"]).Options!;
        Assert.Equal(
            [("-summaryFile", $"TransportSummary_{Environment.ProcessId}.out"), ("-statsFile", "TransportStats1_5.csv"), ("-latencyFile", "lat1_5.csv")],
            options.OutputPaths(5));
    }
}
