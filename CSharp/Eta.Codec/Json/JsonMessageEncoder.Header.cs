using System.Text;
using System.Text.Json;

namespace Eta.Codec.Json;

// First pass: the message's header members.
internal ref partial struct JsonMessageEncoder
{
    /// <summary>Members whose absence means a class-specific default (-1 absent, 0 false, 1 true).</summary>
    private struct HeaderMembers
    {
        public bool HasId, HasKey, HasReqKey, HasState, HasQos, HasWorstQos, HasPriority, HasUpdateType;
        public bool HasSeqNum, HasSecSeqNum, HasPartNum, HasPostId, HasAckId, HasNakCode, HasText, HasRights;
        public bool HasPermData, HasExtHdr, HasConfInfo, HasPostUserInfo;
        public sbyte Streaming, KeyInUpdates, ConfInfoInUpdates, Refresh, Private, Qualified, Pause, Complete;
        public sbyte ClearCache, DoNotCache, Solicited, DoNotConflate, DoNotRipple, Discardable, Ack;
        public int KeyAt, ReqKeyAt;
    }

    private CodecReturnCode ReadHeader(scoped ref Utf8JsonReader r, ref Msg msg, ref HeaderMembers h, out JsonMessageKind kind)
    {
        kind = JsonMessageKind.Rwf;
        h.Streaming = h.KeyInUpdates = h.ConfInfoInUpdates = h.Refresh = h.Private = h.Qualified = h.Pause = -1;
        h.Complete = h.ClearCache = h.DoNotCache = h.Solicited = h.DoNotConflate = h.DoNotRipple = -1;
        h.Discardable = h.Ack = -1;
        h.KeyAt = h.ReqKeyAt = -1;
        ReadOnlySpan<byte> errorText = default;

        CodecReturnCode rc = CodecReturnCode.Success;
        while (rc == CodecReturnCode.Success && r.Read() && r.TokenType == JsonTokenType.PropertyName)
        {
            ReadOnlySpan<byte> name = Text(ref r);
            r.Read();
            switch (name.Length > 0 ? name[0] : 0)
            {
                case (byte)'I' when name.SequenceEqual("ID"u8):
                    if (r.TokenType == JsonTokenType.StartArray)
                        return Fail("batch close messages (an array of IDs) are not converted");
                    rc = Int32Value(ref r, name, out msg.StreamId);
                    h.HasId = true;
                    continue;
                case (byte)'T' when name.SequenceEqual("Type"u8):
                    if (r.TokenType == JsonTokenType.String)
                    {
                        ReadOnlySpan<byte> type = Text(ref r);
                        if (OmmNames.MsgClasses.TryFind(type, out int cls))
                            msg.MsgClass = (MsgClass)cls;
                        else if (type.SequenceEqual("Ping"u8))
                            kind = JsonMessageKind.Ping;
                        else if (type.SequenceEqual("Pong"u8))
                            kind = JsonMessageKind.Pong;
                        else if (type.SequenceEqual("Error"u8))
                            kind = JsonMessageKind.Error;
                        else
                            rc = Fail($"unknown message type '{Encoding.UTF8.GetString(type)}'");
                    }
                    else
                        rc = WrongType(name, "a message type name", r.TokenType);
                    continue;
                case (byte)'T' when name.SequenceEqual("Text"u8):
                    if (r.TokenType != JsonTokenType.String)
                        rc = WrongType(name, "a string", r.TokenType);
                    else
                    {
                        msg.Text = Text(ref r);
                        errorText = msg.Text;
                        h.HasText = true;
                    }
                    continue;
                case (byte)'D' when name.SequenceEqual("Domain"u8):
                    rc = NamedOrNumber(ref r, name, OmmNames.Domains, out int domain);
                    msg.DomainType = (byte)domain;
                    continue;
                case (byte)'K' when name.SequenceEqual("Key"u8):
                    h.HasKey = true;
                    h.KeyAt = _base + (int)r.TokenStartIndex;
                    rc = r.TokenType == JsonTokenType.StartObject ? CodecReturnCode.Success : WrongType(name, "an object", r.TokenType);
                    r.Skip();
                    continue;
                case (byte)'R' when name.SequenceEqual("ReqKey"u8):
                    h.HasReqKey = true;
                    h.ReqKeyAt = _base + (int)r.TokenStartIndex;
                    rc = r.TokenType == JsonTokenType.StartObject ? CodecReturnCode.Success : WrongType(name, "an object", r.TokenType);
                    r.Skip();
                    continue;
                case (byte)'S' when name.SequenceEqual("State"u8):
                    h.HasState = true;
                    rc = ReadState(ref r, out msg.State);
                    continue;
                case (byte)'Q' when name.SequenceEqual("Qos"u8):
                    h.HasQos = true;
                    rc = ReadQos(ref r, name, out msg.Qos);
                    continue;
                case (byte)'W' when name.SequenceEqual("WorstQos"u8):
                    h.HasWorstQos = true;
                    rc = ReadQos(ref r, name, out msg.WorstQos);
                    continue;
                case (byte)'P' when name.SequenceEqual("Priority"u8):
                    h.HasPriority = true;
                    rc = ReadPriority(ref r, ref msg);
                    continue;
                case (byte)'U' when name.SequenceEqual("UpdateType"u8):
                    h.HasUpdateType = true;
                    rc = NamedOrNumber(ref r, name, OmmNames.UpdateTypes, out int updateType);
                    msg.UpdateType = (byte)updateType;
                    continue;
                case (byte)'N' when name.SequenceEqual("NakCode"u8):
                    h.HasNakCode = true;
                    rc = NamedOrNumber(ref r, name, OmmNames.NakCodes, out int nak);
                    msg.NakCode = (NakCode)nak;
                    continue;
                case (byte)'S' when name.SequenceEqual("SeqNumber"u8):
                    h.HasSeqNum = true;
                    rc = UInt32Value(ref r, name, out msg.SeqNum);
                    continue;
                case (byte)'S' when name.SequenceEqual("SecSeqNumber"u8):
                    h.HasSecSeqNum = true;
                    rc = UInt32Value(ref r, name, out msg.SecondarySeqNum);
                    continue;
                case (byte)'P' when name.SequenceEqual("PartNumber"u8):
                    h.HasPartNum = true;
                    rc = Int32Value(ref r, name, out msg.PartNum);
                    continue;
                case (byte)'P' when name.SequenceEqual("PostID"u8):
                    h.HasPostId = true;
                    rc = UInt32Value(ref r, name, out msg.PostId);
                    continue;
                case (byte)'A' when name.SequenceEqual("AckID"u8):
                    h.HasAckId = true;
                    rc = UInt32Value(ref r, name, out msg.AckId);
                    continue;
                case (byte)'P' when name.SequenceEqual("PostUserRights"u8):
                    h.HasRights = true;
                    rc = UInt16Value(ref r, name, out ushort rights);
                    msg.PostUserRights = (PostUserRights)rights;
                    continue;
                case (byte)'P' when name.SequenceEqual("PermData"u8):
                    h.HasPermData = true;
                    rc = Base64Value(ref r, name, out msg.PermData);
                    continue;
                case (byte)'E' when name.SequenceEqual("ExtHdr"u8):
                    h.HasExtHdr = true;
                    rc = Base64Value(ref r, name, out msg.ExtendedHeader);
                    continue;
                case (byte)'C' when name.SequenceEqual("ConflationInfo"u8):
                    h.HasConfInfo = true;
                    rc = ReadConflationInfo(ref r, ref msg);
                    continue;
                case (byte)'P' when name.SequenceEqual("PostUserInfo"u8):
                    h.HasPostUserInfo = true;
                    rc = ReadPostUserInfo(ref r, ref msg);
                    continue;
                case (byte)'V' when name.SequenceEqual("View"u8) || name.SequenceEqual("ViewType"u8):
                    return Fail("view requests are not converted");
            }
            if (TryPayloadTag(name, out int containerType))
            {
                rc = EncodePayloadInPass(ref r, containerType);
                continue;
            }
            if (IsFlag(name))
            {
                rc = Bool(ref r, name, out sbyte value);
                SetFlag(name, ref h, value);
                continue;
            }
            r.Skip(); // LSEG's converter ignores members it does not know unless told to catch them
        }
        if (rc != CodecReturnCode.Success)
            return rc;
        if (kind == JsonMessageKind.Error)
            _owner.LastError = errorText.IsEmpty ? "the peer reported an error" : Encoding.UTF8.GetString(errorText);
        if (kind != JsonMessageKind.Rwf)
            return CodecReturnCode.Success;
        if (!h.HasId)
            return Fail("missing required 'ID'");

        msg.ContainerType = _payloadType;
        if (h.HasKey && (rc = ReadKey(h.KeyAt, ref msg.Key, msg.DomainType, out _attribAt, out _attribType)) != CodecReturnCode.Success)
            return rc;
        if (h.HasReqKey && (rc = ReadKey(h.ReqKeyAt, ref msg.ReqKey, msg.DomainType, out _reqAttribAt, out _)) != CodecReturnCode.Success)
            return rc;
        if (_reqAttribAt >= 0)
            return Fail("a 'ReqKey' with attributes is not converted");
        return CodecReturnCode.Success;
    }

    private static bool TryPayloadTag(ReadOnlySpan<byte> name, out int containerType)
    {
        containerType = name switch
        {
            _ when name.SequenceEqual("Fields"u8) => DataTypes.FieldList,
            _ when name.SequenceEqual("Elements"u8) => DataTypes.ElementList,
            _ when name.SequenceEqual("FilterList"u8) => DataTypes.FilterList,
            _ when name.SequenceEqual("Map"u8) => DataTypes.Map,
            _ when name.SequenceEqual("Opaque"u8) => DataTypes.Opaque,
            _ when name.SequenceEqual("Vector"u8) => DataTypes.Vector,
            _ when name.SequenceEqual("Series"u8) => DataTypes.Series,
            _ when name.SequenceEqual("Xml"u8) => DataTypes.Xml,
            _ when name.SequenceEqual("Json"u8) => DataTypes.Json,
            _ when name.SequenceEqual("Message"u8) => DataTypes.Msg,
            _ => DataTypes.Unknown,
        };
        return containerType != DataTypes.Unknown;
    }

    private static bool IsFlag(ReadOnlySpan<byte> name) =>
        name.SequenceEqual("Streaming"u8) || name.SequenceEqual("KeyInUpdates"u8)
            || name.SequenceEqual("ConfInfoInUpdates"u8) || name.SequenceEqual("Refresh"u8)
            || name.SequenceEqual("Private"u8) || name.SequenceEqual("Qualified"u8) || name.SequenceEqual("Pause"u8)
            || name.SequenceEqual("Complete"u8) || name.SequenceEqual("ClearCache"u8)
            || name.SequenceEqual("DoNotCache"u8) || name.SequenceEqual("Solicited"u8)
            || name.SequenceEqual("DoNotConflate"u8) || name.SequenceEqual("DoNotRipple"u8)
            || name.SequenceEqual("Discardable"u8) || name.SequenceEqual("Ack"u8);

    private static void SetFlag(ReadOnlySpan<byte> name, ref HeaderMembers h, sbyte value)
    {
        if (name.SequenceEqual("Streaming"u8)) h.Streaming = value;
        else if (name.SequenceEqual("KeyInUpdates"u8)) h.KeyInUpdates = value;
        else if (name.SequenceEqual("ConfInfoInUpdates"u8)) h.ConfInfoInUpdates = value;
        else if (name.SequenceEqual("Refresh"u8)) h.Refresh = value;
        else if (name.SequenceEqual("Private"u8)) h.Private = value;
        else if (name.SequenceEqual("Qualified"u8)) h.Qualified = value;
        else if (name.SequenceEqual("Pause"u8)) h.Pause = value;
        else if (name.SequenceEqual("Complete"u8)) h.Complete = value;
        else if (name.SequenceEqual("ClearCache"u8)) h.ClearCache = value;
        else if (name.SequenceEqual("DoNotCache"u8)) h.DoNotCache = value;
        else if (name.SequenceEqual("Solicited"u8)) h.Solicited = value;
        else if (name.SequenceEqual("DoNotConflate"u8)) h.DoNotConflate = value;
        else if (name.SequenceEqual("DoNotRipple"u8)) h.DoNotRipple = value;
        else if (name.SequenceEqual("Discardable"u8)) h.Discardable = value;
        else if (name.SequenceEqual("Ack"u8)) h.Ack = value;
    }

    private CodecReturnCode NamedOrNumber(scoped ref Utf8JsonReader r, scoped ReadOnlySpan<byte> member, OmmNameTable table, out int value)
    {
        value = 0;
        if (r.TokenType == JsonTokenType.Number)
        {
            if (!r.TryGetInt32(out value) || value < 0)
                return OutOfRange(ref r, member);
            return CodecReturnCode.Success;
        }
        if (r.TokenType != JsonTokenType.String)
            return WrongType(member, "a name or a number", r.TokenType);
        ReadOnlySpan<byte> text = Text(ref r);
        return table.TryFind(text, out value)
            ? CodecReturnCode.Success
            : Fail($"'{Encoding.UTF8.GetString(member)}' has an unknown value '{Encoding.UTF8.GetString(text)}'");
    }

    private CodecReturnCode ReadState(scoped ref Utf8JsonReader r, out State state)
    {
        state = default;
        if (r.TokenType != JsonTokenType.StartObject)
            return WrongType("State"u8, "an object", r.TokenType);
        int stream = 0, data = 0, code = 0;
        ReadOnlySpan<byte> text = default;
        CodecReturnCode rc = CodecReturnCode.Success;
        while (rc == CodecReturnCode.Success && r.Read() && r.TokenType == JsonTokenType.PropertyName)
        {
            ReadOnlySpan<byte> name = Text(ref r);
            r.Read();
            if (name.SequenceEqual("Stream"u8))
                rc = NamedOrNumber(ref r, name, OmmNames.StreamStates, out stream);
            else if (name.SequenceEqual("Data"u8))
                rc = NamedOrNumber(ref r, name, OmmNames.DataStates, out data);
            else if (name.SequenceEqual("Code"u8))
                rc = NamedOrNumber(ref r, name, OmmNames.StateCodes, out code);
            else if (name.SequenceEqual("Text"u8))
            {
                if (r.TokenType == JsonTokenType.String)
                    text = Text(ref r);
                else if (r.TokenType != JsonTokenType.Null)
                    rc = WrongType(name, "a string", r.TokenType);
            }
            else
                r.Skip();
        }
        if (rc == CodecReturnCode.Success)
            state = new State(stream, data, code, text);
        return rc;
    }

    private CodecReturnCode ReadQos(scoped ref Utf8JsonReader r, scoped ReadOnlySpan<byte> member, out Qos qos)
    {
        qos = default;
        if (r.TokenType != JsonTokenType.StartObject)
            return WrongType(member, "an object", r.TokenType);
        int timeliness = 0, rate = 0;
        int timeInfo = 0, rateInfo = 0;
        bool dynamic = false;
        CodecReturnCode rc = CodecReturnCode.Success;
        while (rc == CodecReturnCode.Success && r.Read() && r.TokenType == JsonTokenType.PropertyName)
        {
            ReadOnlySpan<byte> name = Text(ref r);
            r.Read();
            if (name.SequenceEqual("Timeliness"u8))
                rc = NamedOrNumber(ref r, name, OmmNames.Timeliness, out timeliness);
            else if (name.SequenceEqual("Rate"u8))
                rc = NamedOrNumber(ref r, name, OmmNames.Rates, out rate);
            else if (name.SequenceEqual("Dynamic"u8))
            {
                rc = Bool(ref r, name, out sbyte d);
                dynamic = d == 1;
            }
            else if (name.SequenceEqual("TimeInfo"u8))
            {
                rc = UInt16Value(ref r, name, out ushort v);
                timeInfo = v;
            }
            else if (name.SequenceEqual("RateInfo"u8))
            {
                rc = UInt16Value(ref r, name, out ushort v);
                rateInfo = v;
            }
            else
                r.Skip();
        }
        if (rc == CodecReturnCode.Success)
            qos = new Qos(timeliness, rate, dynamic, timeInfo, rateInfo);
        return rc;
    }

    private CodecReturnCode ReadPriority(scoped ref Utf8JsonReader r, ref Msg msg)
    {
        if (r.TokenType != JsonTokenType.StartObject)
            return WrongType("Priority"u8, "an object", r.TokenType);
        CodecReturnCode rc = CodecReturnCode.Success;
        bool hasClass = false, hasCount = false;
        while (rc == CodecReturnCode.Success && r.Read() && r.TokenType == JsonTokenType.PropertyName)
        {
            ReadOnlySpan<byte> name = Text(ref r);
            r.Read();
            if (name.SequenceEqual("Class"u8))
            {
                hasClass = true;
                rc = Int32Value(ref r, name, out int v);
                msg.PriorityClass = (byte)v;
            }
            else if (name.SequenceEqual("Count"u8))
            {
                hasCount = true;
                rc = Int32Value(ref r, name, out msg.PriorityCount);
            }
            else
                r.Skip();
        }
        if (rc == CodecReturnCode.Success && !(hasClass && hasCount))
            return Fail($"missing required '{(hasClass ? "Count" : "Class")}' in 'Priority'");
        return rc;
    }

    private CodecReturnCode ReadConflationInfo(scoped ref Utf8JsonReader r, ref Msg msg)
    {
        if (r.TokenType != JsonTokenType.StartObject)
            return WrongType("ConflationInfo"u8, "an object", r.TokenType);
        CodecReturnCode rc = CodecReturnCode.Success;
        while (rc == CodecReturnCode.Success && r.Read() && r.TokenType == JsonTokenType.PropertyName)
        {
            ReadOnlySpan<byte> name = Text(ref r);
            r.Read();
            if (name.SequenceEqual("Count"u8))
                rc = Int32Value(ref r, name, out msg.ConflationCount);
            else if (name.SequenceEqual("Time"u8))
                rc = UInt16Value(ref r, name, out msg.ConflationTime);
            else
                r.Skip();
        }
        return rc;
    }

    private CodecReturnCode ReadPostUserInfo(scoped ref Utf8JsonReader r, ref Msg msg)
    {
        if (r.TokenType != JsonTokenType.StartObject)
            return WrongType("PostUserInfo"u8, "an object", r.TokenType);
        uint address = 0, user = 0;
        CodecReturnCode rc = CodecReturnCode.Success;
        while (rc == CodecReturnCode.Success && r.Read() && r.TokenType == JsonTokenType.PropertyName)
        {
            ReadOnlySpan<byte> name = Text(ref r);
            r.Read();
            if (name.SequenceEqual("Address"u8))
            {
                if (r.TokenType == JsonTokenType.Number)
                    rc = UInt32Value(ref r, name, out address);
                else if (r.TokenType == JsonTokenType.String)
                    rc = ParseAddress(Text(ref r), out address) ? CodecReturnCode.Success
                        : Fail("'Address' is not an IPv4 address");
                else
                    rc = WrongType(name, "an address", r.TokenType);
            }
            else if (name.SequenceEqual("UserID"u8))
                rc = UInt32Value(ref r, name, out user);
            else
                r.Skip();
        }
        msg.PostUserInfo = new PostUserInfo(address, user);
        return rc;
    }

    private static bool ParseAddress(ReadOnlySpan<byte> text, out uint address)
    {
        address = 0;
        int parts = 0, part = -1;
        foreach (byte c in text)
        {
            if (c == '.')
            {
                if (part < 0 || ++parts > 3)
                    return false;
                address = (address << 8) | (uint)part;
                part = -1;
            }
            else if (c is >= (byte)'0' and <= (byte)'9')
            {
                part = (part < 0 ? 0 : part * 10) + (c - '0');
                if (part > 255)
                    return false;
            }
            else
                return false;
        }
        if (part < 0 || parts != 3)
            return false;
        address = (address << 8) | (uint)part;
        return true;
    }

    private CodecReturnCode ReadKey(int at, ref MsgKey key, byte domain, out int attribAt, out int attribType)
    {
        attribAt = -1;
        attribType = DataTypes.NoData;
        Utf8JsonReader r = ReaderAt(at);
        CodecReturnCode rc = CodecReturnCode.Success;
        while (rc == CodecReturnCode.Success && r.Read() && r.TokenType == JsonTokenType.PropertyName)
        {
            ReadOnlySpan<byte> name = Text(ref r);
            r.Read();
            if (name.SequenceEqual("Service"u8))
            {
                key.Flags |= MsgKeyFlags.HasServiceId;
                if (r.TokenType == JsonTokenType.String)
                {
                    ReadOnlySpan<byte> service = Text(ref r);
                    if (_owner.ServiceNameLookup is not { } lookup || !lookup(service, out key.ServiceId))
                        rc = Fail($"unknown service name '{Encoding.UTF8.GetString(service)}'");
                }
                else
                {
                    rc = UInt16Value(ref r, name, out ushort id);
                    key.ServiceId = id;
                }
            }
            else if (name.SequenceEqual("Name"u8))
            {
                key.Flags |= MsgKeyFlags.HasName;
                if (r.TokenType == JsonTokenType.String)
                    key.Name = Text(ref r);
                else if (r.TokenType == JsonTokenType.StartArray)
                    rc = Fail("batch requests (an array of names) are not converted");
                else if (r.TokenType != JsonTokenType.Null)
                    rc = WrongType(name, "a string", r.TokenType);
            }
            else if (name.SequenceEqual("NameType"u8))
            {
                key.Flags |= MsgKeyFlags.HasNameType;
                OmmNameTable table = domain == Rdm.DomainTypes.Login ? OmmNames.LoginNameTypes : OmmNames.InstrumentNameTypes;
                rc = NamedOrNumber(ref r, name, table, out int nameType);
                key.NameType = (byte)nameType;
            }
            else if (name.SequenceEqual("Filter"u8))
            {
                key.Flags |= MsgKeyFlags.HasFilter;
                rc = UInt32Value(ref r, name, out key.Filter);
            }
            else if (name.SequenceEqual("Identifier"u8))
            {
                key.Flags |= MsgKeyFlags.HasIdentifier;
                rc = Int32Value(ref r, name, out key.Identifier);
            }
            else if (TryPayloadTag(name, out int type))
            {
                key.Flags |= MsgKeyFlags.HasAttrib;
                key.AttribContainerType = type;
                attribAt = at + (int)r.TokenStartIndex;
                attribType = type;
                r.Skip();
            }
            else
                r.Skip();
        }
        if ((key.Flags & MsgKeyFlags.HasNameType) == 0)
        {
            // LSEG leaves the default name type (1: RIC, or a login user name) out of the JSON; every key it
            // converts back carries it.
            key.Flags |= MsgKeyFlags.HasNameType;
            key.NameType = 1;
        }
        if ((key.Flags & MsgKeyFlags.HasServiceId) == 0 && _owner.DefaultServiceId is { } serviceId
            && domain != Rdm.DomainTypes.Source && domain != Rdm.DomainTypes.Login)
        {
            key.Flags |= MsgKeyFlags.HasServiceId;
            key.ServiceId = serviceId;
        }
        return rc;
    }
}
