using Eta.Codec;
using PerfTools.PerfHub.Cache;
using PerfTools.PerfHub.Network;

namespace PerfTools.PerfHub.Routing;

/// <summary>Hot-path writes that need no delegate: an item's image straight into an output's buffer.</summary>
internal static class ImageWriter
{
    public static bool Send(IMessageOutput output, CachedItem item, int streamId, bool solicited, bool streaming)
    {
        int maxLength = HubMessages.MaxImageLength(item);
        Span<byte> space = output.Reserve(maxLength);
        if (space.IsEmpty)
            return false;
        var encoder = new RwfEncoder(space);
        if (HubMessages.EncodeImage(ref encoder, item, streamId, solicited, streaming) != CodecReturnCode.Success)
        {
            output.Cancel();
            return false;
        }
        return output.Send(encoder.Position);
    }
}
