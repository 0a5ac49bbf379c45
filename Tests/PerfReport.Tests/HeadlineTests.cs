using PerfTools.PerfReport.Headline;
using PerfTools.PerfReport.Input;
using Xunit;

namespace PerfReport.Tests;

/// <summary>The headline's lines name which tool, and which end of TransportPerf, each figure comes from.</summary>
public sealed class HeadlineTests
{
    private static string TransportSummary(string role, double cpu) =>
        $"--- TEST INPUTS ---\n\n               App Type: {role}\n\n--- OVERALL SUMMARY ---\n\n" +
        $"    CPU time per message sent or received (nsec): {cpu:F1}\n\nRun ended: run time expired.\n";

    [Fact]
    public void The_two_ends_of_a_TransportPerf_run_are_told_apart()
    {
        using var run = new RunFixture();
        File.WriteAllText(run.PathOf("TransportClientSummary.out"), TransportSummary("client", 2663));
        File.WriteAllText(run.PathOf("TransportServerSummary.out"), TransportSummary("server", 2504));

        RunHeadline headline = RunHeadline.Of(RunFolderReader.Read(run.Path));

        Assert.Contains(new HeadlineLine("CPU per message",
            "TransportPerf client 2,663 ns per message sent or received, TransportPerf server 2,504 ns per message sent or received"), headline.Lines);
        Assert.Contains(new HeadlineLine("Result", "run time expired (TransportPerf client)"), headline.Lines);
        Assert.Contains(new HeadlineLine("Result", "run time expired (TransportPerf server)"), headline.Lines);
    }
}
