using Xunit;

namespace Eta.Codec.Tests.Rdm;

/// <summary>Encodes admin messages into a fresh buffer and decodes them back.</summary>
internal static class RdmTestSupport
{
    public delegate CodecReturnCode EncodeStep(ref RwfEncoder encoder);

    public static byte[] Encode(EncodeStep encode)
    {
        byte[] buffer = new byte[4096];
        var encoder = new RwfEncoder(buffer);
        Assert.Equal(CodecReturnCode.Success, encode(ref encoder));
        return encoder.Written.ToArray();
    }
}
