using Eta.Codec;
using Eta.Codec.Rdm;
using PerfTools.Common.Timing;
using PerfTools.Tests.ProvPerf;
using Xunit;

namespace PerfTools.Tests.PerfHub;

/// <summary>
/// A non-interactive provider for hub tests, on our codec and transport (NIProvPerf's part, guide ch.6): logs in with
/// the provider role, publishes one service, sends a refresh per item on negative stream ids (BID, ASK, DSPLY_NAME),
/// then optionally streams updates (a new BID and a TIM_TRK_1 stamp) round-robin over the items on its own thread.
/// </summary>
internal sealed class TestNiPublisher : IDisposable
{
    public const string ServiceName = "TEST_FEED";
    public const int ServiceId = 1;

    private readonly TestConsumer _channel;
    private readonly int _itemCount;
    private readonly CancellationTokenSource _stopUpdates = new();
    private Thread? _updates;

    private TestNiPublisher(TestConsumer channel, int itemCount)
    {
        _channel = channel;
        _itemCount = itemCount;
    }

    public long UpdatesSent => Interlocked.Read(ref _updatesSent);

    private long _updatesSent;
    private bool _disposed;

    /// <summary>Connects, logs in, publishes the service and every item's refresh.</summary>
    public static TestNiPublisher Start(int port, int itemCount, CancellationToken stop)
    {
        var channel = TestConsumer.Connect(port, stop);
        var publisher = new TestNiPublisher(channel, itemCount);
        channel.Send((ref RwfEncoder e) =>
        {
            var login = new LoginRequest { StreamId = 1, UserName = "niprov" };
            login.Attributes.Role = LoginRoles.Provider;
            return login.Encode(ref e);
        });
        Assert.True(MsgDecoder.Decode(channel.Receive(stop), out Msg answer) == CodecReturnCode.Success
            && answer.MsgClass == MsgClass.Refresh && answer.State.DataState == DataStates.Ok, "the hub did not accept the provider login");
        channel.Send((ref RwfEncoder e) =>
        {
            var directory = new DirectoryRefresh { StreamId = -1, Solicited = false };
            var info = new ServiceInfo { ServiceName = ServiceName };
            info.Capabilities.Add(DomainTypes.MarketPrice);
            directory.Services.Add(new Service
            {
                ServiceId = ServiceId, Info = info, State = new ServiceState { Value = ServiceStates.Up, AcceptingRequests = 1 },
            });
            return directory.Encode(ref e);
        });
        for (int i = 1; i <= itemCount; i++)
        {
            int item = i;
            channel.Send((ref RwfEncoder e) => EncodeRefresh(ref e, item));
        }
        return publisher;
    }

    public static string ItemName(int item) => $"ITEM{item}";

    /// <summary>Sends updates, one every tick of a 1 ms wait, until disposed or disconnected.</summary>
    public void StartUpdates()
    {
        _updates = new Thread(() =>
        {
            int item = 0;
            while (!_stopUpdates.IsCancellationRequested)
            {
                item = item % _itemCount + 1;
                int streamId = -1 - item;
                long price = 10_000 + item + Interlocked.Read(ref _updatesSent) % 100;
                try
                {
                    _channel.Send((ref RwfEncoder e) => EncodeUpdate(ref e, streamId, price));
                }
                catch (Xunit.Sdk.XunitException)
                {
                    // The hub closed the connection (a test stops the hub while this thread still sends): an assertion
                    // thrown here would be no test's failure but the whole run's (xunit's catastrophic failure).
                    return;
                }
                Interlocked.Increment(ref _updatesSent);
                _stopUpdates.Token.WaitHandle.WaitOne(1);
            }
        }) { IsBackground = true, Name = "test NI publisher" };
        _updates.Start();
    }

    /// <summary>Disconnects without a word, as a crashed provider would.</summary>
    public void Disconnect() => Dispose();

    private static CodecReturnCode EncodeRefresh(ref RwfEncoder e, int item)
    {
        var msg = Msg.Create(MsgClass.Refresh, DomainTypes.MarketPrice, -1 - item, DataTypes.FieldList);
        msg.RefreshFlags = RefreshMsgFlags.HasMsgKey | RefreshMsgFlags.RefreshComplete | RefreshMsgFlags.ClearCache | RefreshMsgFlags.HasQos;
        msg.Key.Flags = MsgKeyFlags.HasServiceId | MsgKeyFlags.HasName | MsgKeyFlags.HasNameType;
        msg.Key.ServiceId = ServiceId;
        msg.Key.Name = System.Text.Encoding.ASCII.GetBytes(ItemName(item));
        msg.Key.NameType = 1;
        msg.State = new State(StreamStates.Open, DataStates.Ok);
        msg.Qos = new Qos(QosTimeliness.Realtime, QosRates.TickByTick);
        CodecReturnCode rc = MsgEncoder.EncodeInit(ref e, msg, out MsgEncodeState state);
        if (rc < CodecReturnCode.Success)
            return rc;
        e.FieldListInit();
        e.FieldEntry(22, new Real(10_000 + item, RealHints.ExponentNeg2));
        e.FieldEntry(25, new Real(10_100 + item, RealHints.ExponentNeg2));
        e.FieldEntry(3, "HUB TEST"u8);
        e.FieldListComplete(success: true);
        return MsgEncoder.EncodeComplete(ref e, ref state, success: true);
    }

    private static CodecReturnCode EncodeUpdate(ref RwfEncoder e, int streamId, long price)
    {
        var msg = Msg.Create(MsgClass.Update, DomainTypes.MarketPrice, streamId, DataTypes.FieldList);
        CodecReturnCode rc = MsgEncoder.EncodeInit(ref e, msg, out MsgEncodeState state);
        if (rc < CodecReturnCode.Success)
            return rc;
        e.FieldListInit();
        e.FieldEntry(22, new Real(price, RealHints.ExponentNeg2));
        e.FieldEntry(3902, new UInt((ulong)PerfTimestamp.NowMicroseconds()));
        e.FieldListComplete(success: true);
        return MsgEncoder.EncodeComplete(ref e, ref state, success: true);
    }

    public void Dispose()
    {
        if (_disposed)
            return;
        _disposed = true;
        _stopUpdates.Cancel();
        _updates?.Join(TimeSpan.FromSeconds(10));
        _updates = null;
        _channel.Dispose();
    }
}
