using System.Text;
using Eta.Codec;
using Eta.Codec.Rdm;

namespace Eta.ValueAdd.Watchlist;

/// <summary>Posts and generic messages on application streams, and the acks that answer posts.</summary>
public sealed partial class ConsumerWatchlist
{
    private WatchlistReturnCode SubmitPost(scoped in Msg msg)
    {
        if (!TryOpenStream(msg.StreamId, "PostMsg", out ProviderStream? stream))
            return WatchlistReturnCode.InvalidUsage;
        if (msg.DomainType is DomainTypes.Login or DomainTypes.Source or DomainTypes.Dictionary)
            return Invalid("Cannot submit PostMsg with administrative domain type.");
        bool wantsAck = (msg.PostFlags & PostMsgFlags.Ack) != 0;
        PostKey key = default;
        if (wantsAck)
        {
            if ((msg.PostFlags & PostMsgFlags.HasPostId) == 0)
                return Invalid("Cannot submit PostMsg requiring ack with no post id.");
            if ((msg.PostFlags & PostMsgFlags.PostComplete) == 0 && (msg.PostFlags & PostMsgFlags.HasSeqNum) == 0)
                return Invalid("Cannot submit multi-part PostMsg with no sequence number.");
            key = PostTracker.KeyOf(stream.StreamId, msg);
            if (_posts.Contains(key))
                return Invalid("A PostMsg with this post id and sequence number is already waiting for its ack.");
            if (_posts.Outstanding >= _options.MaxOutstandingPosts)
                return Invalid("maxOutstandingPosts limit reached.");
        }
        WatchlistReturnCode rc = SendOnStream(msg, stream);
        if (rc == WatchlistReturnCode.Success && wantsAck)
            _posts.Track(key, msg.StreamId, msg.DomainType, (msg.PostFlags & PostMsgFlags.HasSeqNum) != 0, _clock());
        return rc;
    }

    private WatchlistReturnCode SubmitGeneric(scoped in Msg msg) =>
        TryOpenStream(msg.StreamId, "GenericMsg", out ProviderStream? stream) ? SendOnStream(msg, stream) : WatchlistReturnCode.InvalidUsage;

    private bool TryOpenStream(int appStreamId, string what, [System.Diagnostics.CodeAnalysis.NotNullWhen(true)] out ProviderStream? stream)
    {
        stream = null;
        if (!_requests.TryGetValue(appStreamId, out AppRequest? request))
        {
            Invalid($"{what} submitted on stream {appStreamId}, which the watchlist does not hold.");
            return false;
        }
        if (request.Stream is null || request.IsWaiting || !request.Stream.ProviderOpen)
        {
            Invalid($"{what} submitted on stream {appStreamId}, which is not open towards the provider now.");
            return false;
        }
        stream = request.Stream;
        return true;
    }

    private WatchlistReturnCode SendOnStream(scoped in Msg msg, ProviderStream stream)
    {
        Msg onStream = msg;
        onStream.StreamId = stream.StreamId;
        switch (_channel.Send(onStream))
        {
            case WatchlistSendResult.Sent:
                return WatchlistReturnCode.Success;
            case WatchlistSendResult.NoBuffers:
                LastError = "No output buffer: submit the message again later.";
                return WatchlistReturnCode.NoBuffers;
            default:
                LastError = "The channel did not take the message.";
                return WatchlistReturnCode.Failure;
        }
    }

    private void OnAck(ProviderStream stream, scoped in Msg msg)
    {
        if (!_posts.TryAck(stream.StreamId, msg, out PendingPost post) || !_requests.ContainsKey(post.AppStreamId))
            return;     // timed out already (the application had its nak), or the posting stream is closed
        Msg ack = msg;
        ack.StreamId = post.AppStreamId;
        _listener.OnMsg(ack);
    }

    /// <summary>A post whose ack did not come in time gets a NoResponse nak on the stream that posted it (LSEG's text).</summary>
    private void ExpirePosts(long now)
    {
        while (_posts.TryExpire(now, out PostKey key, out PendingPost post))
        {
            if (!_requests.ContainsKey(post.AppStreamId))
                continue;
            Msg nak = Msg.Create(MsgClass.Ack, post.DomainType, post.AppStreamId);
            nak.AckFlags = AckMsgFlags.HasNakCode | AckMsgFlags.HasText | (post.HasSeqNum ? AckMsgFlags.HasSeqNum : 0);
            nak.NakCode = NakCode.NoResponse;
            nak.AckId = key.PostId;
            nak.SeqNum = key.SeqNum;
            nak.Text = Encoding.UTF8.GetBytes($"No Ack received for PostMsg with postId = {key.PostId}");
            _listener.OnMsg(nak);
        }
    }
}
