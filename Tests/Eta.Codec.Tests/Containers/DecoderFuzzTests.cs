using Xunit;

namespace Eta.Codec.Tests.Containers;

/// <summary>
/// Random, truncated and mutated inputs fed to every decoder, walking every entry and primitive: each must end in
/// a return code (never an exception or hang) and decoding must not allocate at all, so no length field can make
/// it allocate. A bounded slice; the million-input run is in Eta.Codec.Benchmarks (fuzz).
/// </summary>
public class DecoderFuzzTests
{
    private const int Inputs = 50_000;

    [Fact]
    public void MalformedInputs_EndInACode_WithoutAllocating()
    {
        List<(int Type, byte[] Bytes)> seeds = SampleContainers.All();
        var walker = new ContainerWalker();
        var random = new Random(20261121);
        byte[] input = new byte[4096];
        int[] containerTypes = [DataTypes.FieldList, DataTypes.ElementList, DataTypes.Map, DataTypes.Vector, DataTypes.Series, DataTypes.FilterList];

        // Valid seeds decode fully.
        foreach ((int type, byte[] bytes) in seeds)
            Assert.Equal(CodecReturnCode.Success, walker.Walk(type, bytes));

        long allocated = 0;
        int errors = 0;
        for (int i = 0; i < Inputs; i++)
        {
            (int type, byte[] seed) = seeds[i % seeds.Count];
            int length = Mutator.Mutate(seed, input, random);
            int walkType = i % 3 == 0 ? containerTypes[random.Next(containerTypes.Length)] : type;

            CodecReturnCode rc = WalkCountingAllocations(walker, walkType, input.AsSpan(0, length), out long bytes);
            if (bytes > 0)
            {
                // A decoder allocation repeats on the same input; a one-off runtime event (tiering) does not.
                WalkCountingAllocations(walker, walkType, input.AsSpan(0, length), out bytes);
                Assert.True(bytes == 0, $"decoding {Convert.ToHexString(input, 0, length)} as {walkType} allocated {bytes} bytes");
            }
            allocated += bytes;
            if (rc < CodecReturnCode.Success)
                errors++;
        }

        Assert.Equal(0, allocated);
        Assert.InRange(errors, 1, Inputs - 1);
        Assert.True(walker.Entries > Inputs);
    }

    private static CodecReturnCode WalkCountingAllocations(ContainerWalker walker, int type, ReadOnlySpan<byte> data, out long bytes)
    {
        long before = GC.GetAllocatedBytesForCurrentThread();
        CodecReturnCode rc = walker.Walk(type, data);
        walker.WalkValue(DataTypes.Array, data, 0);
        bytes = GC.GetAllocatedBytesForCurrentThread() - before;
        return rc;
    }

    [Fact]
    public void EveryTruncation_OfEverySeed_IsAnErrorOrAValidPrefix()
    {
        var walker = new ContainerWalker();
        foreach ((int type, byte[] bytes) in SampleContainers.All())
        {
            for (int length = 0; length < bytes.Length; length++)
            {
                CodecReturnCode rc = walker.Walk(type, bytes.AsSpan(0, length));
                Assert.True(rc is < 0 or CodecReturnCode.Success or CodecReturnCode.NoData or CodecReturnCode.SetSkipped, $"{rc} at {length}");
            }
        }
    }
}
