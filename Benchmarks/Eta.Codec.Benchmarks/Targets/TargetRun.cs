using Eta.Benchmarks.Shared;

namespace Eta.Codec.Benchmarks.Targets;

/// <summary>
/// Issue 14's codec targets in one command: the guide's §9.1.2 update encoded and decoded, each case the median
/// of 8 timed runs (as LSEG's Java codec was timed for the comparison), beside a memcpy of the same message
/// bytes in the same run, with the machine's load before and after.
/// Exit codes: 0 every target met and nothing allocated; 1 a target missed; 2 the codec allocated; 3 an
/// encode or decode failed.
/// </summary>
internal static class TargetRun
{
    private const int Runs = 8;

    // Issue 14: half of LSEG's Java codec figures on this machine class (775 and 372 ns).
    private const double MessageEncodeDecodeTargetNs = 380;
    private const double PayloadEncodeTargetNs = 185;

    public static int Run(long operationsPerRun)
    {
        byte[] message = new byte[1024], payload = new byte[1024], target = new byte[1024], copy = new byte[1024];
        var messageEncoder = new RwfEncoder(message);
        var payloadEncoder = new RwfEncoder(payload);
        if (SampleUpdate.EncodeMessage(ref messageEncoder, 1) != CodecReturnCode.Success
            || SampleUpdate.EncodePayload(ref payloadEncoder, 1) != CodecReturnCode.Success)
        {
            Console.Error.WriteLine("error: the sample update did not encode");
            return 3;
        }
        int messageLength = messageEncoder.Position, payloadLength = payloadEncoder.Position;
        string loadBefore = MachineLoad.Describe();
        TimeSpan warmUp = CaseResult.WarmUp;

        CaseResult memcpy = CaseResult.Measure("memcpy of the message (baseline)", new MemcpyMessage(message, messageLength, copy), Runs, operationsPerRun, warmUp);
        (CaseResult Result, double Target)[] cases =
        [
            (CaseResult.Measure("payload encode", new Encode(target, wholeMessage: false), Runs, operationsPerRun, warmUp), PayloadEncodeTargetNs),
            (CaseResult.Measure("payload decode", new Decode(payload, payloadLength, wholeMessage: false), Runs, operationsPerRun, warmUp), 0),
            (CaseResult.Measure("update msg encode", new Encode(target, wholeMessage: true), Runs, operationsPerRun, warmUp), 0),
            (CaseResult.Measure("update msg decode", new Decode(message, messageLength, wholeMessage: true), Runs, operationsPerRun, warmUp), 0),
            (CaseResult.Measure("update msg encode+decode", new EncodeDecodeMessage(target), Runs, operationsPerRun, warmUp), MessageEncodeDecodeTargetNs),
        ];

        Console.WriteLine($"guide 9.1.2 update, {SampleUpdate.FieldCount} fields incl. TIM_TRK_1: payload {payloadLength} B, message {messageLength} B; "
            + $"median of {Runs} runs x {operationsPerRun:N0} operations; .NET {Environment.Version}");
        Console.WriteLine($"before: {loadBefore}");
        Console.WriteLine($"after:  {MachineLoad.Describe()}");
        Console.WriteLine($"{"case",-34} {"ns/op",8} {"cpu ns/op",10} {"best ns/op",11} {"x memcpy",9} {"alloc B/op",11}  target");
        Print(memcpy, memcpy, 0);
        bool missed = false, allocated = memcpy.AllocatedBytes != 0, failed = memcpy.Failed;
        foreach ((CaseResult result, double targetNs) in cases)
        {
            Print(result, memcpy, targetNs);
            missed |= targetNs > 0 && result.Nanoseconds > targetNs;
            allocated |= result.AllocatedBytes != 0;
            failed |= result.Failed;
        }
        if (failed)
        {
            Console.Error.WriteLine("error: an encode or decode failed during the run");
            return 3;
        }
        if (allocated)
        {
            Console.Error.WriteLine("error: the codec allocated during a timed run");
            return 2;
        }
        Console.WriteLine(missed ? "result: a target was missed (ns/op above its target)" : "result: every target met");
        return missed ? 1 : 0;
    }

    private static void Print(CaseResult result, CaseResult baseline, double targetNs)
    {
        string target = targetNs <= 0 ? "" : $"<= {targetNs:F0} ns: {(result.Nanoseconds <= targetNs ? "met" : "MISSED")}";
        double perOperation = (double)result.AllocatedBytes / (Runs * result.OperationsPerRun);
        Console.WriteLine($"{result.Name,-34} {result.Nanoseconds,8:F1} {result.CpuNanoseconds,10:F1} {result.BestNanoseconds,11:F1} {result.Nanoseconds / baseline.Nanoseconds,9:F2} {perOperation,11:F3}  {target}");
    }
}
