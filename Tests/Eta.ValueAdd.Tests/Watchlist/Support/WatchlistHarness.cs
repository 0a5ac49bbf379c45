using System.Diagnostics;
using System.Text;
using Eta.Codec;
using Eta.Codec.Rdm;
using Eta.ValueAdd.Watchlist;

namespace Eta.ValueAdd.Tests.Watchlist.Support;

/// <summary>A watchlist between a recording channel and a recording application, on a clock the test moves.</summary>
internal sealed class WatchlistHarness
{
    public WatchlistHarness(WatchlistOptions? options = null)
    {
        Watchlist = new ConsumerWatchlist(options ?? new WatchlistOptions(), Provider, App, () => Now);
    }

    public long Now { get; set; } = 1_000_000;

    /// <summary>
    /// Service DIRECT_FEED up, and application streams 10 and 11 open on TRI.N (one provider stream, 5), each with its
    /// refresh; what was sent and delivered so far is cleared.
    /// </summary>
    public static WatchlistHarness WithTwoOpen(WatchlistOptions? options = null)
    {
        var h = new WatchlistHarness(options);
        h.Directory(WatchlistMessages.UpService(qos: WatchlistMessages.RealTime));
        h.Submit(WatchlistMessages.Request(10, "TRI.N"));
        h.FromProvider(WatchlistMessages.Refresh(5));
        h.Submit(WatchlistMessages.Request(11, "TRI.N"));
        h.FromProvider(WatchlistMessages.Refresh(5));
        h.Provider.Take();
        h.App.Take();
        return h;
    }

    public RecordingChannel Provider { get; } = new();

    public RecordingListener App { get; } = new();

    public ConsumerWatchlist Watchlist { get; }

    public void Advance(TimeSpan span) => Now += (long)(span.TotalSeconds * Stopwatch.Frequency);

    public void Directory(params Service[] services) => Watchlist.OnDirectory(services);

    public void Submit(Msg msg, string? serviceName = "DIRECT_FEED")
    {
        WatchlistReturnCode rc = Watchlist.Submit(msg, serviceName);
        if (rc != WatchlistReturnCode.Success)
            throw new InvalidOperationException($"submit of {msg.MsgClass} on {msg.StreamId}: {rc} {Watchlist.LastError}");
    }

    public bool FromProvider(Msg msg) => Watchlist.OnProviderMsg(msg);
}

/// <summary>Every message the watchlist sent, encoded and decoded again (so each is a valid wire message).</summary>
internal sealed class RecordingChannel : IWatchlistChannel
{
    private readonly byte[] _buffer = new byte[8192];

    public List<SentMsg> Sent { get; } = [];

    /// <summary>What the next sends return (Sent by default).</summary>
    public WatchlistSendResult Result { get; set; } = WatchlistSendResult.Sent;

    public WatchlistSendResult Send(scoped in Msg msg)
    {
        if (Result != WatchlistSendResult.Sent)
            return Result;
        var encoder = new RwfEncoder(_buffer);
        CodecReturnCode rc = MsgEncoder.Encode(ref encoder, msg);
        if (rc != CodecReturnCode.Success)
            throw new InvalidOperationException($"the watchlist sent a message that does not encode: {rc}");
        if (MsgDecoder.Decode(_buffer.AsSpan(0, encoder.Position), out Msg decoded) != CodecReturnCode.Success)
            throw new InvalidOperationException("the watchlist sent a message that does not decode");
        Sent.Add(SentMsg.From(decoded));
        return WatchlistSendResult.Sent;
    }

    public List<SentMsg> Take()
    {
        var taken = new List<SentMsg>(Sent);
        Sent.Clear();
        return taken;
    }
}

internal sealed record SentMsg(MsgClass Class, int StreamId, byte Domain, ushort Flags, string Name, int ServiceId,
    Qos Qos, byte PriorityClass, int PriorityCount, uint PostId)
{
    public bool Streaming => ((RequestMsgFlags)Flags & RequestMsgFlags.Streaming) != 0;

    public bool NoRefresh => ((RequestMsgFlags)Flags & RequestMsgFlags.NoRefresh) != 0;

    public static SentMsg From(scoped in Msg msg) => new(msg.MsgClass, msg.StreamId, msg.DomainType, msg.Flags,
        msg.HasMsgKey && msg.Key.HasName ? Encoding.ASCII.GetString(msg.Key.Name) : "",
        msg.HasMsgKey && msg.Key.HasServiceId ? msg.Key.ServiceId : -1, msg.Qos, msg.PriorityClass, msg.PriorityCount, msg.PostId);
}

/// <summary>Every message delivered to the application, copied out.</summary>
internal sealed class RecordingListener : IWatchlistListener
{
    public List<DeliveredMsg> Received { get; } = [];

    /// <summary>Runs inside the callback (to close or open streams from it).</summary>
    public Action<DeliveredMsg>? OnEach { get; set; }

    public void OnMsg(scoped in Msg msg)
    {
        var copy = DeliveredMsg.From(msg);
        Received.Add(copy);
        OnEach?.Invoke(copy);
    }

    public List<DeliveredMsg> Take()
    {
        var taken = new List<DeliveredMsg>(Received);
        Received.Clear();
        return taken;
    }
}

internal sealed record DeliveredMsg(MsgClass Class, int StreamId, byte StreamState, byte DataState, string Text,
    ushort Flags, uint AckId, NakCode NakCode, string Body)
{
    public static DeliveredMsg From(scoped in Msg msg)
    {
        bool hasState = msg.MsgClass == MsgClass.Refresh
            || (msg.MsgClass == MsgClass.Status && (msg.StatusFlags & StatusMsgFlags.HasState) != 0);
        string text = hasState ? Encoding.ASCII.GetString(msg.State.Text)
            : msg.MsgClass == MsgClass.Ack ? Encoding.ASCII.GetString(msg.Text) : "";
        return new DeliveredMsg(msg.MsgClass, msg.StreamId, hasState ? msg.State.StreamState : (byte)0,
            hasState ? msg.State.DataState : (byte)0, text, msg.Flags, msg.AckId, msg.NakCode, Encoding.ASCII.GetString(msg.EncodedDataBody));
    }
}
