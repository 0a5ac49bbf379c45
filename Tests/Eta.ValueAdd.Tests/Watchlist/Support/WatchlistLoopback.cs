using System.Diagnostics;
using System.Text;
using Eta.Codec;
using Eta.Codec.Rdm;
using Eta.Transport;
using Eta.ValueAdd.Tests.Support;
using Eta.ValueAdd.Watchlist;
using Xunit;

namespace Eta.ValueAdd.Tests.Watchlist.Support;

/// <summary>
/// A provider reactor that answers item requests with refreshes and posts with acks, and a consumer reactor whose
/// role has the watchlist on, over a loopback socket; both driven from the test thread by <see cref="RunUntil"/>.
/// </summary>
internal sealed class WatchlistLoopback : IDisposable
{
    private static readonly TimeSpan s_deadline = TimeSpan.FromSeconds(20);
    private Server? _server;
    private int _port;

    public WatchlistLoopback()
    {
        ProviderRole = new ProviderRole(Provider);
        ProviderRole.Services.Add(Services.DirectFeed());
        StartProvider();
        var role = new ConsumerRole(App)
        {
            LoginRequest = new LoginRequest { UserName = "watchlist-test" },
            DirectoryRequest = new DirectoryRequest(),
        }.EnableWatchlist();
        Channel = ConsumerReactor.Connect(new ReactorConnectOptions
        {
            Connect = new ConnectOptions { Host = "127.0.0.1", Port = _port },
            ReconnectAttemptLimit = -1,
            ReconnectMinDelayMs = 50,
            ReconnectMaxDelayMs = 200,
        }, role);
    }

    public AnsweringProvider Provider { get; } = new();

    public ConsumerApp App { get; } = new();

    public ProviderRole ProviderRole { get; }

    public Reactor ProviderReactor { get; private set; } = null!;

    public Reactor ConsumerReactor { get; } = new();

    public ReactorChannel Channel { get; }

    public void StartProvider()
    {
        ProviderReactor = new Reactor();
        _server = Transport.Transport.Bind(new BindOptions { Port = _port }, out TransportError? error)
            ?? throw new InvalidOperationException("bind failed: " + error);
        _port = _server.Port;
        ProviderReactor.Listen(_server, ProviderRole);
    }

    public void StopProvider()
    {
        ProviderReactor.Dispose();
        _server?.Close();
        _server = null;
        Provider.Channel = null;
    }

    public void RunUntil(Func<bool> condition, string what)
    {
        var clock = Stopwatch.StartNew();
        while (!condition())
        {
            Assert.True(clock.Elapsed < s_deadline, $"timed out waiting for {what}; app saw [{string.Join(", ", App.Messages.TakeLast(8))}]");
            ConsumerReactor.Dispatch(1);
            if (_server is not null)
                ProviderReactor.Dispatch(1);
        }
    }

    public void Dispose()
    {
        ConsumerReactor.Dispose();
        StopProvider();
    }

    public static Msg Request(int streamId, string name)
    {
        Msg msg = Msg.Create(MsgClass.Request, DomainTypes.MarketPrice, streamId);
        msg.RequestFlags = RequestMsgFlags.Streaming;
        msg.Key.Flags = MsgKeyFlags.HasName;
        msg.Key.Name = Encoding.ASCII.GetBytes(name);
        return msg;
    }
}

/// <summary>The provider's callbacks: records item messages, answers requests with a refresh and acked posts with an ack.</summary>
internal sealed class AnsweringProvider : IReactorCallbacks
{
    public ReactorChannel? Channel { get; set; }

    public List<(MsgClass Class, int StreamId, bool NoRefresh)> Received { get; } = [];

    public ReactorCallbackReturn OnChannelEvent(ReactorChannel channel, ReactorChannelEventType eventType)
    {
        if (eventType == ReactorChannelEventType.ChannelUp)
            Channel = channel;
        return ReactorCallbackReturn.Success;
    }

    public ReactorCallbackReturn OnDefaultMsg(ReactorChannel channel, in Msg msg)
    {
        if (msg.DomainType != DomainTypes.MarketPrice)
            return ReactorCallbackReturn.Success; // admin messages the provider role raised after answering them
        bool noRefresh = msg.MsgClass == MsgClass.Request && (msg.RequestFlags & RequestMsgFlags.NoRefresh) != 0;
        Received.Add((msg.MsgClass, msg.StreamId, noRefresh));
        if (msg.MsgClass == MsgClass.Request && !noRefresh)
        {
            Msg refresh = Msg.Create(MsgClass.Refresh, msg.DomainType, msg.StreamId, DataTypes.Opaque);
            refresh.RefreshFlags = RefreshMsgFlags.Solicited | RefreshMsgFlags.RefreshComplete;
            refresh.State = new State(StreamStates.Open, DataStates.Ok);
            refresh.EncodedDataBody = "image"u8;
            Assert.Equal(ReactorReturnCode.Success, channel.Submit(refresh));
        }
        else if (msg.MsgClass == MsgClass.Post && (msg.PostFlags & PostMsgFlags.Ack) != 0)
        {
            Msg ack = Msg.Create(MsgClass.Ack, msg.DomainType, msg.StreamId);
            ack.AckId = msg.PostId;
            Assert.Equal(ReactorReturnCode.Success, channel.Submit(ack));
        }
        return ReactorCallbackReturn.Success;
    }

    public void SendUpdate(int streamId, string body)
    {
        Msg update = Msg.Create(MsgClass.Update, DomainTypes.MarketPrice, streamId, DataTypes.Opaque);
        update.EncodedDataBody = Encoding.ASCII.GetBytes(body);
        Assert.Equal(ReactorReturnCode.Success, Channel!.Submit(update));
    }

    public void SendStatus(int streamId, int streamState, string text)
    {
        Msg status = Msg.Create(MsgClass.Status, DomainTypes.MarketPrice, streamId);
        status.StatusFlags = StatusMsgFlags.HasState;
        status.State = new State(streamState, DataStates.Suspect, StateCodes.None, Encoding.ASCII.GetBytes(text));
        Assert.Equal(ReactorReturnCode.Success, Channel!.Submit(status));
    }
}

/// <summary>The consumer application: every item message as its fields say and as its bytes say.</summary>
internal sealed class ConsumerApp : IReactorCallbacks
{
    public List<ReactorChannelEventType> Events { get; } = [];

    public List<AppMsg> Messages { get; } = [];

    public ReactorCallbackReturn OnChannelEvent(ReactorChannel channel, ReactorChannelEventType eventType)
    {
        Events.Add(eventType);
        return ReactorCallbackReturn.Success;
    }

    public ReactorCallbackReturn OnDefaultMsg(ReactorChannel channel, in Msg msg)
    {
        if (msg.DomainType != DomainTypes.MarketPrice)
            return ReactorCallbackReturn.Success; // login and directory, raised to the default callback
        // The bytes must agree with the fields: ConsPerf's receiver, for one, decodes msg.EncodedMsg again.
        MsgDecoder.Decode(msg.EncodedMsg, out Msg again);
        bool hasState = msg.MsgClass == MsgClass.Refresh || (msg.MsgClass == MsgClass.Status && (msg.StatusFlags & StatusMsgFlags.HasState) != 0);
        Messages.Add(new AppMsg(msg.MsgClass, msg.StreamId, again.StreamId, hasState ? msg.State.StreamState : (byte)0,
            hasState ? Encoding.ASCII.GetString(msg.State.Text) : "", Encoding.ASCII.GetString(msg.EncodedDataBody), msg.AckId));
        return ReactorCallbackReturn.Success;
    }
}

internal sealed record AppMsg(MsgClass Class, int StreamId, int BytesStreamId, byte StreamState, string Text, string Body, uint AckId);
