using Eta.Codec;
using Eta.Codec.Rdm;
using Eta.Transport;

namespace Eta.ValueAdd.Benchmarks;

/// <summary>
/// The provider, on its own thread: a reactor provider role answers login and directory, and every item request
/// with a refresh; once <see cref="StartUpdates"/> is called it stops dispatching and writes pre-encoded updates
/// round-robin over the requested streams, packed, as fast as the consumer takes them, until disposed.
/// </summary>
internal sealed class FeedProvider : IReactorCallbacks, IDisposable
{
    public const int ServiceId = 1;
    private const int PackSize = 6000;
    private const int PackedHeaderRoom = 8;

    private readonly Reactor _reactor = new();
    private readonly Server _server;
    private readonly Thread _thread;
    private readonly List<int> _streams = [];
    private readonly byte[] _payload = Payloads.Update();
    private volatile bool _updating;
    private volatile bool _stop;

    public FeedProvider()
    {
        var role = new ProviderRole(this);
        role.Services.Add(DirectFeed());
        _server = Transport.Transport.Bind(new BindOptions { Port = 0 }, out TransportError? error)
            ?? throw new InvalidOperationException("bind failed: " + error);
        _reactor.Listen(_server, role);
        _thread = new Thread(Run) { Name = "feed provider", IsBackground = true };
        _thread.Start();
    }

    public int Port => _server.Port;

    /// <summary>Why the provider stopped early, or null.</summary>
    public string? Failure { get; private set; }

    public void StartUpdates() => _updating = true;

    private void Run()
    {
        try
        {
            while (!_updating && !_stop)
                _reactor.Dispatch(5);
            if (!_stop)
                SendUpdates(_reactor.Channels.Single().Channel!);
        }
        catch (Exception e) when (e is InvalidOperationException or System.Net.Sockets.SocketException)
        {
            Failure = e.Message;
        }
    }

    private void SendUpdates(Channel channel)
    {
        byte[][] updates = EncodeUpdates();
        int next = 0;
        while (!_stop)
        {
            TransportReturnCode rc = channel.GetBuffer(PackSize, packed: true, out TransportBuffer? buffer);
            if (rc == TransportReturnCode.NoBuffers)
            {
                if (channel.Flush() < TransportReturnCode.Success)
                    throw new InvalidOperationException("flush failed: " + channel.Error.Text);
                channel.Socket.Poll(10_000, System.Net.Sockets.SelectMode.SelectWrite);
                continue;
            }
            if (rc != TransportReturnCode.Success)
                throw new InvalidOperationException("GetBuffer failed: " + channel.Error.Text);
            while (true)
            {
                byte[] update = updates[next];
                update.CopyTo(buffer!.Data);
                buffer.Length = update.Length;
                next = next + 1 == updates.Length ? 0 : next + 1;
                // The last message that fits is written as it is; packing it would leave an empty one behind.
                if (buffer.Capacity - update.Length - PackedHeaderRoom < updates[next].Length)
                    break;
                if (channel.PackBuffer(buffer) < TransportReturnCode.Success)
                    throw new InvalidOperationException("packing failed: " + channel.Error.Text);
            }
            rc = channel.Write(buffer!);
            if (rc < TransportReturnCode.Success && rc != TransportReturnCode.WriteCallAgain)
                throw new InvalidOperationException("write failed: " + channel.Error.Text);
            if (rc > TransportReturnCode.Success)
                channel.Flush();
        }
    }

    private byte[][] EncodeUpdates()
    {
        var updates = new byte[_streams.Count][];
        var space = new byte[256];
        for (int i = 0; i < updates.Length; i++)
        {
            var enc = new RwfEncoder(space);
            var msg = Msg.Create(MsgClass.Update, DomainTypes.MarketPrice, _streams[i], DataTypes.FieldList);
            msg.EncodedDataBody = _payload;
            if (MsgEncoder.Encode(ref enc, msg) != CodecReturnCode.Success)
                throw new InvalidOperationException("update encoding failed");
            updates[i] = enc.Written.ToArray();
        }
        return updates;
    }

    // ---- IReactorCallbacks: item requests get a refresh ----

    public ReactorCallbackReturn OnChannelEvent(ReactorChannel channel, ReactorChannelEventType eventType) => ReactorCallbackReturn.Success;

    public ReactorCallbackReturn OnDefaultMsg(ReactorChannel channel, in Msg msg)
    {
        if (msg.MsgClass != MsgClass.Request || msg.DomainType != DomainTypes.MarketPrice)
            return ReactorCallbackReturn.Success;
        _streams.Add(msg.StreamId);
        var refresh = Msg.Create(MsgClass.Refresh, DomainTypes.MarketPrice, msg.StreamId, DataTypes.FieldList);
        refresh.RefreshFlags = RefreshMsgFlags.Solicited | RefreshMsgFlags.RefreshComplete | RefreshMsgFlags.HasMsgKey | RefreshMsgFlags.HasQos;
        refresh.State = new State(StreamStates.Open, DataStates.Ok);
        refresh.Qos = new Qos(QosTimeliness.Realtime, QosRates.TickByTick);
        refresh.Key.Flags = MsgKeyFlags.HasServiceId | MsgKeyFlags.HasName;
        refresh.Key.ServiceId = ServiceId;
        refresh.Key.Name = msg.Key.Name;
        refresh.EncodedDataBody = _payload;
        ReactorReturnCode rc;
        while ((rc = channel.Submit(refresh)) is ReactorReturnCode.NoBuffers or ReactorReturnCode.WriteCallAgain)
        {
            if (channel.Channel!.Flush() < TransportReturnCode.Success)
                return ReactorCallbackReturn.Failure;
        }
        return rc == ReactorReturnCode.Success ? ReactorCallbackReturn.Success : ReactorCallbackReturn.Failure;
    }

    private static Service DirectFeed()
    {
        var info = new ServiceInfo { ServiceName = "DIRECT_FEED", IsSource = 1 };
        info.Capabilities.Add(DomainTypes.MarketPrice);
        info.QosList.Add(new Qos(QosTimeliness.Realtime, QosRates.TickByTick));
        return new Service
        {
            ServiceId = ServiceId,
            Info = info,
            State = new ServiceState { Value = ServiceStates.Up, AcceptingRequests = 1 },
        };
    }

    public void Dispose()
    {
        _stop = true;
        _thread.Join();
        _reactor.Dispose();
        _server.Close();
    }
}
