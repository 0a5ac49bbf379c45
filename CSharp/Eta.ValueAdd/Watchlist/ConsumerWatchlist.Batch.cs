using Eta.Codec;
using Eta.Codec.Rdm;

namespace Eta.ValueAdd.Watchlist;

/// <summary>
/// Batch requests, as LSEG's watchlist handles them: a request flagged HasBatch whose payload is an element list with
/// an <c>:ItemList</c> array of names, and no name in its key, becomes one request per name on the application
/// streams that follow the batch's own (batch id + 1, + 2, ...), each the batch request without the batch flag and
/// with the name in its key; the batch stream itself gets a Closed/Ok status "Stream closed for batch" on the next
/// <see cref="Dispatch"/>.
/// </summary>
public sealed partial class ConsumerWatchlist
{
    private static readonly byte[] s_batchClosedText = "Stream closed for batch"u8.ToArray();

    private readonly Queue<(int StreamId, byte DomainType)> _closedBatches = new();

    private WatchlistReturnCode SubmitBatch(scoped in Msg msg, string? serviceName)
    {
        if (msg.Key.HasName)
            return Invalid("Requested batch has name in message key.");
        if (_requests.ContainsKey(msg.StreamId))
            return Invalid($"A batch request opens new streams; stream {msg.StreamId} is already open.");
        if (msg.ContainerType != DataTypes.ElementList
            || ElementListDecoder.Decode(msg.EncodedDataBody, out ElementListDecoder elements) != CodecReturnCode.Success)
            return Invalid("Unexpected container type or decoding error.");

        List<byte[]>? names = null;
        CodecReturnCode rc;
        while ((rc = elements.Next(out ElementEntry entry)) == CodecReturnCode.Success)
        {
            if (!entry.Name.SequenceEqual(ElementNames.BatchItemList))
                continue;
            if (entry.EncodedType != DataTypes.Array || !ReadNames(entry.EncodedData, out names))
                return Invalid("The batch's :ItemList is not an array of names.");
        }
        if (rc != CodecReturnCode.EndOfContainer)
            return Invalid("Unexpected container type or decoding error.");
        if (names is null)
            return Invalid(":ItemList not found.");
        for (int i = 1; i <= names.Count; i++)
        {
            if (_requests.ContainsKey(msg.StreamId + i))
                return Invalid("Item in batch has same ID as existing stream.");
        }

        Msg item = msg;
        item.RequestFlags = (msg.RequestFlags & ~RequestMsgFlags.HasBatch) | RequestMsgFlags.MsgKeyInUpdates;
        item.Key.Flags |= MsgKeyFlags.HasName;
        item.ContainerType = DataTypes.NoData;
        item.EncodedDataBody = default;
        for (int i = 0; i < names.Count; i++)
        {
            item.StreamId = msg.StreamId + 1 + i;
            item.Key.Name = names[i];
            WatchlistReturnCode opened = SubmitRequest(item, serviceName);
            if (opened != WatchlistReturnCode.Success)
                return opened;  // the checks do not depend on the name: only the first item can fail
        }
        _closedBatches.Enqueue((msg.StreamId, msg.DomainType));
        return WatchlistReturnCode.Success;
    }

    /// <summary>The names of an <c>:ItemList</c> array (any string or buffer type; fixed-length items lose their zero padding).</summary>
    private static bool ReadNames(ReadOnlySpan<byte> array, out List<byte[]>? names)
    {
        names = null;
        if (ArrayDecoder.Decode(array, out ArrayDecoder items) != CodecReturnCode.Success
            || items.PrimitiveType is not (DataTypes.AsciiString or DataTypes.Utf8String or DataTypes.RmtesString or DataTypes.Buffer))
            return false;
        var list = new List<byte[]>(items.Count);
        CodecReturnCode rc;
        while ((rc = items.Next(out ReadOnlySpan<byte> name)) == CodecReturnCode.Success)
        {
            if (items.ItemLength > 0)
                name = name.TrimEnd((byte)0);
            if (name.IsEmpty)
                return false;
            list.Add(name.ToArray());
        }
        names = list;
        return rc == CodecReturnCode.EndOfContainer;
    }

    private void DeliverClosedBatches()
    {
        for (int n = _closedBatches.Count; n > 0 && _closedBatches.TryDequeue(out (int StreamId, byte DomainType) batch); n--)
            DeliverStatus(batch.StreamId, batch.DomainType, StreamStates.Closed, DataStates.Ok, StateCodes.None, s_batchClosedText);
    }
}
