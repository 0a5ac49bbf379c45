using PerfTools.ProvPerf.Options;
using Xunit;

namespace PerfTools.Tests.Robustness;

/// <summary>ProvPerf's -initTimeout: LSEG's reactor default of 60 s, a range of 1..3600 s, and listed by -?.</summary>
public sealed class InitTimeoutOptionTests
{
    [Fact]
    public void The_default_is_60_seconds_and_a_value_is_taken()
    {
        Assert.Equal(60, ProvPerfCommandLine.Parse([]).Options!.InitTimeoutSeconds);
        Assert.Equal(5, ProvPerfCommandLine.Parse(["-initTimeout", "5"]).Options!.InitTimeoutSeconds);
        Assert.Contains("-initTimeout", ProvPerfCommandLine.Parse(["-?"]).HelpText);
    }

    [Theory]
    [InlineData("0")]
    [InlineData("3601")]
    [InlineData("soon")]
    public void A_value_out_of_range_is_an_option_error(string value)
    {
        var result = ProvPerfCommandLine.Parse(["-initTimeout", value]);
        Assert.False(result.IsSuccess);
        Assert.Equal("-initTimeout", result.Error!.OptionName);
    }
}
