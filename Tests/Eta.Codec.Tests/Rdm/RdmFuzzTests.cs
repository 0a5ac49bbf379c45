using Eta.Codec.Rdm;
using Eta.Codec.Tests.Messages;
using Xunit;

namespace Eta.Codec.Tests.Rdm;

/// <summary>
/// 20,000 mutations of real admin messages (the captured login and directory refreshes, and messages encoded
/// here) through every RDM decoder: each ends in a return code, never an exception.
/// </summary>
public class RdmFuzzTests
{
    [Fact]
    public void MutatedAdminMessagesNeverThrow()
    {
        List<byte[]> seeds =
        [
            VectorFiles.CapturedMessage(1),
            VectorFiles.CapturedMessage(2),
            RdmTestSupport.Encode(new LoginRequest { UserName = "user", Attributes = { ApplicationId = "256", Role = 0 } }.Encode),
            RdmTestSupport.Encode(new DictionaryRequest { ServiceId = 1 }.Encode),
            RdmTestSupport.Encode(new DirectoryRequest().Encode),
            RdmTestSupport.Encode(new LoginRtt { Ticks = 1, RoundTripLatency = 2, TcpRetransmissions = 3 }.Encode),
        ];
        var random = new Random(7_070);
        int accepted = 0;
        for (int i = 0; i < 20_000; i++)
        {
            byte[] input = DecoderFuzzTests.Mutate(seeds[random.Next(seeds.Count)], random);
            if (MsgDecoder.Decode(input, out Msg msg) != CodecReturnCode.Success)
                continue;
            CodecReturnCode[] results =
            [
                new LoginRequest().Decode(msg),
                new LoginRefresh().Decode(msg),
                new AdminStatus().Decode(msg),
                new DirectoryRequest().Decode(msg),
                new DirectoryRefresh().Decode(msg),
                new DirectoryUpdate().Decode(msg),
                new DictionaryRequest().Decode(msg),
                new DictionaryRefresh().Decode(msg),
                new LoginRtt().Decode(msg),
            ];
            if (results.Contains(CodecReturnCode.Success))
                accepted++;
        }
        Assert.InRange(accepted, 100, 20_000);
    }
}
