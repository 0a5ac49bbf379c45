using PerfTools.Common.Provider;
using Eta.Codec;

namespace PerfTools.ProvPerf.Session;

/// <summary>
/// Reflects a received post to the item stream: the posted message (ConsPerf nests an UpdateMsg in the post)
/// is re-encoded on the post's stream with the post's user info, so the consumer sees its own content, TIM_TRK_2
/// included, come back as an update. A post whose payload is a plain container is wrapped in an update.
/// </summary>
internal sealed class PostReflector
{
    // Header growth when re-encoding: stream id, post user info, flags.
    private const int HeaderAllowance = 64;

    /// <summary>False only when the channel failed; malformed posts are ignored.</summary>
    public bool Reflect(IMessageSink sink, scoped in Msg post)
    {
        Msg reflected;
        if (post.ContainerType == DataTypes.Msg)
        {
            if (MsgDecoder.Decode(post.EncodedDataBody, out reflected) != CodecReturnCode.Success)
                return true;
        }
        else
        {
            reflected = Msg.Create(MsgClass.Update, post.DomainType, post.StreamId, post.ContainerType);
            reflected.EncodedDataBody = post.EncodedDataBody;
        }

        reflected.StreamId = post.StreamId;
        reflected.PostUserInfo = post.PostUserInfo;
        switch (reflected.MsgClass)
        {
            case MsgClass.Update:
                reflected.UpdateFlags |= UpdateMsgFlags.HasPostUserInfo;
                break;
            case MsgClass.Refresh:
                reflected.RefreshFlags = (reflected.RefreshFlags | RefreshMsgFlags.HasPostUserInfo) & ~RefreshMsgFlags.Solicited;
                break;
            case MsgClass.Status:
                reflected.StatusFlags |= StatusMsgFlags.HasPostUserInfo;
                break;
            default:
                return true;
        }

        Span<byte> space = sink.Reserve(post.EncodedDataBody.Length + HeaderAllowance);
        if (space.IsEmpty)
            return true;
        var writer = new RwfWriter(space);
        if (MsgEncoder.Encode(ref writer, reflected) != CodecReturnCode.Success)
        {
            sink.Cancel();
            return true;
        }
        return sink.Send(writer.Position);
    }
}
