using Eta.Codec;
using Eta.Codec.Rdm;

namespace Eta.ValueAdd;

/// <summary>Which dictionary message an <see cref="RdmDictionaryEvent"/> holds.</summary>
public enum RdmDictionaryMsgType { Request, Refresh, Status, Close, Other }

/// <summary>
/// A dictionary-domain message decoded into the RDM object its <see cref="Type"/> names; one per channel, reused.
/// For a refresh only the header is decoded here (the payload is <c>msg.EncodedDataBody</c>); a consumer role that
/// downloads dictionaries feeds the payload into <see cref="ReactorChannel.Dictionary"/> itself.
/// </summary>
public sealed class RdmDictionaryEvent
{
    public RdmDictionaryMsgType Type { get; private set; }
    public DictionaryRequest Request { get; } = new();
    public DictionaryRefresh Refresh { get; } = new();
    public AdminStatus Status { get; } = new();

    internal CodecReturnCode Decode(scoped in Msg msg)
    {
        Type = RdmDictionaryMsgType.Other;
        CodecReturnCode rc = CodecReturnCode.Success;
        switch (msg.MsgClass)
        {
            case MsgClass.Request:
                if ((rc = Request.Decode(msg)) == CodecReturnCode.Success) Type = RdmDictionaryMsgType.Request;
                break;
            case MsgClass.Refresh:
                if ((rc = Refresh.Decode(msg)) == CodecReturnCode.Success) Type = RdmDictionaryMsgType.Refresh;
                break;
            case MsgClass.Status:
                if ((rc = Status.Decode(msg)) == CodecReturnCode.Success) Type = RdmDictionaryMsgType.Status;
                break;
            case MsgClass.Close:
                Type = RdmDictionaryMsgType.Close;
                break;
        }
        return rc;
    }
}
