using Eta.Transport.Benchmarks;

// Loopback throughput of one connection: our Channel against a raw socket sending the same bytes,
// measured in the same run. Each case runs transport and raw alternately, --rounds times, and keeps the
// best of each (a shared machine's noise only ever slows a run down).
// Usage: Eta.Transport.Benchmarks [--seconds N] [--rounds R] [--sizes 76,150]
int seconds = 2;
int rounds = 4;
int[] sizes = [76, 150];
for (int i = 0; i + 1 < args.Length; i += 2)
{
    switch (args[i])
    {
        case "--seconds" when int.TryParse(args[i + 1], out int s) && s > 0:
            seconds = s;
            break;
        case "--rounds" when int.TryParse(args[i + 1], out int r) && r > 0:
            rounds = r;
            break;
        case "--sizes":
            sizes = args[i + 1].Split(',').Select(int.Parse).ToArray();
            break;
        default:
            Console.Error.WriteLine($"unknown or invalid option {args[i]} {args[i + 1]}; usage: [--seconds N] [--rounds R] [--sizes 76,150]");
            return 2;
    }
}

Console.WriteLine($"loopback, one connection, best of {rounds} x {seconds} s per case, {Environment.ProcessorCount} cores, .NET {Environment.Version}");
Console.WriteLine($"{"size",5} {"mode",-9} {"transport msg/s",16} {"raw socket msg/s",17} {"ratio",6} {"alloc B/msg",12}");
foreach (int size in sizes)
{
    foreach (bool packed in new[] { false, true })
    {
        var workload = new Workload(size, packed);
        TransportRun.Measure(workload, 1); // warm-up: JIT, pools, socket buffers
        RawSocketRun.Measure(workload, 1);
        RunResult transport = default, raw = default;
        for (int round = 0; round < rounds; round++)
        {
            transport = RunResult.Best(transport, TransportRun.Measure(workload, seconds));
            raw = RunResult.Best(raw, RawSocketRun.Measure(workload, seconds));
        }
        Console.WriteLine($"{size,5} {(packed ? "packed" : "unpacked"),-9} {transport.MessagesPerSecond,16:N0} {raw.MessagesPerSecond,17:N0} " +
                          $"{transport.MessagesPerSecond / raw.MessagesPerSecond,6:F2} {transport.AllocatedBytesPerMessage,12:F3}");
    }
}
Console.WriteLine();
Console.WriteLine("in memory, one thread, no socket: CPU time per message (write + read), 2,000,000 messages");
Console.WriteLine($"{"size",5} {"mode",-9} {"transport ns/msg",17} {"raw ns/msg",11} {"ratio",6} {"alloc B/msg",12}");
foreach (int size in sizes)
{
    foreach (bool packed in new[] { false, true })
    {
        var workload = new Workload(size, packed);
        InMemoryRun.Measure(workload); // warm-up
        (double transportNs, double rawNs, long allocated) = InMemoryRun.Measure(workload);
        Console.WriteLine($"{size,5} {(packed ? "packed" : "unpacked"),-9} {transportNs,17:F1} {rawNs,11:F1} {rawNs / transportNs,6:F2} {(double)allocated / 2_000_000,12:F3}");
    }
}
return 0;
