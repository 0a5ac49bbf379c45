using System.Diagnostics;
using System.Net.Sockets;
using System.Text;
using Eta.Transport;
using Eta.Transport.WebSocket;
using Interop.Tests.Harness;
using Xunit;

namespace Interop.Tests.Cases;

/// <summary>
/// Our transport's tr_json2 server side, alone, against LSEG C's rsslConsPerf (<c>-connType websocket -pl tr_json2</c>):
/// LSEG's upgrade request is accepted on our RSSL port, its masked text frames read (its login request), and the
/// JSON ping our channel sends (<c>[{"Type":"Ping"}]</c>, LSEG's own rsslWebSocketPing bytes; every second at our 3 s
/// ping timeout) is answered by LSEG's consumer with its pong (consumerThreads.c, processDefaultMsgRespJson), which
/// reaches us as <c>[{"Type":"Pong"}]</c>. LSEG's consumer, answering, has no need to ping itself.
/// </summary>
public sealed class JsonPingAgainstLsegC
{
    [Fact]
    public async Task LSEG_C_ConsPerf_logs_in_over_tr_json2_and_answers_our_JSON_ping()
    {
        await using var run = new InteropRun("json-ping-ccons");
        Transport.Initialize();
        Server? server = Transport.Bind(new BindOptions
        {
            Port = 0, InterfaceName = "127.0.0.1", WebSocketProtocols = SubProtocols.Json2, PingTimeout = 3,
        }, out TransportError? bindError);
        Assert.True(server is not null, bindError?.ToString());
        Channel? channel = null;
        PeerProcess? consumer = null;
        try
        {
            consumer = run.StartLsegC("lseg-consperf", "rsslConsPerf",
                ["-h", "127.0.0.1", "-p", server.Port.ToString(), "-connType", "websocket", "-pl", "tr_json2", "-itemCount", "1",
                 "-steadyStateTime", "10", "-serviceName", "DIRECT_FEED"]);
            var clock = Stopwatch.StartNew();
            while (channel is null && clock.Elapsed < TimeSpan.FromSeconds(30))
            {
                if (server.Socket.Poll(10_000, SelectMode.SelectRead))
                    channel = server.Accept();
            }
            Assert.True(channel is not null, "LSEG C ConsPerf did not connect");
            TransportReturnCode init;
            while ((init = channel.Init()) == TransportReturnCode.ChanInitInProgress && clock.Elapsed < TimeSpan.FromSeconds(30))
                channel.Socket.Poll(10_000, SelectMode.SelectRead);
            Assert.True(init == TransportReturnCode.Success, $"Init: {init} {channel.Error}");
            Assert.Equal(SubProtocols.JsonProtocolType, channel.ProtocolType);

            List<string> messages = ReadFor(channel, TimeSpan.FromSeconds(4));
            Assert.Contains(messages, m => m.Contains("\"Domain\":\"Login\"", StringComparison.Ordinal));
            Assert.Contains(messages, m => m.Contains("{\"Type\":\"Pong\"}", StringComparison.Ordinal));
        }
        finally
        {
            channel?.Close();
            server.Close();
            Transport.Uninitialize();
            if (consumer is not null)
                await consumer.StopAsync(TimeSpan.FromSeconds(20));
        }
    }

    // Every message read for the whole period, the channel kept alive by our own pings.
    private static List<string> ReadFor(Channel channel, TimeSpan period)
    {
        var messages = new List<string>();
        var clock = Stopwatch.StartNew();
        while (clock.Elapsed < period)
        {
            TransportReturnCode rc = channel.Read(out TransportBuffer? message);
            if (message is not null)
                messages.Add(Encoding.UTF8.GetString(message.Contents));
            Assert.True(rc >= TransportReturnCode.Success || rc is TransportReturnCode.ReadWouldBlock or TransportReturnCode.ReadPing,
                $"Read: {rc} {channel.Error}\nread so far:\n{string.Join("\n", messages)}");
            channel.CheckPings();
            if (rc <= TransportReturnCode.Success)
                channel.Socket.Poll(10_000, SelectMode.SelectRead);
        }
        return messages;
    }
}
