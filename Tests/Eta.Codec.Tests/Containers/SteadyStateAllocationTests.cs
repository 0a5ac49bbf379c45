using Eta.TestSupport;
using Xunit;

namespace Eta.Codec.Tests.Containers;

/// <summary>Encoding and fully decoding the 24-field update payload allocates nothing once warmed up.</summary>
[Collection(AllocationCollection.Name)]
public class SteadyStateAllocationTests
{
    private const int Iterations = 20_000;

    [Fact]
    public void EncodeAndDecode_24FieldList_AllocatesNothing()
    {
        byte[] buffer = new byte[512];
        long checksum = 0;
        int runs = 0;
        AllocationAssert.None(() =>
        {
            for (int i = 0; i < Iterations; i++)
                checksum += RunOnce(buffer);
            runs++;
        });
        Assert.Equal(runs * Iterations * (long)UpdatePayload.FieldCount, checksum);
    }

    // Encodes the payload, then decodes every field by its dictionary type; returns the number of fields decoded
    // (no asserts in here: the measured loop must contain only codec work).
    private static int RunOnce(byte[] buffer)
    {
        var encoder = new RwfEncoder(buffer);
        if (UpdatePayload.Encode(ref encoder) != CodecReturnCode.Success)
            return -1000;
        int decoded = 0;
        if (FieldListDecoder.Decode(encoder.Written, out FieldListDecoder list) != CodecReturnCode.Success)
            return -1000;
        CodecReturnCode rc;
        while ((rc = list.Next(out FieldEntry entry)) == CodecReturnCode.Success)
        {
            CodecReturnCode valueRc = entry.FieldId switch
            {
                22 or 25 or 30 or 31 or 114 or 211 or 3887 or 203 => entry.Decode(out Real _),
                8937 or 118 or 3264 or 8935 or 12783 => entry.Decode(out RwfEnum _),
                3855 or 3902 => entry.Decode(out UInt _),
                1025 or 5 or 14238 => entry.Decode(out Time _),
                _ => RwfBuffer.Decode(entry.EncodedData, DataTypes.RmtesString, out _),
            };
            if (valueRc == CodecReturnCode.Success)
                decoded++;
        }
        return rc == CodecReturnCode.EndOfContainer ? decoded : -1000;
    }
}
