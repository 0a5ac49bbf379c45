using Eta.Codec;
using PerfTools.PerfHub.Cache;
using PerfTools.PerfHub.Network;

namespace PerfTools.PerfHub.Routing;

/// <summary>Hot-path writes that need no delegate: an item's image straight into an output's buffer.</summary>
internal static class ImageWriter
{
    public static WriteResult Send(IMessageOutput output, CachedItem item, int streamId, bool solicited, bool streaming)
    {
        int maxLength = HubMessages.MaxImageLength(item);
        Span<byte> space = output.Reserve(maxLength);
        if (space.IsEmpty)
            return WriteResult.NoBuffer;
        var encoder = new RwfEncoder(space);
        if (HubMessages.EncodeImage(ref encoder, item, streamId, solicited, streaming) != CodecReturnCode.Success)
        {
            output.Cancel();
            return WriteResult.Failed;
        }
        output.Send(encoder.Position); // false: the channel failed, and the loop closes it
        return WriteResult.Written;
    }
}
