using System.Text.Json;
using N = Eta.Codec.Json.JsonNames;

namespace Eta.Codec.Json;

// The message header of each class, member by member in LSEG's order (rwfToJsonSimple.C process*Msg).
public sealed partial class RwfToJsonConverter
{
    private CodecReturnCode WriteMessage(scoped in Msg msg)
    {
        _json.WriteStartObject();
        _json.WriteNumber(N.Id, msg.StreamId);
        if (OmmNames.MsgClasses.NameOf((int)msg.MsgClass) is not { } type)
            return Fail($"unknown message class {(int)msg.MsgClass}");
        _json.WriteString(N.Type, type);
        if (msg.DomainType != Rdm.DomainTypes.MarketPrice)
            OmmNames.Domains.Write(_json, N.Domain, msg.DomainType);

        CodecReturnCode rc = msg.MsgClass switch
        {
            MsgClass.Request => WriteRequest(in msg),
            MsgClass.Refresh => WriteRefresh(in msg),
            MsgClass.Status => WriteStatus(in msg),
            MsgClass.Update => WriteUpdate(in msg),
            MsgClass.Close => WriteClose(in msg),
            MsgClass.Ack => WriteAck(in msg),
            MsgClass.Generic => WriteGeneric(in msg),
            _ => WritePost(in msg),
        };
        if (rc != CodecReturnCode.Success)
            return rc;
        _json.WriteEndObject();
        return CodecReturnCode.Success;
    }

    private CodecReturnCode WriteRequest(scoped in Msg msg)
    {
        RequestMsgFlags f = msg.RequestFlags;
        if ((f & RequestMsgFlags.Streaming) == 0)
            _json.WriteBoolean(N.Streaming, false);
        if ((f & RequestMsgFlags.HasPriority) != 0)
        {
            _json.WriteStartObject(N.Priority);
            _json.WriteNumber(N.Class, msg.PriorityClass);
            _json.WriteNumber(N.Count, msg.PriorityCount);
            _json.WriteEndObject();
        }
        if ((f & RequestMsgFlags.MsgKeyInUpdates) == 0)
            _json.WriteBoolean(N.KeyInUpdates, false);
        if ((f & RequestMsgFlags.ConfInfoInUpdates) != 0)
            _json.WriteBoolean(N.ConfInfoInUpdates, true);
        if ((f & RequestMsgFlags.NoRefresh) != 0)
            _json.WriteBoolean(N.Refresh, false);
        if ((f & RequestMsgFlags.HasQos) != 0)
            WriteQos(N.Qos, msg.Qos);
        if ((f & RequestMsgFlags.HasWorstQos) != 0)
            WriteQos(N.WorstQos, msg.WorstQos);
        if ((f & RequestMsgFlags.PrivateStream) != 0)
            _json.WriteBoolean(N.Private, true);
        if ((f & RequestMsgFlags.QualifiedStream) != 0)
            _json.WriteBoolean(N.Qualified, true);
        if ((f & RequestMsgFlags.Pause) != 0)
            _json.WriteBoolean(N.Pause, true);
        if ((f & RequestMsgFlags.HasExtendedHeader) != 0)
            _json.WriteBase64String(N.ExtHdr, msg.ExtendedHeader);

        if ((f & (RequestMsgFlags.HasBatch | RequestMsgFlags.HasView)) == 0)
        {
            CodecReturnCode rc = WriteKey(N.Key, msg.Key, msg.DomainType);
            return rc != CodecReturnCode.Success ? rc : WritePayload(msg.ContainerType, msg.EncodedDataBody);
        }
        return Fail("batch and view requests are not converted");
    }

    private CodecReturnCode WriteRefresh(scoped in Msg msg)
    {
        RefreshMsgFlags f = msg.RefreshFlags;
        CodecReturnCode rc;
        if ((f & RefreshMsgFlags.HasMsgKey) != 0 && (rc = WriteKey(N.Key, msg.Key, msg.DomainType)) != CodecReturnCode.Success)
            return rc;
        WriteState(N.State, msg.State);
        if ((f & RefreshMsgFlags.HasReqMsgKey) != 0 && (rc = WriteKey(N.ReqKey, msg.ReqKey, msg.DomainType)) != CodecReturnCode.Success)
            return rc;
        if ((f & RefreshMsgFlags.HasExtendedHeader) != 0)
            _json.WriteBase64String(N.ExtHdr, msg.ExtendedHeader);
        if ((f & RefreshMsgFlags.RefreshComplete) == 0)
            _json.WriteBoolean(N.Complete, false);
        if ((f & RefreshMsgFlags.HasQos) != 0)
            WriteQos(N.Qos, msg.Qos);
        if ((f & RefreshMsgFlags.ClearCache) == 0)
            _json.WriteBoolean(N.ClearCache, false);
        if ((f & RefreshMsgFlags.DoNotCache) != 0)
            _json.WriteBoolean(N.DoNotCache, true);
        if ((f & RefreshMsgFlags.PrivateStream) != 0)
            _json.WriteBoolean(N.Private, true);
        if ((f & RefreshMsgFlags.QualifiedStream) != 0)
            _json.WriteBoolean(N.Qualified, true);
        if ((f & RefreshMsgFlags.HasPostUserInfo) != 0)
            WritePostUserInfo(msg.PostUserInfo);
        if ((f & RefreshMsgFlags.HasPartNum) != 0)
            _json.WriteNumber(N.PartNumber, msg.PartNum);
        if ((f & RefreshMsgFlags.HasPermData) != 0)
            _json.WriteBase64String(N.PermData, msg.PermData);
        if ((f & RefreshMsgFlags.HasSeqNum) != 0)
            _json.WriteNumber(N.SeqNumber, msg.SeqNum);
        if ((f & RefreshMsgFlags.Solicited) == 0)
            _json.WriteBoolean(N.Solicited, false);
        return WritePayload(msg.ContainerType, msg.EncodedDataBody);
    }

    private CodecReturnCode WriteStatus(scoped in Msg msg)
    {
        StatusMsgFlags f = msg.StatusFlags;
        CodecReturnCode rc;
        if ((f & StatusMsgFlags.HasMsgKey) != 0 && (rc = WriteKey(N.Key, msg.Key, msg.DomainType)) != CodecReturnCode.Success)
            return rc;
        if ((f & StatusMsgFlags.HasReqMsgKey) != 0 && (rc = WriteKey(N.ReqKey, msg.ReqKey, msg.DomainType)) != CodecReturnCode.Success)
            return rc;
        if ((f & StatusMsgFlags.HasState) != 0)
            WriteState(N.State, msg.State);
        if ((f & StatusMsgFlags.ClearCache) != 0)
            _json.WriteBoolean(N.ClearCache, true);
        if ((f & StatusMsgFlags.PrivateStream) != 0)
            _json.WriteBoolean(N.Private, true);
        if ((f & StatusMsgFlags.QualifiedStream) != 0)
            _json.WriteBoolean(N.Qualified, true);
        if ((f & StatusMsgFlags.HasPostUserInfo) != 0)
            WritePostUserInfo(msg.PostUserInfo);
        if ((f & StatusMsgFlags.HasExtendedHeader) != 0)
            _json.WriteBase64String(N.ExtHdr, msg.ExtendedHeader);
        if ((f & StatusMsgFlags.HasPermData) != 0)
            _json.WriteBase64String(N.PermData, msg.PermData);
        return WritePayload(msg.ContainerType, msg.EncodedDataBody);
    }

    private CodecReturnCode WriteUpdate(scoped in Msg msg)
    {
        UpdateMsgFlags f = msg.UpdateFlags;
        OmmNames.UpdateTypes.Write(_json, N.UpdateType, msg.UpdateType);
        if ((f & UpdateMsgFlags.DoNotConflate) != 0)
            _json.WriteBoolean(N.DoNotConflate, true);
        if ((f & UpdateMsgFlags.DoNotRipple) != 0)
            _json.WriteBoolean(N.DoNotRipple, true);
        if ((f & UpdateMsgFlags.Discardable) != 0)
            _json.WriteBoolean(N.Discardable, true);
        if ((f & UpdateMsgFlags.DoNotCache) != 0)
            _json.WriteBoolean(N.DoNotCache, true);
        CodecReturnCode rc;
        if ((f & UpdateMsgFlags.HasMsgKey) != 0 && (rc = WriteKey(N.Key, msg.Key, msg.DomainType)) != CodecReturnCode.Success)
            return rc;
        if ((f & UpdateMsgFlags.HasPostUserInfo) != 0)
            WritePostUserInfo(msg.PostUserInfo);
        if ((f & UpdateMsgFlags.HasPermData) != 0)
            _json.WriteBase64String(N.PermData, msg.PermData);
        if ((f & UpdateMsgFlags.HasSeqNum) != 0)
            _json.WriteNumber(N.SeqNumber, msg.SeqNum);
        if ((f & UpdateMsgFlags.HasConfInfo) != 0)
        {
            _json.WriteStartObject(N.ConflationInfo);
            _json.WriteNumber(N.Count, msg.ConflationCount);
            _json.WriteNumber(N.Time, msg.ConflationTime);
            _json.WriteEndObject();
        }
        if ((f & UpdateMsgFlags.HasExtendedHeader) != 0)
            _json.WriteBase64String(N.ExtHdr, msg.ExtendedHeader);
        return WritePayload(msg.ContainerType, msg.EncodedDataBody);
    }

    private CodecReturnCode WriteClose(scoped in Msg msg)
    {
        CloseMsgFlags f = msg.CloseFlags;
        if ((f & CloseMsgFlags.HasBatch) != 0)
            return Fail("batch close messages are not converted");
        if ((f & CloseMsgFlags.Ack) != 0)
            _json.WriteBoolean(N.Ack, true);
        if ((f & CloseMsgFlags.HasExtendedHeader) != 0)
            _json.WriteBase64String(N.ExtHdr, msg.ExtendedHeader);
        return WritePayload(msg.ContainerType, msg.EncodedDataBody);
    }

    private CodecReturnCode WriteAck(scoped in Msg msg)
    {
        AckMsgFlags f = msg.AckFlags;
        _json.WriteNumber(N.AckId, msg.AckId);
        if ((f & AckMsgFlags.HasNakCode) != 0)
            OmmNames.NakCodes.Write(_json, N.NakCode, (int)msg.NakCode);
        if ((f & AckMsgFlags.HasText) != 0)
        {
            _json.WritePropertyName(N.Text);
            WriteText(msg.Text);
        }
        if ((f & AckMsgFlags.PrivateStream) != 0)
            _json.WriteBoolean(N.Private, true);
        if ((f & AckMsgFlags.HasSeqNum) != 0)
            _json.WriteNumber(N.SeqNumber, msg.SeqNum);
        CodecReturnCode rc;
        if ((f & AckMsgFlags.HasMsgKey) != 0 && (rc = WriteKey(N.Key, msg.Key, msg.DomainType)) != CodecReturnCode.Success)
            return rc;
        if ((f & AckMsgFlags.HasExtendedHeader) != 0)
            _json.WriteBase64String(N.ExtHdr, msg.ExtendedHeader);
        if ((f & AckMsgFlags.QualifiedStream) != 0)
            _json.WriteBoolean(N.Qualified, true);
        return WritePayload(msg.ContainerType, msg.EncodedDataBody);
    }

    private CodecReturnCode WriteGeneric(scoped in Msg msg)
    {
        GenericMsgFlags f = msg.GenericFlags;
        CodecReturnCode rc;
        if ((f & GenericMsgFlags.HasMsgKey) != 0 && (rc = WriteKey(N.Key, msg.Key, msg.DomainType)) != CodecReturnCode.Success)
            return rc;
        if ((f & GenericMsgFlags.HasReqMsgKey) != 0 && (rc = WriteKey(N.ReqKey, msg.ReqKey, msg.DomainType)) != CodecReturnCode.Success)
            return rc;
        if ((f & GenericMsgFlags.HasSeqNum) != 0)
            _json.WriteNumber(N.SeqNumber, msg.SeqNum);
        if ((f & GenericMsgFlags.HasSecondarySeqNum) != 0)
            _json.WriteNumber(N.SecSeqNumber, msg.SecondarySeqNum);
        if ((f & GenericMsgFlags.HasPartNum) != 0)
            _json.WriteNumber(N.PartNumber, msg.PartNum);
        if ((f & GenericMsgFlags.HasPermData) != 0)
            _json.WriteBase64String(N.PermData, msg.PermData);
        if ((f & GenericMsgFlags.HasExtendedHeader) != 0)
            _json.WriteBase64String(N.ExtHdr, msg.ExtendedHeader);
        if ((f & GenericMsgFlags.MessageComplete) == 0)
            _json.WriteBoolean(N.Complete, false);
        return WritePayload(msg.ContainerType, msg.EncodedDataBody);
    }

    private CodecReturnCode WritePost(scoped in Msg msg)
    {
        PostMsgFlags f = msg.PostFlags;
        WritePostUserInfo(msg.PostUserInfo);
        if ((f & PostMsgFlags.HasPostId) != 0)
            _json.WriteNumber(N.PostId, msg.PostId);
        CodecReturnCode rc;
        if ((f & PostMsgFlags.HasMsgKey) != 0 && (rc = WriteKey(N.Key, msg.Key, msg.DomainType)) != CodecReturnCode.Success)
            return rc;
        if ((f & PostMsgFlags.HasSeqNum) != 0)
            _json.WriteNumber(N.SeqNumber, msg.SeqNum);
        if ((f & PostMsgFlags.PostComplete) == 0)
            _json.WriteBoolean(N.Complete, false);
        if ((f & PostMsgFlags.Ack) != 0)
            _json.WriteBoolean(N.Ack, true);
        if ((f & PostMsgFlags.HasPermData) != 0)
            _json.WriteBase64String(N.PermData, msg.PermData);
        if ((f & PostMsgFlags.HasPartNum) != 0)
            _json.WriteNumber(N.PartNumber, msg.PartNum);
        if ((f & PostMsgFlags.HasPostUserRights) != 0)
            _json.WriteNumber(N.PostUserRights, (int)msg.PostUserRights);
        if ((f & PostMsgFlags.HasExtendedHeader) != 0)
            _json.WriteBase64String(N.ExtHdr, msg.ExtendedHeader);
        return WritePayload(msg.ContainerType, msg.EncodedDataBody);
    }

    private CodecReturnCode WriteKey(JsonEncodedText property, scoped in MsgKey key, byte domain)
    {
        _json.WriteStartObject(property);
        if (key.HasServiceId)
            _json.WriteNumber(N.Service, key.ServiceId);
        if (key.HasNameType && key.NameType != 1)
        {
            OmmNameTable names = domain == Rdm.DomainTypes.Login ? OmmNames.LoginNameTypes : OmmNames.InstrumentNameTypes;
            names.Write(_json, N.NameType, key.NameType);
        }
        // LSEG leaves the name out for a login cookie (5 is the AuthnToken type).
        if (key.HasName && !(domain == Rdm.DomainTypes.Login && key.NameType is 4 or 5))
        {
            _json.WritePropertyName(N.Name);
            if (key.Name.IsEmpty || (key.Name.Length == 1 && key.Name[0] == 0))
                _json.WriteNullValue();
            else
                WriteText(key.Name);
        }
        if (key.HasFilter)
            _json.WriteNumber(N.Filter, key.Filter);
        if (key.HasIdentifier)
            _json.WriteNumber(N.Identifier, key.Identifier);
        if (key.HasAttrib)
        {
            CodecReturnCode rc = WritePayload(key.AttribContainerType, key.EncodedAttrib);
            if (rc != CodecReturnCode.Success)
                return rc;
        }
        _json.WriteEndObject();
        return CodecReturnCode.Success;
    }

    private void WriteQos(JsonEncodedText property, Qos qos)
    {
        _json.WritePropertyName(property);
        WriteQosValue(qos);
    }

    private void WriteQosValue(Qos qos)
    {
        _json.WriteStartObject();
        OmmNames.Timeliness.Write(_json, N.Timeliness, qos.Timeliness);
        OmmNames.Rates.Write(_json, N.Rate, qos.Rate);
        if (qos.IsDynamic)
            _json.WriteBoolean(N.Dynamic, true);
        if (qos.Timeliness == QosTimeliness.Delayed)
            _json.WriteNumber(N.TimeInfo, qos.TimeInfo);
        if (qos.Rate == QosRates.TimeConflated)
            _json.WriteNumber(N.RateInfo, qos.RateInfo);
        _json.WriteEndObject();
    }

    private void WriteState(JsonEncodedText property, scoped in State state)
    {
        _json.WritePropertyName(property);
        WriteStateValue(state);
    }

    private void WriteStateValue(scoped in State state)
    {
        _json.WriteStartObject();
        OmmNames.StreamStates.Write(_json, N.Stream, state.StreamState);
        OmmNames.DataStates.Write(_json, N.Data, state.DataState);
        if (state.Code > StateCodes.None)
            OmmNames.StateCodes.Write(_json, N.Code, state.Code);
        if (!state.Text.IsEmpty)
        {
            _json.WritePropertyName(N.Text);
            WriteText(state.Text);
        }
        _json.WriteEndObject();
    }

    private void WritePostUserInfo(PostUserInfo info)
    {
        _json.WriteStartObject(N.PostUserInfo);
        Span<byte> address = stackalloc byte[15];
        int length = 0;
        for (int shift = 24; shift >= 0; shift -= 8)
        {
            System.Buffers.Text.Utf8Formatter.TryFormat((info.UserAddress >> shift) & 0xFF, address[length..], out int n);
            length += n;
            if (shift > 0)
                address[length++] = (byte)'.';
        }
        _json.WriteString(N.Address, address[..length]);
        _json.WriteNumber(N.UserId, info.UserId);
        _json.WriteEndObject();
    }
}
