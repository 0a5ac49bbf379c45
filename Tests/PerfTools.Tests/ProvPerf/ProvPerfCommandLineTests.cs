using PerfTools.ProvPerf.Options;
using Xunit;

namespace PerfTools.Tests.ProvPerf;

public class ProvPerfCommandLineTests
{
    [Fact]
    public void Defaults_follow_table_3()
    {
        ProvPerfOptions o = Parse();
        Assert.Equal(ProviderConnectionType.Socket, o.ConnectionType);
        Assert.Equal("14002", o.Port);
        Assert.Equal(1000, o.TickRate);
        Assert.Equal(100000, o.UpdateRate);
        Assert.Equal(10, o.LatencyUpdateRate);
        Assert.Equal(0, o.GenericMsgRate);
        Assert.Equal(0, o.GenericMsgLatencyRate);
        Assert.Equal(6144, o.MaxFragmentSize);
        Assert.Equal(1, o.MaxPackCount);
        Assert.Equal(6000, o.PackBufSize);
        Assert.Equal("MsgData.xml", o.MsgFile);
        Assert.Equal(1000000, o.OpenLimit);
        Assert.Equal(5000, o.OutputBuffers);
        Assert.Equal(10, o.RefreshBurstSize);
        Assert.Equal(360, o.RunTimeSeconds);
        Assert.Equal(1, o.ServiceId);
        Assert.Equal("DIRECT_FEED", o.ServiceName);
        Assert.Equal("ProvStats", o.StatsFile);
        Assert.Equal("ProvSummary.out", o.SummaryFile);
        Assert.True(o.TcpNoDelay);
        Assert.True(o.DisplayStats);
        Assert.False(o.DirectWrite);
        Assert.Equal(1, o.ThreadCount);
        Assert.Equal(5, o.WriteStatsIntervalSeconds);
        Assert.Equal("", o.LatencyFile);
    }

    [Fact]
    public void Options_are_stored()
    {
        ProvPerfOptions o = Parse("-p", "0", "-tickRate", "100", "-updateRate", "500", "-latencyUpdateRate", "all",
            "-genericMsgRate", "200", "-genericMsgLatencyRate", "20", "-threads", "2", "-directWrite", "-tcpDelay",
            "-noDisplayStats", "-maxPackCount", "10", "-packBufSize", "3000", "-serviceName", "TEST_FEED", "-serviceId", "7",
            "-c", "encrypted", "-cert", "c.pem", "-keyfile", "k.pem");
        Assert.Equal("0", o.Port);
        Assert.Equal(ProvPerfOptions.AllMessages, o.LatencyUpdateRate);
        Assert.Equal(20, o.GenericMsgLatencyRate);
        Assert.Equal(2, o.ThreadCount);
        Assert.True(o.DirectWrite);
        Assert.False(o.TcpNoDelay);
        Assert.False(o.DisplayStats);
        Assert.True(o.Packing);
        Assert.Equal("TEST_FEED", o.ServiceName);
        Assert.Equal(7, o.ServiceId);
        Assert.Equal(ProviderConnectionType.Encrypted, o.ConnectionType);
    }

    [Theory]
    [InlineData("-updateRate", new[] { "-updateRate", "10" })]
    [InlineData("-genericMsgRate", new[] { "-genericMsgRate", "5" })]
    [InlineData("-latencyUpdateRate", new[] { "-latencyUpdateRate", "2000" })]
    [InlineData("-genericMsgLatencyRate", new[] { "-genericMsgRate", "1000", "-genericMsgLatencyRate", "1001" })]
    [InlineData("-packBufSize", new[] { "-maxPackCount", "5", "-packBufSize", "0" })]
    [InlineData("-cert", new[] { "-c", "encrypted", "-keyfile", "k.pem" })]
    [InlineData("-keyfile", new[] { "-c", "encrypted", "-cert", "c.pem" })]
    [InlineData("-c", new[] { "-c", "websocket" })]
    [InlineData("-tickRate", new[] { "-tickRate", "0" })]
    [InlineData("-runTime", new[] { "-runTime", "soon" })]
    public void Invalid_command_lines_name_the_option(string option, string[] args)
    {
        var result = ProvPerfCommandLine.Parse(args);
        Assert.False(result.IsSuccess);
        Assert.Equal(option, result.Error!.OptionName);
    }

    [Fact]
    public void Help_lists_every_option()
    {
        var result = ProvPerfCommandLine.Parse(["-?"]);
        Assert.True(result.HelpRequested);
        foreach (string name in new[] { "-updateRate", "-latencyUpdateRate", "-genericMsgRate", "-openLimit", "-maxPackCount", "-cert" })
            Assert.Contains(name, result.HelpText);
    }

    // LSEG C's rsslProvPerf reads -compressionType as a number only; its users' scripts run ours unchanged.
    [Theory]
    [InlineData("lz4", Eta.Transport.CompressionType.Lz4)]
    [InlineData("1", Eta.Transport.CompressionType.Zlib)]
    [InlineData("2", Eta.Transport.CompressionType.Lz4)]
    public void Compression_type_takes_the_guides_words_and_LSEG_Cs_numbers(string value, Eta.Transport.CompressionType expected) =>
        Assert.Equal(expected, Parse("-compressionType", value).CompressionType);

    private static ProvPerfOptions Parse(params string[] args)
    {
        var result = ProvPerfCommandLine.Parse(args);
        Assert.True(result.IsSuccess, result.Error?.ToString());
        return result.Options!;
    }
}
