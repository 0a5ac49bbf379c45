using Eta.Codec;
using Eta.Codec.Rdm;

namespace Eta.ValueAdd;

/// <summary>Which login message an <see cref="RdmLoginEvent"/> holds.</summary>
public enum RdmLoginMsgType { Request, Refresh, Status, Close, Rtt, Other }

/// <summary>
/// A login-domain message decoded into the RDM object its <see cref="Type"/> names; the other members keep whatever
/// they last held. One per channel, reused for every message (decoding copies its strings: admin traffic is rare,
/// except RTT, which is a struct and allocates nothing).
/// </summary>
public sealed class RdmLoginEvent
{
    public RdmLoginMsgType Type { get; private set; }
    public LoginRequest Request { get; } = new();
    public LoginRefresh Refresh { get; } = new();
    public AdminStatus Status { get; } = new();

    /// <summary>The RTT message (Type <see cref="RdmLoginMsgType.Rtt"/>).</summary>
    public LoginRtt Rtt;

    /// <summary>Decodes <paramref name="msg"/>; a failure leaves <see cref="Type"/> at <see cref="RdmLoginMsgType.Other"/>.</summary>
    internal CodecReturnCode Decode(scoped in Msg msg)
    {
        Type = RdmLoginMsgType.Other;
        CodecReturnCode rc = CodecReturnCode.Success;
        switch (msg.MsgClass)
        {
            case MsgClass.Request:
                if ((rc = Request.Decode(msg)) == CodecReturnCode.Success) Type = RdmLoginMsgType.Request;
                break;
            case MsgClass.Refresh:
                if ((rc = Refresh.Decode(msg)) == CodecReturnCode.Success) Type = RdmLoginMsgType.Refresh;
                break;
            case MsgClass.Status:
                if ((rc = Status.Decode(msg)) == CodecReturnCode.Success) Type = RdmLoginMsgType.Status;
                break;
            case MsgClass.Close:
                Type = RdmLoginMsgType.Close;
                break;
            case MsgClass.Generic when LoginRtt.Matches(msg):
                if ((rc = Rtt.Decode(msg)) == CodecReturnCode.Success) Type = RdmLoginMsgType.Rtt;
                break;
        }
        return rc;
    }
}
