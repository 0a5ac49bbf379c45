using PerfTools.Common.Output;
using PerfTools.ProvPerf.Options;
using PerfTools.ProvPerf.Output;
using Xunit;

namespace PerfTools.Tests.ProvPerf;

/// <summary>-preEnc (beyond the guide): off by default, and TEST INPUTS names it only when it is on.</summary>
public class PreEncodedOptionTests
{
    [Fact]
    public void Off_by_default_and_absent_from_TEST_INPUTS()
    {
        ProvPerfOptions options = ProvPerfCommandLine.Parse([]).Options!;
        Assert.False(options.PreEncodedUpdates);
        Assert.DoesNotContain("Pre-Encoded", Inputs(options));
    }

    [Fact]
    public void On_with_preEnc_and_listed_after_the_data_file()
    {
        ProvPerfOptions options = ProvPerfCommandLine.Parse(["-preEnc"]).Options!;
        Assert.True(options.PreEncodedUpdates);
        string[] lines = Inputs(options).Split('\n');
        int data = Array.FindIndex(lines, l => l.TrimStart().StartsWith("Data File:", StringComparison.Ordinal));
        Assert.Equal("Pre-Encoded Updates: Yes", lines[data + 1].TrimStart()); // right-aligned like every input line
    }

    private static string Inputs(ProvPerfOptions options)
    {
        var summary = new SummaryBuilder();
        ProvPerfInputsReport.Write(summary, options);
        return summary.ToString();
    }
}
