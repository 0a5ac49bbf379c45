using System.Globalization;
using Eta.Codec;
using Eta.Codec.Rdm;
using PerfTools.PerfHub.Network;
using PerfTools.PerfHub.Options;
using PerfTools.PerfHub.Routing;
using PerfTools.PerfHub.Run;

// HubCacheBench [items] [updates per round] [rounds] [small|msgdata]: one NI provider publishing `items` items, one
// consumer stream on each, then updates to random items, handled (a) one at a time as read and (b) through
// SourceBatch, alternating, each round timed. Prints ns per update of each and their ratio. The shape "small" is a
// 20-field image with 5-field updates; "msgdata" (the default) has the field counts of the tools' default MsgData.xml
// (43-field image, 23-field updates), what NIProvPerf sends in hub-vs-direct.sh.
int items = args.Length > 0 ? int.Parse(args[0], CultureInfo.InvariantCulture) : 100_000;
int perRound = args.Length > 1 ? int.Parse(args[1], CultureInfo.InvariantCulture) : 2_000_000;
int rounds = args.Length > 2 ? int.Parse(args[2], CultureInfo.InvariantCulture) : 5;
Messages.UseShape(args.Length > 3 ? args[3] : "msgdata");

var router = new HubRouter(new HubState(new PerfHubOptions(), _ => { }));
var provider = new Peer(new Sink(), ChannelRole.NiProvider, "provider");
var consumerOutput = new Sink();
var consumer = new Peer(consumerOutput, ChannelRole.Consumer, "consumer");
router.OnActive(provider);
router.OnActive(consumer);
router.OnMessage(provider, Messages.Login(LoginRoles.Provider));
router.OnMessage(provider, Messages.Directory());
router.OnMessage(consumer, Messages.Login(LoginRoles.Consumer));
for (int i = 0; i < items; i++)
{
    router.OnMessage(provider, Messages.Refresh(-(i + 1), $"RIC{i}"));
    router.OnMessage(consumer, Messages.Request(i + 10, $"RIC{i}"));
}
if ((provider.CloseRequest ?? consumer.CloseRequest) is { } problem)
    throw new InvalidOperationException(problem);

// A ring of pre-encoded updates to random items, as large as the read path's working set would be.
var random = new Random(7);
byte[][] ring = new byte[8192][];
for (int i = 0; i < ring.Length; i++)
    ring[i] = Messages.Update(-(random.Next(items) + 1), random.Next(1, 1_000_000));

var batch = new SourceBatch(router);
Console.WriteLine($"HubCacheBench: {items:N0} items, {perRound:N0} updates per round, {rounds} rounds, {Messages.Shape}; load average {LoadAverage()}");
double sumDirect = 0, sumBatched = 0;
for (int round = 0; round <= rounds; round++)
{
    double direct = Time(() => { for (int i = 0; i < perRound; i++) router.OnMessage(provider, ring[i & (ring.Length - 1)]); });
    double batched = Time(() =>
    {
        for (int i = 0; i < perRound; i++)
            batch.Add(provider, ring[i & (ring.Length - 1)]);
        batch.Handle();
    });
    if (round == 0)
        continue; // warm-up: tiering, first touches
    sumDirect += direct;
    sumBatched += batched;
    Console.WriteLine($"round {round}: one at a time {direct:F1} ns/update, batched {batched:F1} ns/update, ratio {batched / direct:F2}");
}
Console.WriteLine($"mean: one at a time {sumDirect / rounds:F1} ns/update, batched {sumBatched / rounds:F1} ns/update, ratio batched/one at a time {sumBatched / sumDirect:F2}; load average {LoadAverage()}");
Console.WriteLine($"updates fanned out: {consumerOutput.Sent:N0}");
return 0;

double Time(Action run)
{
    TimeSpan cpu = Environment.CpuUsage.UserTime + Environment.CpuUsage.PrivilegedTime;
    run();
    // Process CPU time (one busy thread), so other processes' load changes it less than wall time would.
    TimeSpan used = Environment.CpuUsage.UserTime + Environment.CpuUsage.PrivilegedTime - cpu;
    return used.TotalNanoseconds / perRound;
}

static string LoadAverage() => File.Exists("/proc/loadavg") ? string.Join(' ', File.ReadAllText("/proc/loadavg").Split(' ')[..3]) : "n/a";

/// <summary>An output that takes every message into one reused buffer.</summary>
internal sealed class Sink : IMessageOutput
{
    private readonly byte[] _space = new byte[64 * 1024];

    public long Sent { get; private set; }

    public Span<byte> Reserve(int maxLength) => _space.AsSpan(0, Math.Min(maxLength, _space.Length));

    public bool Send(int length)
    {
        Sent++;
        return true;
    }

    public void Cancel()
    {
    }

    public bool HasBacklogUnder(int bytes) => true;

    public void Dropped()
    {
    }
}

/// <summary>The messages of the run, encoded with the codec as NIProvPerf and ConsPerf send them.</summary>
internal static class Messages
{
    private const int ServiceId = 1;
    private static int[] RefreshFields = [];
    private static int[] UpdateFields = [];

    public static string Shape { get; private set; } = "";

    public static void UseShape(string shape)
    {
        (RefreshFields, UpdateFields) = shape switch
        {
            "small" => ((int[])[22, 25, 30, 31, 3, 4, 6, 11, 12, 13, 19, 21, 32, 38, 39, 118, 119, 141, 1025, 3404], (int[])[22, 25, 30, 31, 6]),
            "msgdata" => ([1, 2, 3, 4, 6, 11, 12, 13, 15, 16, 18, 19, 21, 22, 25, 30, 31, 32, 79, 100, 114, 118, 178, 203, 211, 259,
                1000, 1025, 1041, 1080, 1501, 3264, 3422, 3855, 3887, 5, 6579, 6580, 8406, 8935, 8937, 12783, 14238],
                [22, 25, 30, 31, 6579, 6580, 114, 1000, 8937, 211, 118, 3264, 3887, 8935, 1501, 12783, 3855, 1025, 5, 8406, 1041, 203, 14238]),
            _ => throw new ArgumentException($"unknown shape {shape}: small or msgdata"),
        };
        Shape = $"{shape} ({RefreshFields.Length}-field images, {UpdateFields.Length}-field updates)";
    }

    private delegate CodecReturnCode Encoding(ref RwfEncoder encoder);

    public static byte[] Login(ulong role) => Encode((ref RwfEncoder e) =>
    {
        var login = new LoginRequest { StreamId = 1, UserName = "bench" };
        login.Attributes.Role = role;
        return login.Encode(ref e);
    });

    public static byte[] Directory() => Encode((ref RwfEncoder e) =>
    {
        var refresh = new DirectoryRefresh { StreamId = -1 };
        refresh.Services.Add(new Service
        {
            ServiceId = ServiceId, Info = new ServiceInfo { ServiceName = "NI_PUB" },
            State = new ServiceState { Value = ServiceStates.Up, AcceptingRequests = 1 },
        });
        return refresh.Encode(ref e);
    });

    public static byte[] Request(int streamId, string name) => Encode((ref RwfEncoder e) =>
    {
        var msg = Msg.Create(MsgClass.Request, DomainTypes.MarketPrice, streamId);
        msg.RequestFlags = RequestMsgFlags.Streaming;
        msg.Key.Flags = MsgKeyFlags.HasServiceId | MsgKeyFlags.HasName;
        msg.Key.ServiceId = ServiceId;
        msg.Key.Name = System.Text.Encoding.ASCII.GetBytes(name);
        return MsgEncoder.Encode(ref e, msg);
    });

    public static byte[] Refresh(int streamId, string name) => Encode((ref RwfEncoder e) =>
    {
        var msg = Msg.Create(MsgClass.Refresh, DomainTypes.MarketPrice, streamId, DataTypes.FieldList);
        msg.RefreshFlags = RefreshMsgFlags.HasMsgKey | RefreshMsgFlags.RefreshComplete | RefreshMsgFlags.ClearCache;
        msg.Key.Flags = MsgKeyFlags.HasServiceId | MsgKeyFlags.HasName;
        msg.Key.ServiceId = ServiceId;
        msg.Key.Name = System.Text.Encoding.ASCII.GetBytes(name);
        msg.State = new State(StreamStates.Open, DataStates.Ok);
        return Fields(ref e, msg, RefreshFields, 1000);
    });

    public static byte[] Update(int streamId, long value) => Encode((ref RwfEncoder e) =>
        Fields(ref e, Msg.Create(MsgClass.Update, DomainTypes.MarketPrice, streamId, DataTypes.FieldList), UpdateFields, value));

    private static CodecReturnCode Fields(ref RwfEncoder e, in Msg msg, int[] fieldIds, long value)
    {
        CodecReturnCode rc = MsgEncoder.EncodeInit(ref e, msg, out MsgEncodeState state);
        rc = rc < CodecReturnCode.Success ? rc : e.FieldListInit();
        foreach (int fid in fieldIds)
            rc = rc < CodecReturnCode.Success ? rc : e.FieldEntry(fid, new Real(value + fid, RealHints.ExponentNeg2));
        rc = rc < CodecReturnCode.Success ? rc : e.FieldListComplete(true);
        return rc < CodecReturnCode.Success ? rc : MsgEncoder.EncodeComplete(ref e, ref state, true);
    }

    private static byte[] Encode(Encoding encoding)
    {
        byte[] buffer = new byte[8192];
        var encoder = new RwfEncoder(buffer);
        CodecReturnCode rc = encoding(ref encoder);
        if (rc < CodecReturnCode.Success)
            throw new InvalidOperationException($"encoding failed: {rc}");
        return buffer[..encoder.Position];
    }
}
