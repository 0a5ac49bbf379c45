using System.Diagnostics;
using System.Text;
using System.Text.Json;
using Eta.Codec.Json;
using Eta.TestSupport;
using Eta.Transport;
using PerfTools.Common.Network;
using PerfTools.Common.Threading;
using PerfTools.ConsPerf.Network;
using PerfTools.ConsPerf.Options;
using PerfTools.ConsPerf.Session;
using PerfTools.ConsPerf.Statistics;
using PerfTools.Tests.Network;
using Xunit;

namespace PerfTools.Tests.ConsPerf;

/// <summary>
/// Over tr_json2 the consumer reads updates straight from the JSON by default (LSEG C ConsPerf's default), with the
/// same counts and latency as the RWF path; -addConversionOverhead converts them as every other message.
/// </summary>
public sealed partial class ReceiverTests
{
    private static readonly BindOptions s_jsonBind = new() { WebSocketProtocols = "tr_json2" };
    private static readonly ConnectOptions s_jsonConnect = new() { ConnectionType = ConnectionType.WebSocket, WebSocketProtocols = "tr_json2" };

    private static string JsonUpdate(string fields) =>
        $"{{\"ID\":{ItemStreamTable.FirstStreamId},\"Type\":\"Update\",\"Domain\":\"MarketPrice\",\"UpdateType\":\"Quote\",\"Fields\":{{{fields}}}}}";

    private static JsonFieldNames JsonFields => JsonFieldNamesCache.For(s_data.Value.Dictionary);

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void A_tr_json2_update_counts_and_times_as_its_RWF_does(bool addConversionOverhead)
    {
        var (rwfReceiver, rwfStats, rwfEvents) = NewReceiver();
        rwfReceiver.OnMessage(Refresh(streaming: true));
        rwfReceiver.OnMessage(Update(latencyMicros: 1_000));
        rwfReceiver.OnMessage(Update(latencyMicros: 0));

        var (receiver, stats, events) = NewReceiver();
        receiver.OnMessage(Refresh(streaming: true));
        using var pair = ChannelPair.Open(s_jsonBind, s_jsonConnect);
        ConsumerChannel channel = ConsumerChannel.Over(pair.Reader, new ConsPerfOptions { AddConversionOverhead = addConversionOverhead }, JsonFields);
        SendText(pair.Writer, $"[{JsonUpdate("\"BID\":45.55,\"TIM_TRK_1\":1000")},{JsonUpdate("\"ASK\":45.56")}]");
        Assert.True(ReadUntil(channel, receiver, () => stats.SteadyStateUpdates.Total == 2), channel.ErrorText);

        Assert.Empty(rwfEvents.Failures);
        Assert.Empty(events.Failures);
        Assert.Equal(rwfStats.SteadyStateUpdates.Total, stats.SteadyStateUpdates.Total);
        Assert.True(rwfStats.TryTakeLatency(LatencyKind.Update, out LatencyRecord expected));
        Assert.True(stats.TryTakeLatency(LatencyKind.Update, out LatencyRecord record));
        Assert.Equal(expected.SendTime, record.SendTime);
        Assert.False(stats.TryTakeLatency(LatencyKind.Update, out _));
    }

    // A field the dictionary does not have tells the two paths apart: only the converter reads every field name.
    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void Only_with_addConversionOverhead_are_updates_converted(bool addConversionOverhead)
    {
        var (receiver, stats, _) = NewReceiver();
        receiver.OnMessage(Refresh(streaming: true));
        using var pair = ChannelPair.Open(s_jsonBind, s_jsonConnect);
        ConsumerChannel channel = ConsumerChannel.Over(pair.Reader, new ConsPerfOptions { AddConversionOverhead = addConversionOverhead }, JsonFields);
        SendText(pair.Writer, JsonUpdate("\"BID_CUSTOM\":45.55,\"TIM_TRK_1\":1000"));

        bool read = ReadUntil(channel, receiver, () => stats.SteadyStateUpdates.Total == 1);

        if (addConversionOverhead)
        {
            Assert.False(read);
            Assert.Equal("a JSON message does not convert: unknown field name 'BID_CUSTOM': it is not in the field dictionary", channel.ErrorText);
        }
        else
        {
            Assert.True(read, channel.ErrorText);
            Assert.True(stats.TryTakeLatency(LatencyKind.Update, out LatencyRecord record));
            Assert.Equal(1_000, record.SendTime);
        }
    }

    [Fact]
    public void Json_updates_allocate_nothing()
    {
        var (receiver, stats, events) = NewReceiver();
        receiver.OnMessage(Refresh(streaming: true));
        byte[] latencyUpdate = Encoding.UTF8.GetBytes(JsonUpdate("\"BID\":45.55,\"TIM_TRK_1\":42"));
        byte[] plainUpdate = Encoding.UTF8.GetBytes(JsonUpdate("\"BID\":45.55,\"ASK\":45.56"));

        long latencies = 0;
        int runs = 0;
        AllocationAssert.None(() =>
        {
            for (int i = 0; i < 20_000; i++)
            {
                var reader = new Utf8JsonReader(i % 100 == 0 ? latencyUpdate : plainUpdate);
                reader.Read();
                JsonUpdateScan scan = JsonUpdateScan.Read(ref reader);
                if (!scan.IsPlainUpdate || !receiver.OnJsonUpdate(scan))
                    throw new InvalidOperationException("not handled as a plain update");
            }
            while (stats.TryTakeLatency(LatencyKind.Update, out _))
                latencies++;
            runs++;
        });

        Assert.Empty(events.Failures);
        Assert.Equal(runs * 200L, latencies);
    }

    private static bool ReadUntil(ConsumerChannel channel, MessageReceiver receiver, Func<bool> done)
    {
        var clock = Stopwatch.StartNew();
        while (!done() && clock.Elapsed < TimeSpan.FromSeconds(30))
        {
            if (!channel.ReadSome(TimeSpan.FromMilliseconds(10), receiver))
                return false;
        }
        return done();
    }

    private static void SendText(Channel channel, string json)
    {
        byte[] payload = Encoding.UTF8.GetBytes(json);
        Assert.Equal(TransportReturnCode.Success, channel.GetBuffer(payload.Length, false, out TransportBuffer? buffer));
        payload.CopyTo(buffer!.Data);
        buffer.Length = payload.Length;
        Assert.True(channel.Write(buffer, WritePriority.High, WriteFlags.None) >= TransportReturnCode.Success, channel.Error.ToString());
        channel.Flush();
    }
}
