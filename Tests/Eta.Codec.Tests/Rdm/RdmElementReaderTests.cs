using Eta.Codec;
using Eta.Codec.Rdm;
using Xunit;

namespace Eta.Codec.Tests.Rdm;

public class RdmElementReaderTests
{
    [Theory]
    [InlineData(true, 1, CodecReturnCode.SUCCESS, 1UL)]
    [InlineData(false, 1, CodecReturnCode.SUCCESS, 1UL)]
    [InlineData(true, -1, CodecReturnCode.INVALID_DATA, 0UL)]
    public void UnsignedAdminValueAcceptsUIntAndNonNegativeInt(bool asInt, long encoded, CodecReturnCode expected, ulong expectedValue)
    {
        Span<byte> buffer = stackalloc byte[64];
        var enc = new RwfEncoder(buffer);
        Assert.Equal(CodecReturnCode.SUCCESS, enc.ElementListInit());
        CodecReturnCode rc = asInt
            ? enc.ElementEntry("Type"u8, new Int(encoded))
            : enc.ElementEntry("Type"u8, new UInt((ulong)encoded));
        Assert.Equal(CodecReturnCode.SUCCESS, rc);
        Assert.Equal(CodecReturnCode.SUCCESS, enc.ElementListComplete(true));

        Assert.Equal(CodecReturnCode.SUCCESS, ElementListDecoder.Decode(buffer[..enc.Position], out ElementListDecoder list));
        Assert.Equal(CodecReturnCode.SUCCESS, list.Next(out ElementEntry entry));

        Assert.Equal(expected, RdmElementReader.UInt(entry, out ulong value));
        Assert.Equal(expectedValue, value);
    }
}
