using Eta.Codec;
using Eta.TestSupport;
using PerfTools.Common.Items;
using PerfTools.Common.Omm;
using PerfTools.Common.Threading;
using PerfTools.Common.Xml;
using PerfTools.ConsPerf.Run;
using PerfTools.ConsPerf.Session;
using PerfTools.ConsPerf.Statistics;
using Xunit;

namespace PerfTools.Tests.ConsPerf;

/// <summary>The consumer's message processing, fed with messages encoded by the provider's encoder, without a network.</summary>
[Collection(AllocationCollection.Name)]
public sealed partial class ReceiverTests
{
    private sealed class RecordingEvents : IReceiverEvents
    {
        public string ServiceName => "DIRECT_FEED";
        public int LoginStream => 1;
        public int DirectoryStream => 2;
        public List<string> Failures { get; } = [];
        public int Reflected { get; private set; }
        public void OnLoginAccepted() { }
        public void OnServiceReady(int serviceId) { }
        public void Reflect(ReadOnlySpan<byte> message) => Reflected++;
        public void Fail(RunOutcomeKind kind, string reason) => Failures.Add($"{kind}: {reason}");
    }

    private static readonly Lazy<(DataDictionary Dictionary, MarketPriceEncoder Encoder)> s_data = new(() =>
    {
        var dictionary = new DataDictionary();
        Assert.Equal(CodecReturnCode.Success, dictionary.LoadFieldDictionary(Path.Combine(AppContext.BaseDirectory, "RDMFieldDictionary"), out _));
        Assert.Equal(CodecReturnCode.Success, dictionary.LoadEnumTypeDictionary(Path.Combine(AppContext.BaseDirectory, "enumtype.def"), out _));
        MsgData data = MsgDataLoader.Load(Path.Combine(AppContext.BaseDirectory, "MsgData.xml"), dictionary);
        return (dictionary, new MarketPriceEncoder(data));
    });

    private static (MessageReceiver Receiver, ConsumerThreadStats Stats, RecordingEvents Events) NewReceiver(bool snapshot = false)
    {
        var items = new ItemStreamTable([new ItemSpec("RDT1", ItemDomain.MarketPrice, true, true, false, 1)], snapshot);
        var stats = new ConsumerThreadStats(1, 1);
        var events = new RecordingEvents();
        return (new MessageReceiver(events, items, stats, s_data.Value.Dictionary, OwnPoster), stats, events);
    }

    private static readonly PostUserInfo OwnPoster = new(0x7F000001, 4242);

    // What the provider sends back for a post: the post's nested update, which names its poster.
    private static byte[] ReflectedPost(PostUserInfo poster, ulong latencyMicros)
    {
        var buffer = new byte[4096];
        int cursor = 0;
        Assert.Equal(CodecReturnCode.Success, s_data.Value.Encoder.EncodePost(buffer, ItemStreamTable.FirstStreamId, ref cursor, poster, latencyMicros, out int length));
        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(buffer.AsSpan(0, length), out Msg post));
        return post.EncodedDataBody.ToArray();
    }

    private static byte[] Refresh(bool streaming)
    {
        var buffer = new byte[4096];
        Assert.Equal(CodecReturnCode.Success, s_data.Value.Encoder.EncodeRefresh(buffer,
            new ItemRefresh(ItemStreamTable.FirstStreamId, "RDT1"u8, 1, 1, streaming, solicited: true), out int length));
        return buffer[..length];
    }

    private static byte[] Update(ulong latencyMicros)
    {
        var buffer = new byte[4096];
        int cursor = 0;
        Assert.Equal(CodecReturnCode.Success, s_data.Value.Encoder.EncodeUpdate(buffer, ItemStreamTable.FirstStreamId, ref cursor, latencyMicros, out int length));
        return buffer[..length];
    }

    [Fact]
    public void An_open_ok_refresh_is_the_image_that_ends_startup()
    {
        var (receiver, stats, events) = NewReceiver();

        receiver.OnMessage(Refresh(streaming: true));

        Assert.Empty(events.Failures);
        Assert.Equal(1, stats.RefreshesReceived.Total);
        Assert.True(stats.AllImagesReceived);
    }

    [Fact]
    public void A_snapshot_image_arrives_non_streaming()
    {
        var (receiver, stats, _) = NewReceiver(snapshot: true);

        receiver.OnMessage(Refresh(streaming: false));

        Assert.True(stats.AllImagesReceived);
    }

    [Fact]
    public void Update_latency_comes_from_TIM_TRK_1()
    {
        var (receiver, stats, _) = NewReceiver();
        receiver.OnMessage(Refresh(streaming: true));

        receiver.OnMessage(Update(latencyMicros: 1_000));
        receiver.OnMessage(Update(latencyMicros: 0));

        Assert.Equal(2, stats.SteadyStateUpdates.Total);
        Assert.True(stats.TryTakeLatency(LatencyKind.Update, out LatencyRecord record));
        Assert.Equal(1_000, record.SendTime);
        Assert.False(stats.TryTakeLatency(LatencyKind.Update, out _));
    }

    [Fact]
    public void Post_latency_is_taken_only_from_this_consumers_own_posts()
    {
        var (receiver, stats, events) = NewReceiver();
        receiver.OnMessage(Refresh(streaming: true));

        receiver.OnMessage(ReflectedPost(new PostUserInfo(0x0A000001, 99), latencyMicros: 500)); // another consumer's
        receiver.OnMessage(ReflectedPost(OwnPoster, latencyMicros: 700));

        Assert.Empty(events.Failures);
        Assert.True(stats.TryTakeLatency(LatencyKind.Post, out LatencyRecord record));
        Assert.Equal(700, record.SendTime);
        Assert.False(stats.TryTakeLatency(LatencyKind.Post, out _));
    }

    [Fact]
    public void A_message_that_is_not_RWF_fails_the_session()
    {
        var (receiver, _, events) = NewReceiver();

        receiver.OnMessage([0xFF, 0x01]);

        Assert.Single(events.Failures);
    }

    [Fact]
    public void Steady_state_updates_allocate_nothing()
    {
        var (receiver, stats, events) = NewReceiver();
        receiver.OnMessage(Refresh(streaming: true));
        byte[] latencyUpdate = Update(latencyMicros: 42);
        byte[] plainUpdate = Update(latencyMicros: 0);

        long latencies = 0;
        int runs = 0;
        AllocationAssert.None(() =>
        {
            for (int i = 0; i < 20_000; i++)
                receiver.OnMessage(i % 100 == 0 ? latencyUpdate : plainUpdate);
            while (stats.TryTakeLatency(LatencyKind.Update, out _))
                latencies++;
            runs++;
        });

        Assert.Empty(events.Failures);
        Assert.Equal(runs * 200L, latencies);
    }
}
