using Xunit;

namespace Eta.Codec.Tests.Messages;

/// <summary>
/// Malformed headers are rejected with the kind of error ETA reports: LSEG's RsslDecodersJunit expects
/// INCOMPLETE_DATA from Msg.decode for every file in that folder.
/// </summary>
public class DecoderRejectionTests
{
    [Theory]
    [InlineData("CloseMsgInvalidExtHdr.txt")]
    [InlineData("RequestMsgInvalidExtHdr.txt")]
    [InlineData("RequestMsgInvalidMsgKeyLen.txt")]
    [InlineData("RequestMsgInvalidMsgKeyNameLen.txt")]
    public void LsegMalformedHeaderIsIncompleteData(string file)
    {
        byte[] input = VectorFiles.Single("vectors", "RsslDecodersJunit", file);
        Assert.Equal(CodecReturnCode.IncompleteData, MsgDecoder.Decode(input, out Msg msg));
        Assert.Equal(default, msg.MsgClass);
    }

    [Theory]
    [InlineData("001_requestMsg.txt")]
    [InlineData("002_refreashMsg.txt")]
    [InlineData("003_closeMsg.txt")]
    [InlineData("004_updateMsg.txt")]
    [InlineData("005_statusMsg.txt")]
    [InlineData("018_genericMsg.txt")]
    [InlineData("022_ackMsg.txt")]
    [InlineData("023_postMsg.txt")]
    public void EveryTruncationInsideTheHeaderIsIncompleteData(string file)
    {
        byte[] vector = VectorFiles.Single("vectors", "RsslEncodersJunit", file);
        int headerEnd = 2 + (vector[0] << 8 | vector[1]);
        for (int length = 0; length < headerEnd; length++)
            Assert.Equal(CodecReturnCode.IncompleteData, MsgDecoder.Decode(vector.AsSpan(0, length), out _));
    }

    [Fact]
    public void HeaderSizeTooSmallForItsMembersIsIncompleteData()
    {
        byte[] vector = VectorFiles.Single("vectors", "RsslEncodersJunit", "004_updateMsg.txt");
        vector[1] -= 20; // the header now ends inside the key: the key runs past it
        Assert.Equal(CodecReturnCode.IncompleteData, MsgDecoder.Decode(vector, out _));
    }

    [Theory]
    [InlineData(0)]
    [InlineData(9)]
    [InlineData(31)]
    public void UnknownMessageClassIsInvalidData(byte msgClass)
    {
        byte[] vector = VectorFiles.Single("vectors", "RsslEncodersJunit", "003_closeMsg.txt");
        vector[2] = msgClass;
        Assert.Equal(CodecReturnCode.InvalidData, MsgDecoder.Decode(vector, out _));
    }

    [Fact]
    public void ReservedTopBitsOfMsgClassAreIgnored()
    {
        byte[] vector = VectorFiles.Single("vectors", "RsslEncodersJunit", "003_closeMsg.txt");
        vector[2] |= 0xE0;
        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(vector, out Msg msg));
        Assert.Equal(MsgClass.Close, msg.MsgClass);
    }

    [Fact]
    public void TrailingMembersAnnouncedButAbsentAreDroppedLikeEta()
    {
        // A generic message announcing a part number its (older) sender did not write: ETA clears the flag.
        Msg generic = Msg.Create(MsgClass.Generic, 6, 5);
        byte[] encoded = SinglePass.Encode(generic, SinglePass.Nothing, SinglePass.Nothing);
        encoded[8] = (byte)GenericMsgFlags.HasPartNum; // flags is the one-byte u15rb at offset 8

        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(encoded, out Msg decoded));
        Assert.Equal(GenericMsgFlags.None, decoded.GenericFlags);
        Assert.Equal(0, decoded.PartNum);
    }
}
