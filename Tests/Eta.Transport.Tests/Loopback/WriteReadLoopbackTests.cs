using System.Text;
using Eta.Transport.Tests.Support;
using Xunit;

namespace Eta.Transport.Tests.Loopback;

/// <summary>Writing and reading between two of our channels over loopback sockets.</summary>
public sealed class WriteReadLoopbackTests
{
    private static byte[] Text(string s) => Encoding.ASCII.GetBytes(s);

    [Fact]
    public void Packed_messages_arrive_one_by_one_with_more_data_reported()
    {
        using var pair = Support.Loopback.Open();
        Assert.Equal(TransportReturnCode.Success, pair.Client.GetBuffer(1000, true, out TransportBuffer? buffer));
        foreach (string part in new[] { "first", "second" })
        {
            Text(part).CopyTo(buffer!.Data);
            buffer.Length = part.Length;
            Assert.True(pair.Client.PackBuffer(buffer) > TransportReturnCode.Success);
        }
        Text("third").CopyTo(buffer!.Data);
        buffer.Length = 5;
        pair.Client.Write(buffer);
        Support.Loopback.FlushAll(pair.Client);

        Assert.Equal(Text("first"), Support.Loopback.ReadMessage(pair.ServerChannel));
        Assert.Equal(Text("second"), Support.Loopback.ReadMessage(pair.ServerChannel));
        Assert.Equal(Text("third"), Support.Loopback.ReadMessage(pair.ServerChannel));
    }

    [Fact]
    public void Queues_flush_in_the_default_HMHLHM_order()
    {
        using var pair = Support.Loopback.Open();
        pair.Client.IOCtl(IOCtlCode.HighWaterMark, 1_000_000);
        (string Name, WritePriority Priority)[] writes =
        [
            ("L1", WritePriority.Low), ("M1", WritePriority.Medium), ("H1", WritePriority.High), ("L2", WritePriority.Low),
            ("M2", WritePriority.Medium), ("H2", WritePriority.High), ("H3", WritePriority.High),
        ];
        foreach ((string name, WritePriority priority) in writes)
            Assert.True(Support.Loopback.Send(pair.Client, Text(name), priority) > TransportReturnCode.Success);
        Support.Loopback.FlushAll(pair.Client);

        string[] received = Enumerable.Range(0, writes.Length)
            .Select(_ => Encoding.ASCII.GetString(Support.Loopback.ReadMessage(pair.ServerChannel))).ToArray();
        Assert.Equal(["H1", "M1", "H2", "L1", "H3", "M2", "L2"], received);
    }

    [Fact]
    public void Custom_flush_order_is_used()
    {
        using var pair = Support.Loopback.Open();
        pair.Client.IOCtl(IOCtlCode.HighWaterMark, 1_000_000);
        Assert.Equal(TransportReturnCode.Success, pair.Client.IOCtl(IOCtlCode.PriorityFlushOrder, "LMH"));
        Assert.Equal(TransportReturnCode.Failure, pair.Client.IOCtl(IOCtlCode.PriorityFlushOrder, "LLL"));
        Support.Loopback.Send(pair.Client, Text("H"), WritePriority.High);
        Support.Loopback.Send(pair.Client, Text("M"), WritePriority.Medium);
        Support.Loopback.Send(pair.Client, Text("L"), WritePriority.Low);
        Support.Loopback.FlushAll(pair.Client);

        Assert.Equal("L", Encoding.ASCII.GetString(Support.Loopback.ReadMessage(pair.ServerChannel)));
        Assert.Equal("M", Encoding.ASCII.GetString(Support.Loopback.ReadMessage(pair.ServerChannel)));
        Assert.Equal("H", Encoding.ASCII.GetString(Support.Loopback.ReadMessage(pair.ServerChannel)));
    }

    [Fact]
    public void Writes_queue_until_the_high_water_mark_then_flush()
    {
        using var pair = Support.Loopback.Open();
        var payload = new byte[500];
        int frame = payload.Length + 3;
        for (int i = 1; i <= 12; i++)
            Assert.Equal((TransportReturnCode)(i * frame), Support.Loopback.Send(pair.Client, payload)); // 12 x 503 < 6144

        Assert.Equal(TransportReturnCode.Success, Support.Loopback.Send(pair.Client, payload)); // 13 x 503 >= 6144: flushed
        Assert.Equal(0, pair.Client.PendingBytes);
        for (int i = 0; i < 13; i++)
            Assert.Equal(500, Support.Loopback.ReadMessage(pair.ServerChannel).Length);
    }

    [Fact]
    public void Explicit_flush_sends_what_is_below_the_high_water_mark()
    {
        using var pair = Support.Loopback.Open();
        Assert.True(Support.Loopback.Send(pair.Client, Text("queued")) > TransportReturnCode.Success);
        Assert.Equal(9, pair.Client.PendingBytes);

        Assert.Equal(TransportReturnCode.Success, pair.Client.Flush());
        Assert.Equal(0, pair.Client.PendingBytes);
        Assert.Equal(Text("queued"), Support.Loopback.ReadMessage(pair.ServerChannel));
    }

    [Fact]
    public void Direct_socket_write_bypasses_empty_queues_and_joins_busy_ones()
    {
        using var pair = Support.Loopback.Open();
        Assert.Equal(TransportReturnCode.Success, Support.Loopback.Send(pair.Client, Text("direct"), flags: WriteFlags.DirectSocketWrite));
        Assert.Equal(Text("direct"), Support.Loopback.ReadMessage(pair.ServerChannel));

        pair.Client.IOCtl(IOCtlCode.HighWaterMark, 1_000_000);
        Support.Loopback.Send(pair.Client, Text("queued first"), WritePriority.High);
        Assert.Equal(TransportReturnCode.Success, Support.Loopback.Send(pair.Client, Text("direct second"), flags: WriteFlags.DirectSocketWrite));
        Assert.Equal(Text("queued first"), Support.Loopback.ReadMessage(pair.ServerChannel));
        Assert.Equal(Text("direct second"), Support.Loopback.ReadMessage(pair.ServerChannel));
    }

    [Fact]
    public void A_100_KB_message_is_fragmented_and_reassembled()
    {
        using var pair = Support.Loopback.Open();
        byte[] payload = Enumerable.Range(0, 100_000).Select(i => (byte)(i * 7)).ToArray();
        Assert.Equal(TransportReturnCode.Success, pair.Client.GetBuffer(payload.Length, false, out TransportBuffer? buffer));
        payload.CopyTo(buffer!.Data);
        buffer.Length = payload.Length;
        var args = new WriteArgs();

        TransportReturnCode result = pair.Client.Write(buffer, args);

        Assert.True(result >= TransportReturnCode.Success, $"{result} {pair.Client.Error}");
        Assert.True(args.BytesWritten > payload.Length);
        Assert.Equal(payload, Support.Loopback.ReadMessage(pair.ServerChannel, writer: pair.Client));
    }

    [Fact]
    public void Fragmenting_with_too_few_buffers_asks_to_call_write_again()
    {
        using var pair = Support.Loopback.Open(connect: new ConnectOptions { GuaranteedOutputBuffers = 2 });
        byte[] payload = Enumerable.Range(0, 2_000_000).Select(i => (byte)i).ToArray(); // more than staging + socket buffers
        pair.Client.GetBuffer(payload.Length, false, out TransportBuffer? buffer);
        payload.CopyTo(buffer!.Data);
        buffer.Length = payload.Length;
        pair.Client.IOCtl(IOCtlCode.HighWaterMark, 1_000_000);

        var clock = System.Diagnostics.Stopwatch.StartNew();
        TransportReturnCode result;
        bool sawCallAgain = false;
        while ((result = pair.Client.Write(buffer)) == TransportReturnCode.WriteCallAgain && clock.Elapsed < Support.Loopback.Deadline)
        {
            sawCallAgain = true;
            pair.Client.Flush();
            while (pair.ServerChannel.Read(out _) >= TransportReturnCode.Success) { } // drain so flushing progresses
        }

        Assert.True(sawCallAgain);
        Assert.True(result >= TransportReturnCode.Success, $"{result}");
        Assert.Equal(payload, Support.Loopback.ReadMessage(pair.ServerChannel, writer: pair.Client));
    }

    [Fact]
    public void Get_buffer_reports_no_buffers_when_the_pool_is_exhausted()
    {
        using var pair = Support.Loopback.Open(connect: new ConnectOptions { GuaranteedOutputBuffers = 3 });
        for (int i = 0; i < 3; i++)
            Assert.Equal(TransportReturnCode.Success, pair.Client.GetBuffer(100, false, out _));

        Assert.Equal(TransportReturnCode.NoBuffers, pair.Client.GetBuffer(100, false, out TransportBuffer? none));
        Assert.Null(none);
        Assert.Equal(TransportReturnCode.NoBuffers, pair.Client.Error.Code);
        Assert.Contains("output buffers are in use", pair.Client.Error.Text);

        Assert.Equal(TransportReturnCode.Success, pair.Client.IOCtl(IOCtlCode.NumGuaranteedBuffers, 4));
        Assert.Equal(TransportReturnCode.Success, pair.Client.GetBuffer(100, false, out _));
    }

    [Fact]
    public void Server_channels_borrow_from_the_shared_pool_up_to_max_output_buffers()
    {
        using var pair = Support.Loopback.Open(new BindOptions { GuaranteedOutputBuffers = 2, MaxOutputBuffers = 4, SharedPoolSize = 10 });
        for (int i = 0; i < 4; i++)
            Assert.Equal(TransportReturnCode.Success, pair.ServerChannel.GetBuffer(100, false, out _));

        Assert.Equal(TransportReturnCode.NoBuffers, pair.ServerChannel.GetBuffer(100, false, out _));
        Assert.Equal(2, pair.Server.PeakSharedBufferUsage);
    }

    [Fact]
    public void Pings_are_read_as_ReadPing()
    {
        using var pair = Support.Loopback.Open();
        Assert.Equal(TransportReturnCode.Success, pair.ServerChannel.Ping());

        var clock = System.Diagnostics.Stopwatch.StartNew();
        TransportReturnCode result;
        while ((result = pair.Client.Read(out _)) == TransportReturnCode.ReadWouldBlock && clock.Elapsed < Support.Loopback.Deadline)
            pair.Client.Socket.Poll(10_000, System.Net.Sockets.SelectMode.SelectRead);
        Assert.Equal(TransportReturnCode.ReadPing, result);
    }
}
