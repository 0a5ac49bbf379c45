using Eta.Codec;
using Eta.TestSupport;
using PerfTools.Common.Omm;
using PerfTools.Common.Provider;
using PerfTools.Common.Timing;
using PerfTools.ProvPerf.Options;
using PerfTools.ProvPerf.Session;
using PerfTools.ProvPerf.Threads;
using Xunit;

namespace PerfTools.Tests.ProvPerf;

/// <summary>
/// A provider thread's per-message work allocates nothing once items are open.
/// </summary>
[Collection(AllocationCollection.Name)]
public class ProviderSteadyStateAllocationTests
{
    [Fact]
    public void Update_and_generic_bursts_and_handling_posts_and_generic_messages_allocate_nothing()
    {
        var parsed = ProvPerfCommandLine.Parse(["-tickRate", "100", "-updateRate", "10000", "-latencyUpdateRate", "100",
            "-genericMsgRate", "1000", "-genericMsgLatencyRate", "100"]);
        ProvPerfOptions options = parsed.Options!;
        var data = Xml.MsgDataLoaderTests.RepoMsgData();
        var encoder = new MarketPriceEncoder(data);
        var stats = new ProviderThreadStats();
        var bursts = new BurstSender(encoder, stats, solicitedRefreshes: true);
        var dispatcher = new RequestDispatcher(options, Xml.MsgDataLoaderTests.RepoDictionary(), stats);
        var sink = new CountingSink();
        var session = new ProviderSession("test", sink, TextWriter.Null,
            new MessagePacer(options.UpdateRate, options.LatencyUpdateRate, options.TickRate),
            new MessagePacer(options.GenericMsgRate, options.GenericMsgLatencyRate, options.TickRate));
        for (int i = 1; i <= 50; i++)
        {
            byte[] name = System.Text.Encoding.ASCII.GetBytes("RDT" + i);
            session.Items.Open(new ItemStream(i, ItemKey.From(name, 1), name, 1, streaming: true));
        }
        Assert.Equal(50, bursts.SendRefreshes(session, 100));

        byte[] post = new byte[1024], generic = new byte[1024];
        int cursor = 0;
        encoder.EncodePost(post, 7, ref cursor, new PostUserInfo(1, 2), 1234, out int postLength);
        encoder.EncodeGenericMsg(generic, 7, ref cursor, 1234, out int genericLength);

        AllocationAssert.None(() =>
        {
            for (int tick = 0; tick < 1000; tick++)
                OneTick(bursts, dispatcher, session, post.AsSpan(0, postLength), generic.AsSpan(0, genericLength));
        });
        Assert.True(stats.Updates.Total >= 100_000 && stats.GenMsgsSent.Total >= 10_000, $"{stats.Updates.Total} {stats.GenMsgsSent.Total}");
        Assert.Equal(stats.Updates.Total + stats.GenMsgsSent.Total + 50 + stats.PostsReflected.Total, sink.Sent);
    }

    private static long s_tick;

    private static void OneTick(BurstSender bursts, RequestDispatcher dispatcher, ProviderSession session,
        ReadOnlySpan<byte> post, ReadOnlySpan<byte> generic)
    {
        s_tick++;
        Assert.True(bursts.SendUpdates(session, s_tick));
        Assert.True(bursts.SendGenericMsgs(session, s_tick));
        Assert.True(dispatcher.Dispatch(session, post, out _));
        Assert.True(dispatcher.Dispatch(session, generic, out _));
    }

    private sealed class CountingSink : IMessageSink
    {
        private readonly byte[] _buffer = new byte[8192];

        public long Sent { get; private set; }

        public Span<byte> Reserve(int maxLength) => _buffer.AsSpan(0, maxLength);

        public bool Send(int length)
        {
            Assert.True(length > 0);
            Sent++;
            return true;
        }

        public void Cancel()
        {
        }
    }
}
