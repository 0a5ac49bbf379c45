namespace Eta.Codec.Benchmarks;

/// <summary>
/// Encodes and fully decodes the guide's sample update (§9.1.2), payload alone and as a whole update message,
/// beside a memcpy of the same message bytes measured in the same run.
/// </summary>
internal static class UpdateBenchmark
{
    private delegate long Step(byte[] buffer, int iteration);

    public static int Run(int iterations)
    {
        byte[] source = new byte[1024];
        byte[] target = new byte[1024];
        var sizing = new RwfEncoder(source);
        if (SampleUpdate.EncodeMessage(ref sizing, 1) != CodecReturnCode.Success)
        {
            Console.Error.WriteLine("error: the sample update message did not encode");
            return 1;
        }
        int messageLength = sizing.Position;
        byte[] payload = new byte[1024];
        var payloadEncoder = new RwfEncoder(payload);
        SampleUpdate.EncodePayload(ref payloadEncoder, 1);
        int payloadLength = payloadEncoder.Position;

        Measurement memcpy = Measurement.Best("memcpy of the message bytes", iterations, n =>
        {
            long sum = 0;
            for (int i = 0; i < n; i++)
            {
                source.AsSpan(0, messageLength).CopyTo(target);
                sum += target[i % messageLength];
            }
            return sum;
        });
        Measurement[] cases =
        [
            memcpy,
            Time("payload encode", iterations, target, static (b, i) => EncodePayload(b, i)),
            Time("payload decode", iterations, payload, (b, _) => SampleUpdate.DecodePayload(b.AsSpan(0, payloadLength))),
            Time("payload encode+decode", iterations, target, static (b, i) => SampleUpdate.DecodePayload(b.AsSpan(0, EncodePayload(b, i)))),
            Time("update msg encode+decode", iterations, target, static (b, i) => SampleUpdate.DecodeMessage(b.AsSpan(0, EncodeMessage(b, i)))),
        ];

        Console.WriteLine($"Sample update (guide 9.1.2, {SampleUpdate.FieldCount} fields incl. TIM_TRK_1): {messageLength} bytes per message, "
            + $"{iterations:N0} iterations, best of 3");
        Console.WriteLine($"{"case",-30} {"ns/msg",10} {"cpu ns/msg",11} {"alloc B/msg",12} {"x memcpy",9} {"x memcpy cpu",13}");
        foreach (Measurement m in cases)
        {
            Console.WriteLine($"{m.Name,-30} {m.NanosecondsPerOp,10:F1} {m.CpuNanosecondsPerOp,11:F1} {m.AllocatedPerOp,12:F3} "
                + $"{m.NanosecondsPerOp / memcpy.NanosecondsPerOp,9:F1} {m.CpuNanosecondsPerOp / memcpy.CpuNanosecondsPerOp,13:F1}");
        }
        if (cases.Any(m => m.Checksum < 0))
        {
            Console.Error.WriteLine("error: an encode or decode failed during the run");
            return 1;
        }
        return cases.All(m => m.AllocatedBytes == 0) ? 0 : 2;
    }

    private static Measurement Time(string name, int iterations, byte[] buffer, Step step) =>
        Measurement.Best(name, iterations, n =>
        {
            long sum = 0;
            for (int i = 0; i < n; i++)
            {
                long result = step(buffer, i);
                sum = result < 0 || sum < 0 ? -1 : sum + result;
            }
            return sum;
        });

    private static int EncodePayload(byte[] buffer, int iteration)
    {
        var encoder = new RwfEncoder(buffer);
        return SampleUpdate.EncodePayload(ref encoder, (ulong)iteration) == CodecReturnCode.Success ? encoder.Position : -1;
    }

    private static int EncodeMessage(byte[] buffer, int iteration)
    {
        var encoder = new RwfEncoder(buffer);
        return SampleUpdate.EncodeMessage(ref encoder, (ulong)iteration) == CodecReturnCode.Success ? encoder.Position : -1;
    }
}
