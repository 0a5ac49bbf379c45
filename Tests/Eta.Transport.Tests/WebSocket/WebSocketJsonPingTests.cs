using System.Diagnostics;
using System.Text;
using Xunit;

namespace Eta.Transport.Tests.WebSocket;

/// <summary>
/// A tr_json2 server pings every third of the ping timeout even while it sends data: LSEG's JSON consumers answer
/// pings but send none of their own, so a busy server that let its data stand in for pings would hear nothing
/// back and time its consumer out (LSEG C ProvPerf calls rsslPing on that schedule, and rsslWebSocketPing always
/// sends <c>[{"Type":"Ping"}]</c>).
/// </summary>
public sealed class WebSocketJsonPingTests
{
    [Fact]
    public void Busy_json_server_still_pings_on_schedule()
    {
        using var pair = Support.Loopback.Open(new BindOptions { WebSocketProtocols = "tr_json2", PingTimeout = 3, MinPingTimeout = 3 },
            new ConnectOptions { ConnectionType = ConnectionType.WebSocket, WebSocketProtocols = "tr_json2" });
        byte[] update = Encoding.UTF8.GetBytes("{\"ID\":5,\"Type\":\"Update\",\"Fields\":{\"BID\":1}}");

        var clock = Stopwatch.StartNew();
        bool pinged = false;
        while (!pinged && clock.Elapsed < TimeSpan.FromSeconds(10))
        {
            Support.Loopback.Send(pair.ServerChannel, update); // data all the time
            Support.Loopback.FlushAll(pair.ServerChannel);
            Assert.True(pair.ServerChannel.CheckPings() >= TransportReturnCode.Success, pair.ServerChannel.Error.ToString());
            Support.Loopback.FlushAll(pair.ServerChannel);
            TransportReturnCode rc;
            do
            {
                rc = pair.Client.Read(out TransportBuffer? message);
                if (message is not null && Encoding.UTF8.GetString(message.Contents) == "[{\"Type\":\"Ping\"}]")
                    pinged = true;
                else if (message is not null)
                    pair.Client.Socket.Poll(20_000, System.Net.Sockets.SelectMode.SelectRead); // paces the loop at the update rate
            }
            while (rc > TransportReturnCode.Success);
        }
        Assert.True(pinged, $"no JSON ping in {clock.Elapsed.TotalSeconds:F1} s of steady data with a 3 s ping timeout");
    }
}
