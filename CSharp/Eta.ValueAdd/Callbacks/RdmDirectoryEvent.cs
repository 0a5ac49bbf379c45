using Eta.Codec;
using Eta.Codec.Rdm;

namespace Eta.ValueAdd;

/// <summary>Which source-directory message an <see cref="RdmDirectoryEvent"/> holds.</summary>
public enum RdmDirectoryMsgType { Request, Refresh, Update, Status, Close, Other }

/// <summary>A source-directory message decoded into the RDM object its <see cref="Type"/> names; one per channel, reused.</summary>
public sealed class RdmDirectoryEvent
{
    public RdmDirectoryMsgType Type { get; private set; }
    public DirectoryRequest Request { get; } = new();
    public DirectoryRefresh Refresh { get; } = new();
    public DirectoryUpdate Update { get; } = new();
    public AdminStatus Status { get; } = new();

    internal CodecReturnCode Decode(scoped in Msg msg)
    {
        Type = RdmDirectoryMsgType.Other;
        CodecReturnCode rc = CodecReturnCode.Success;
        switch (msg.MsgClass)
        {
            case MsgClass.Request:
                if ((rc = Request.Decode(msg)) == CodecReturnCode.Success) Type = RdmDirectoryMsgType.Request;
                break;
            case MsgClass.Refresh:
                Refresh.Services.Clear();
                if ((rc = Refresh.Decode(msg)) == CodecReturnCode.Success) Type = RdmDirectoryMsgType.Refresh;
                break;
            case MsgClass.Update:
                Update.Services.Clear();
                if ((rc = Update.Decode(msg)) == CodecReturnCode.Success) Type = RdmDirectoryMsgType.Update;
                break;
            case MsgClass.Status:
                if ((rc = Status.Decode(msg)) == CodecReturnCode.Success) Type = RdmDirectoryMsgType.Status;
                break;
            case MsgClass.Close:
                Type = RdmDirectoryMsgType.Close;
                break;
        }
        return rc;
    }
}
