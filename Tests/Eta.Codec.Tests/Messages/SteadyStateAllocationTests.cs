using Eta.TestSupport;
using Xunit;

namespace Eta.Codec.Tests.Messages;

/// <summary>
/// The provider/consumer hot path allocates nothing: encode an update whose field-list payload is encoded in
/// place, decode the message, walk the field list.
/// </summary>
[Collection(AllocationCollection.Name)]
public class SteadyStateAllocationTests
{
    [Fact]
    public void UpdateEncodeDecodeAllocatesNothing()
    {
        byte[] buffer = new byte[256];
        long checksum = 0;
        AllocationAssert.None(() =>
        {
            for (int i = 0; i < 20_000; i++)
                checksum += EncodeAndDecode(buffer, (uint)checksum);
        });
        Assert.NotEqual(0, checksum);
    }

    private static long EncodeAndDecode(byte[] buffer, uint seqNum)
    {
        Msg update = Msg.Create(MsgClass.Update, 6, 5, DataTypes.FieldList);
        update.UpdateFlags = UpdateMsgFlags.HasSeqNum;
        update.SeqNum = seqNum;
        var encoder = new RwfEncoder(buffer);
        if (MsgEncoder.EncodeInit(ref encoder, update, out MsgEncodeState state) != CodecReturnCode.EncodeContainer
            || SampleBodies.EncodeFieldList(ref encoder) != CodecReturnCode.Success
            || MsgEncoder.EncodeComplete(ref encoder, ref state, success: true) != CodecReturnCode.Success)
            return 0;

        if (MsgDecoder.Decode(encoder.Written, out Msg decoded) != CodecReturnCode.Success
            || FieldListDecoder.Decode(decoded.EncodedDataBody, out FieldListDecoder fields) != CodecReturnCode.Success)
            return 0;
        long sum = decoded.SeqNum;
        while (fields.Next(out FieldEntry entry) == CodecReturnCode.Success)
            sum += entry.FieldId;
        return sum;
    }
}
