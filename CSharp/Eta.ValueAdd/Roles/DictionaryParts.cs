using Eta.Codec;
using Eta.Codec.Rdm;

namespace Eta.ValueAdd;

/// <summary>
/// Sends a dictionary as refresh parts: each part's payload (a series) is encoded into a scratch buffer, then wrapped
/// in a dictionary refresh (first part clears the cache, last part completes it). Parts larger than a fragment are
/// fragmented by the transport. Rare traffic: clarity over speed.
/// </summary>
internal sealed class DictionaryParts
{
    // Big enough for the largest LSEG enum table (about 14 KB: the codec README).
    private const int PartSize = 16 * 1024;

    private readonly byte[] _part = new byte[PartSize];

    public ReactorReturnCode Send(ReactorChannel channel, DataDictionary dictionary, DictionaryRequest request, bool field)
    {
        int cursor = field ? DataDictionary.MinFieldId : 0;
        for (bool first = true; ; first = false)
        {
            var payload = new RwfEncoder(_part);
            CodecReturnCode rc = field
                ? dictionary.EncodeFieldDictionary(ref payload, ref cursor, request.Verbosity, out DictionaryError? error)
                : dictionary.EncodeEnumTypeDictionary(ref payload, ref cursor, request.Verbosity, out error);
            if (rc != CodecReturnCode.Success && rc != CodecReturnCode.DictPartEncoded)
                return channel.Fail(ReactorReturnCode.EncodeFailed, $"Dictionary {request.DictionaryName} could not be encoded: {error}");
            bool last = rc == CodecReturnCode.Success;
            var msg = Msg.Create(MsgClass.Refresh, DomainTypes.Dictionary, request.StreamId, DataTypes.Series);
            msg.RefreshFlags = RefreshMsgFlags.HasMsgKey | RefreshMsgFlags.Solicited
                | (first ? RefreshMsgFlags.ClearCache : 0) | (last ? RefreshMsgFlags.RefreshComplete : 0);
            msg.State = new State(request.Streaming ? StreamStates.Open : StreamStates.NonStreaming, DataStates.Ok);
            msg.Key.Flags = MsgKeyFlags.HasServiceId | MsgKeyFlags.HasName | MsgKeyFlags.HasFilter;
            msg.Key.ServiceId = request.ServiceId;
            msg.Key.Name = field ? "RWFFld"u8 : "RWFEnum"u8;
            msg.Key.Filter = (uint)request.Verbosity;
            msg.EncodedDataBody = payload.Written;
            ReactorReturnCode sent = channel.EncodeAndWrite(new MsgWriter(msg));
            if (sent != ReactorReturnCode.Success || last)
                return sent;
        }
    }
}
