namespace Eta.Codec.Benchmarks;

/// <summary>
/// The long fuzz run: mutated update messages and containers through the message decoder and every container
/// decoder (all entries, all primitives). Fails (exit code 2) if any input allocates; an exception would end the
/// run with the input's index.
/// </summary>
internal static class FuzzRun
{
    public static int Run(int inputs, int seed)
    {
        byte[][] seeds = BuildSeeds();
        var walker = new ContainerWalker();
        var random = new Random(seed);
        byte[] input = new byte[4096];
        WarmUp(walker, seeds);
        long allocated = 0, failures = 0;
        int index = 0;
        try
        {
            for (; index < inputs; index++)
            {
                byte[] original = seeds[index % seeds.Length];
                int length = Mutate(original, input, random);
                ReadOnlySpan<byte> data = input.AsSpan(0, length);
                long before = GC.GetAllocatedBytesForCurrentThread();
                CodecReturnCode rc = MsgDecoder.Decode(data, out Msg msg);
                if (rc == CodecReturnCode.Success)
                    rc = walker.Walk(msg.ContainerType, msg.EncodedDataBody);
                CodecReturnCode asList = walker.Walk(ContainerTypes[index % ContainerTypes.Length], data);
                allocated += GC.GetAllocatedBytesForCurrentThread() - before;
                if (rc < 0 && asList < 0)
                    failures++;
            }
        }
        catch (Exception ex) when (ex is IndexOutOfRangeException or ArgumentException or InvalidOperationException or OverflowException)
        {
            Console.Error.WriteLine($"error: input {index} (seed {seed}) threw {ex.GetType().Name}: {ex.Message}");
            return 3;
        }
        Console.WriteLine($"fuzz: {inputs:N0} inputs (seed {seed}), {failures:N0} rejected by both decoders, {walker.Entries:N0} entries and {walker.Primitives:N0} primitives decoded, {allocated} bytes allocated");
        return allocated == 0 ? 0 : 2;
    }

    // First calls run static constructors and JIT work that allocate once; do them before measuring.
    private static void WarmUp(ContainerWalker walker, byte[][] seeds)
    {
        foreach (byte[] seed in seeds)
        {
            MsgDecoder.Decode(seed, out Msg msg);
            walker.Walk(msg.ContainerType, msg.EncodedDataBody);
            foreach (int type in ContainerTypes)
                walker.Walk(type, seed);
        }
        for (int type = DataTypes.Int; type <= DataTypes.RmtesString; type++)
            walker.WalkValue(type, [1, 2, 3, 4], 0);
    }

    private static readonly int[] ContainerTypes =
        [DataTypes.FieldList, DataTypes.ElementList, DataTypes.Map, DataTypes.Vector, DataTypes.Series, DataTypes.FilterList];

    // Update messages and a map of field lists with summary data (both valid before mutation).
    private static byte[][] BuildSeeds()
    {
        byte[] buffer = new byte[2048];
        var update = new RwfEncoder(buffer);
        SampleUpdate.EncodeMessage(ref update, 42);
        byte[] message = update.Written.ToArray();

        var map = new RwfEncoder(buffer);
        map.MapInit(new MapHeader
        {
            Flags = MapFlags.HasSummaryData | MapFlags.HasTotalCountHint | MapFlags.HasPerEntryPermData,
            KeyPrimitiveType = DataTypes.UInt,
            ContainerType = DataTypes.FieldList,
            TotalCountHint = 2,
        });
        SampleUpdate.EncodePayload(ref map, 7);
        map.MapSummaryDataComplete(true);
        map.MapEntryInit(MapEntryActions.Add, new UInt(1), "perm"u8);
        SampleUpdate.EncodePayload(ref map, 8);
        map.MapEntryComplete(true);
        map.MapEntry(MapEntryActions.Delete, new UInt(2), default);
        map.MapComplete(true);
        return [message, map.Written.ToArray()];
    }

    // Truncate, flip bits, overwrite bytes, or plant length markers that announce far more data than exists.
    private static int Mutate(byte[] original, byte[] output, Random random)
    {
        original.CopyTo(output, 0);
        int length = original.Length;
        int operations = random.Next(1, 4);
        for (int i = 0; i < operations; i++)
        {
            int at = random.Next(length);
            switch (random.Next(4))
            {
                case 0: length = random.Next(length + 1); return length;
                case 1: output[at] ^= (byte)(1 << random.Next(8)); break;
                case 2: output[at] = (byte)random.Next(256); break;
                default: output[at] = random.Next(2) == 0 ? (byte)0xFE : (byte)0xFF; break;
            }
        }
        return length;
    }
}
