using Eta.Benchmarks.Shared;

namespace Eta.Transport.Benchmarks.WritePath;

/// <summary>
/// CPU cost per message of the transport's write path (GetBuffer to the stream, no socket) beside the same frames
/// built by hand, each the median of 8 runs, with the machine's load: where the loopback harness's ratio goes when
/// the socket is taken away. Exit 0, or 2 when the transport allocated, 3 when a write failed.
/// </summary>
internal static class WritePathRun
{
    private const int Runs = 8;

    public static int Run(int[] sizes, bool[] packedModes, long messagesPerRun)
    {
        Console.WriteLine($"write path per message, no socket: median of {Runs} runs x {messagesPerRun:N0} messages; .NET {Environment.Version}");
        Console.WriteLine($"before: {MachineLoad.Describe()}");
        Console.WriteLine($"{"size",5} {"mode",-9} {"hand-built ns",14} {"cpu ns",7} {"best",6} {"transport ns",13} {"cpu ns",7} {"best",6} {"ratio",6} {"cpu",5} {"best",5} {"alloc B/msg",12}");
        TimeSpan warmUp = CaseResult.WarmUp;
        bool allocated = false, failed = false;
        foreach (int size in sizes)
        {
            foreach (bool packed in packedModes)
            {
                var workload = new Workload(size, packed);
                var stream = new MemoryStreamPair(0);
                Channel channel = InMemoryPaths.Open(stream);
                stream.Recording = false;
                CaseResult raw = CaseResult.Measure("hand-built", new HandBuiltFrames(workload), Runs, messagesPerRun, warmUp);
                CaseResult transport = CaseResult.Measure("transport", new TransportWrites(channel, workload), Runs, messagesPerRun, warmUp);
                channel.Close();
                double allocatedPerMessage = (double)transport.AllocatedBytes / (Runs * messagesPerRun);
                Console.WriteLine($"{size,5} {(packed ? "packed" : "unpacked"),-9} {raw.Nanoseconds,14:F1} {raw.CpuNanoseconds,7:F1} {raw.BestNanoseconds,6:F1} {transport.Nanoseconds,13:F1} "
                    + $"{transport.CpuNanoseconds,7:F1} {transport.BestNanoseconds,6:F1} {raw.Nanoseconds / transport.Nanoseconds,6:F2} "
                    + $"{raw.CpuNanoseconds / transport.CpuNanoseconds,5:F2} {raw.BestNanoseconds / transport.BestNanoseconds,5:F2} {allocatedPerMessage,12:F3}");
                allocated |= transport.AllocatedBytes != 0;
                failed |= transport.Failed || raw.Failed;
            }
        }
        Console.WriteLine($"after:  {MachineLoad.Describe()}");
        Console.WriteLine("ratio = hand-built ns / transport ns, of the medians, of their thread CPU times (steadier under load) and of the best runs (1.00: the transport adds nothing to building the frames)");
        return failed ? 3 : allocated ? 2 : 0;
    }
}
