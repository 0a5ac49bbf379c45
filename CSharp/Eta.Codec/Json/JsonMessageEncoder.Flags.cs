namespace Eta.Codec.Json;

// The RWF flags each class gets from the members read and LSEG's defaults for the ones left out.
internal ref partial struct JsonMessageEncoder
{
    private readonly CodecReturnCode ApplyDefaults(ref Msg msg, in HeaderMembers h)
    {
        switch (msg.MsgClass)
        {
            case MsgClass.Request:
            {
                if (!h.HasKey)
                    return Fail("missing required 'Key'");
                RequestMsgFlags f = RequestMsgFlags.None;
                if (h.Streaming != 0) f |= RequestMsgFlags.Streaming;
                bool keyInUpdatesByDefault = msg.DomainType != Rdm.DomainTypes.Login && msg.DomainType != Rdm.DomainTypes.Dictionary;
                if (h.KeyInUpdates == 1 || (h.KeyInUpdates == -1 && keyInUpdatesByDefault)) f |= RequestMsgFlags.MsgKeyInUpdates;
                if (h.ConfInfoInUpdates == 1) f |= RequestMsgFlags.ConfInfoInUpdates;
                if (h.Refresh == 0) f |= RequestMsgFlags.NoRefresh;
                if (h.Private == 1) f |= RequestMsgFlags.PrivateStream;
                if (h.Qualified == 1) f |= RequestMsgFlags.QualifiedStream;
                if (h.Pause == 1) f |= RequestMsgFlags.Pause;
                if (h.HasPriority) f |= RequestMsgFlags.HasPriority;
                if (h.HasExtHdr) f |= RequestMsgFlags.HasExtendedHeader;
                if (h.HasQos) f |= RequestMsgFlags.HasQos;
                if (h.HasWorstQos) f |= RequestMsgFlags.HasWorstQos;
                if (!h.HasQos && _owner.DefaultRequestQos)
                {
                    msg.Qos = new Qos(QosTimeliness.Realtime, QosRates.TickByTick, dynamic: true);
                    msg.WorstQos = new Qos(QosTimeliness.DelayedUnknown, QosRates.TimeConflated, rateInfo: 65535);
                    f |= RequestMsgFlags.HasQos | RequestMsgFlags.HasWorstQos;
                }
                msg.RequestFlags = f;
                return CodecReturnCode.Success;
            }
            case MsgClass.Refresh:
            {
                RefreshMsgFlags f = RefreshMsgFlags.None;
                if (h.Solicited != 0) f |= RefreshMsgFlags.Solicited;
                if (h.Complete != 0) f |= RefreshMsgFlags.RefreshComplete;
                if (h.ClearCache != 0) f |= RefreshMsgFlags.ClearCache;
                if (h.DoNotCache == 1) f |= RefreshMsgFlags.DoNotCache;
                if (h.Private == 1) f |= RefreshMsgFlags.PrivateStream;
                if (h.Qualified == 1) f |= RefreshMsgFlags.QualifiedStream;
                if (h.HasKey) f |= RefreshMsgFlags.HasMsgKey;
                if (h.HasReqKey) f |= RefreshMsgFlags.HasReqMsgKey;
                if (h.HasQos) f |= RefreshMsgFlags.HasQos;
                if (h.HasPostUserInfo) f |= RefreshMsgFlags.HasPostUserInfo;
                if (h.HasPartNum) f |= RefreshMsgFlags.HasPartNum;
                if (h.HasPermData) f |= RefreshMsgFlags.HasPermData;
                if (h.HasSeqNum) f |= RefreshMsgFlags.HasSeqNum;
                if (h.HasExtHdr) f |= RefreshMsgFlags.HasExtendedHeader;
                msg.RefreshFlags = f;
                return CodecReturnCode.Success;
            }
            case MsgClass.Status:
            {
                StatusMsgFlags f = StatusMsgFlags.None;
                if (h.HasKey) f |= StatusMsgFlags.HasMsgKey;
                if (h.HasReqKey) f |= StatusMsgFlags.HasReqMsgKey;
                if (h.HasState) f |= StatusMsgFlags.HasState;
                if (h.ClearCache == 1) f |= StatusMsgFlags.ClearCache;
                if (h.Private == 1) f |= StatusMsgFlags.PrivateStream;
                if (h.Qualified == 1) f |= StatusMsgFlags.QualifiedStream;
                if (h.HasPostUserInfo) f |= StatusMsgFlags.HasPostUserInfo;
                if (h.HasPermData) f |= StatusMsgFlags.HasPermData;
                if (h.HasExtHdr) f |= StatusMsgFlags.HasExtendedHeader;
                msg.StatusFlags = f;
                return CodecReturnCode.Success;
            }
            case MsgClass.Update:
            {
                UpdateMsgFlags f = UpdateMsgFlags.None;
                if (h.DoNotConflate == 1) f |= UpdateMsgFlags.DoNotConflate;
                if (h.DoNotRipple == 1) f |= UpdateMsgFlags.DoNotRipple;
                if (h.Discardable == 1) f |= UpdateMsgFlags.Discardable;
                if (h.DoNotCache == 1) f |= UpdateMsgFlags.DoNotCache;
                if (h.HasKey) f |= UpdateMsgFlags.HasMsgKey;
                if (h.HasPostUserInfo) f |= UpdateMsgFlags.HasPostUserInfo;
                if (h.HasPermData) f |= UpdateMsgFlags.HasPermData;
                if (h.HasSeqNum) f |= UpdateMsgFlags.HasSeqNum;
                if (h.HasConfInfo) f |= UpdateMsgFlags.HasConfInfo;
                if (h.HasExtHdr) f |= UpdateMsgFlags.HasExtendedHeader;
                msg.UpdateFlags = f;
                return CodecReturnCode.Success;
            }
            case MsgClass.Close:
            {
                CloseMsgFlags f = CloseMsgFlags.None;
                if (h.Ack == 1) f |= CloseMsgFlags.Ack;
                if (h.HasExtHdr) f |= CloseMsgFlags.HasExtendedHeader;
                msg.CloseFlags = f;
                return CodecReturnCode.Success;
            }
            case MsgClass.Ack:
            {
                if (!h.HasAckId)
                    return Fail("missing required 'AckID'");
                AckMsgFlags f = AckMsgFlags.None;
                if (h.HasNakCode) f |= AckMsgFlags.HasNakCode;
                if (h.HasText) f |= AckMsgFlags.HasText;
                if (h.Private == 1) f |= AckMsgFlags.PrivateStream;
                if (h.Qualified == 1) f |= AckMsgFlags.QualifiedStream;
                if (h.HasSeqNum) f |= AckMsgFlags.HasSeqNum;
                if (h.HasKey) f |= AckMsgFlags.HasMsgKey;
                if (h.HasExtHdr) f |= AckMsgFlags.HasExtendedHeader;
                msg.AckFlags = f;
                return CodecReturnCode.Success;
            }
            case MsgClass.Generic:
            {
                GenericMsgFlags f = GenericMsgFlags.None;
                if (h.Complete != 0) f |= GenericMsgFlags.MessageComplete;
                if (h.HasKey) f |= GenericMsgFlags.HasMsgKey;
                if (h.HasReqKey) f |= GenericMsgFlags.HasReqMsgKey;
                if (h.HasSeqNum) f |= GenericMsgFlags.HasSeqNum;
                if (h.HasSecSeqNum) f |= GenericMsgFlags.HasSecondarySeqNum;
                if (h.HasPartNum) f |= GenericMsgFlags.HasPartNum;
                if (h.HasPermData) f |= GenericMsgFlags.HasPermData;
                if (h.HasExtHdr) f |= GenericMsgFlags.HasExtendedHeader;
                msg.GenericFlags = f;
                return CodecReturnCode.Success;
            }
            default:
            {
                PostMsgFlags f = PostMsgFlags.None;
                if (h.Complete != 0) f |= PostMsgFlags.PostComplete;
                if (h.Ack == 1) f |= PostMsgFlags.Ack;
                if (h.HasPostId) f |= PostMsgFlags.HasPostId;
                if (h.HasKey) f |= PostMsgFlags.HasMsgKey;
                if (h.HasSeqNum) f |= PostMsgFlags.HasSeqNum;
                if (h.HasPermData) f |= PostMsgFlags.HasPermData;
                if (h.HasPartNum) f |= PostMsgFlags.HasPartNum;
                if (h.HasRights) f |= PostMsgFlags.HasPostUserRights;
                if (h.HasExtHdr) f |= PostMsgFlags.HasExtendedHeader;
                msg.PostFlags = f;
                return CodecReturnCode.Success;
            }
        }
    }
}
