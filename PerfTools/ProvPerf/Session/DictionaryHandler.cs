using Eta.Codec;
using Eta.Codec.Rdm;

namespace PerfTools.ProvPerf.Session;

/// <summary>
/// The dictionary domain: a consumer without local dictionary files asks for RWFFld and RWFEnum; the provider
/// sends the dictionary it loaded, encoded as OMM by the codec, in as many refresh parts as it takes (the first
/// part clears the cache, the last completes the refresh). Rare, so each part is encoded into a scratch buffer
/// first and then wrapped in its refresh.
/// </summary>
internal sealed class DictionaryHandler
{
    // Payload per part: comfortably inside the default 6144-byte fragment.
    private const int PartSize = 5000;
    private const int HeaderAllowance = 256;

    private readonly DataDictionary _dictionary;
    private readonly DictionaryRequest _request = new();
    private readonly byte[] _part = new byte[PartSize];

    public DictionaryHandler(DataDictionary dictionary) => _dictionary = dictionary;

    /// <summary>False only when the channel failed.</summary>
    public bool Handle(ProviderSession session, scoped in Msg msg)
    {
        if (msg.MsgClass != MsgClass.Request)
            return true;
        if (_request.Decode(msg) != CodecReturnCode.Success)
            return Reject(session, msg.StreamId, StateCodes.UsageError, "Malformed dictionary request");
        session.Console.WriteLine($"Received Dictionary Request for {_request.DictionaryName}");
        bool field = _request.DictionaryName == DictionaryNames.Field;
        if (!field && _request.DictionaryName != DictionaryNames.EnumType)
            return Reject(session, msg.StreamId, StateCodes.NotFound, $"Dictionary {_request.DictionaryName} is not provided");
        return SendParts(session, field, msg.Key.Name);
    }

    private bool SendParts(ProviderSession session, bool field, ReadOnlySpan<byte> name)
    {
        DictionaryVerbosity verbosity = _request.Verbosity;
        int cursor = field ? DataDictionary.MinFieldId : 0;
        for (bool first = true; ; first = false)
        {
            var payload = new RwfEncoder(_part);
            CodecReturnCode rc = field
                ? _dictionary.EncodeFieldDictionary(ref payload, ref cursor, verbosity, out DictionaryError? error)
                : _dictionary.EncodeEnumTypeDictionary(ref payload, ref cursor, verbosity, out error);
            if (rc != CodecReturnCode.Success && rc != CodecReturnCode.DictPartEncoded)
                return Reject(session, _request.StreamId, StateCodes.None, $"Dictionary could not be encoded: {error}");
            bool last = rc == CodecReturnCode.Success;
            if (!SendPart(session, name, payload.Written, first, last))
                return false;
            if (last)
                return true;
        }
    }

    private bool SendPart(ProviderSession session, ReadOnlySpan<byte> name, ReadOnlySpan<byte> payload, bool first, bool last)
    {
        var msg = Msg.Create(MsgClass.Refresh, DomainTypes.Dictionary, _request.StreamId, DataTypes.Series);
        msg.RefreshFlags = RefreshMsgFlags.HasMsgKey | RefreshMsgFlags.Solicited
            | (first ? RefreshMsgFlags.ClearCache : 0) | (last ? RefreshMsgFlags.RefreshComplete : 0);
        msg.State = new State(_request.Streaming ? StreamStates.Open : StreamStates.NonStreaming, DataStates.Ok);
        msg.Key.Flags = MsgKeyFlags.HasServiceId | MsgKeyFlags.HasName | MsgKeyFlags.HasFilter;
        msg.Key.ServiceId = _request.ServiceId;
        msg.Key.Name = name;
        msg.Key.Filter = (uint)_request.Verbosity;
        msg.EncodedDataBody = payload;
        Span<byte> space = session.Sink.Reserve(payload.Length + HeaderAllowance);
        if (space.IsEmpty)
            return true; // no buffer: the consumer will time out and ask again
        var writer = new RwfWriter(space);
        if (MsgEncoder.Encode(ref writer, msg) != CodecReturnCode.Success)
        {
            session.Sink.Cancel();
            return true;
        }
        return session.Sink.Send(writer.Position);
    }

    private static bool Reject(ProviderSession session, int streamId, int code, string text) =>
        StatusWriter.SendClose(session.Sink, DomainTypes.Dictionary, streamId, StreamStates.Closed, code, text);
}
