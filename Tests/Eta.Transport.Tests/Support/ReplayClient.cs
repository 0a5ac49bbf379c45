using Xunit;

namespace Eta.Transport.Tests.Support;

/// <summary>A client channel over a <see cref="ReplayStream"/>, driven to active by the recorded ConnectAck.</summary>
internal static class ReplayClient
{
    public static (Channel Channel, ReplayStream Stream) Open(IEnumerable<byte[]> reads, ConnectOptions? options = null)
    {
        var stream = new ReplayStream(reads);
        Channel channel = Channel.ForClientStream(options ?? new ConnectOptions(), stream);
        TransportReturnCode result = TransportReturnCode.ChanInitInProgress;
        for (int i = 0; i < 1000 && result == TransportReturnCode.ChanInitInProgress; i++)
            result = channel.Init();
        Assert.True(result == TransportReturnCode.Success, $"handshake: {result} {channel.Error}");
        Assert.Equal(ChannelState.Active, channel.State);
        return (channel, stream);
    }

    /// <summary>Reads until the stream has nothing more, collecting every message (a copy of each).</summary>
    public static List<byte[]> ReadAll(Channel channel, ReplayStream stream, int maxCalls = 100_000)
    {
        var messages = new List<byte[]>();
        for (int i = 0; i < maxCalls; i++)
        {
            TransportReturnCode result = channel.Read(out TransportBuffer? message);
            if (message is not null)
                messages.Add(message.Contents.ToArray());
            if (result == TransportReturnCode.ReadWouldBlock && stream.PendingRecords == 0)
                return messages;
            Assert.True(result >= TransportReturnCode.Success || result is TransportReturnCode.ReadPing or TransportReturnCode.ReadWouldBlock,
                $"Read failed: {result} {channel.Error}");
        }
        throw new InvalidOperationException("Read never reported ReadWouldBlock");
    }
}
