using Xunit;

namespace Eta.Codec.Tests.Messages;

/// <summary>
/// Every message vector of LSEG's RsslEncodersJunit: the message its header describes is encoded single-pass
/// (key attribute and payload written in place) and must give the vector byte for byte; the vector must decode
/// back to the same message.
/// </summary>
public class EncoderVectorTests
{
    private const byte DomainLogin = 1;
    private const byte DomainSource = 4;
    private const byte DomainMarketPrice = 6;
    private const byte NameTypeRic = 1;

    private static readonly byte[] ExtendedHeader = "EXTENDED HEADER"u8.ToArray();
    private static readonly byte[] PermData = [0x10, 0x11, 0x12, 0x13];
    private static readonly byte[] TriN = "TRI.N"u8.ToArray();

    // Qos values: timeliness REALTIME = 1, DELAYED = 3; rate TICK_BY_TICK = 1, TIME_CONFLATED = 3.
    private static readonly Qos RealTimeTickByTick = new(1, 1, false, 0, 0);

    [Fact]
    public void RequestMsg()
    {
        byte[] vector = Vector("001_requestMsg.txt");
        Msg msg = Msg.Create(MsgClass.Request, DomainMarketPrice, 100, DataTypes.ElementList);
        msg.RequestFlags = RequestMsgFlags.Streaming | RequestMsgFlags.ConfInfoInUpdates | RequestMsgFlags.MsgKeyInUpdates
            | RequestMsgFlags.HasPriority | RequestMsgFlags.HasQos | RequestMsgFlags.HasWorstQos | RequestMsgFlags.HasBatch
            | RequestMsgFlags.HasView | RequestMsgFlags.HasExtendedHeader;
        msg.PriorityClass = 3;
        msg.PriorityCount = 4;
        msg.Qos = RealTimeTickByTick;
        msg.WorstQos = new Qos(3, 3, false, 65532, 65533);
        msg.ExtendedHeader = ExtendedHeader;
        msg.Key = new MsgKey
        {
            Flags = MsgKeyFlags.HasName | MsgKeyFlags.HasNameType | MsgKeyFlags.HasAttrib,
            Name = "Batch_Request"u8,
            NameType = NameTypeRic,
            AttribContainerType = DataTypes.ElementList,
        };
        AssertRoundTrip(vector, msg, SampleBodies.EncodeLoginAttrib, SampleBodies.EncodeBatchView);
    }

    [Fact]
    public void RequestMsgWithIdentifierAndPreEncodedAttrib()
    {
        byte[] vector = Vector("001_requestMsgWithIdAndEncAttrib.txt");
        Msg msg = Msg.Create(MsgClass.Request, DomainMarketPrice, 100);
        msg.Key = new MsgKey
        {
            Flags = MsgKeyFlags.HasName | MsgKeyFlags.HasNameType | MsgKeyFlags.HasIdentifier | MsgKeyFlags.HasAttrib,
            Name = TriN,
            NameType = NameTypeRic,
            Identifier = 0x7FFF,
            AttribContainerType = DataTypes.Opaque,
            EncodedAttrib = "ENCODED ATTRIB"u8,
        };

        byte[] buffer = new byte[256];
        var writer = new RwfWriter(buffer);
        Assert.Equal(CodecReturnCode.Success, MsgEncoder.Encode(ref writer, msg));
        MsgAssert.Bytes(vector, writer.Written, "encoded message");
        AssertDecodesTo(vector, msg);
    }

    [Fact]
    public void RefreshMsg()
    {
        byte[] vector = Vector("002_refreashMsg.txt");
        Msg msg = Msg.Create(MsgClass.Refresh, DomainMarketPrice, int.MaxValue, DataTypes.FieldList);
        msg.RefreshFlags = RefreshMsgFlags.RefreshComplete | RefreshMsgFlags.Solicited | RefreshMsgFlags.ClearCache
            | RefreshMsgFlags.DoNotCache | RefreshMsgFlags.HasQos | RefreshMsgFlags.HasPartNum | RefreshMsgFlags.HasSeqNum
            | RefreshMsgFlags.HasExtendedHeader | RefreshMsgFlags.HasPermData | RefreshMsgFlags.HasPostUserInfo
            | RefreshMsgFlags.HasMsgKey;
        msg.State = new State(1, 1, 0, "some text info"u8); // Open / Ok / None
        msg.GroupId = "10203040"u8;
        msg.Qos = RealTimeTickByTick;
        msg.PartNum = 32767;
        msg.SeqNum = 1234567890;
        msg.ExtendedHeader = ExtendedHeader;
        msg.PermData = PermData;
        msg.PostUserInfo = new PostUserInfo(0xFFFFFFFA, 0xFFFFFFFF);
        msg.Key = ItemKeyWithAttrib();

        AssertRoundTrip(vector, msg, SampleBodies.EncodeLoginAttrib, SampleBodies.EncodeFieldList);
    }

    [Fact]
    public void CloseMsg()
    {
        byte[] vector = Vector("003_closeMsg.txt");
        Msg msg = Msg.Create(MsgClass.Close, DomainMarketPrice, int.MaxValue);
        msg.CloseFlags = CloseMsgFlags.HasExtendedHeader | CloseMsgFlags.Ack;
        msg.ExtendedHeader = ExtendedHeader;

        AssertRoundTrip(vector, msg, SinglePass.Nothing, SinglePass.Nothing);
    }

    [Fact]
    public void UpdateMsg()
    {
        byte[] vector = Vector("004_updateMsg.txt");
        Msg msg = Msg.Create(MsgClass.Update, DomainLogin, 0x7FEDCBA9, DataTypes.FieldList);
        msg.UpdateFlags = UpdateMsgFlags.HasSeqNum | UpdateMsgFlags.HasConfInfo | UpdateMsgFlags.DoNotCache
            | UpdateMsgFlags.DoNotConflate | UpdateMsgFlags.DoNotRipple | UpdateMsgFlags.HasExtendedHeader
            | UpdateMsgFlags.HasPermData | UpdateMsgFlags.HasPostUserInfo | UpdateMsgFlags.HasMsgKey;
        msg.UpdateType = 1;
        msg.SeqNum = 1234567890;
        msg.ConflationCount = 10;
        msg.ConflationTime = 500;
        msg.ExtendedHeader = ExtendedHeader;
        msg.PermData = PermData;
        msg.PostUserInfo = new PostUserInfo(0xFFFFFFFA, 0xFFFFFFFF);
        msg.Key = ItemKeyWithAttrib();

        AssertRoundTrip(vector, msg, SampleBodies.EncodeLoginAttrib, SampleBodies.EncodeFieldList);
    }

    [Fact]
    public void StatusMsg()
    {
        byte[] vector = Vector("005_statusMsg.txt");
        Msg msg = Msg.Create(MsgClass.Status, DomainSource, 24);
        msg.StatusFlags = StatusMsgFlags.HasState | StatusMsgFlags.HasGroupId | StatusMsgFlags.HasPermData
            | StatusMsgFlags.HasMsgKey | StatusMsgFlags.HasExtendedHeader | StatusMsgFlags.HasPostUserInfo
            | StatusMsgFlags.ClearCache;
        msg.State = new State(3, 2, 13, "encodeStateMsgTest"u8); // ClosedRecover / Suspect / TooManyItems
        msg.GroupId = [0x0b, 0x7b, 0x08, 0x03, 0x4c, 0x02];
        msg.PermData = [0x0a, 0x05, 0x03, 0x09];
        msg.ExtendedHeader = [0x43, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x43];
        msg.PostUserInfo = new PostUserInfo(0x04d2, 0x0237);
        msg.Key = new MsgKey { Flags = MsgKeyFlags.HasFilter, Filter = 7 };

        AssertRoundTrip(vector, msg, SinglePass.Nothing, SinglePass.Nothing);
    }

    [Fact]
    public void GenericMsg()
    {
        byte[] vector = Vector("018_genericMsg.txt");
        Msg msg = Msg.Create(MsgClass.Generic, DomainLogin, 0x7FEDCBA9, DataTypes.FieldList);
        msg.GenericFlags = GenericMsgFlags.HasExtendedHeader | GenericMsgFlags.HasPermData | GenericMsgFlags.HasMsgKey
            | GenericMsgFlags.HasSeqNum | GenericMsgFlags.MessageComplete | GenericMsgFlags.HasSecondarySeqNum
            | GenericMsgFlags.HasPartNum;
        msg.SeqNum = 1234567890;
        msg.SecondarySeqNum = 1122334455;
        msg.PartNum = 12345;
        msg.ExtendedHeader = ExtendedHeader;
        msg.PermData = PermData;
        msg.Key = ItemKeyWithAttrib();

        AssertRoundTrip(vector, msg, SampleBodies.EncodeLoginAttrib, SampleBodies.EncodeFieldList);
    }

    [Fact]
    public void AckMsg()
    {
        byte[] vector = Vector("022_ackMsg.txt");
        Msg msg = Msg.Create(MsgClass.Ack, DomainLogin, 0x7FEDCBA9, DataTypes.FieldList);
        msg.AckFlags = AckMsgFlags.HasExtendedHeader | AckMsgFlags.HasMsgKey | AckMsgFlags.HasSeqNum
            | AckMsgFlags.PrivateStream | AckMsgFlags.HasNakCode | AckMsgFlags.HasText;
        msg.AckId = 12345;
        msg.NakCode = NakCode.NotOpen;
        msg.Text = "ACK TEXT"u8;
        msg.SeqNum = 1234567890;
        msg.ExtendedHeader = ExtendedHeader;
        msg.Key = ItemKeyWithAttrib();

        AssertRoundTrip(vector, msg, SampleBodies.EncodeLoginAttrib, SampleBodies.EncodeFieldList);
    }

    [Fact]
    public void PostMsg()
    {
        byte[] vector = Vector("023_postMsg.txt");
        Msg msg = Msg.Create(MsgClass.Post, DomainLogin, 0x7FEDCBA9, DataTypes.FieldList);
        msg.PostFlags = PostMsgFlags.HasSeqNum | PostMsgFlags.HasPostId | PostMsgFlags.HasPartNum | PostMsgFlags.Ack
            | PostMsgFlags.PostComplete | PostMsgFlags.HasExtendedHeader | PostMsgFlags.HasPermData
            | PostMsgFlags.HasPostUserRights | PostMsgFlags.HasMsgKey;
        msg.SeqNum = 1234567890;
        msg.PostId = 12345;
        msg.PartNum = 23456;
        msg.PostUserRights = PostUserRights.ModifyPermission;
        msg.ExtendedHeader = ExtendedHeader;
        msg.PermData = PermData;
        msg.PostUserInfo = new PostUserInfo(0xFFFFFFFA, 0xFFFFFFFF);
        msg.Key = ItemKeyWithAttrib();

        AssertRoundTrip(vector, msg, SampleBodies.EncodeLoginAttrib, SampleBodies.EncodeFieldList);
    }

    // Key of the refresh/update/generic/ack/post vectors: service 32639, RIC "TRI.N", element list attribute.
    private static MsgKey ItemKeyWithAttrib() => new()
    {
        Flags = MsgKeyFlags.HasServiceId | MsgKeyFlags.HasName | MsgKeyFlags.HasNameType | MsgKeyFlags.HasAttrib,
        ServiceId = 32639,
        Name = TriN,
        NameType = NameTypeRic,
        AttribContainerType = DataTypes.ElementList,
    };

    private static byte[] Vector(string file) => VectorFiles.Single("vectors", "RsslEncodersJunit", file);

    private static void AssertRoundTrip(byte[] vector, Msg msg, SinglePass.EncodeStep attrib, SinglePass.EncodeStep payload)
    {
        byte[] encoded = SinglePass.Encode(msg, attrib, payload);
        MsgAssert.Bytes(vector, encoded, "encoded message");

        msg.Key.EncodedAttrib = Standalone(attrib);
        AssertDecodesTo(vector, msg);
        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(vector, out Msg decoded));
        MsgAssert.Bytes(Standalone(payload), decoded.EncodedDataBody, "payload");
    }

    // What an encode step writes on its own: the expected key attribute or payload of the decoded message.
    private static byte[] Standalone(SinglePass.EncodeStep step)
    {
        var encoder = new RwfEncoder(new byte[512]);
        Assert.Equal(CodecReturnCode.Success, step(ref encoder));
        return encoder.Written.ToArray();
    }

    private static void AssertDecodesTo(byte[] vector, scoped in Msg expected)
    {
        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(vector, out Msg decoded));
        MsgAssert.Equal(expected, decoded);
        MsgAssert.Bytes(vector, decoded.EncodedMsg, "whole message");
    }
}
