using Eta.Codec;
using Eta.Codec.Rdm;
using PerfTools.Common.Omm;
using PerfTools.Common.Timing;
using PerfTools.ProvPerf;
using PerfTools.ProvPerf.Options;
using Xunit;

namespace PerfTools.Tests.ProvPerf;

/// <summary>ProvPerf in-process against a minimal consumer over real sockets on 127.0.0.1.</summary>
[Collection(ProvPerfTestCollection.Name)]
public sealed class ProvPerfLoopbackTests : IDisposable
{
    private readonly TempFolder _dir = new("provperf-");

    [Theory]
    [InlineData("")]
    [InlineData("-maxPackCount 10 -packBufSize 6000")]
    [InlineData("-maxPackCount 10 -packBufSize 20000")] // above the max fragment size (6144): cut to it
    [InlineData("-directWrite -highWaterMark 1000 -tcpDelay")]
    [InlineData("-threads 2")]
    [InlineData("-c encrypted")]
    public async Task Consumer_logs_in_gets_the_directory_and_receives_refreshes_then_updates_with_latency(string extraArgs)
    {
        string[] extra = extraArgs.Split(' ', StringSplitOptions.RemoveEmptyEntries);
        string? certificate = null;
        if (extra.Contains("encrypted"))
        {
            (certificate, string key) = SelfSignedCertificate.WriteTo(_dir.Path);
            extra = [.. extra, "-cert", certificate, "-keyfile", key];
        }
        using var timeout = CancellationTokenSource.CreateLinkedTokenSource(TestContext.Current.CancellationToken);
        timeout.CancelAfter(TimeSpan.FromSeconds(30));
        using var stopProvider = CancellationTokenSource.CreateLinkedTokenSource(timeout.Token);
        var console = new StringWriter();
        var listening = new TaskCompletionSource<int>(TaskCreationOptions.RunContinuationsAsynchronously);
        ProvPerfOptions options = Options([.. extra, "-p", "0", "-tickRate", "100", "-updateRate", "2000", "-latencyUpdateRate", "100",
            "-runTime", "60", "-writeStatsInterval", "1", "-noDisplayStats"]);
        Task<int> provider = Task.Run(() =>
            ProvPerfApp.Run(options, TextWriter.Synchronized(console), stopProvider.Token, handleSignals: false, listening.SetResult),
            TestContext.Current.CancellationToken);
        int port = await listening.Task.WaitAsync(TimeSpan.FromSeconds(10), timeout.Token);

        try
        {
            using var first = TestConsumer.Connect(port, timeout.Token, certificate);
            ConsumeTenItems(first, timeout.Token);
            if (options.ThreadCount > 1)
            {
                // While the first is connected, a second connection goes to the other (least busy) thread.
                using var second = TestConsumer.Connect(port, timeout.Token, certificate);
                ConsumeTenItems(second, timeout.Token);
            }
        }
        finally
        {
            stopProvider.Cancel();
        }

        Assert.Equal(ProvPerfApp.Success, await provider.WaitAsync(TimeSpan.FromSeconds(10), timeout.Token));
        string summary = File.ReadAllText(_dir.File("ProvSummary.out"));
        Assert.Contains("--- TEST INPUTS ---", summary);
        Assert.Contains("--- OVERALL SUMMARY ---", summary);
        Assert.Contains($"Image requests received: {10 * options.ThreadCount}", summary);
        Assert.Contains("Received Source Directory Request", console.ToString());
        // The file's results are the console's, CPU time per update included (it is read once, at the end).
        Assert.EndsWith(summary[summary.IndexOf("--- OVERALL SUMMARY ---", StringComparison.Ordinal)..], console.ToString());
        for (int thread = 1; thread <= options.ThreadCount; thread++)
        {
            string[] stats = File.ReadAllLines(_dir.File($"ProvStats{thread}.csv"));
            Assert.StartsWith("UTC, Requests received, Images sent, Updates sent, Posts reflected", stats[0]);
            Assert.Contains(stats.Skip(1), line => line.Split(", ")[1] != "0"); // this thread served requests
        }
        if (options.ThreadCount > 1)
            Assert.Contains("--- THREAD 2 SUMMARY ---", summary);
    }

    // Login, directory, 10 item requests; then 10 refreshes and a stream of updates, some with TIM_TRK_1.
    private static void ConsumeTenItems(TestConsumer consumer, CancellationToken timeout)
    {
        (byte[] login, byte[] directory) = consumer.LogInAndGetDirectory(timeout);
        AssertLoginRefresh(login);
        AssertDirectory(directory);

        for (int i = 0; i < 10; i++)
        {
            int streamId = 5 + i;
            consumer.Send((ref RwfEncoder e) => EncodeItemRequest(ref e, streamId, $"RDT{streamId}"));
        }

        var refreshed = new HashSet<int>();
        int updates = 0, latencyUpdates = 0;
        while (refreshed.Count < 10 || latencyUpdates < 3 || updates < 100)
        {
            byte[] bytes = consumer.Receive(timeout);
            Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(bytes, out Msg msg));
            Assert.InRange(msg.StreamId, 5, 14);
            if (msg.MsgClass == MsgClass.Refresh)
            {
                Assert.Equal($"RDT{msg.StreamId}", System.Text.Encoding.ASCII.GetString(msg.Key.Name));
                Assert.True(refreshed.Add(msg.StreamId), "one refresh per item");
                continue;
            }
            Assert.Equal(MsgClass.Update, msg.MsgClass);
            Assert.Contains(msg.StreamId, refreshed); // updates only after the item's image
            updates++;
            if (LatencyTimestamp.TryFind(msg.EncodedDataBody, LatencyFieldIds.Update, out ulong sent))
            {
                latencyUpdates++;
                Assert.InRange((long)sent, 1, PerfTimestamp.NowMicroseconds());
            }
        }
        Assert.True(latencyUpdates < updates, "only some updates carry TIM_TRK_1");
    }

    [Fact]
    public async Task Posts_are_reflected_generic_messages_flow_both_ways_and_round_trips_are_measured()
    {
        using var timeout = CancellationTokenSource.CreateLinkedTokenSource(TestContext.Current.CancellationToken);
        timeout.CancelAfter(TimeSpan.FromSeconds(30));
        using var stopProvider = CancellationTokenSource.CreateLinkedTokenSource(timeout.Token);
        var console = new StringWriter();
        var listening = new TaskCompletionSource<int>(TaskCreationOptions.RunContinuationsAsynchronously);
        ProvPerfOptions options = Options("-p", "0", "-tickRate", "100", "-updateRate", "0", "-genericMsgRate", "100",
            "-genericMsgLatencyRate", "all", "-runTime", "60", "-writeStatsInterval", "1", "-noDisplayStats",
            "-latencyFile", _dir.File("ProvLatency"));
        Task<int> provider = Task.Run(() =>
            ProvPerfApp.Run(options, TextWriter.Synchronized(console), stopProvider.Token, handleSignals: false, listening.SetResult),
            TestContext.Current.CancellationToken);
        int port = await listening.Task.WaitAsync(TimeSpan.FromSeconds(10), timeout.Token);

        try
        {
            PostAndExchangeGenericMessages(port, timeout.Token);
        }
        finally
        {
            stopProvider.Cancel();
        }

        Assert.Equal(ProvPerfApp.Success, await provider.WaitAsync(TimeSpan.FromSeconds(10), timeout.Token));
        string summary = File.ReadAllText(_dir.File("ProvSummary.out"));
        Assert.Contains("Posts reflected: 1", summary);
        Assert.Contains("GenMsgs received: 1", summary);
        Assert.Contains("GenMsg latencies received: 1", summary);
        Assert.Contains("Round trip samples: ", summary);
        // -latencyFile: the generic message latency log and, beside it, HdrHistogram's distribution of it.
        Assert.Equal("Message type, Send time, Receive time, Latency (usec)", File.ReadLines(_dir.File("ProvLatency1.csv")).First());
        Common.HgrmFile.AssertDescribesLatencyLog(_dir.File("ProvLatency1.csv"), unitsPerMicrosecond: 1);
    }

    // One item; a post (TIM_TRK_2) comes back as an update; a generic message (TIM_TRK_3) is measured by the
    // provider; the provider's generic messages arrive with TIM_TRK_3; the RTT message is echoed.
    private static void PostAndExchangeGenericMessages(int port, CancellationToken timeout)
    {
        using var consumer = TestConsumer.Connect(port, timeout);
        consumer.LogInAndGetDirectory(timeout);
        consumer.Send((ref RwfEncoder e) => EncodeItemRequest(ref e, 5, "RDT5"));
        var encoder = new MarketPriceEncoder(Xml.MsgDataLoaderTests.RepoMsgData());
        var user = new PostUserInfo(0x7F000001, 42);

        bool refreshed = false, reflected = false, genericReceived = false;
        while (!(refreshed && reflected && genericReceived && consumer.RoundTripsEchoed > 0))
        {
            byte[] bytes = consumer.Receive(timeout);
            Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(bytes, out Msg msg));
            Assert.Equal(5, msg.StreamId);
            switch (msg.MsgClass)
            {
                case MsgClass.Refresh:
                    refreshed = true;
                    consumer.Send((ref RwfEncoder e) => EncodeWith(ref e, (Span<byte> b, out int n) =>
                    {
                        int cursor = 0;
                        return encoder.EncodePost(b, 5, ref cursor, user, (ulong)PerfTimestamp.NowMicroseconds(), out n);
                    }));
                    consumer.Send((ref RwfEncoder e) => EncodeWith(ref e, (Span<byte> b, out int n) =>
                    {
                        int cursor = 0;
                        return encoder.EncodeGenericMsg(b, 5, ref cursor, (ulong)PerfTimestamp.NowMicroseconds(), out n);
                    }));
                    break;
                case MsgClass.Update:
                    Assert.Equal(user, msg.PostUserInfo);
                    Assert.True(LatencyTimestamp.TryFind(msg.EncodedDataBody, LatencyFieldIds.Post, out _));
                    reflected = true;
                    break;
                case MsgClass.Generic:
                    Assert.True(LatencyTimestamp.TryFind(msg.EncodedDataBody, LatencyFieldIds.Generic, out _));
                    genericReceived = true;
                    break;
                default:
                    Assert.Fail($"unexpected {msg.MsgClass}");
                    break;
            }
        }
    }

    private delegate CodecReturnCode SpanEncode(Span<byte> buffer, out int written);

    private static CodecReturnCode EncodeWith(ref RwfEncoder encoder, SpanEncode encode)
    {
        CodecReturnCode rc = encoder.Writer.Reserve(0, out int start);
        Span<byte> rest = encoder.Writer.Buffer[start..];
        rc = encode(rest, out int written);
        if (rc == CodecReturnCode.Success)
            rc = encoder.Writer.Reserve(written, out int _);
        return rc;
    }

    [Fact]
    public async Task Dictionary_is_downloaded_as_OMM()
    {
        using var timeout = CancellationTokenSource.CreateLinkedTokenSource(TestContext.Current.CancellationToken);
        timeout.CancelAfter(TimeSpan.FromSeconds(30));
        using var stopProvider = CancellationTokenSource.CreateLinkedTokenSource(timeout.Token);
        var listening = new TaskCompletionSource<int>(TaskCreationOptions.RunContinuationsAsynchronously);
        ProvPerfOptions options = Options("-p", "0", "-tickRate", "100", "-updateRate", "0", "-runTime", "60", "-noDisplayStats");
        Task<int> provider = Task.Run(() =>
            ProvPerfApp.Run(options, TextWriter.Null, stopProvider.Token, handleSignals: false, listening.SetResult),
            TestContext.Current.CancellationToken);
        int port = await listening.Task.WaitAsync(TimeSpan.FromSeconds(10), timeout.Token);

        DataDictionary downloaded;
        try
        {
            downloaded = DownloadDictionary(port, timeout.Token);
        }
        finally
        {
            stopProvider.Cancel();
        }

        Assert.Equal(ProvPerfApp.Success, await provider.WaitAsync(TimeSpan.FromSeconds(10), timeout.Token));
        DataDictionary local = Xml.MsgDataLoaderTests.RepoDictionary();
        Assert.Equal(local.NumberOfEntries, downloaded.NumberOfEntries);
        Assert.Equal("BID", downloaded.Entry(22)!.Acronym);
        Assert.Equal(DataTypes.UInt, downloaded.Entry(LatencyFieldIds.Update)!.RwfType);
        Assert.Equal(local.EnumTableCount, downloaded.EnumTableCount);
    }

    private static DataDictionary DownloadDictionary(int port, CancellationToken timeout)
    {
        using var consumer = TestConsumer.Connect(port, timeout);
        consumer.LogInAndGetDirectory(timeout);
        var dictionary = new DataDictionary();
        foreach ((int streamId, string name) in new[] { (3, DictionaryNames.Field), (4, DictionaryNames.EnumType) })
        {
            consumer.Send((ref RwfEncoder e) => new DictionaryRequest
            {
                StreamId = streamId, ServiceId = ProvidedService.DefaultId, DictionaryName = name,
                Verbosity = Eta.Codec.Rdm.DictionaryVerbosity.Normal,
            }.Encode(ref e));
            bool complete;
            do
            {
                byte[] bytes = consumer.Receive(timeout);
                Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(bytes, out Msg msg));
                Assert.Equal(MsgClass.Refresh, msg.MsgClass);
                Assert.Equal(streamId, msg.StreamId);
                CodecReturnCode rc = streamId == 3
                    ? dictionary.DecodeFieldDictionary(msg.EncodedDataBody, Eta.Codec.Rdm.DictionaryVerbosity.Normal, out DictionaryError? error)
                    : dictionary.DecodeEnumTypeDictionary(msg.EncodedDataBody, Eta.Codec.Rdm.DictionaryVerbosity.Normal, out error);
                Assert.True(rc == CodecReturnCode.Success, error?.ToString());
                complete = (msg.RefreshFlags & RefreshMsgFlags.RefreshComplete) != 0;
            }
            while (!complete);
        }
        return dictionary;
    }

    [Fact]
    public void Bad_command_line_returns_the_usage_exit_code_without_listening()
    {
        var console = new StringWriter();
        int code = ProvPerfApp.Run(["-tickRate", "0"], console, TestContext.Current.CancellationToken);
        Assert.Equal(2, code);
        Assert.Contains("-tickRate", console.ToString());
    }

    [Fact]
    public void Missing_message_file_is_reported_and_fails()
    {
        var console = new StringWriter();
        ProvPerfOptions options = Options("-p", "0", "-msgFile", _dir.File("nope.xml"));
        int code = ProvPerfApp.Run(options, console, TestContext.Current.CancellationToken, handleSignals: false, listening: null);
        Assert.Equal(ProvPerfApp.SetupFailed, code);
        Assert.Contains("nope.xml", console.ToString());
    }

    [Fact]
    public void Unwritable_stats_file_is_reported_and_fails()
    {
        var console = new StringWriter();
        var parsed = ProvPerfCommandLine.Parse(["-p", "0", "-statsFile", _dir.File("missing", "ProvStats")]);
        int code = ProvPerfApp.Run(parsed.Options!, console, TestContext.Current.CancellationToken, handleSignals: false, listening: null);
        Assert.Equal(ProvPerfApp.SetupFailed, code);
        Assert.Contains("ProvPerf: cannot create an output file: ", console.ToString());
    }

    private ProvPerfOptions Options(params string[] args)
    {
        var all = args.Concat(["-summaryFile", _dir.File("ProvSummary.out"), "-statsFile", _dir.File("ProvStats")]).ToArray();
        var parsed = ProvPerfCommandLine.Parse(all);
        Assert.True(parsed.IsSuccess, parsed.Error?.ToString());
        return parsed.Options!;
    }

    internal static CodecReturnCode EncodeItemRequest(ref RwfEncoder encoder, int streamId, string name)
    {
        var msg = Msg.Create(MsgClass.Request, DomainTypes.MarketPrice, streamId);
        msg.RequestFlags = RequestMsgFlags.Streaming;
        msg.Key.Flags = MsgKeyFlags.HasServiceId | MsgKeyFlags.HasName | MsgKeyFlags.HasNameType;
        msg.Key.ServiceId = ProvidedService.DefaultId;
        msg.Key.Name = System.Text.Encoding.ASCII.GetBytes(name);
        msg.Key.NameType = 1;
        return MsgEncoder.Encode(ref encoder, msg);
    }

    private static void AssertLoginRefresh(byte[] bytes)
    {
        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(bytes, out Msg msg));
        var refresh = new LoginRefresh();
        Assert.Equal(CodecReturnCode.Success, refresh.Decode(msg));
        Assert.Equal(StreamStates.Open, refresh.State.StreamState);
        Assert.Equal("perf", refresh.UserName);
        Assert.Equal(1UL, refresh.Attributes.SupportOMMPost);
        Assert.True(refresh.Attributes.SupportsRoundTripLatency);
    }

    private static void AssertDirectory(byte[] bytes)
    {
        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(bytes, out Msg msg));
        var directory = new DirectoryRefresh();
        Assert.Equal(CodecReturnCode.Success, directory.Decode(msg));
        Service service = Assert.Single(directory.Services);
        Assert.Equal(ProvidedService.DefaultId, service.ServiceId);
        Assert.Equal(ProvidedService.DefaultName, service.Info!.ServiceName);
        Assert.Contains((ulong)DomainTypes.MarketPrice, service.Info.Capabilities);
        Assert.True(service.State!.IsUp);
    }

    public void Dispose() => _dir.Dispose();
}
