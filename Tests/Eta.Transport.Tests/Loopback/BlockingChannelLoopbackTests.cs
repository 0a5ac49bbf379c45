using Xunit;

namespace Eta.Transport.Tests.Loopback;

/// <summary>Blocking channels: Read waits for a message, and a flush waits until the socket took every byte.</summary>
public sealed class BlockingChannelLoopbackTests
{
    private static readonly byte[] Payload = "blocking read"u8.ToArray();

    [Fact]
    public void Read_waits_for_the_message_and_gives_up_after_the_receive_timeout()
    {
        // The timeout is far above a loopback delivery, so the first read always has its message in time.
        using var pair = Support.Loopback.OpenBlocking(new BindOptions { ChannelsBlocking = true, ReceiveTimeoutMs = 2000 }, new ConnectOptions());
        Assert.True(pair.ServerChannel.Blocking);
        using var reading = new ManualResetEventSlim();
        TransportReturnCode result = TransportReturnCode.Failure;
        byte[]? received = null;
        var reader = new Thread(() =>
        {
            reading.Set();
            result = pair.ServerChannel.Read(out TransportBuffer? message); // nothing has been written yet
            received = message?.Contents.ToArray();
        });

        reader.Start();
        Assert.True(reading.Wait(Support.Loopback.Deadline, TestContext.Current.CancellationToken));
        Support.Loopback.Send(pair.Client, Payload, flags: WriteFlags.DirectSocketWrite);
        Assert.True(reader.Join(Support.Loopback.Deadline), "the blocking read never returned");

        Assert.True(result >= TransportReturnCode.Success, $"Read: {result} {pair.ServerChannel.Error}");
        Assert.Equal(Payload, received);
        Assert.Equal(TransportReturnCode.ReadWouldBlock, pair.ServerChannel.Read(out TransportBuffer? none)); // after 2 s, not forever
        Assert.Null(none);
        Assert.Equal(ChannelState.Active, pair.ServerChannel.State);
    }

    [Fact]
    public void Flush_returns_only_when_every_byte_is_sent()
    {
        // Small socket buffers and 6000-byte messages: a non-blocking flush would often leave bytes pending.
        using var pair = Support.Loopback.OpenBlocking(
            new BindOptions { SysRecvBufSize = 8192 },
            new ConnectOptions { Blocking = true, SysSendBufSize = 8192 });
        const int messages = 300;
        int received = 0;
        var reader = new Thread(() =>
        {
            var clock = System.Diagnostics.Stopwatch.StartNew();
            while (received < messages && clock.Elapsed < TimeSpan.FromSeconds(30))
            {
                TransportReturnCode read = pair.ServerChannel.Read(out TransportBuffer? message);
                if (message is not null)
                    received++;
                else if (read == TransportReturnCode.ReadWouldBlock)
                    pair.ServerChannel.Socket.Poll(1000, System.Net.Sockets.SelectMode.SelectRead);
            }
        });
        reader.Start();

        var body = new byte[6000];
        for (int i = 0; i < messages; i++)
        {
            Support.Loopback.Send(pair.Client, body);
            Assert.Equal(TransportReturnCode.Success, pair.Client.Flush());
            Assert.Equal(0, pair.Client.PendingBytes);
        }
        Assert.True(reader.Join(TimeSpan.FromSeconds(30)), "the reader did not get every message");
        Assert.Equal(messages, received);
    }
}
