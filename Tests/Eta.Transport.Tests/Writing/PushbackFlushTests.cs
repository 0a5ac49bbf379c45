using Eta.Transport.Tests.Support;
using Xunit;
using static Eta.Transport.Tests.Writing.WriteTestChannel;

namespace Eta.Transport.Tests.Writing;

/// <summary>
/// Writes to a socket that takes nothing: past the high-water mark the writer tries the socket once per
/// high-water mark of new data, not on every write, and nothing is lost or reordered when the socket drains.
/// </summary>
public sealed class PushbackFlushTests
{
    private const int Messages = 3000;
    private const int MessageLength = 100; // 103-byte frames: about 300 KB, well past the 128 KB staging area

    [Fact]
    public void A_full_socket_is_tried_once_per_high_water_mark_of_new_data_and_gets_every_frame_in_order()
    {
        (Channel channel, ReplayStream stream) = Open(new ConnectOptions { GuaranteedOutputBuffers = Messages + 10 });
        stream.WriteBudget = 0;
        var expected = new List<byte>(Messages * (MessageLength + 3));

        for (int i = 0; i < Messages; i++)
        {
            Assert.True(channel.Write(Fill(channel, MessageLength, (byte)i)) > TransportReturnCode.Success);
            expected.AddRange(Frame(MessageLength, (byte)i));
        }

        int highWaterMarks = expected.Count / 6144; // the default high-water mark
        Assert.InRange(stream.WriteCalls, 1, highWaterMarks + 2);

        stream.WriteBudget = long.MaxValue;
        while (channel.Flush() > TransportReturnCode.Success) { }
        Assert.Equal(expected.ToArray(), stream.Written);
    }

    [Fact]
    public void Once_the_socket_drains_the_next_high_water_mark_flushes_again()
    {
        (Channel channel, ReplayStream stream) = Open(new ConnectOptions { GuaranteedOutputBuffers = Messages + 10 });
        stream.WriteBudget = 0;
        for (int i = 0; i < Messages; i++)
            channel.Write(Fill(channel, MessageLength, 1));
        stream.WriteBudget = long.MaxValue;
        while (channel.Flush() > TransportReturnCode.Success) { }
        int drained = stream.Written.Length;

        // About one high-water mark of new frames: the write that crosses it must reach the socket by itself.
        for (int i = 0; i < 6144 / (MessageLength + 3) + 1; i++)
            channel.Write(Fill(channel, MessageLength, 2));

        Assert.True(stream.Written.Length > drained, "the write that crossed the high-water mark did not flush");
    }
}
