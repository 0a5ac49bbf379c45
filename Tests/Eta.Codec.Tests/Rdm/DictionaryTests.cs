using Eta.Codec.Rdm;
using Xunit;

namespace Eta.Codec.Tests.Rdm;

public class DictionaryTests
{
    [Fact]
    public void RequestRoundTrips()
    {
        var request = new DictionaryRequest { StreamId = 3, ServiceId = 1, DictionaryName = DictionaryNames.EnumType, Verbosity = DictionaryVerbosity.Verbose };
        byte[] encoded = RdmTestSupport.Encode(request.Encode);
        Assert.Equal(CodecReturnCode.SUCCESS, MsgDecoder.Decode(encoded, out Msg msg));
        Assert.Equal(DomainTypes.Dictionary, msg.DomainType);
        Assert.Equal(MsgKeyFlags.HasServiceId | MsgKeyFlags.HasName | MsgKeyFlags.HasFilter, msg.Key.Flags);
        Assert.Equal((uint)DictionaryVerbosity.Verbose, msg.Key.Filter);

        var decoded = new DictionaryRequest();
        Assert.Equal(CodecReturnCode.SUCCESS, decoded.Decode(msg));
        Assert.Equal("RWFEnum", decoded.DictionaryName);
        Assert.Equal(1, decoded.ServiceId);
        Assert.Equal(DictionaryVerbosity.Verbose, decoded.Verbosity);
        Assert.False(decoded.Streaming);
    }

    [Fact]
    public void RequestWithoutNameIsRefused()
    {
        var encoder = new RwfEncoder(new byte[64]);
        Assert.Equal(CodecReturnCode.INVALID_ARGUMENT, new DictionaryRequest { DictionaryName = "" }.Encode(ref encoder));
    }
}
