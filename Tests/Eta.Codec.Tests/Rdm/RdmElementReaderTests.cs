using Eta.Codec;
using Eta.Codec.Rdm;
using Xunit;

namespace Eta.Codec.Tests.Rdm;

public class RdmElementReaderTests
{
    [Theory]
    [InlineData(true, 1, CodecReturnCode.Success, 1UL)]
    [InlineData(false, 1, CodecReturnCode.Success, 1UL)]
    [InlineData(true, -1, CodecReturnCode.InvalidData, 0UL)]
    public void UnsignedAdminValueAcceptsUIntAndNonNegativeInt(bool asInt, long encoded, CodecReturnCode expected, ulong expectedValue)
    {
        Span<byte> buffer = stackalloc byte[64];
        var enc = new RwfEncoder(buffer);
        Assert.Equal(CodecReturnCode.Success, enc.ElementListInit());
        CodecReturnCode rc = asInt
            ? enc.ElementEntry("Type"u8, new Int(encoded))
            : enc.ElementEntry("Type"u8, new UInt((ulong)encoded));
        Assert.Equal(CodecReturnCode.Success, rc);
        Assert.Equal(CodecReturnCode.Success, enc.ElementListComplete(true));

        Assert.Equal(CodecReturnCode.Success, ElementListDecoder.Decode(buffer[..enc.Position], out ElementListDecoder list));
        Assert.Equal(CodecReturnCode.Success, list.Next(out ElementEntry entry));

        Assert.Equal(expected, RdmElementReader.UInt(entry, out ulong value));
        Assert.Equal(expectedValue, value);
    }
}
