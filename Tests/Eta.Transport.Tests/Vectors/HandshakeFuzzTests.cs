using Eta.TestSupport;
using Eta.Transport.Tests.Support;
using Xunit;

namespace Eta.Transport.Tests.Vectors;

/// <summary>
/// LSEG's recorded ConnectAck, ConnectNak and ConnectReq exchanges, mutated and fed in random read sizes to our
/// client and server handshakes. Each Init call either progresses, completes, or refuses with the channel closed
/// and an error saying why: it never throws. Fixed seeds, so a failure names its case.
/// </summary>
public sealed class HandshakeFuzzTests
{
    private const int CasesPerRecording = 300;
    private const int MaxInitCalls = 500;

    public static TheoryData<string> ClientRecordings => new()
    {
        "10_input_connectAck_Ripc14.txt",
        "40_input_connectAck_Ripc12.txt",
        "40_input_connectAck_Ripc11.txt",
        "50_input_connectNak_Ripc13.txt",
        "110_input_connectAck_Ripc14_Zlib_compression.txt",
    };

    public static TheoryData<string> ServerRecordings => new()
    {
        "60_input_connectReq_Ripc14.txt",
        "60_input_connectReq_Ripc13.txt",
        "60_input_connectReq_Ripc11.txt",
        "100_input_connectReq_Ripc13_Zlib_compression.txt",
    };

    [Theory]
    [MemberData(nameof(ClientRecordings))]
    public void Client_handshake_survives_mutated_replies(string recording)
    {
        byte[] reply = HexDump.Records(VectorFiles.Handshake(recording)).SelectMany(record => record).ToArray();
        var outcomes = new Dictionary<string, int>();
        for (int seed = 0; seed < CasesPerRecording; seed++)
        {
            var random = new Random(seed);
            var stream = new ReplayStream(Fuzz.Split(Fuzz.Mutate(reply, random), random)) { EndOfStream = random.Next(2) == 0 };
            Channel channel = Channel.ForClientStream(new ConnectOptions { CompressionType = CompressionType.Zlib }, stream);
            Count(outcomes, Drive(channel, stream, $"{recording} seed {seed}"));
        }
        AssertBothOutcomes(outcomes);
    }

    [Theory]
    [MemberData(nameof(ServerRecordings))]
    public void Server_handshake_survives_mutated_requests(string recording)
    {
        byte[] request = HexDump.Records(VectorFiles.Handshake(recording)).SelectMany(record => record).ToArray();
        var bind = new BindOptions { CompressionType = CompressionType.Zlib };
        Server server = Support.Loopback.Bind(bind);
        var outcomes = new Dictionary<string, int>();
        try
        {
            for (int seed = 0; seed < CasesPerRecording; seed++)
            {
                var random = new Random(seed);
                var stream = new ReplayStream(Fuzz.Split(Fuzz.Mutate(request, random), random)) { EndOfStream = random.Next(2) == 0 };
                Channel channel = Channel.ForServer(server, bind, new AcceptOptions(), locking: false, stream);
                Count(outcomes, Drive(channel, stream, $"{recording} seed {seed}"));
            }
        }
        finally
        {
            server.Close();
            Transport.Uninitialize(); // pairs the Initialize in Bind
        }
        AssertBothOutcomes(outcomes);
    }

    private static string Drive(Channel channel, ReplayStream stream, string name)
    {
        try
        {
            for (int call = 0; call < MaxInitCalls; call++)
            {
                TransportReturnCode result;
                try
                {
                    result = channel.Init();
                }
                catch (Exception e)
                {
                    Assert.Fail($"{name}: Init threw {e.GetType().Name}: {e.Message}\n{e.StackTrace}");
                    throw;
                }
                switch (result)
                {
                    case TransportReturnCode.Success:
                        Assert.True(channel.State == ChannelState.Active, $"{name}: Success but {channel.State}");
                        return "active";
                    case TransportReturnCode.ChanInitInProgress:
                        if (stream.PendingRecords == 0 && !stream.EndOfStream && call > 0)
                            return "waiting";
                        break;
                    default:
                        Assert.True(result is TransportReturnCode.Failure or TransportReturnCode.ChanInitRefused, $"{name}: Init returned {result}");
                        Assert.True(channel.State == ChannelState.Closed, $"{name}: {result} left the channel {channel.State}");
                        Assert.False(string.IsNullOrWhiteSpace(channel.Error.Text), $"{name}: {result} without an error text");
                        return "refused";
                }
            }
            Assert.Fail($"{name}: {MaxInitCalls} Init calls without an outcome");
            return "spun";
        }
        finally
        {
            channel.Close();
        }
    }

    private static void Count(Dictionary<string, int> outcomes, string outcome) =>
        outcomes[outcome] = outcomes.GetValueOrDefault(outcome) + 1;

    /// <summary>Not vacuous: some mutations must be refused, and some must still complete or wait for more.</summary>
    private static void AssertBothOutcomes(Dictionary<string, int> outcomes)
    {
        string seen = string.Join(", ", outcomes.Select(pair => $"{pair.Key}: {pair.Value}"));
        Assert.True(outcomes.GetValueOrDefault("refused") > 0, seen);
        Assert.True(outcomes.GetValueOrDefault("active") + outcomes.GetValueOrDefault("waiting") > 0, seen);
    }
}
