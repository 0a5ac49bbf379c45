using Eta.TestSupport;
using Eta.Transport.Tests.Support;
using Xunit;

namespace Eta.Transport.Tests.Writing;

/// <summary>A client channel over a replay stream that keeps what is written, and the frames writes must become.</summary>
internal static class WriteTestChannel
{
    public static (Channel Channel, ReplayStream Stream) Open(ConnectOptions? options = null)
    {
        byte[] ack = HexDump.Records(VectorFiles.SocketChannel("020_single_complete_message.txt"))[0];
        (Channel channel, ReplayStream stream) = ReplayClient.Open([ack], options);
        stream.ClearWritten();
        return (channel, stream);
    }

    /// <summary>A buffer holding <paramref name="length"/> bytes of <paramref name="value"/>.</summary>
    public static TransportBuffer Fill(Channel channel, int length, byte value)
    {
        Assert.Equal(TransportReturnCode.Success, channel.GetBuffer(length, packed: false, out TransportBuffer? buffer));
        buffer!.Data[..length].Fill(value);
        buffer.Length = length;
        return buffer;
    }

    /// <summary>The RIPC data frame of such a message: 2-byte big-endian length (header included), flags 0x02, the message.</summary>
    public static byte[] Frame(int length, byte value)
    {
        byte[] frame = new byte[3 + length];
        frame[0] = (byte)((3 + length) >> 8);
        frame[1] = (byte)(3 + length);
        frame[2] = 0x02;
        frame.AsSpan(3).Fill(value);
        return frame;
    }
}
