using Eta.Codec;
using PerfTools.Common.Items;

namespace PerfTools.ConsPerf.Session;

/// <summary>
/// A MarketPrice item request: RequestMsg on the item's stream, key = service id + name (RIC name type), no payload;
/// STREAMING unless the item is a snapshot (§9.2.1, Table 2 -snapshot).
/// </summary>
internal static class ItemRequest
{
    private const byte RicNameType = 1;
    private const int HeaderBound = 32;

    public static int MaxLength(int nameLength) => HeaderBound + nameLength;

    /// <summary>Encodes the request into <paramref name="destination"/>; returns the bytes written.</summary>
    public static int Encode(Span<byte> destination, int streamId, int serviceId, ReadOnlySpan<byte> name, bool streaming)
    {
        var msg = Msg.Create(MsgClass.Request, (byte)ItemDomain.MarketPrice, streamId);
        msg.RequestFlags = streaming ? RequestMsgFlags.Streaming : RequestMsgFlags.None;
        msg.Key.Flags = MsgKeyFlags.HasServiceId | MsgKeyFlags.HasName | MsgKeyFlags.HasNameType;
        msg.Key.ServiceId = serviceId;
        msg.Key.Name = name;
        msg.Key.NameType = RicNameType;
        var writer = new RwfWriter(destination);
        CodecReturnCode rc = MsgEncoder.Encode(ref writer, msg);
        if (rc != CodecReturnCode.Success)
            throw new InvalidOperationException($"Item request for stream {streamId} does not fit {destination.Length} bytes: {rc}.");
        return writer.Position;
    }
}
