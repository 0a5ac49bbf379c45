using Eta.Benchmarks.Shared;
using Eta.Codec;
using PerfTools.Common.Items;
using PerfTools.Common.Omm;
using PerfTools.Common.Xml;
using PerfTools.ConsPerf.Run;
using PerfTools.ConsPerf.Session;
using PerfTools.ConsPerf.Statistics;

namespace ConsPerf.Benchmarks;

/// <summary>
/// ConsPerf's user-space work per update, in-process: LSEG's update templates (MsgData.xml, encoded by ProvPerf's
/// encoder, one update in 1,000 carrying TIM_TRK_1 as at -latencyUpdateRate 1000 of 1,000,000/s) handed to the
/// consumer's <see cref="MessageReceiver"/> round robin over the item streams, as the provider sends them. Cases:
/// memcpy of each message (the baseline; the ratio column is to the first case run), the message header decode alone, the payload decode alone, and the
/// receiver's whole work (header, item lookup, every field looked up and decoded, update count, latency).
/// Exit codes: 0; 2 something allocated during a timed run; 3 a decode failed.
/// </summary>
internal static class ReceiveRun
{
    private const int Runs = 8;
    private const int Ring = 1000;
    private const int LatencyEvery = 1000;

    public static int Run(long operationsPerRun, int itemCount)
    {
        string msgFile = Environment.GetEnvironmentVariable("MSG_FILE") ?? FindLsegMsgData();
        var dictionary = new DataDictionary();
        if (dictionary.LoadFieldDictionary(Path.Combine(AppContext.BaseDirectory, "RDMFieldDictionary"), out DictionaryError? error) != CodecReturnCode.Success
            || dictionary.LoadEnumTypeDictionary(Path.Combine(AppContext.BaseDirectory, "enumtype.def"), out error) != CodecReturnCode.Success)
        {
            Console.Error.WriteLine($"error: dictionary: {error}");
            return 3;
        }
        var encoder = new MarketPriceEncoder(MsgDataLoader.Load(msgFile, dictionary));
        var messages = new byte[Ring][];
        int cursor = 0;
        var buffer = new byte[4096];
        for (int i = 0; i < Ring; i++)
        {
            ulong stamp = i % LatencyEvery == 0 ? 1_000_000UL : 0;
            if (encoder.EncodeUpdate(buffer, ItemStreamTable.FirstStreamId, ref cursor, stamp, out int length) != CodecReturnCode.Success)
            {
                Console.Error.WriteLine("error: an update did not encode");
                return 3;
            }
            messages[i] = buffer[..length];
        }
        var specs = new ItemSpec[itemCount];
        for (int i = 0; i < itemCount; i++)
            specs[i] = new ItemSpec("RDT" + i, ItemDomain.MarketPrice, false, false, false, i + 1);
        var stats = new ConsumerThreadStats(1, itemCount);
        var events = new NoEvents();
        var receiver = new MessageReceiver(events, new ItemStreamTable(specs, false), stats, dictionary, new PostUserInfo(0x7F000001, 1));
        var state = new RingState(messages, itemCount);

        string loadBefore = MachineLoad.Describe();
        TimeSpan warmUp = CaseResult.WarmUp;
        // CASES (a comma-separated list of name prefixes, e.g. "memcpy,receive") runs only some cases, so a process can
        // be counted under `perf stat` with one case in it.
        string[] only = (Environment.GetEnvironmentVariable("CASES") ?? "").Split(',', StringSplitOptions.RemoveEmptyEntries);
        (string Name, Func<CaseResult> Measure)[] cases =
        [
            ("memcpy of the update (baseline)", () => CaseResult.Measure("memcpy of the update (baseline)", new Memcpy(state), Runs, operationsPerRun, warmUp)),
            ("header decode (MsgDecoder)", () => CaseResult.Measure("header decode (MsgDecoder)", new HeaderDecode(state), Runs, operationsPerRun, warmUp)),
            ("payload decode (PayloadDecoder)", () => CaseResult.Measure("payload decode (PayloadDecoder)", new PayloadDecode(state, new PayloadDecoder(dictionary)), Runs, operationsPerRun, warmUp)),
            ("receive (MessageReceiver.OnMessage)", () => CaseResult.Measure("receive (MessageReceiver.OnMessage)", new Receive(state, receiver, stats), Runs, operationsPerRun, warmUp)),
        ];
        CaseResult[] results = cases.Where(c => only.Length == 0 || only.Any(o => c.Name.StartsWith(o, StringComparison.Ordinal)))
            .Select(c => c.Measure()).ToArray();
        Console.WriteLine($"{Path.GetFileName(msgFile)} from {Path.GetDirectoryName(msgFile)}: {encoder.Data.Updates.Count} update templates, "
            + $"{messages.Average(m => m.Length):F0} B per update on average, {itemCount:N0} item streams; median of {Runs} runs x {operationsPerRun:N0} updates; .NET {Environment.Version}");
        Console.WriteLine($"before: {loadBefore}");
        Console.WriteLine($"after:  {MachineLoad.Describe()}");
        Console.WriteLine($"{"case",-38} {"ns/upd",8} {"cpu ns/upd",11} {"best ns/upd",12} {"x first",9} {"alloc B/upd",12}");
        foreach (CaseResult result in results)
        {
            double perOperation = (double)result.AllocatedBytes / (Runs * result.OperationsPerRun);
            Console.WriteLine($"{result.Name,-38} {result.Nanoseconds,8:F1} {result.CpuNanoseconds,11:F1} {result.BestNanoseconds,12:F1} {result.CpuNanoseconds / results[0].CpuNanoseconds,9:F2} {perOperation,12:F3}");
        }
        if (results.Any(r => r.Failed) || events.Failures > 0)
        {
            Console.Error.WriteLine($"error: a decode failed during the run ({events.LastFailure})");
            return 3;
        }
        if (results.Any(r => r.AllocatedBytes != 0))
        {
            Console.Error.WriteLine("error: something allocated during a timed run");
            return 2;
        }
        return 0;
    }

    private static string FindLsegMsgData()
    {
        for (var dir = new DirectoryInfo(AppContext.BaseDirectory); dir is not null; dir = dir.Parent)
        {
            string candidate = Path.Combine(dir.FullName, "..", "shared", "reference", "perftools", "MsgData.xml");
            if (File.Exists(Path.Combine(dir.FullName, "ETA.NET.sln")) && File.Exists(candidate))
                return Path.GetFullPath(candidate);
        }
        throw new FileNotFoundException("LSEG's MsgData.xml not found at ../shared/reference/perftools (set MSG_FILE)");
    }

    /// <summary>The next message of the ring, its stream id patched to the next item (round robin), as a received buffer.</summary>
    private sealed class RingState(byte[][] messages, int itemCount)
    {
        private int _message;
        private int _item;
        public readonly byte[] Copy = new byte[4096];

        public byte[] Next()
        {
            byte[] message = messages[_message];
            if (++_message == messages.Length)
                _message = 0;
            MsgPatch.StreamId(message, ItemStreamTable.FirstStreamId + _item);
            if (++_item == itemCount)
                _item = 0;
            return message;
        }
    }

    private sealed class NoEvents : IReceiverEvents
    {
        public int Failures;
        public string? LastFailure;
        public string ServiceName => "DIRECT_FEED";
        public int LoginStream => 1;
        public int DirectoryStream => 2;
        public void OnLoginAccepted() { }
        public void OnServiceReady(int serviceId) { }
        public void Reflect(ReadOnlySpan<byte> message) { }
        public void Fail(RunOutcomeKind kind, string reason) => (Failures, LastFailure) = (Failures + 1, reason);
    }

    private readonly struct Memcpy(RingState state) : IOperation
    {
        public long Run()
        {
            byte[] message = state.Next();
            message.CopyTo(state.Copy, 0);
            return state.Copy[message.Length - 1];
        }
    }

    private readonly struct HeaderDecode(RingState state) : IOperation
    {
        public long Run() => MsgDecoder.Decode(state.Next(), out Msg msg) == CodecReturnCode.Success ? msg.EncodedDataBody.Length : -1;
    }

    private readonly struct PayloadDecode(RingState state, PayloadDecoder decoder) : IOperation
    {
        public long Run()
        {
            byte[] message = state.Next();
            MsgDecoder.Decode(message, out Msg msg);
            return decoder.Decode(msg.ContainerType, msg.EncodedDataBody, out _) ? 1 : -1;
        }
    }

    private readonly struct Receive(RingState state, MessageReceiver receiver, ConsumerThreadStats stats) : IOperation
    {
        public long Run()
        {
            receiver.OnMessage(state.Next());
            while (stats.TryTakeLatency(LatencyKind.Update, out _))
            {
            }
            return 1;
        }
    }
}
