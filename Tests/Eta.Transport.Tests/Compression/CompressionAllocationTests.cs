using Eta.TestSupport;
using Xunit;

namespace Eta.Transport.Tests.Compression;

/// <summary>Compressing and inflating a message allocates nothing once a channel's compressors are warm.</summary>
[Collection(AllocationCollection.Name)]
public sealed class CompressionAllocationTests
{
    [Theory]
    [InlineData(CompressionType.Zlib, 0)]
    [InlineData(CompressionType.Zlib, 6)]
    [InlineData(CompressionType.Zlib, 9)]
    [InlineData(CompressionType.Lz4, 0)]
    public void SteadyStateAllocatesNothingPerMessage(CompressionType type, int level)
    {
        using var pair = new CompressorPair(type, level, 6144);
        byte[][] messages = Enumerable.Range(0, 16).Select(i => TestMessages.Mixed(300 + i * 350, i)).ToArray();
        AllocationAssert.None(() =>
        {
            for (int round = 0; round < 50; round++)
                SendAll(pair, messages);
        });
    }

    private static void SendAll(CompressorPair pair, byte[][] messages)
    {
        foreach (byte[] message in messages)
        {
            if (!pair.RoundTrip(message, out ReadOnlySpan<byte> restored) || restored.Length != message.Length)
                Assert.Fail("round trip failed");
        }
    }
}
