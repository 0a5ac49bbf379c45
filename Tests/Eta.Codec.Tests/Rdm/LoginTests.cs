using Eta.Codec.Rdm;
using Eta.Codec.Tests.Messages;
using Xunit;

namespace Eta.Codec.Tests.Rdm;

public class LoginTests
{
    [Fact]
    public void AttributesEncodeLikeEta()
    {
        // The key attribute of LSEG's 001_requestMsg vector is a login attribute list written by ETA.
        var attributes = new LoginAttributes { ApplicationId = "256", ApplicationName = "rsslConsumer", Position = "localhost" };
        byte[] encoded = RdmTestSupport.Encode((ref RwfEncoder e) => attributes.Encode(ref e, LoginElements.RequestOrder));
        MsgAssert.Bytes(SampleBodies.LoginAttrib(), encoded, "login attributes");
    }

    [Fact]
    public void CapturedLoginRefreshDecodes()
    {
        byte[] captured = VectorFiles.CapturedMessage(1);
        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(captured, out Msg msg));
        var refresh = new LoginRefresh();
        Assert.Equal(CodecReturnCode.Success, refresh.Decode(msg));

        Assert.Equal(1, refresh.StreamId);
        Assert.Equal("andrew.goldstein", refresh.UserName);
        Assert.Equal(new RdmState(StreamStates.Open, DataStates.Ok, StateCodes.None, "Login accepted by host oakwagold2"), refresh.State);
        Assert.True(refresh.Solicited);
        LoginAttributes a = refresh.Attributes;
        Assert.Equal("256", a.ApplicationId);
        Assert.Equal("rsslProvider", a.ApplicationName);
        Assert.Equal("10.91.161.33/net", a.Position);
        Assert.Equal(1ul, a.ProvidePermissionProfile);
        Assert.Equal(1ul, a.ProvidePermissionExpressions);
        Assert.Equal(0ul, a.SingleOpen);
        Assert.Equal(1ul, a.AllowSuspectData);
        Assert.Equal(0ul, a.SupportPauseResume);
        Assert.Equal(0ul, a.SupportOptimizedPauseResume);
        Assert.Equal(0ul, a.SupportOMMPost);
        Assert.Equal(0ul, a.SupportViewRequests);
        Assert.Equal(0ul, a.SupportBatchRequests);
        Assert.Equal(0ul, a.SupportStandby);
        Assert.Null(a.SupportProviderDictionaryDownload);
        Assert.False(a.SupportsRoundTripLatency);
    }

    [Fact]
    public void RequestRoundTrips()
    {
        var request = new LoginRequest { StreamId = 1, UserName = "perfuser", NoRefresh = false };
        request.Attributes.ApplicationId = "256";
        request.Attributes.ApplicationName = "ConsPerf";
        request.Attributes.Position = "10.0.0.1/net";
        request.Attributes.Password = "secret";
        request.Attributes.InstanceId = "7";
        request.Attributes.Role = LoginRoles.Consumer;
        request.Attributes.SingleOpen = 1;
        request.Attributes.AllowSuspectData = 1;
        request.Attributes.SupportProviderDictionaryDownload = 1;
        request.Attributes.SupportsRoundTripLatency = true;

        byte[] encoded = RdmTestSupport.Encode(request.Encode);
        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(encoded, out Msg msg));
        Assert.Equal(RequestMsgFlags.Streaming, msg.RequestFlags);
        Assert.Equal(DataTypes.NoData, msg.ContainerType);
        Assert.Equal(LoginUserIdTypes.Name, msg.Key.NameType);

        var decoded = new LoginRequest();
        Assert.Equal(CodecReturnCode.Success, decoded.Decode(msg));
        Assert.Equal("perfuser", decoded.UserName);
        Assert.Equal(LoginUserIdTypes.Name, decoded.UserNameType);
        AssertSameAttributes(request.Attributes, decoded.Attributes);
        Assert.Equal(LoginElements.RoundTripLatencySupported, decoded.Attributes.Number(LoginElement.RoundTripLatency));
    }

    [Fact]
    public void A_user_name_beyond_ASCII_goes_as_its_UTF8_bytes_and_comes_back_whole()
    {
        var request = new LoginRequest { StreamId = 1, UserName = "Jürgen Ø" };
        request.Attributes.ApplicationName = "Čonsümer";

        byte[] encoded = RdmTestSupport.Encode(request.Encode);
        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(encoded, out Msg msg));
        Assert.Equal("4AC3BC7267656E20C398", Convert.ToHexString(msg.Key.Name)); // its UTF-8 bytes, as LSEG C's rsslConsPerf sends a -uname given in a UTF-8 shell

        var decoded = new LoginRequest();
        Assert.Equal(CodecReturnCode.Success, decoded.Decode(msg));
        Assert.Equal("Jürgen Ø", decoded.UserName);
        Assert.Equal("Čonsümer", decoded.Attributes.ApplicationName);
    }

    [Fact]
    public void RequestWithoutUserNameIsRefused()
    {
        var request = new LoginRequest { UserName = "" };
        var encoder = new RwfEncoder(new byte[256]);
        Assert.Equal(CodecReturnCode.InvalidArgument, request.Encode(ref encoder));
        Assert.Equal(0, encoder.Position);
    }

    [Fact]
    public void RefreshRoundTrips()
    {
        var refresh = new LoginRefresh { StreamId = 1, UserName = "perfuser", UserNameType = LoginUserIdTypes.Name, SeqNum = 9 };
        refresh.Attributes.ApplicationName = "ProvPerf";
        refresh.Attributes.SupportOMMPost = 1;
        refresh.Attributes.SupportBatchRequests = (ulong)(LoginBatchSupport.Requests | LoginBatchSupport.Closes);
        refresh.Attributes.SupportViewRequests = 1;
        refresh.Attributes.SupportStandby = 0;
        refresh.Attributes.SupportsRoundTripLatency = true;

        byte[] encoded = RdmTestSupport.Encode(refresh.Encode);
        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(encoded, out Msg msg));
        Assert.Equal(RefreshMsgFlags.HasMsgKey | RefreshMsgFlags.RefreshComplete | RefreshMsgFlags.Solicited | RefreshMsgFlags.HasSeqNum,
            msg.RefreshFlags);

        var decoded = new LoginRefresh();
        Assert.Equal(CodecReturnCode.Success, decoded.Decode(msg));
        Assert.Equal(refresh.State, decoded.State);
        Assert.Equal("perfuser", decoded.UserName);
        Assert.Equal(9u, decoded.SeqNum);
        AssertSameAttributes(refresh.Attributes, decoded.Attributes);
    }

    [Fact]
    public void StatusAndCloseRoundTrip()
    {
        var status = new AdminStatus
        {
            StreamId = 1,
            State = new RdmState(StreamStates.Closed, DataStates.Suspect, StateCodes.NotEntitled, "Login denied"),
            Name = "perfuser",
            NameType = LoginUserIdTypes.Name,
        };
        byte[] encoded = RdmTestSupport.Encode(status.Encode);
        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(encoded, out Msg msg));
        Assert.Equal(DomainTypes.Login, msg.DomainType);
        var decoded = new AdminStatus { DomainType = DomainTypes.Dictionary };
        Assert.Equal(CodecReturnCode.Success, decoded.Decode(msg));
        Assert.Equal(DomainTypes.Login, decoded.DomainType);
        Assert.Equal(status.State, decoded.State);
        Assert.Equal("perfuser", decoded.Name);
        Assert.Equal(LoginUserIdTypes.Name, decoded.NameType);

        byte[] close = RdmTestSupport.Encode((ref RwfEncoder e) => AdminClose.Encode(ref e, DomainTypes.Login, 1));
        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(close, out Msg closeMsg));
        Assert.Equal(MsgClass.Close, closeMsg.MsgClass);
        Assert.Equal(DomainTypes.Login, closeMsg.DomainType);
        Assert.Equal(1, closeMsg.StreamId);
    }

    [Fact]
    public void DecodingAnotherMessageIsFailure()
    {
        byte[] directory = VectorFiles.CapturedMessage(2);
        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(directory, out Msg msg));
        Assert.Equal(CodecReturnCode.Failure, new LoginRefresh().Decode(msg));
        Assert.Equal(CodecReturnCode.Failure, new LoginRequest().Decode(msg));
    }

    private static void AssertSameAttributes(LoginAttributes expected, LoginAttributes actual)
    {
        for (var element = (LoginElement)0; (int)element < LoginElements.Count; element++)
        {
            Assert.Equal(expected.Text(element), actual.Text(element));
            Assert.Equal(expected.Number(element), actual.Number(element));
        }
    }
}
