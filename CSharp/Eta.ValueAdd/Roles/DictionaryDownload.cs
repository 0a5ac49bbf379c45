using Eta.Codec;
using Eta.Codec.Rdm;

namespace Eta.ValueAdd;

/// <summary>
/// One dictionary download, as LSEG's reactor does it for a consumer and for an NI provider: two streaming requests
/// with normal verbosity, RWFFld and RWFEnum, to one service; each refresh part is decoded into a new dictionary;
/// the download is complete when both streams have had their last part. The role sends the requests and closes.
/// </summary>
internal sealed class DictionaryDownload
{
    private DataDictionary? _dictionary;

    public DictionaryDownload(int fieldStreamId, int enumStreamId)
    {
        FieldRequest = new DictionaryRequest { StreamId = fieldStreamId, DictionaryName = DictionaryNames.Field, Streaming = true };
        EnumRequest = new DictionaryRequest { StreamId = enumStreamId, DictionaryName = DictionaryNames.EnumType, Streaming = true };
    }

    public DictionaryRequest FieldRequest { get; }

    public DictionaryRequest EnumRequest { get; }

    public bool FieldComplete { get; private set; }

    public bool EnumComplete { get; private set; }

    public bool InProgress => _dictionary is not null;

    /// <summary>Both dictionaries complete: what they filled (null before).</summary>
    public DataDictionary? Completed => FieldComplete && EnumComplete ? _dictionary : null;

    /// <summary>Starts again from an empty dictionary, both requests naming <paramref name="serviceId"/>.</summary>
    public void Start(int serviceId)
    {
        FieldRequest.ServiceId = EnumRequest.ServiceId = serviceId;
        _dictionary = new DataDictionary();
        FieldComplete = EnumComplete = false;
    }

    /// <summary>Drops a download in progress (the channel went down).</summary>
    public void Abandon()
    {
        _dictionary = null;
        FieldComplete = EnumComplete = false;
    }

    /// <summary>A refresh on one of the download's streams while it runs.</summary>
    public bool IsPart(in Msg msg) =>
        _dictionary is not null && msg.MsgClass == MsgClass.Refresh
        && (msg.StreamId == FieldRequest.StreamId || msg.StreamId == EnumRequest.StreamId);

    /// <summary>Decodes one refresh part (see <see cref="IsPart"/>); false with <paramref name="error"/> when it does not decode.</summary>
    public bool Load(in Msg msg, out string? error)
    {
        bool field = msg.StreamId == FieldRequest.StreamId;
        CodecReturnCode rc = field
            ? _dictionary!.DecodeFieldDictionary(msg.EncodedDataBody, DictionaryVerbosity.Normal, out DictionaryError? failure)
            : _dictionary!.DecodeEnumTypeDictionary(msg.EncodedDataBody, DictionaryVerbosity.Normal, out failure);
        if (rc != CodecReturnCode.Success)
        {
            error = $"Dictionary download: {(field ? DictionaryNames.Field : DictionaryNames.EnumType)} could not be decoded: {failure}";
            return false;
        }
        bool complete = (msg.RefreshFlags & RefreshMsgFlags.RefreshComplete) != 0;
        if (field)
            FieldComplete |= complete;
        else
            EnumComplete |= complete;
        error = null;
        return true;
    }
}
