using Eta.TestSupport;
using Eta.Transport.Tests.Support;
using Xunit;

namespace Eta.Transport.Tests.Vectors;

/// <summary>
/// LSEG's recordings, mutated (bits flipped, bytes overwritten, inserted, dropped, slices repeated, the stream cut
/// short) and handed to a channel in random read sizes. Whatever arrives, every Read gives a message,
/// ReadWouldBlock, ReadPing or a failure that closes the channel with an error saying what was wrong: it never
/// throws and never spins. The seeds are fixed, so a failure names the case that reproduces it.
/// </summary>
public sealed class ReadPathFuzzTests
{
    private const int CasesPerRecording = 250;
    private const int MaxReadCalls = 20_000;

    public static TheoryData<string, bool> Recordings => new()
    {
        { "020_single_complete_message.txt", false },
        { "030_input_two_msgs_single_net_read.txt", false },
        { "040_input_two_part_known_incomplete.txt", false },
        { "080_input_single_complete_2part_packed.txt", false },
        { "090_input_3part_packed_last_part_empty.txt", false },
        { "100_input_fragmented.txt", false },
        { "110_input_smaller_frag_follows_larger.txt", false },
        { "120_input_frag_max_int.txt", false },
        { "125_input_dupe_frag_headers.txt", false },
        { "140_input_normal_msg_follow_frag_msg.txt", false },
        { "ping_message.txt", false },
        { "CompressedPacked.txt", true },
        { "CompressedConsumerMessages.txt", true },
        { "CompressedFragmented6145L9.txt", true },
        { "CompressedFragmented6131L0X2.txt", true },
    };

    [Theory]
    [MemberData(nameof(Recordings))]
    public void Mutated_recordings_fail_cleanly_or_read_through(string recording, bool zlib)
    {
        List<byte[]> reads = HexDump.Records(VectorFiles.SocketChannel(recording));
        byte[] ack = reads[0];
        byte[] body = reads.Skip(1).SelectMany(read => read).ToArray();
        var outcomes = new Dictionary<string, int>();
        for (int seed = 0; seed < CasesPerRecording; seed++)
        {
            var random = new Random(seed);
            byte[] input = seed == 0 ? Fuzz.RandomBytes(random, 64 + body.Length) : Fuzz.Mutate(body, random);
            string outcome = Drive(ack, zlib, Fuzz.Split(input, random), endOfStream: random.Next(2) == 0, $"{recording} seed {seed}");
            outcomes[outcome] = outcomes.GetValueOrDefault(outcome) + 1;
        }

        // Not vacuous: the mutations must have been caught as errors in some cases and read through in others.
        Assert.True(outcomes.GetValueOrDefault("failed") > 0, Describe(outcomes));
        Assert.True(outcomes.GetValueOrDefault("read through") + outcomes.GetValueOrDefault("peer closed") > 0, Describe(outcomes));
    }

    /// <summary>Reads until the input is used up or the channel fails; returns which of the two happened.</summary>
    private static string Drive(byte[] ack, bool zlib, List<byte[]> chunks, bool endOfStream, string name)
    {
        var options = new ConnectOptions { CompressionType = zlib ? CompressionType.Zlib : CompressionType.None };
        (Channel channel, ReplayStream stream) = ReplayClient.Open([ack], options);
        try
        {
            foreach (byte[] chunk in chunks)
                stream.Enqueue(chunk);
            stream.EndOfStream = endOfStream;
            for (int call = 0; call < MaxReadCalls; call++)
            {
                TransportReturnCode result;
                TransportBuffer? message;
                try
                {
                    result = channel.Read(out message);
                }
                catch (Exception e)
                {
                    Assert.Fail($"{name}: Read threw {e.GetType().Name}: {e.Message}\n{e.StackTrace}");
                    throw;
                }
                if (result == TransportReturnCode.Failure)
                {
                    Assert.True(message is null, $"{name}: a failed Read returned a message");
                    Assert.True(channel.State == ChannelState.Closed, $"{name}: failed Read left the channel {channel.State}");
                    Assert.False(string.IsNullOrWhiteSpace(channel.Error.Text), $"{name}: failure without an error text");
                    Assert.Equal(TransportReturnCode.Failure, channel.Read(out _)); // and stays failed
                    return endOfStream && stream.PendingRecords == 0 && channel.Error.Text.Contains("closed", StringComparison.Ordinal)
                        ? "peer closed"
                        : "failed";
                }
                Assert.True(result >= TransportReturnCode.Success || result is TransportReturnCode.ReadWouldBlock or TransportReturnCode.ReadPing,
                    $"{name}: unexpected Read result {result} ({channel.Error.Text})");
                if (result == TransportReturnCode.ReadWouldBlock && stream.PendingRecords == 0)
                    return "read through";
            }
            Assert.Fail($"{name}: {MaxReadCalls} Read calls without using up the input or failing");
            return "spun";
        }
        finally
        {
            channel.Close();
        }
    }

    private static string Describe(Dictionary<string, int> outcomes) =>
        string.Join(", ", outcomes.Select(pair => $"{pair.Key}: {pair.Value}"));
}
