using Eta.TestSupport;
using Eta.Codec.Rdm;
using Xunit;

namespace Eta.Codec.Tests.Rdm;

[Collection(AllocationCollection.Name)]
public class LoginRttTests
{
    [Fact]
    public void RoundTripsWithOptionalMembers()
    {
        var rtt = new LoginRtt { StreamId = 1, Ticks = 123_456_789_012, RoundTripLatency = 4_200, TcpRetransmissions = 3, ProviderDriven = true };
        byte[] buffer = new byte[256];
        var encoder = new RwfEncoder(buffer);
        Assert.Equal(CodecReturnCode.Success, rtt.Encode(ref encoder));

        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(encoder.Written, out Msg msg));
        Assert.True(LoginRtt.Matches(msg));
        Assert.Equal(GenericMsgFlags.ProviderDriven, msg.GenericFlags);
        var decoded = new LoginRtt();
        Assert.Equal(CodecReturnCode.Success, decoded.Decode(msg));
        Assert.Equal(rtt, decoded);
    }

    [Fact]
    public void TicksOnlyEchoHasNoOptionalMembers()
    {
        var rtt = new LoginRtt { StreamId = 1, Ticks = 5 };
        byte[] buffer = new byte[256];
        var encoder = new RwfEncoder(buffer);
        Assert.Equal(CodecReturnCode.Success, rtt.Encode(ref encoder));
        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(encoder.Written, out Msg msg));
        Assert.Equal(GenericMsgFlags.None, msg.GenericFlags);
        var decoded = new LoginRtt { RoundTripLatency = 1 };
        Assert.Equal(CodecReturnCode.Success, decoded.Decode(msg));
        Assert.Equal(rtt, decoded);
    }

    [Fact]
    public void EchoLoopAllocatesNothing()
    {
        byte[] buffer = new byte[256];
        ulong total = 0;
        AllocationAssert.None(() =>
        {
            for (int i = 0; i < 20_000; i++)
                total += Echo(buffer, total);
        });
        Assert.NotEqual(0ul, total);
    }

    private static ulong Echo(byte[] buffer, ulong ticks)
    {
        var rtt = new LoginRtt { StreamId = 1, Ticks = ticks, RoundTripLatency = 10, ProviderDriven = true };
        var encoder = new RwfEncoder(buffer);
        if (rtt.Encode(ref encoder) != CodecReturnCode.Success)
            return 0;
        if (MsgDecoder.Decode(encoder.Written, out Msg msg) != CodecReturnCode.Success)
            return 0;
        var received = new LoginRtt();
        return received.Decode(msg) == CodecReturnCode.Success ? received.Ticks + 1 : 0;
    }
}
