using Eta.Codec;
using Eta.Codec.Rdm;
using Eta.Transport;

namespace Eta.ValueAdd.Watchlist;

/// <summary>
/// The watchlist in the consumer role's seam: one per reactor channel. Item submits go to the watchlist, which
/// writes through the channel; item and directory messages and channel state changes go to it; what it delivers
/// reaches the application's <see cref="IReactorCallbacks.OnDefaultMsg"/> with <c>EncodedMsg</c> rewritten to
/// match (the application's stream id), so an application that reads the bytes sees the same as one that reads
/// the fields.
/// </summary>
internal sealed class WatchlistItemLayer : IConsumerItemLayer, IWatchlistChannel, IWatchlistListener
{
    private readonly ReactorChannel _channel;
    private byte[] _scratch = new byte[4096];
    private TransportBuffer? _appBuffer;
    private ReactorCallbackReturn _callbackResult;

    public WatchlistItemLayer(ReactorChannel channel, WatchlistOptions options)
    {
        _channel = channel;
        Watchlist = new ConsumerWatchlist(options, this, this);
    }

    public ConsumerWatchlist Watchlist { get; }

    public ReactorReturnCode SubmitItem(ReactorChannel channel, in Msg msg, TransportBuffer? encoded) => Submit(msg, encoded, null);

    /// <summary>A submit naming its service (see <see cref="WatchlistRoleExtensions.Submit"/>).</summary>
    public ReactorReturnCode Submit(scoped in Msg msg, TransportBuffer? encoded, string? serviceName)
    {
        _appBuffer = encoded;
        WatchlistReturnCode rc;
        try
        {
            rc = Watchlist.Submit(msg, serviceName);
        }
        finally
        {
            // The application's buffer is ours: written as it was (a post or generic message, its stream id
            // patched), or not needed (a request or close, which the watchlist encodes itself).
            if (_appBuffer is { } unused)
                _channel.Channel?.ReleaseBuffer(unused);
            _appBuffer = null;
        }
        return rc switch
        {
            WatchlistReturnCode.Success => ReactorReturnCode.Success,
            WatchlistReturnCode.NoBuffers => ReactorReturnCode.NoBuffers,
            _ => _channel.Fail(ReactorReturnCode.Failure, "Watchlist: " + Watchlist.LastError),
        };
    }

    public ReactorCallbackReturn OnItemMsg(ReactorChannel channel, in Msg msg)
    {
        // An update for the one application stream on its item, which has the provider's id too: the provider's
        // message is the application's as it is (ConsPerf's items, requested in order, are all like this).
        if (msg.MsgClass == MsgClass.Update && msg.StreamId != 0 && Watchlist.DirectUpdateRoute(msg.StreamId) == msg.StreamId)
            return _channel.DeliverDefaultMsg(msg);
        _callbackResult = ReactorCallbackReturn.Success;
        Watchlist.OnProviderMsg(msg);   // a message on a stream the watchlist no longer holds is dropped
        return _callbackResult;
    }

    public void OnDirectoryMsg(ReactorChannel channel, in Msg msg, RdmDirectoryEvent directory)
    {
        switch (directory.Type)
        {
            case RdmDirectoryMsgType.Refresh:
                Watchlist.OnDirectory(directory.Refresh.Services);
                break;
            case RdmDirectoryMsgType.Update:
                Watchlist.OnDirectory(directory.Update.Services);
                break;
        }
    }

    /// <summary>
    /// A loss with reconnection to come recovers every item; a channel closed for good (by the application, or with
    /// no attempt left) drops them silently: 100,000 "channel down." statuses to an application that is closing
    /// would be work for nothing.
    /// </summary>
    public void OnChannelState(ReactorChannel channel, ReactorChannelState state)
    {
        if (state == ReactorChannelState.DownReconnecting)
            Watchlist.OnChannelDown();
        else if (state == ReactorChannelState.Down)
            Watchlist.Close();
    }

    public ReactorCallbackReturn OnDispatch(ReactorChannel channel)
    {
        _callbackResult = ReactorCallbackReturn.Success;
        Watchlist.Dispatch();
        return _callbackResult;
    }

    // ---- IWatchlistChannel: the watchlist's way out ----

    public WatchlistSendResult Send(scoped in Msg msg)
    {
        ReactorReturnCode rc;
        if (_appBuffer is { } buffer && msg.MsgClass is MsgClass.Post or MsgClass.Generic)
        {
            _appBuffer = null;
            MsgPatch.StreamId(buffer.Data, msg.StreamId);
            rc = _channel.WriteToTransport(buffer);
            if (rc == ReactorReturnCode.WriteCallAgain)
                _channel.Channel?.ReleaseBuffer(buffer);
        }
        else
        {
            rc = _channel.EncodeAndWrite(new MsgWriter(msg));
        }
        return rc switch
        {
            ReactorReturnCode.Success => WatchlistSendResult.Sent,
            ReactorReturnCode.NoBuffers or ReactorReturnCode.WriteCallAgain => WatchlistSendResult.NoBuffers,
            _ => WatchlistSendResult.Failed,
        };
    }

    // ---- IWatchlistListener: the watchlist's way in ----

    public void OnMsg(scoped in Msg msg)
    {
        if (!msg.EncodedMsg.IsEmpty)
        {
            // The watchlist changed only the stream id of a message it passes on with the provider's bytes: the
            // fields are right already, so the bytes get the new id (in a copy when it differs) and nothing is
            // decoded again.
            OnForwarded(msg);
            return;
        }
        int length = Encode(msg);
        if (length < 0 || MsgDecoder.Decode(_scratch.AsSpan(0, length), out Msg rewritten) != CodecReturnCode.Success)
        {
            _callbackResult = _channel.DeliverDefaultMsg(msg);  // cannot happen for a message that decoded once; deliver it as it is
        }
        else if (_channel.DeliverDefaultMsg(rewritten) == ReactorCallbackReturn.Failure)
        {
            _callbackResult = ReactorCallbackReturn.Failure;
        }
    }

    private void OnForwarded(scoped in Msg msg)
    {
        ReactorCallbackReturn result;
        if (MsgPeek.Identity(msg.EncodedMsg, out _, out _, out int encodedStreamId) == CodecReturnCode.Success
            && encodedStreamId == msg.StreamId)
        {
            result = _channel.DeliverDefaultMsg(msg);
        }
        else
        {
            int length = Copy(msg.EncodedMsg, msg.StreamId);
            if (length < 0)
            {
                result = _channel.DeliverDefaultMsg(msg);
            }
            else
            {
                Msg rewritten = msg;
                rewritten.EncodedMsg = _scratch.AsSpan(0, length);
                result = _channel.DeliverDefaultMsg(rewritten);
            }
        }
        if (result == ReactorCallbackReturn.Failure)
            _callbackResult = ReactorCallbackReturn.Failure;
    }

    private int Copy(ReadOnlySpan<byte> encoded, int streamId)
    {
        if (_scratch.Length < encoded.Length)
            _scratch = new byte[Math.Max(encoded.Length, _scratch.Length * 2)];
        encoded.CopyTo(_scratch);
        return MsgPatch.StreamId(_scratch.AsSpan(0, encoded.Length), streamId) == CodecReturnCode.Success ? encoded.Length : -1;
    }

    private int Encode(scoped in Msg msg)
    {
        for (int attempt = 0; attempt < 6; attempt++)
        {
            var encoder = new RwfEncoder(_scratch);
            CodecReturnCode rc = MsgEncoder.Encode(ref encoder, msg);
            if (rc == CodecReturnCode.Success)
                return encoder.Position;
            if (rc != CodecReturnCode.BufferTooSmall)
                return -1;
            _scratch = new byte[_scratch.Length * 2];
        }
        return -1;
    }
}
