namespace Eta.Codec.Benchmarks;

/// <summary>
/// Encodes and fully decodes the guide's sample update (§9.1.2), payload alone and as a whole update message,
/// beside a memcpy of the same message bytes measured in the same run.
/// </summary>
internal static class UpdateBenchmark
{
    public static int Run(int iterations)
    {
        byte[] source = new byte[1024];
        byte[] target = new byte[1024];
        var sizing = new RwfEncoder(source);
        if (SampleUpdate.EncodeMessage(ref sizing, 1) != CodecReturnCode.SUCCESS)
        {
            Console.Error.WriteLine("error: the sample update message did not encode");
            return 1;
        }
        int messageLength = sizing.Position;

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
        Measurement payload = Measurement.Best("payload encode+decode", iterations, n =>
        {
            long sum = 0;
            for (int i = 0; i < n; i++)
            {
                var encoder = new RwfEncoder(target);
                SampleUpdate.EncodePayload(ref encoder, (ulong)i);
                sum += SampleUpdate.DecodePayload(encoder.Written);
            }
            return sum;
        });
        Measurement message = Measurement.Best("update msg encode+decode", iterations, n =>
        {
            long sum = 0;
            for (int i = 0; i < n; i++)
            {
                var encoder = new RwfEncoder(target);
                SampleUpdate.EncodeMessage(ref encoder, (ulong)i);
                sum += SampleUpdate.DecodeMessage(encoder.Written);
            }
            return sum;
        });

        Console.WriteLine($"Sample update (guide 9.1.2, {SampleUpdate.FieldCount} fields incl. TIM_TRK_1): {messageLength} bytes per message, {iterations:N0} iterations, best of 3");
        Console.WriteLine($"{"case",-30} {"ns/msg",10} {"cpu ns/msg",11} {"alloc B/msg",12} {"x memcpy",9} {"x memcpy cpu",13}");
        foreach (Measurement m in new[] { memcpy, payload, message })
        {
            Console.WriteLine($"{m.Name,-30} {m.NanosecondsPerOp,10:F1} {m.CpuNanosecondsPerOp,11:F1} {m.AllocatedPerOp,12:F3} "
                + $"{m.NanosecondsPerOp / memcpy.NanosecondsPerOp,9:F1} {m.CpuNanosecondsPerOp / memcpy.CpuNanosecondsPerOp,13:F1}");
        }
        if (payload.Checksum < 0 || message.Checksum < 0)
        {
            Console.Error.WriteLine("error: a decode failed during the run");
            return 1;
        }
        return payload.AllocatedBytes == 0 && message.AllocatedBytes == 0 ? 0 : 2;
    }
}
