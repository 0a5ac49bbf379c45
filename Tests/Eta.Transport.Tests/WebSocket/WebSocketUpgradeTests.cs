using System.Diagnostics;
using System.Net;
using System.Net.Sockets;
using System.Text;
using Xunit;

namespace Eta.Transport.Tests.WebSocket;

/// <summary>
/// The server's side of the upgrade on its RSSL port: refusals get LSEG's <c>HTTP/1.1 400 Bad Request</c> with the
/// reason and close that connection only; other channels, socket or WebSocket, carry on.
/// </summary>
public sealed class WebSocketUpgradeTests
{
    [Fact]
    public void Client_offering_no_sub_protocol_of_the_server_gets_400_and_the_other_channels_are_untouched()
    {
        using var pair = Support.Loopback.Open(new BindOptions { WebSocketProtocols = "rssl.rwf" }); // a plain RSSL socket pair
        using var raw = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
        raw.Connect(IPAddress.Loopback, pair.Server.Port);
        raw.Send(Encoding.ASCII.GetBytes(
            "GET /WebSocket HTTP/1.1\r\nUpgrade: websocket\r\nConnection: keep-alive, Upgrade\r\nHost: 127.0.0.1\r\n" +
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: tr_json2\r\n\r\n"));
        Channel refused = AcceptAndInitUntilDone(pair.Server, out TransportReturnCode result);

        Assert.Equal(TransportReturnCode.ChanInitRefused, result);
        Assert.Contains("none of the client's sub-protocols (tr_json2) is in the server's list (rssl.rwf)", refused.Error.Text);
        string answer = ReadToEnd(raw);
        Assert.StartsWith("HTTP/1.1 400 Bad Request\r\n", answer);
        Assert.Contains("Connection: close", answer);
        refused.Close();

        byte[] payload = [1, 2, 3, 4];
        Support.Loopback.Send(pair.Client, payload);
        Assert.Equal(payload, Support.Loopback.ReadMessage(pair.ServerChannel, writer: pair.Client));
    }

    [Fact]
    public void Server_without_a_protocol_list_refuses_upgrades_as_LSEG_s_does()
    {
        Server server = Support.Loopback.Bind(new BindOptions());
        try
        {
            Channel client = Transport.Connect(Support.Loopback.ClientOptions(server, new ConnectOptions { ConnectionType = ConnectionType.WebSocket }), out _)!;
            Channel accepted = AcceptAndInitUntilDone(server, out TransportReturnCode serverResult, client);
            TransportReturnCode clientResult = DriveUntilDone(client, accepted);

            Assert.Equal(TransportReturnCode.ChanInitRefused, serverResult);
            Assert.Equal(TransportReturnCode.ChanInitRefused, clientResult);
            Assert.Contains("HTTP/1.1 400 Bad Request", client.Error.Text);
            Assert.Contains("protocol list is empty", client.Error.Text); // the server's reason travels in the body
            client.Close();
            accepted.Close();
        }
        finally
        {
            server.Close();
            Transport.Uninitialize();
        }
    }

    [Fact]
    public void Bad_upgrade_request_is_refused_with_its_reason()
    {
        using var pair = Support.Loopback.Open(new BindOptions { WebSocketProtocols = "rssl.rwf" });
        using var raw = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
        raw.Connect(IPAddress.Loopback, pair.Server.Port);
        raw.Send(Encoding.ASCII.GetBytes("GET /WebSocket HTTP/1.1\r\nHost: x\r\nSec-WebSocket-Protocol: rssl.rwf\r\n\r\n"));
        Channel refused = AcceptAndInitUntilDone(pair.Server, out TransportReturnCode result);

        Assert.Equal(TransportReturnCode.ChanInitRefused, result);
        Assert.Contains("no \"Upgrade: websocket\" field", refused.Error.Text);
        Assert.StartsWith("HTTP/1.1 400 Bad Request\r\n", ReadToEnd(raw));
        refused.Close();
    }

    private static Channel AcceptAndInitUntilDone(Server server, out TransportReturnCode result, Channel? peer = null)
    {
        var clock = Stopwatch.StartNew();
        Channel? accepted = null;
        while (accepted is null)
        {
            Assert.True(clock.Elapsed < Support.Loopback.Deadline, "no connection to accept");
            if (peer is not null && peer.State == ChannelState.Initializing)
                peer.Init();
            if (server.Socket.Poll(10_000, SelectMode.SelectRead))
                accepted = server.Accept();
        }
        result = DriveUntilDone(accepted, peer);
        return accepted;
    }

    private static TransportReturnCode DriveUntilDone(Channel channel, Channel? peer)
    {
        var clock = Stopwatch.StartNew();
        while (true)
        {
            Assert.True(clock.Elapsed < Support.Loopback.Deadline, "the handshake never ended");
            if (peer is not null && peer.State == ChannelState.Initializing)
                peer.Init();
            TransportReturnCode result = channel.Init();
            if (result != TransportReturnCode.ChanInitInProgress)
                return result;
            channel.Socket.Poll(10_000, SelectMode.SelectRead);
        }
    }

    private static string ReadToEnd(Socket socket)
    {
        socket.ReceiveTimeout = (int)Support.Loopback.Deadline.TotalMilliseconds;
        var text = new StringBuilder();
        byte[] buffer = new byte[1024];
        int read;
        while ((read = socket.Receive(buffer)) > 0)
            text.Append(Encoding.ASCII.GetString(buffer, 0, read));
        return text.ToString();
    }
}
