using Xunit;

namespace Eta.Codec.Tests.Messages;

/// <summary>
/// 50,000 truncated, mutated and random inputs through the message decoder, the peek/patch helpers and a walk
/// of whatever decodes: each must give an error code or a valid result, never an exception or a hang.
/// </summary>
public class DecoderFuzzTests
{
    private const int Inputs = 50_000;

    [Fact]
    public void BadInputNeverThrows()
    {
        List<byte[]> seeds = Seeds();
        var random = new Random(20_251_121);
        int decoded = 0;
        for (int i = 0; i < Inputs; i++)
        {
            byte[] input = Mutate(seeds[random.Next(seeds.Count)], random);
            if (DecodeAndWalk(input))
                decoded++;
            MsgPeek.Identity(input, out _, out _, out _);
            MsgPeek.SeqNum(input, out _);
            MsgPatch.SeqNum(input, 1);
            MsgPatch.PostId(input, 1);
        }
        // The mutations keep a fair share valid, so the walk below is exercised too.
        Assert.InRange(decoded, Inputs / 20, Inputs);
    }

    private static bool DecodeAndWalk(ReadOnlySpan<byte> input)
    {
        CodecReturnCode rc = MsgDecoder.Decode(input, out Msg msg);
        if (rc != CodecReturnCode.Success)
        {
            Assert.True(rc < CodecReturnCode.Success, $"decode returned {rc}");
            return false;
        }
        Assert.True(msg.EncodedDataBody.Length < input.Length);
        Assert.True(msg.Key.Name.Length <= byte.MaxValue);
        PayloadWalk.Walk(DataTypes.Msg, input);
        return true;
    }

    internal static byte[] Mutate(byte[] seed, Random random)
    {
        byte[] input = (byte[])seed.Clone();
        switch (random.Next(6))
        {
            case 0:
                return input[..random.Next(input.Length + 1)];
            case 1:
                for (int flips = random.Next(1, 5); flips > 0 && input.Length > 0; flips--)
                    input[random.Next(input.Length)] ^= (byte)(1 << random.Next(8));
                return input;
            case 2:
                if (input.Length > 0)
                    input[random.Next(input.Length)] = Boundary[random.Next(Boundary.Length)];
                return input;
            case 3:
                if (input.Length > 2)
                {
                    input[0] = (byte)random.Next(2);
                    input[1] = (byte)random.Next(256);
                }
                return input;
            case 4:
                byte[] noise = new byte[random.Next(300)];
                random.NextBytes(noise);
                return noise;
            default:
                if (input.Length > 8)
                    input[8] = (byte)random.Next(256); // flags: members appear and vanish
                return input;
        }
    }

    private static readonly byte[] Boundary = [0x00, 0x01, 0x7F, 0x80, 0x81, 0xFE, 0xFF];

    private static List<byte[]> Seeds()
    {
        var seeds = new List<byte[]>();
        foreach (string file in new[] { "001_requestMsg.txt", "001_requestMsgWithIdAndEncAttrib.txt", "002_refreashMsg.txt",
                     "003_closeMsg.txt", "004_updateMsg.txt", "005_statusMsg.txt", "018_genericMsg.txt", "022_ackMsg.txt", "023_postMsg.txt" })
            seeds.Add(VectorFiles.Single("vectors", "RsslEncodersJunit", file));
        // The captured session's messages (login and directory refreshes, item refreshes) after their 3-byte
        // RIPC data header.
        foreach (byte[] frame in VectorFiles.Records("vectors", "NetworkReplay", "sample_capture.txt"))
            seeds.Add(frame[3..]);
        return seeds;
    }
}
