using PerfTools.Common.CommandLine;
using PerfTools.ConsPerf.Options;
using Xunit;

namespace PerfTools.Tests.ConsPerf;

public sealed class ConsPerfOptionsTests
{
    [Theory]
    [InlineData(new string[0], System.Security.Authentication.SslProtocols.Tls12 | System.Security.Authentication.SslProtocols.Tls13)]
    [InlineData(new[] { "-spTLSv1.2" }, System.Security.Authentication.SslProtocols.Tls12)]
    [InlineData(new[] { "-spTLSv1.3" }, System.Security.Authentication.SslProtocols.Tls13)]
    [InlineData(new[] { "-spTLSv1.2", "-spTLSv1.3" }, System.Security.Authentication.SslProtocols.Tls12 | System.Security.Authentication.SslProtocols.Tls13)]
    public void Tls_version_flags_choose_what_the_client_offers(string[] flags, System.Security.Authentication.SslProtocols expected)
    {
        ConsPerfOptions o = Parse(["-connType", "encrypted", .. flags]);

        Assert.Equal(expected, o.TlsVersions.ToSslProtocols());
    }

    [Fact]
    public void Defaults_are_the_guides()
    {
        ConsPerfOptions o = Parse();

        Assert.Equal(300, o.SteadyStateTime);
        Assert.Equal(1000, o.TickRate);
        Assert.Equal(100_000, o.ItemCount);
        Assert.Equal(500_000, o.RequestRate);
        Assert.Equal("350k.xml", o.ItemFile);
        Assert.Equal("MsgData.xml", o.MsgFile);
        Assert.Equal("ConsSummary.out", o.SummaryFile);
        Assert.Equal("ConsStats", o.StatsFile);
        Assert.Equal("DIRECT_FEED", o.ServiceName);
        Assert.Equal("localhost", o.Host);
        Assert.Equal("14002", o.Port);
        Assert.Equal(5, o.WriteStatsInterval);
        Assert.Equal(1, o.ThreadCount);
        Assert.True(o.TcpNoDelay);
        Assert.True(o.DisplayStats);
        Assert.False(o.LogsLatency);
    }

    [Fact]
    public void Options_are_read_into_the_record()
    {
        ConsPerfOptions o = Parse("-itemCount", "1000", "-steadyStateTime", "3", "-threads", "0,1", "-commonItemCount", "10",
            "-postingRate", "2000", "-postingLatencyRate", "100", "-connType", "encrypted", "-spTLSv1.3", "-noDisplayStats",
            "-tcpDelay", "-latencyFile", "lat");

        Assert.Equal(1000, o.ItemCount);
        Assert.Equal(3, o.SteadyStateTime);
        Assert.Equal(2, o.ThreadCount);
        Assert.Equal(10, o.CommonItemCount);
        Assert.Equal(2000, o.PostingRate);
        Assert.Equal(100, o.PostingLatencyRate);
        Assert.Equal(ConnectionKind.Encrypted, o.ConnectionType);
        Assert.Equal(TlsVersions.Tls13, o.TlsVersions);
        Assert.False(o.DisplayStats);
        Assert.False(o.TcpNoDelay);
        Assert.True(o.LogsLatency);
    }

    [Theory]
    [InlineData("-postingRate", "10", "-postingRate")]
    [InlineData("-requestRate", "10", "-requestRate")]
    [InlineData("-genericMsgRate", "10", "-genericMsgRate")]
    [InlineData("-commonItemCount", "200000", "-commonItemCount")]
    [InlineData("-connType", "http", "-connType")]
    [InlineData("-encryptedConnType", "websocket", "-encryptedConnType")]
    [InlineData("-pl", "rssl.xml", "-pl")]
    [InlineData("-bogus", "1", "-bogus")]
    public void Broken_rules_name_the_option(string option, string value, string named)
    {
        CommandLineResult<ConsPerfOptions> result = ConsPerfCommandLine.Parse([option, value]);

        Assert.False(result.IsSuccess);
        Assert.Equal(named, result.Error!.OptionName);
    }

    [Fact]
    public void WebSocket_options_map_onto_the_transport_and_print_LSEG_s_line()
    {
        ConsPerfOptions o = ConsPerfCommandLine.Parse(["-connType", "encrypted", "-encryptedConnType", "websocket", "-pl", "rssl.rwf"]).Options!;
        Eta.Transport.ConnectOptions connect = o.ToConnectOptions();

        Assert.True(connect.IsWebSocket);
        Assert.Equal(Eta.Transport.ConnectionType.Encrypted, connect.ConnectionType);
        Assert.Equal("rssl.rwf", connect.WebSocketProtocols);
        Assert.Contains("WS Protocol List: rssl.rwf", TestInputsText.Format(o));
    }

    // Direct and reactor modes connect with these settings, so an option that reaches one reaches the other.
    [Fact]
    public void Connection_options_map_onto_the_transport()
    {
        ConsPerfOptions o = ConsPerfCommandLine.Parse(["-h", "feed.example", "-p", "14010", "-if", "127.0.0.1", "-tcpDelay",
            "-outputBufs", "700", "-inputBufs", "90", "-sendBufSize", "70000", "-recvBufSize", "80000", "-pingTimeout", "45",
            "-connType", "encrypted", "-castore", "ca.pem"]).Options!;

        Eta.Transport.ConnectOptions connect = o.ToConnectOptions();

        Assert.Equal(("feed.example", 14010, "127.0.0.1"), (connect.Host, connect.Port, connect.InterfaceName));
        Assert.False(connect.TcpNoDelay);
        Assert.False(connect.Blocking);
        Assert.Equal((700, 90), (connect.GuaranteedOutputBuffers, connect.NumInputBuffers));
        Assert.Equal((70000, 80000), (connect.SysSendBufSize, connect.SysRecvBufSize));
        Assert.Equal(45, connect.PingTimeout);
        Assert.Equal(Eta.Transport.ConnectionType.Encrypted, connect.ConnectionType);
        Assert.Equal("ca.pem", connect.Tls!.TrustedCaFile);
    }

    [Fact]
    public void Json_sub_protocol_is_taken_on_the_tools_own_channel_and_refused_with_the_reactor()
    {
        CommandLineResult<ConsPerfOptions> result = ConsPerfCommandLine.Parse(["-connType", "websocket", "-pl", "tr_json2 rssl.rwf"]);
        Assert.Null(result.Error);
        Assert.Contains("WS Protocol List: tr_json2 rssl.rwf", TestInputsText.Format(result.Options!));

        result = ConsPerfCommandLine.Parse(["-connType", "websocket", "-pl", "tr_json2 rssl.rwf", "-reactor"]);
        Assert.Equal("-pl", result.Error!.OptionName);
        Assert.Contains("not with -reactor", result.Error.Rule);
    }

    [Fact]
    public void Snapshot_cannot_post()
    {
        CommandLineResult<ConsPerfOptions> result = ConsPerfCommandLine.Parse(["-snapshot", "-postingRate", "1000"]);

        Assert.Equal("-snapshot", result.Error!.OptionName);
    }

    [Fact]
    public void Test_inputs_follow_the_guides_sample()
    {
        string[] lines = TestInputsText.Format(Parse("-itemCount", "1000")).Split('\n').Select(l => l.Trim()).ToArray();

        Assert.Equal("--- TEST INPUTS ---", lines[0]);
        Assert.Equal(["Steady State Time: 300", "Delay Steady State Time: 0", "Connection Type: Socket", "Hostname: localhost"],
            lines[2..6]);
        Assert.Contains("Send Buffer Size: 0(use default)", lines);
        Assert.Contains("Username: (use system login name)", lines);
        Assert.Contains("Item Count: 1000", lines);
        Assert.Contains("Latency Log File: (none)", lines);
        Assert.Equal(["Tick Rate: 1000", "Reactor/Watchlist Usage: None", "Busy Read: No", ""], lines[^4..]);
    }

    // LSEG C's rsslConsPerf reads -compressionType as a number only; its users' scripts run ours unchanged.
    [Theory]
    [InlineData("zlib", Eta.Transport.CompressionType.Zlib)]
    [InlineData("1", Eta.Transport.CompressionType.Zlib)]
    [InlineData("2", Eta.Transport.CompressionType.Lz4)]
    [InlineData("0", Eta.Transport.CompressionType.None)]
    public void Compression_type_takes_the_guides_words_and_LSEG_Cs_numbers(string value, Eta.Transport.CompressionType expected) =>
        Assert.Equal(expected, Parse("-compressionType", value).CompressionType);

    private static ConsPerfOptions Parse(params string[] args)
    {
        CommandLineResult<ConsPerfOptions> result = ConsPerfCommandLine.Parse(args);
        Assert.True(result.IsSuccess, result.Error?.ToString());
        return result.Options!;
    }
}
