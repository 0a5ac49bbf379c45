using Xunit;

namespace Eta.Codec.Tests.Messages;

public class PeekAndPatchTests
{
    [Fact]
    public void IdentityReadsClassDomainAndStream()
    {
        byte[] update = Vector("004_updateMsg.txt");
        Assert.Equal(CodecReturnCode.Success, MsgPeek.Identity(update, out MsgClass msgClass, out byte domain, out int streamId));
        Assert.Equal(MsgClass.Update, msgClass);
        Assert.Equal(1, domain);
        Assert.Equal(0x7FEDCBA9, streamId);
        Assert.Equal(CodecReturnCode.IncompleteData, MsgPeek.Identity(update.AsSpan(0, 7), out _, out _, out _));
    }

    [Theory]
    [InlineData("002_refreashMsg.txt")]
    [InlineData("004_updateMsg.txt")]
    [InlineData("018_genericMsg.txt")]
    [InlineData("022_ackMsg.txt")]
    [InlineData("023_postMsg.txt")]
    public void SeqNumIsFoundAndReplacedInPlace(string file)
    {
        byte[] vector = Vector(file);
        Assert.Equal(CodecReturnCode.Success, MsgPeek.SeqNum(vector, out uint seqNum));
        Assert.Equal(1234567890u, seqNum);

        Assert.Equal(CodecReturnCode.Success, MsgPatch.SeqNum(vector, 77));
        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(vector, out Msg msg));
        Assert.Equal(77u, msg.SeqNum);
    }

    [Theory]
    [InlineData("001_requestMsg.txt")]
    [InlineData("003_closeMsg.txt")]
    [InlineData("005_statusMsg.txt")]
    public void SeqNumOfAClassWithoutOneIsFailure(string file)
    {
        byte[] vector = Vector(file);
        Assert.Equal(CodecReturnCode.Failure, MsgPeek.SeqNum(vector, out _));
        Assert.Equal(CodecReturnCode.Failure, MsgPatch.SeqNum(vector, 1));
    }

    [Fact]
    public void StreamIdIsReplacedInPlace()
    {
        byte[] vector = Vector("002_refreashMsg.txt");
        Assert.Equal(CodecReturnCode.Success, MsgPatch.StreamId(vector, -3));
        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(vector, out Msg msg));
        Assert.Equal(-3, msg.StreamId);
        Assert.Equal(MsgClass.Refresh, msg.MsgClass);
    }

    [Fact]
    public void PostIdIsFoundAndReplacedInPlace()
    {
        byte[] post = Vector("023_postMsg.txt");
        Assert.Equal(CodecReturnCode.Success, MsgPeek.PostId(post, out uint postId));
        Assert.Equal(12345u, postId);
        Assert.Equal(CodecReturnCode.Success, MsgPatch.PostId(post, 9));
        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(post, out Msg msg));
        Assert.Equal(9u, msg.PostId);
        Assert.Equal(1234567890u, msg.SeqNum);
        Assert.Equal(CodecReturnCode.Failure, MsgPeek.PostId(Vector("004_updateMsg.txt"), out _));
    }

    [Fact]
    public void RefreshFlagsAreSetAndClearedInPlace()
    {
        byte[] refresh = Vector("002_refreashMsg.txt"); // flags are two bytes wide
        Assert.Equal(CodecReturnCode.Success, MsgPatch.SetRefreshFlag(refresh, RefreshMsgFlags.Solicited, on: false));
        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(refresh, out Msg msg));
        Assert.Equal((RefreshMsgFlags)0x1BDB, msg.RefreshFlags);
        Assert.Equal(CodecReturnCode.Success, MsgPatch.SetRefreshFlag(refresh, RefreshMsgFlags.Solicited, on: true));
        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(refresh, out msg));
        Assert.Equal((RefreshMsgFlags)0x1BFB, msg.RefreshFlags);

        Msg small = Msg.Create(MsgClass.Refresh, 6, 1);
        small.State = new State(StreamStates.Open, DataStates.Ok);
        small.RefreshFlags = RefreshMsgFlags.Solicited;
        byte[] encoded = SinglePass.Encode(small, SinglePass.Nothing, SinglePass.Nothing);
        Assert.Equal(CodecReturnCode.Success, MsgPatch.SetRefreshFlag(encoded, RefreshMsgFlags.RefreshComplete, on: true));
        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(encoded, out msg));
        Assert.Equal(RefreshMsgFlags.Solicited | RefreshMsgFlags.RefreshComplete, msg.RefreshFlags);
        // ClearCache (0x100) would need a second flags byte: refused rather than corrupting the header.
        Assert.Equal(CodecReturnCode.Failure, MsgPatch.SetRefreshFlag(encoded, RefreshMsgFlags.ClearCache, on: true));
        Assert.Equal(CodecReturnCode.Failure, MsgPatch.SetRefreshFlag(Vector("004_updateMsg.txt"), RefreshMsgFlags.Solicited, on: true));
    }

    private static byte[] Vector(string file) => VectorFiles.Single("vectors", "RsslEncodersJunit", file);
}
