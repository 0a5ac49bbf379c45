using Eta.TestSupport;
using Xunit;

namespace Eta.Transport.Tests.Loopback;

/// <summary>Steady state allocates nothing per message: get buffer, write, flush, read, for regular and packed buffers.</summary>
[Collection(AllocationCollection.Name)]
public sealed class AllocationLoopbackTests
{
    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void Write_flush_read_allocate_nothing_in_steady_state(bool packed)
    {
        using var pair = Support.Loopback.Open();
        int shortRuns = 0;
        AllocationAssert.None(() =>
        {
            if (RoundTrips(pair, packed, 20_000) != 20_000)
                shortRuns++;
        });
        Assert.Equal(0, shortRuns);
    }

    [Theory]
    [InlineData("rssl.rwf", false)]
    [InlineData("rssl.rwf", true)]
    [InlineData("tr_json2", false)] // (packed, tr_json2 delivers one array per buffer: counted apart)
    public void WebSocket_write_flush_read_allocate_nothing_in_steady_state(string protocol, bool packed)
    {
        using var pair = Support.Loopback.Open(new BindOptions { WebSocketProtocols = protocol },
            new ConnectOptions { ConnectionType = ConnectionType.WebSocket, WebSocketProtocols = protocol });
        int shortRuns = 0;
        AllocationAssert.None(() =>
        {
            if (RoundTrips(pair, packed, 20_000) != 20_000)
                shortRuns++;
        });
        Assert.Equal(0, shortRuns);
    }

    private static int RoundTrips(Support.Loopback pair, bool packed, int count)
    {
        int received = 0;
        var deadline = Environment.TickCount64 + 10_000;
        for (int sent = 0; sent < count;)
        {
            int batch = Math.Min(10, count - sent);
            if (packed)
            {
                pair.Client.GetBuffer(batch * 80, true, out TransportBuffer? buffer);
                for (int i = 0; i < batch; i++)
                {
                    buffer!.Data[..76].Fill((byte)i);
                    buffer.Length = 76;
                    if (i < batch - 1)
                        pair.Client.PackBuffer(buffer);
                }
                pair.Client.Write(buffer!);
            }
            else
            {
                for (int i = 0; i < batch; i++)
                {
                    pair.Client.GetBuffer(76, false, out TransportBuffer? buffer);
                    buffer!.Data[..76].Fill((byte)i);
                    buffer.Length = 76;
                    pair.Client.Write(buffer);
                }
            }
            sent += batch;
            pair.Client.Flush();
            while (received < sent && Environment.TickCount64 < deadline)
            {
                if (pair.ServerChannel.Read(out TransportBuffer? message) == TransportReturnCode.ReadWouldBlock && message is null)
                    continue;
                if (message is not null)
                    received++;
            }
        }
        return received;
    }
}
